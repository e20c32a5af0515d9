package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.Casualty;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CasualtyReduced;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterEliminated;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitBroken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitPinned;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * What an attack did to a counter, as the players read it: pin (A7.8), break (A10), Casualty Reduction ("squad" to
 * "HS", A7.302) or elimination. A Pack-TI crew pinned, broken or eliminated loses Pack-TI at once (10.11); a Mule's
 * loss calls for the 10.4 dr ({@link Vulnerability}); a Gun's elimination ends its period.
 */
final class Casualties {

    private Casualties() {
    }

    static void apply(Decision out, GameClock clock, Casualty action, Dice dice) {
        AnimalPackState s = out.state();
        AslCounter c = s.inPlay(Sections.FIRE, "counter", action.counter());
        String result = action.result() == null ? "" : action.result();
        switch (result) {
            case "pin" -> {
                require(c.isPersonnel(), Sections.PIN, "counter", "only Personnel are pinned");
                out.add(new UnitPinned(c.id(), Sections.PIN));
                PackTi.loseIfPackTi(out, c, "became pinned");
            }
            case "break" -> {
                require(c.isPersonnel(), Sections.MORALE, "counter", "only Personnel break");
                out.add(new UnitBroken(c.id(), Sections.MORALE));
                PackTi.loseIfPackTi(out, c, "is no longer in Good Order");
            }
            case "casualty-reduction" -> {
                if ((c.isMule() || "squad".equals(c.kind())) && AnimalPackState.SQUAD.equals(c.size())) {
                    out.add(new CasualtyReduced(c.id(), "\"squad\"", "\"HS\"", c.isMule() ? "10.4"
                            : Sections.CASUALTY_REDUCTION));
                    if (c.isMule()) {
                        Vulnerability.muleHit(out, clock, c, false, dice);
                    }
                } else if (c.isMule() || "squad".equals(c.kind())) {
                    eliminate(out, clock, c, "Casualty Reduction of a HS", dice);
                } else {
                    eliminate(out, clock, c, "Casualty Reduction of a " + c.kind(), dice);
                }
            }
            case "eliminate" -> eliminate(out, clock, c, "eliminated by an attack", dice);
            default -> throw new FieldRefused("result", "one of pin, break, casualty-reduction, eliminate");
        }
    }

    private static void eliminate(Decision out, GameClock clock, AslCounter c, String why, Dice dice) {
        if (c.isGun()) {
            PeriodContinuation.eliminateGun(out, c, why, Sections.FIRE);
            return;
        }
        PackTi.loseIfPackTi(out, c, "is eliminated"); // 10.3: this Game Turn is not one of Pack-TI throughout
        out.add(new CounterEliminated(c.id(), why, c.isMule() ? "10.4" : Sections.FIRE));
        if (c.isMule()) {
            Vulnerability.muleHit(out, clock, c, true, dice);
        }
    }
}
