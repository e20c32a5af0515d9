package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackEvent.RallyAttempted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitRallied;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * A broken unit's rally attempt (A10.6). Chapter 10 gives no rally numbers, so the tracker cannot resolve it: as
 * with fire, the DR is recorded (entered by the players, or rolled by the server) with the result the players read
 * ("rallied" or "failed"). A rally without a result is the record of an earlier version, which rallied the unit
 * with no roll; it is kept so that old records re-decide as they were.
 */
final class RallyAttempt {

    static final String RALLIED = "rallied";
    static final String FAILED = "failed";

    private RallyAttempt() {
    }

    static void attempt(Decision out, GameClock clock, AnimalPackAction.Rally action, Dice dice) {
        AslCounter c = out.state().inPlay(Sections.RALLY, "counter", action.counter());
        ActionPhases.require("rally", c, clock, "counter");
        require(!c.goodOrder(), Sections.RALLY, "counter", c.id() + " is already in Good Order");
        if (action.result() == null) {
            out.add(new UnitRallied(c.id(), Sections.RALLY));
            return;
        }
        FieldRefused.require(RALLIED.equals(action.result()) || FAILED.equals(action.result()), "result",
                "one of " + RALLIED + ", " + FAILED + " (as read from the players' charts)");
        DiceRoll dr = dice.roll(DiceKind.DR, "rally DR of " + c.id());
        out.add(new RallyAttempted(c.id(), dr, action.result(), RALLIED.equals(action.result()), Sections.RALLY));
    }
}
