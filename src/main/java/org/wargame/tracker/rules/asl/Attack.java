package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.Fire;
import org.wargame.tracker.rules.asl.AnimalPackEvent.AttackMade;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunBrokeDown;

import java.util.Locale;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * An attack. 10.11: each attack by a Pack-TI crew is Area Fire [EXC: TI DRM apply in CC], and attacking ends its
 * Pack-TI at once. 10.42: an Animal-Packed Gun is no target as a Gun. A Pack-TI or Animal-Packed Gun cannot fire.
 * A Gun's Original DR is checked against its B# and X# ({@link GunBreakdown}). The attack's result is read by the
 * players from their own charts (the Infantry Fire Table is not in the text).
 */
final class Attack {

    private Attack() {
    }

    /** Close Combat is fought in the CCPh (A11): every attack there is one, and one stated as such must be there. */
    static boolean closeCombat(GameClock clock, Fire action) {
        String type = action.fireType() == null ? "" : action.fireType().toLowerCase(Locale.ROOT);
        boolean stated = type.contains("close combat") || type.equals("cc");
        boolean inCcph = "CCPh".equals(clock.phase());
        require(!stated || inCcph, Sections.CLOSE_COMBAT, "fireType",
                "Close Combat is fought in the CCPh (now: " + clock.label() + ")");
        return inCcph;
    }

    static void fire(Decision out, GameClock clock, Fire action, Dice dice) {
        AnimalPackState s = out.state();
        AslCounter firer = s.inPlay(Sections.FIRE, "firer", action.firer());
        ActionPhases.require("fire", firer, clock, "firer");
        require(firer.isPersonnel(), Sections.FIRE, "firer", "only Personnel attack (" + firer.id() + " is a "
                + firer.kind() + ")");
        require(firer.goodOrder(), Sections.FIRE, "firer", "a broken unit cannot attack");
        boolean closeCombat = closeCombat(clock, action);
        ActionPhases.requireFireType(action.fireType(), clock);
        if (action.target() != null) {
            AslCounter target = s.inPlay(Sections.FIRE, "target", action.target());
            require(!(target.isGun() && target.loadedOn() != null), "10.42", "target",
                    "an Animal-Packed Gun is not a target as a Gun; attack its Mule");
        }
        AslCounter gun = null;
        if (action.weapon() != null) {
            gun = s.counter("weapon", action.weapon());
            FieldRefused.require(gun.isGun(), "weapon", gun.id() + " is not a Gun or support weapon");
            String chapter = Sections.weapon(gun);
            require(!gun.eliminated(), chapter, "weapon", gun.id() + " is eliminated");
            AslCounter holder = s.possessorOf(gun.id());
            require(holder != null && holder.id().equals(firer.id()), chapter, "weapon",
                    firer.id() + " does not possess " + gun.id());
            require(gun.loadedOn() == null, "10.1", "weapon", "an Animal-Packed Gun cannot fire");
            require(!gun.packTi(), "10.11", "weapon", "a Pack-TI Gun cannot fire until its period is complete");
            require(!gun.malfunctioned(), chapter, "weapon", "a Malfunctioned Gun cannot fire");
        }
        boolean areaFire = firer.packTi() && !closeCombat; // 10.11 [EXC: TI DRM apply in CC]
        DiceRoll original = gun == null ? null : dice.roll(DiceKind.DR, "Original DR of " + gun.id() + " vs B#/X#");
        String section = firer.packTi() ? "10.11" : closeCombat ? Sections.CLOSE_COMBAT : Sections.FIRE;
        out.add(new AttackMade(firer.id(), action.target(), action.weapon(), action.fireType(), areaFire, original,
                action.result(), section, closeCombat));
        if (firer.packTi()) {
            String how = closeCombat ? "attacked in Close Combat (the TI DRM applied, not Area Fire)"
                    : "attacked (" + (action.fireType() == null ? "fire" : action.fireType()) + ")";
            PackTi.loseIfPackTi(out, firer, how + ", which TI forbids");
        }
        if (gun != null) {
            GunBreakdown.Outcome outcome = GunBreakdown.of(original.total(), gun.breakdown(), gun.disablement());
            if (outcome != GunBreakdown.Outcome.NONE) {
                out.add(new GunBrokeDown(gun.id(), original.total(), gun.breakdown(), gun.disablement(),
                        outcome == GunBreakdown.Outcome.DISABLED, gun.lowAmmo() > 0 ? "10.41" : Sections.weapon(gun)));
            }
        }
    }
}
