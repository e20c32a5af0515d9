package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.RepairGun;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunRepaired;
import org.wargame.tracker.rules.asl.AnimalPackEvent.RepairAttempted;

import java.util.List;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * A repair attempt on a Malfunctioned Gun or SW (C2 for Guns and ordnance SW, A9 for MGs). Chapter 10 gives no repair
 * numbers (they are on the counter's malfunctioned side), so the tracker cannot resolve it: the dr is recorded
 * (entered by the players, or rolled by the server) with the result the players read: "repaired", "failed" or
 * "eliminated" (the Gun is removed, and a period it is in ends). A repair without a result is the record of an
 * earlier version, which repaired the Gun with no roll.
 */
final class GunRepair {

    static final List<String> RESULTS = List.of("repaired", "failed", "eliminated");

    private GunRepair() {
    }

    static void attempt(Decision out, GameClock clock, RepairGun action, Dice dice) {
        AslCounter gun = out.state().counter("gun", action.gun());
        FieldRefused.require(gun.isGun(), "gun", gun.id() + " is not a Gun or support weapon");
        String chapter = Sections.weapon(gun);
        require(!gun.eliminated(), chapter, "gun", gun.id() + " is eliminated");
        ActionPhases.require("repair-gun", gun, clock, "gun");
        require(gun.malfunctioned(), chapter, "gun", gun.id() + " is not Malfunctioned");
        if (action.result() == null) {
            out.add(new GunRepaired(gun.id(), chapter));
            return;
        }
        FieldRefused.require(RESULTS.contains(action.result()), "result",
                "one of " + String.join(", ", RESULTS) + " (as read from the counter's repair and removal numbers)");
        DiceRoll dr = dice.roll(DiceKind.DR_SMALL, "repair dr of " + gun.id());
        out.add(new RepairAttempted(gun.id(), dr, action.result(), "repaired".equals(action.result()), chapter));
        if ("eliminated".equals(action.result())) {
            PeriodContinuation.eliminateGun(out, gun, "removed on its repair dr", chapter);
        }
    }
}
