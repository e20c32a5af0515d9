package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets.Target;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Landing;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;
import org.wargame.tracker.rules.skirmish.TemplatesByCrew.Templates;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which weapon a man may fire, at what (Infantry Weapons Rules): "Infantrymen cannot fire weapons other than their
 * own"; "Weapons also cannot be captured"; secondary weapons "are not transferable"; "Only one weapon may be fired per
 * turn"; the templates of automatic weapons; walking wounded "may not fire their weapons if they move"; vehicles only
 * by template weapons, one vehicle per target zone, tanks only by tripod machine guns.
 */
public final class WeaponUse {

    public static final String RULE = "Infantry Weapons Rules";

    private WeaponUse() {
    }

    /** Checks a side's targets and returns them as designations numbered from {@code firstNumber}. */
    public static List<Designation> designate(SkirmishState state, GameClock clock, String side, List<Target> targets,
                                              int firstNumber) {
        List<Designation> result = new ArrayList<>();
        Map<String, String> weaponOf = new HashMap<>();
        Map<String, Set<Integer>> templatesUsed = new HashMap<>();
        Map<String, Integer> targetsOf = new HashMap<>();
        Map<String, String> vehicleOf = new HashMap<>();
        int n = firstNumber;
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            String at = "targets[" + i + "]";
            if (t == null) {
                throw new FieldRefused(at, "missing");
            }
            Figure firer = state.requireFigure(t.firer(), at + ".firer");
            boolean moved = !firer.stationaryIn(clock.gameTurn());
            if (t.firerMoved() != null && t.firerMoved() != moved) {
                throw new RuleViolation(FigureMovement.RULE, at + ".firerMoved", firer.id() + " is recorded "
                        + (moved ? "as having moved" : "stationary") + " this turn; his side records his movement "
                        + "with a move in the Movement Phase");
            }
            requireFirer(firer, side, moved);
            Weapon weapon = weapon(firer, t.weapon(), at + ".weapon");
            String earlier = weaponOf.putIfAbsent(firer.id(), weapon.id());
            RuleViolation.require(earlier == null || earlier.equals(weapon.id()), RULE, "only one weapon may be fired "
                    + "per turn: " + firer.id() + " already designated with " + earlier);
            requireOneWeaponThisTurn(clock, firer, weapon);
            boolean indirect = Boolean.TRUE.equals(t.indirect());
            Templates templates = templates(state, clock, firer, weapon, indirect);
            if (t.target() == null) {
                throw new FieldRefused(at + ".target", "missing");
            }
            RuleViolation.require(!t.target().equals(firer.id()), FireOrder.RULE, firer.id() + " cannot fire at "
                    + "himself");
            requireTarget(state, t.target(), at + ".target", weapon);
            state.vehicle(t.target()).ifPresent(v -> {
                String other = vehicleOf.putIfAbsent(firer.id(), v.id());
                RuleViolation.require(other == null || other.equals(v.id()), VehicleDamageTable.RULE, "only one "
                        + "vehicle may be in the target zone of " + firer.id() + " (" + other + " already is)");
            });
            Integer template = null;
            int count = targetsOf.merge(firer.id(), 1, Integer::sum);
            if (templates.template()) {
                template = t.template() == null ? 1 : t.template();
                RuleViolation.require(template >= 1 && template <= templates.designations(), TemplatesByCrew.RULE,
                        weapon.id() + " of " + firer.id() + " fires " + describe(templates) + " now; there is no "
                                + "template " + template);
                templatesUsed.computeIfAbsent(firer.id(), k -> new HashSet<>()).add(template);
            } else {
                RuleViolation.require(count == 1, FireOrder.RULE, weapon.id() + " of " + firer.id() + " is assigned "
                        + "no template: it fires at one target");
                RuleViolation.require(t.template() == null, TemplatesByCrew.RULE, weapon.id() + " is assigned no "
                        + "template");
            }
            String id = clock.allSides() ? "T" + clock.gameTurn() + "-" + n++
                    : "T" + clock.gameTurn() + "." + clock.playerTurn() + "-" + n++;
            result.add(new Designation(id, side, firer.id(),
                    weapon.id(), t.target(), template, indirect, moved, DesignationStatus.PENDING));
        }
        return result;
    }

    /**
     * The firer may designate for {@code side}: he is of that side, alive and on the board, not a litter case, and not
     * walking wounded who moved.
     */
    static void requireFirer(Figure firer, String side, boolean moved) {
        RuleViolation.require(firer.side().equals(side), FireOrder.RULE, firer.id() + " belongs to side '"
                + firer.side() + "', not '" + side + "'");
        RuleViolation.require(!firer.dead() && !firer.removed(), FireOrder.RULE, firer.id() + " is dead");
        RuleViolation.require(firer.wound() != Wound.LITTER_CASE, HitLocationTable.RULE, firer.id()
                + " is a litter case and cannot fire");
        RuleViolation.require(!(firer.wound() == Wound.WALKING_WOUNDED && moved), HitLocationTable.RULE,
                firer.id() + " is walking wounded: walking wounded may not fire their weapons if they move");
    }

    /** "Only one weapon may be fired per turn": no other weapon than the one he fired earlier this Game Turn. */
    static void requireOneWeaponThisTurn(GameClock clock, Figure firer, Weapon weapon) {
        RuleViolation.require(firer.firedTurn() != clock.gameTurn() || firer.firedWeapon() == null
                        || firer.firedWeapon().equals(weapon.id()), RULE, "only one weapon may be fired per turn: "
                        + firer.id() + " fired " + firer.firedWeapon() + " this turn");
    }

    /** The firer's own weapon {@code weaponId} (his only weapon when none is named), intact. */
    public static Weapon weapon(Figure firer, String weaponId, String field) {
        Weapon weapon;
        if (weaponId == null) {
            List<Weapon> usable = firer.weapons().stream().filter(w -> !w.destroyed()).toList();
            if (usable.size() != 1) {
                throw new FieldRefused(field, "missing (" + firer.id() + " carries "
                        + firer.weapons().stream().map(Weapon::id).toList() + ")");
            }
            weapon = usable.get(0);
        } else {
            Optional<Weapon> own = firer.weapon(weaponId);
            RuleViolation.require(own.isPresent(), RULE, "infantrymen cannot fire weapons other than their own, and "
                    + "weapons cannot be captured: " + firer.id() + " carries no '" + weaponId + "'");
            weapon = own.get();
        }
        RuleViolation.require(!weapon.destroyed(), RULE, weapon.id() + " of " + firer.id() + " is destroyed");
        return weapon;
    }

    /** The templates the weapon fires now (its crew, or its indirect fire that landed this turn). */
    public static Templates templates(SkirmishState state, GameClock clock, Figure firer, Weapon weapon,
                                      boolean indirect) {
        if (indirect) {
            Landing landing = state.landings().stream()
                    .filter(l -> l.gunner().equals(firer.id()) && l.gameTurn() == clock.gameTurn()).findFirst()
                    .orElseThrow(() -> new RuleViolation(IndirectMachineGunFire.RULE, firer.id() + " placed no "
                            + "machine gun spotting rounds in this turn's Artillery Spotting Round Phase"));
            return new Templates(landing.templates(), null, List.of());
        }
        return TemplatesByCrew.available(weapon, crew(state, firer), false);
    }

    /** The roles of the living crew of the firer's team (just the firer for a man outside a team). */
    public static List<CrewRole> crew(SkirmishState state, Figure firer) {
        if (firer.team() == null) {
            return List.of(CrewRole.GUNNER);
        }
        return state.team(firer.team()).stream().map(Figure::role).filter(r -> r != null).toList();
    }

    private static void requireTarget(SkirmishState state, String id, String field, Weapon weapon) {
        Optional<Figure> figure = state.figure(id);
        if (figure.isPresent()) {
            RuleViolation.require(!figure.get().dead(), FireOrder.RULE, id + " is dead");
            return;
        }
        var animal = state.animal(id);
        if (animal.isPresent()) {
            RuleViolation.require(!animal.get().dead(), FireOrder.RULE, id + " is dead");
            return;
        }
        Vehicle vehicle = state.vehicle(id).orElseThrow(() -> new FieldRefused(field, "no counter '"
                + id + "' in this scenario"));
        RuleViolation.require(!vehicle.destroyed(), VehicleDamageTable.RULE, id + " is destroyed");
        if (vehicle.tank()) {
            RuleViolation.require(weapon.type().tripodMachineGun(), MachineGunAtTanksTable.RULE, "a tripod machine gun "
                    + "may fire at a tank; a " + weapon.type().chartName() + " may not (its anti-tank rules are not "
                    + "in this text)");
        } else {
            RuleViolation.require(weapon.type().hasTemplate(), VehicleDamageTable.RULE, "only a weapon assigned a "
                    + "template has a chance to damage a vehicle; " + weapon.type().chartName() + " has none");
            RuleViolation.require(vehicle.infantryDamage(), VehicleDamageTable.RULE, id + " is not a type of vehicle "
                    + "infantry template weapons can damage (campaign data infantryDamage: false)");
        }
    }

    static String describe(Templates templates) {
        if (templates.area() != null) {
            return "its " + templates.area() + " template";
        }
        return templates.leaves() + " leaf template(s)";
    }
}
