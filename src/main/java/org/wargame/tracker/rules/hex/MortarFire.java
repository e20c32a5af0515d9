package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.MortarBarrageFired;
import org.wargame.tracker.rules.hex.HexEvent.VehicleAttacked;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * 12.6 Mortars: 12.61 firing restrictions (no fire group with infantry, no inherent firepower, one barrage per hex and
 * target, the leader's modifier, no Opportunity Fire, not from a building or bunker), 12.62 LOS or an unpinned friendly
 * spotter, 12.63 only the target hex's terrain, 12.64 air bursts double Casualty Points against infantry in woods and
 * jungle, 12.65 minimum range, 12.67 fire against vehicles with the Armor Elimination Table of the campaign data.
 * <p>
 * Dice: the attack, the to-hit ("6 or less") and the elimination rolls are 2d6 "dice rolls".
 */
final class MortarFire {

    /** 12.61: terrain a mortar may not fire from. */
    static final Set<String> NO_FIRE_TERRAIN = Set.of("building", "bunker");
    /** 12.64: terrain where air bursts double the Casualty Points against infantry. */
    static final Set<String> AIR_BURST_TERRAIN = Set.of("woods", "jungle");
    /** 12.64: "Casualty Points ... are doubled". */
    static final int AIR_BURST_MULTIPLIER = 2;
    /** 12.67: the to-hit number against a vehicle. */
    static final int TO_HIT = 6;

    /** The mortars that fire and the units firing them, checked against 12.61, 12.62 and 12.65. */
    record Firing(List<HexCounter> weapons, List<SupportWeapon> profiles, List<HexCounter> units, String side,
                  String hex) {
    }

    private MortarFire() {
    }

    /**
     * The checks a mortar attack and a smoke round share (12.66: "the same rules apply"); {@code action} is the
     * action's type (its row of the {@link TurnSequence}), {@code weaponField} the request field naming the mortars.
     */
    static Firing requireMayFire(HexState state, GameClock clock, String action, String weaponField,
                                 List<String> weaponIds, String targetHex, Integer range, Boolean los,
                                 String spotterId) {
        Refuse.fieldUnless(weaponIds != null && !weaponIds.isEmpty(), weaponField, "missing (the mortars firing)");
        Refuse.fieldUnless(new LinkedHashSet<>(weaponIds).size() == weaponIds.size(), weaponField, "a mortar is "
                + "listed twice");
        Refuse.required(targetHex, "targetHex", "the hex attacked");
        Refuse.fieldUnless(range != null && range >= 0, "range", "the range to the target hex in hexes");
        List<HexCounter> weapons = new ArrayList<>();
        List<SupportWeapon> profiles = new ArrayList<>();
        List<HexCounter> units = new ArrayList<>();
        for (String id : weaponIds) {
            HexCounter weapon = state.active(id, weaponField);
            Refuse.fieldUnless(weapon.is(HexCounter.SUPPORT_WEAPON), weaponField, "'" + id + "' is a "
                    + weapon.kind() + ", not a support weapon");
            SupportWeapon profile = SupportWeapon.of(weapon);
            Refuse.unless(profile.mortar(), "12.6", weaponField, profile.name() + " is not a mortar; mortars are the "
                    + "only on-board weapons that may use indirect fire");
            Refuse.unless(weapon.carrier() != null, "12.2", weaponField, "'" + id + "' is not under a unit to fire "
                    + "it");
            weapons.add(weapon);
            profiles.add(profile);
            units.add(state.active(weapon.carrier(), weaponField));
        }
        String side = units.get(0).side();
        String hex = units.get(0).hex();
        for (HexCounter unit : units) {
            Refuse.fieldUnless(unit.side().equals(side), weaponField, "the mortars belong to different sides");
            Refuse.unless(hex != null && hex.equals(unit.hex()), "12.61", weaponField, "only mortars located in the "
                    + "same hex combine into a single barrage (" + hex + " and " + unit.hex() + ")");
        }
        // 12.61: no Opportunity Fire (fire by the non-phasing side during the Movement Phase)
        Refuse.unless(!(TurnSequence.MP.equals(clock.phase()) && !side.equals(clock.phasingSide())), "12.61", null,
                "mortars may not make Opportunity Fire attacks");
        TurnSequence.require(action, units.get(0), clock);
        String terrain = units.get(0).terrain();
        Refuse.unless(terrain == null || !NO_FIRE_TERRAIN.contains(terrain.toLowerCase()), "12.61", weaponField,
                "mortars may not fire from building hexes or bunkers (" + hex + " is " + terrain + ")");
        for (int i = 0; i < units.size(); i++) {
            Refuse.unless(!units.get(i).weaponFired(), "12.3", weaponField, "'" + units.get(i).id() + "' has "
                    + "already fired a support weapon this turn (one per unit per turn)");
            SupportWeapon profile = profiles.get(i);
            Refuse.unless(range >= profile.minRange(), "12.65", "range", "target inside the mortar's minimum range "
                    + "of " + profile.minRange() + " hexes (" + profile.name() + ", range " + range + ")");
            Refuse.unless(range <= profile.range(), "12.3", "range", "the target at " + range + " hexes is beyond "
                    + "the range of " + profile.name() + " (" + profile.range() + ")");
        }
        // 12.62: the firer's LOS, or an unpinned friendly spotter's
        if (!Boolean.TRUE.equals(los)) {
            Refuse.unless(spotterId != null && !spotterId.isBlank(), "12.62", "spotterId", "neither the unit with "
                    + "the mortar nor a spotter has LOS to " + targetHex + ": the mortar cannot attack that hex");
            HexCounter spotter = state.active(spotterId, "spotterId");
            Refuse.fieldUnless(!spotter.is(HexCounter.SUPPORT_WEAPON) && !spotter.is(HexCounter.EXPENDABLES),
                    "spotterId", "'" + spotterId + "' is a " + spotter.kind() + ", not a unit");
            Refuse.unless(spotter.side().equals(side), "12.62", "spotterId", "the spotter must be a friendly unit; '"
                    + spotterId + "' belongs to side '" + spotter.side() + "'");
            Refuse.unless(!spotter.pinned(), "12.62", "spotterId", "the spotter must be unpinned; '" + spotterId
                    + "' is pinned");
        }
        return new Firing(weapons, profiles, units, side, hex);
    }

    static List<HexEvent> fire(HexState state, GameClock clock, HexAction.MortarFire fire, Dice dice) {
        Firing firing = requireMayFire(state, clock, "mortar-fire", "weaponIds", fire.weaponIds(), fire.targetHex(),
                fire.range(), fire.los(), fire.spotterId());
        // 12.61: mortars in one hex attacking the same target combine into a single barrage
        for (HexCounter other : state.counters()) {
            if (other.is(HexCounter.SUPPORT_WEAPON) && !other.eliminated() && !fire.weaponIds().contains(other.id())
                    && firing.hex().equals(state.hexOf(other)) && SupportWeapon.of(other).mortar()) {
                HexCounter carrier = other.carrier() == null ? null : state.find(other.carrier()).orElse(null);
                Refuse.unless(carrier == null || !(carrier.weaponFired()
                                && fire.targetHex().equals(carrier.firedAt())), "12.61", "weaponIds",
                        "the mortars of " + firing.hex() + " have already attacked " + fire.targetHex() + " this "
                                + "turn; mortars in the same hex combine into a single barrage on one target");
            }
        }
        int leadership = 0;
        if (fire.leaderId() != null) {
            HexCounter leader = state.active(fire.leaderId(), "leaderId");
            Refuse.fieldUnless(leader.is(HexCounter.LEADER), "leaderId", "'" + leader.id() + "' is a "
                    + leader.kind() + ", not a leader");
            Refuse.unless(leader.side().equals(firing.side()) && firing.hex().equals(leader.hex()), "12.61",
                    "leaderId", "only a friendly leader occupying the mortars' hex " + firing.hex() + " adds his "
                            + "leadership modifier");
            leadership = leader.number("leadership");
        }
        int apfp = firing.profiles().stream().mapToInt(SupportWeapon::apfp).sum();
        int cover = fire.coverModifier() == null ? 0 : fire.coverModifier();

        // 12.63: only the target hex's terrain; 12.64: air bursts against infantry in woods and jungle
        List<HexCounter> everyUnit = state.unitsIn(fire.targetHex());
        List<HexCounter> inHex = everyUnit.stream().filter(c -> !c.side().equals(firing.side())).toList();
        // 12.67 "a hex containing one or more vehicles ... roll separately for each vehicle": every vehicle in the
        // hex, the firer's own side's too
        List<HexCounter> vehicles = everyUnit.stream().filter(HexCounter::vehicle).toList();
        List<HexCounter> others = inHex.stream().filter(c -> !c.vehicle()).toList();
        String targetTerrain = everyUnit.stream().map(HexCounter::terrain).filter(t -> t != null).findFirst()
                .orElse(null);
        boolean airBurst = others.stream().anyMatch(HexCounter::infantry) && targetTerrain != null
                && AIR_BURST_TERRAIN.contains(targetTerrain.toLowerCase());
        DiceRoll roll = null;
        Integer modified = null;
        if (!others.isEmpty()) {
            roll = dice.roll(DiceKind.TWO_D6, "12.61 mortar barrage attack dice roll on " + fire.targetHex());
            modified = roll.total() + leadership;
        }
        int multiplier = airBurst ? AIR_BURST_MULTIPLIER : 1;
        // 12.64: the fire table is the campaign's (section 12 does not print it); read it when it is declared
        FireTable.Reading reading = modified == null || state.fireTable() == null ? null
                : state.fireTable().read(apfp, modified);
        Integer tablePoints = reading == null ? null : reading.casualtyPoints();
        Integer points = reading == null ? null : reading.casualtyPoints() * multiplier;
        String note = casualtyNote(modified != null, state.fireTable() != null, reading, airBurst, apfp);
        List<HexEvent> events = new ArrayList<>();
        events.add(new MortarBarrageFired(firing.side(), firing.hex(), fire.weaponIds(),
                firing.units().stream().map(HexCounter::id).toList(), fire.targetHex(), fire.range(),
                Boolean.TRUE.equals(fire.los()) ? null : fire.spotterId(), fire.leaderId(), apfp, leadership,
                targetTerrain, multiplier, roll, modified, reading == null ? null : reading.column(), tablePoints,
                points, note));

        // 12.67: each vehicle separately
        SupportWeapon best = firing.profiles().stream().filter(SupportWeapon::canAttackAt)
                .max(Comparator.comparingInt(SupportWeapon::atRating)).orElse(null);
        for (HexCounter vehicle : vehicles) {
            events.add(againstVehicle(vehicle, fire.targetHex(), best, cover, dice));
        }
        return events;
    }

    /** What the players read from the barrage (12.64), in their words; null when no AP attack was rolled. */
    static String casualtyNote(boolean attacked, boolean table, FireTable.Reading reading, boolean airBurst,
                               int apfp) {
        if (!attacked) {
            return null;
        }
        if (!table) {
            return airBurst ? "12.64 air bursts: read the fire table and double the Casualty Points (infantry in "
                    + "woods or jungle)" : "read the Casualty Points on the fire table";
        }
        if (reading == null) {
            return "APFP " + apfp + " is below the first column of the campaign's fire table: read by the players";
        }
        return airBurst ? "fire table: " + reading.casualtyPoints() + " Casualty Points, doubled by 12.64 air bursts: "
                + reading.casualtyPoints() * AIR_BURST_MULTIPLIER : "fire table: " + reading.casualtyPoints()
                + " Casualty Points";
    }

    /** 12.67: to-hit on 6 or less with the cover modifier; unarmored destroyed; AFV by the Elimination Number. */
    static VehicleAttacked againstVehicle(HexCounter vehicle, String targetHex, SupportWeapon mortar, int cover,
                                          Dice dice) {
        DiceRoll toHit = dice.roll(DiceKind.TWO_D6, "12.67 to-hit vs " + vehicle.id());
        int modified = toHit.total() + cover;
        boolean hit = modified <= TO_HIT;
        boolean armored = vehicle.is(HexCounter.AFV);
        Integer rear = armored ? vehicle.number("rearArmor") : null;
        if (!hit) {
            return new VehicleAttacked(vehicle.id(), targetHex, toHit, cover, modified, false, armored, null, rear,
                    null, null, false, "no hit");
        }
        if (!armored) {
            return new VehicleAttacked(vehicle.id(), targetHex, toHit, cover, modified, true, false, null, null,
                    null, null, true, "a hit destroys an unarmored vehicle");
        }
        if (mortar == null) {
            return new VehicleAttacked(vehicle.id(), targetHex, toHit, cover, modified, true, true, null, rear, null,
                    null, false, "no mortar of the barrage has an AT rating: the hit cannot destroy an AFV");
        }
        Integer number = eliminationNumber(mortar, vehicle);
        DiceRoll elimination = dice.roll(DiceKind.TWO_D6, "12.67 elimination vs " + vehicle.id());
        boolean destroyed = elimination.total() <= number;
        return new VehicleAttacked(vehicle.id(), targetHex, toHit, cover, modified, true, true, mortar.atRating(),
                rear, number, elimination, destroyed, "AT " + mortar.atRating() + " vs rear armor " + rear
                + ": Elimination Number " + number);
    }

    /** 12.67: the Armor Elimination Table, as the campaign data gives the mortar's row. */
    static int eliminationNumber(SupportWeapon mortar, HexCounter afv) {
        int rear = afv.number("rearArmor");
        Integer number = mortar.eliminationNumbers().get(rear);
        if (number == null) {
            throw Refuse.counter(mortar.id(), "data.eliminationNumbers", "no Elimination Number for rear armor "
                    + rear + " (of '" + afv.id() + "', 12.67)");
        }
        return number;
    }
}
