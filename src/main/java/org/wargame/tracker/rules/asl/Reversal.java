package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.ReversePacking;
import org.wargame.tracker.rules.asl.AnimalPackEvent.DirectionReversed;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodCompleted;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * 10.33: a player (Un)Packing a Gun may reverse it while all involved are Pack-TI, stated in RPh Step 1.13B of the
 * initial RPh. The new period lasts the net complete Game Turns already spent, or 10.3's length after an
 * involuntary unload [EXC].
 */
final class Reversal {

    private Reversal() {
    }

    static void reverse(Decision out, GameClock clock, ReversePacking action) {
        AnimalPackState s = out.state();
        AslCounter crew = s.inPlay("10.33", "crew", action.crew());
        AslCounter gun = crew.possesses() == null ? null : s.counters().get(crew.possesses());
        UnpackingPeriod period = gun == null ? null : s.periodOf(gun.id());
        require(period != null, "10.33", "crew", crew.id() + " is not (un)packing a Gun");
        PackTi.requireStartOfGameTurn(clock, "10.33", "reversing is stated");
        AslCounter mule = period.mule() == null ? null : s.counters().get(period.mule());
        require(crew.packTi() && gun.packTi() && (mule == null || mule.eliminated() || mule.packTi()), "10.33",
                "crew", "a Gun's (un)packing may be reversed only while all involved are Pack-TI");
        String direction = UnpackingPeriod.UNPACKING.equals(period.direction()) ? UnpackingPeriod.PACKING
                : UnpackingPeriod.UNPACKING;
        require(UnpackingPeriod.UNPACKING.equals(direction) || mule != null && !mule.eliminated(), "10.33", "crew",
                "there is no Mule left to pack the Gun onto");
        int length = period.involuntary()
                ? UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun))
                : period.completedTurns();
        boolean inPlace = UnpackingPeriod.PACKING.equals(direction) == (gun.loadedOn() != null);
        UnpackingPeriod reversed = new UnpackingPeriod(gun.id(), crew.id(), period.mule(), direction, length, 0,
                clock.gameTurn(), 0, false, inPlace, false);
        out.add(new DirectionReversed(gun.id(), reversed, period.involuntary()
                ? "after an involuntary unload the new period is set by 10.3: " + length + " Game Turns"
                : "the net Game Turns already spent: " + length, "10.33"));
        if (length == 0 && inPlace) {
            out.add(new PeriodCompleted(gun.id(), direction, out.state().packTiParticipants(gun.id()), "10.33"));
        }
    }
}
