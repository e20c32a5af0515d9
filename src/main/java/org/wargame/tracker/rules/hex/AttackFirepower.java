package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.AttackFired;
import org.wargame.tracker.rules.hex.SupportWeapon.WeaponType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * 12.3 Support Weapon Usage: one support weapon fired per unit per turn, AP or AT declared, and the attack's APFP by
 * the usage table. Grenades (12.52) and a satchel charge (12.53) join the attack here.
 * <p>
 * The attack dice roll is a 2d6 ("dice roll" in the text; 12.67 hits on "6 or less" with the same dice): the tracker
 * rolls it and applies section 12's modifiers; the result is read off the fire table by the players.
 */
final class AttackFirepower {

    /** What the usage table of 12.3 adds up. */
    enum Usage {
        UNIT_PLUS_WEAPON("Unit + Weapon APFP"), WEAPON_ONLY("Weapon APFP only"), NOT_ALLOWED("-");

        private final String text;

        Usage(String text) {
            this.text = text;
        }

        String text() {
            return text;
        }
    }

    /** 12.3: the usage table, as printed (unit kind, weapon type). */
    static final Map<String, Map<WeaponType, Usage>> TABLE = Map.of(
            HexCounter.SQUAD, Map.of(WeaponType.L, Usage.UNIT_PLUS_WEAPON, WeaponType.H, Usage.UNIT_PLUS_WEAPON),
            HexCounter.HALF_SQUAD, Map.of(WeaponType.L, Usage.UNIT_PLUS_WEAPON, WeaponType.H, Usage.WEAPON_ONLY),
            HexCounter.LEADER, Map.of(WeaponType.L, Usage.WEAPON_ONLY, WeaponType.H, Usage.NOT_ALLOWED));

    static final String AP = "AP";
    static final String AT = "AT";

    /** The APFP of an attack and how it was made up. */
    record Firepower(int apfp, String makeUp) {
    }

    private AttackFirepower() {
    }

    /** 12.3: the APFP of {@code unit} firing {@code weapon} at {@code range} hexes. */
    static Firepower firepower(InfantryUnit unit, SupportWeapon weapon, int range) {
        Usage usage = TABLE.get(unit.kind()).get(weapon.type());
        Refuse.unless(usage != Usage.NOT_ALLOWED, "12.3", "weaponId", "a " + unit.kind() + " does not fire a "
                + weapon.type().label() + " (" + weapon.type() + ") support weapon");
        if (range > unit.range()) {
            // 12.3: beyond the unit's range but within the weapon's: the weapon's APFP only
            return new Firepower(weapon.apfp(), "weapon " + weapon.apfp() + " only (target beyond the unit's range "
                    + "of " + unit.range() + ")");
        }
        if (usage == Usage.WEAPON_ONLY) {
            return new Firepower(weapon.apfp(), "weapon " + weapon.apfp() + " only (" + unit.kind() + " with "
                    + weapon.type() + " weapon)");
        }
        return new Firepower(unit.apfp() + weapon.apfp(), "unit " + unit.apfp() + " + weapon " + weapon.apfp());
    }

    static List<HexEvent> fire(HexState state, GameClock clock, HexAction.Fire fire, Dice dice) {
        HexCounter unit = state.activeInfantry(fire.unitId(), "unitId");
        InfantryUnit profile = InfantryUnit.of(unit);
        Refuse.required(fire.targetHex(), "targetHex", "the hex attacked");
        Refuse.fieldUnless(fire.range() != null && fire.range() >= 1, "range", "the range to the target in hexes, "
                + "at least 1 (1 = adjacent)");
        int range = fire.range();
        boolean grenades = Boolean.TRUE.equals(fire.grenades());
        boolean satchel = Boolean.TRUE.equals(fire.satchelCharge());
        String declared = fire.attack() == null ? null : fire.attack().trim().toUpperCase();
        Refuse.fieldUnless(declared == null || declared.equals(AP) || declared.equals(AT), "attack", "'"
                + fire.attack() + "' is not AP or AT (12.3)");
        Refuse.fieldUnless(fire.weaponId() != null || grenades || satchel, "weaponId", "missing (a fire action of "
                + "section 12 uses a support weapon, grenades or a satchel charge)");
        TurnSequence.require("fire", unit, clock);

        // 12.53: no support weapon in an attack with a satchel charge
        Refuse.unless(!(satchel && fire.weaponId() != null), "12.53", "satchelCharge", "a unit may not fire a "
                + "support weapon when it uses a satchel charge");
        SupportWeapon weapon = null;
        if (fire.weaponId() != null) {
            HexCounter weaponCounter = state.active(fire.weaponId(), "weaponId");
            Refuse.fieldUnless(weaponCounter.is(HexCounter.SUPPORT_WEAPON), "weaponId", "'" + weaponCounter.id()
                    + "' is a " + weaponCounter.kind() + ", not a support weapon");
            weapon = SupportWeapon.of(weaponCounter);
            Refuse.unless(unit.id().equals(weaponCounter.carrier()), "12.2", "weaponId", "'" + unit.id()
                    + "' does not carry " + weapon.name() + " (a support weapon is fired by the unit it is placed "
                    + "under)");
            Refuse.unless(!weapon.mortar(), "12.61", "weaponId", "a mortar never forms a fire group with infantry "
                    + "nor adds the unit's inherent firepower: fire " + weapon.name() + " with mortar-fire");
            Refuse.unless(!unit.weaponFired(), "12.3", "unitId", "'" + unit.id() + "' has already fired a support "
                    + "weapon this turn (one per unit per turn)");
        }

        // 12.3: the attack type, declared when the weapon can do both
        String attack;
        if (weapon != null && weapon.canAttackAp() && weapon.canAttackAt()) {
            Refuse.unless(declared != null, "12.3", "attack", weapon.name() + " can make an AP or an AT attack: "
                    + "declare which");
            attack = declared;
        } else if (weapon != null) {
            attack = weapon.canAttackAt() ? AT : AP;
            Refuse.unless(declared == null || declared.equals(attack), "12.3", "attack", weapon.name() + " makes "
                    + attack + " attacks only" + (attack.equals(AP) ? " (it has no AT rating)" : " (no APFP)"));
        } else {
            attack = declared == null ? AP : declared;
        }
        Refuse.unless(!(grenades && attack.equals(AT)), "12.52", "grenades", "grenades may not be used for AT "
                + "attacks");
        Refuse.unless(!(satchel && attack.equals(AT)), "12.53", "satchelCharge", "satchel charges may not be used "
                + "for AT attacks");
        Refuse.unless(!(weapon == null && attack.equals(AT)), "12.3", "attack", "an AT attack needs a support weapon "
                + "with an AT rating");

        // range
        Refuse.unless(!grenades || range == 1, "12.52", "range", "grenades may only be used against targets in an "
                + "adjacent hex (range " + range + ")");
        Refuse.unless(!satchel || range == 1, "12.53", "range", "a satchel charge may only be used against targets "
                + "in an adjacent hex (range " + range + ")");
        if (weapon != null) {
            Refuse.unless(range <= weapon.range(), "12.3", "range", "the target at " + range + " hexes is beyond the "
                    + "range of " + weapon.name() + " (" + weapon.range() + ")");
            Refuse.unless(range >= weapon.minRange(), "12.1", "range", "the target at " + range + " hexes is inside "
                    + "the minimum range of " + weapon.name() + " (" + weapon.minRange() + ")");
        }

        List<HexEvent> events = new ArrayList<>();
        String useKey = "attack@" + clock.gameTurn() + "." + clock.playerTurn() + "." + clock.phase() + ":"
                + fire.targetHex();
        if (attack.equals(AT)) {
            Refuse.required(fire.targetId(), "targetId", "12.3: an AT attack names its target");
            HexCounter target = state.active(fire.targetId(), "targetId");
            Refuse.unless(target.vehicle() || target.is(HexCounter.GUN), "12.3", "targetId", "an AT attack needs an "
                    + "AFV, vehicle or Gun as its target; '" + target.id() + "' is a " + target.kind());
            requireInTargetHex(state, target, fire.targetHex());
            events.add(new AttackFired(unit.id(), weapon.id(), AT, fire.targetHex(), target.id(), range, 0,
                    "AT attack, AT rating " + weapon.atRating(), weapon.atRating(), false, false, null, 0, null));
            return events;
        }

        Firepower firepower;
        if (weapon != null) {
            firepower = firepower(profile, weapon, range);
        } else {
            firepower = new Firepower(profile.apfp(), "unit " + profile.apfp());
        }
        if (fire.targetId() != null) {
            requireInTargetHex(state, state.active(fire.targetId(), "targetId"), fire.targetHex());
        }
        if (satchel) {
            HexCounter pool = ExpendablePool.requireAvailable(state, unit.side(), ExpendablePool.SATCHEL_CHARGE, 1,
                    "12.53");
            int satchelApfp = pool.number(ExpendablePool.SATCHEL_APFP);
            firepower = new Firepower(firepower.apfp() + satchelApfp, firepower.makeUp() + " + satchel charge "
                    + satchelApfp);
            events.add(ExpendablePool.spend(state, unit, ExpendablePool.SATCHEL_CHARGE, "fire", fire.targetHex(),
                    fire.targetId(), "+" + satchelApfp + " APFP to the attack", false, useKey, "12.53"));
        }
        if (grenades) {
            events.add(ExpendablePool.spend(state, unit, ExpendablePool.GRENADES, "fire", fire.targetHex(),
                    fire.targetId(), "-1 to the attack dice roll", false, useKey, "12.52", GrenadeUse.ROLL_MODIFIER,
                    null, null));
        }
        DiceRoll roll = dice.roll(DiceKind.TWO_D6, "12.3 attack dice roll of " + unit.id());
        int modifier = grenades ? GrenadeUse.ROLL_MODIFIER : 0;
        events.add(new AttackFired(unit.id(), weapon == null ? null : weapon.id(), AP, fire.targetHex(),
                fire.targetId(), range, firepower.apfp(), firepower.makeUp(), null, grenades, satchel, roll,
                modifier, roll.total() + modifier));
        return events;
    }

    static void requireInTargetHex(HexState state, HexCounter target, String targetHex) {
        String hex = state.hexOf(target);
        Refuse.fieldUnless(hex == null || hex.equals(targetHex), "targetHex", "'" + target.id() + "' is in hex "
                + hex + ", not " + targetHex);
    }
}
