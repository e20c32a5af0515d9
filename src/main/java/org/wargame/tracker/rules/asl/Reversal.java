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

    /**
     * 10.33 "the net number already spent (Un)Packing the Gun": the Gun stands between packed and unpacked, 10.3's
     * {@code full} Game Turns apart; the period being reversed still needed {@code remainingTurns} to reach its end,
     * so the Gun is {@code full - remaining} counted Game Turns from the end the new period goes back to (the Game
     * Turns spent one way less those spent the other way). On a first reversal that is the counted turns; on a
     * second, the turns of the first direction less those of the second.
     */
    static int net(UnpackingPeriod period, int full) {
        return Math.max(0, full - period.remainingTurns());
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
        boolean inPlace = UnpackingPeriod.PACKING.equals(direction) == (gun.loadedOn() != null);
        require(inPlace || UnpackingPeriod.UNPACKING.equals(direction) || mule.carriesGuns(), "10.1", "crew",
                "only a \"squad\" Mule carries a Gun (EX 10.41); " + mule.id() + " is \"HS\"");
        require(inPlace || UnpackingPeriod.PACKING.equals(direction) || !Unloading.prohibited(gun), "10.31", "crew",
                "the Gun's Location (" + gun.terrain() + ") prohibits Guns: the Gun may not be unloaded there");
        int full = UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun));
        int length = period.involuntary() ? full : net(period, full);
        UnpackingPeriod reversed = new UnpackingPeriod(gun.id(), crew.id(), period.mule(), direction, length, 0,
                clock.gameTurn(), 0, false, inPlace, false);
        out.add(new DirectionReversed(gun.id(), reversed, period.involuntary()
                ? "after an involuntary unload the new period is set by 10.3: " + length + " Game Turns"
                : "the net Game Turns already spent: " + length + " (" + full + " of 10.3 less the "
                + period.remainingTurns() + " the " + period.direction().toLowerCase() + " period still needed)",
                "10.33"));
        if (length == 0 && inPlace) {
            out.add(new PeriodCompleted(gun.id(), direction, out.state().packTiParticipants(gun.id()), "10.33"));
        }
    }
}
