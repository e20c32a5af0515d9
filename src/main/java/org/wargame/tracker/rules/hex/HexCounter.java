package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Ordered;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One counter as the hex rule set tracks it during a scenario: its printed data (from the campaign file), where it is
 * (hex, terrain of that hex, the unit a support weapon is under, the AFV a unit rides), and what happened to it this
 * turn (Fire marker, support weapon fired, Movement Points spent, expendables used). For the side's expendables
 * counter, {@code pool} holds the counts of 12.5 and the smoke supply of 12.66.
 *
 * @param other the state keys of the campaign file this rule set does not interpret, handed back unchanged
 */
public record HexCounter(String id, String kind, String name, String side, String nationality,
                         Map<String, Object> data, Map<String, Object> other, String hex, String terrain,
                         String carrier, String aboard, boolean pinned, boolean eliminated, boolean fired,
                         boolean weaponFired, String firedAt, int mpSpent, Map<String, Integer> pool,
                         List<String> usesThisTurn) {

    public static final String SQUAD = "squad";
    public static final String HALF_SQUAD = "half-squad";
    public static final String LEADER = "leader";
    public static final String SUPPORT_WEAPON = "support-weapon";
    public static final String VEHICLE = "vehicle";
    public static final String AFV = "afv";
    public static final String GUN = "gun";
    public static final String EXPENDABLES = "expendables";

    public static final Set<String> KINDS = Set.of(SQUAD, HALF_SQUAD, LEADER, SUPPORT_WEAPON, VEHICLE, AFV, GUN,
            EXPENDABLES);

    /** State keys this rule set reads and writes; every other key is kept in {@code other}. */
    static final Set<String> TRACKED_KEYS = Set.of("hex", "terrain", "carrier", "aboard", "pinned");

    public HexCounter {
        data = data == null ? Map.of() : Ordered.copyOf(data);
        other = other == null ? Map.of() : Ordered.copyOf(other);
        pool = pool == null ? Map.of() : Ordered.copyOf(pool);
        usesThisTurn = usesThisTurn == null ? List.of() : List.copyOf(usesThisTurn);
    }

    /** Reads a counter of the campaign file (roster state plus the scenario's placement). */
    public static HexCounter from(CounterDefinition def) {
        if (def.id() == null || def.id().isBlank()) {
            throw Refuse.field("id", "every counter needs an id");
        }
        if (!KINDS.contains(def.kind())) {
            throw Refuse.counter(def.id(), "kind", "'" + def.kind() + "' is not a counter kind of rule set hex "
                    + KINDS.stream().sorted().toList());
        }
        Map<String, Object> state = def.state();
        Map<String, Object> other = new LinkedHashMap<>();
        Map<String, Integer> pool = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : state.entrySet()) {
            if (EXPENDABLES.equals(def.kind()) && ExpendablePool.ITEMS.contains(e.getKey())) {
                pool.put(e.getKey(), count(def.id(), "state." + e.getKey(), e.getValue()));
            } else if (!TRACKED_KEYS.contains(e.getKey())) {
                other.put(e.getKey(), e.getValue());
            }
        }
        if (EXPENDABLES.equals(def.kind())) {
            ExpendablePool.ITEMS.forEach(item -> pool.putIfAbsent(item, 0));
        }
        return new HexCounter(def.id(), def.kind(), def.name(), def.side(), def.nationality(), def.data(), other,
                text(state, "hex"), text(state, "terrain"), text(state, "carrier"), text(state, "aboard"),
                Boolean.TRUE.equals(state.get("pinned")), false, false, false, null, 0, pool, List.of());
    }

    public boolean infantry() {
        return SQUAD.equals(kind) || HALF_SQUAD.equals(kind) || LEADER.equals(kind);
    }

    public boolean vehicle() {
        return VEHICLE.equals(kind) || AFV.equals(kind);
    }

    public boolean is(String counterKind) {
        return counterKind.equals(kind);
    }

    // ---- counter data (numbers printed on the counter) ----

    /** A whole number of the counter data; refuses a missing or non-numeric value naming counter and field. */
    public int number(String field) {
        Integer value = optionalNumber(field);
        if (value == null) {
            throw Refuse.counter(id, "data." + field, "missing");
        }
        return value;
    }

    public Integer optionalNumber(String field) {
        Object value = data.get(field);
        return value == null ? null : whole(id, "data." + field, value);
    }

    public int numberAtLeast(String field, int min) {
        int value = number(field);
        if (value < min) {
            throw Refuse.counter(id, "data." + field, value + " is below " + min);
        }
        return value;
    }

    public boolean flag(String field) {
        Object value = data.get(field);
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        if ("true".equals(value) || "false".equals(value)) {
            return Boolean.parseBoolean((String) value);
        }
        throw Refuse.counter(id, "data." + field, "'" + value + "' is not true or false");
    }

    public String text(String field) {
        Object value = data.get(field);
        return value == null ? null : value.toString();
    }

    static int whole(String counterId, String field, Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return ((Number) value).intValue();
        }
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.intValue();
        }
        if (value instanceof String s) {
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw Refuse.counter(counterId, field, "'" + value + "' is not a whole number");
    }

    static int count(String counterId, String field, Object value) {
        int n = whole(counterId, field, value);
        if (n < 0) {
            throw Refuse.counter(counterId, field, n + " is below 0");
        }
        return n;
    }

    private static String text(Map<String, Object> state, String key) {
        Object value = state.get(key);
        return value == null ? null : value.toString();
    }

    // ---- changes (used by evolve only) ----

    HexCounter at(String newHex, String newTerrain, int newMpSpent) {
        return new HexCounter(id, kind, name, side, nationality, data, other, newHex, newTerrain, carrier, aboard,
                pinned, eliminated, fired, weaponFired, firedAt, newMpSpent, pool, usesThisTurn);
    }

    HexCounter carriedBy(String newCarrier) {
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, newCarrier, aboard,
                pinned, eliminated, fired, weaponFired, firedAt, mpSpent, pool, usesThisTurn);
    }

    HexCounter withPinned(boolean newPinned) {
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                newPinned, eliminated, fired, weaponFired, firedAt, mpSpent, pool, usesThisTurn);
    }

    HexCounter eliminatedNow() {
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                pinned, true, fired, weaponFired, firedAt, mpSpent, pool, usesThisTurn);
    }

    /** Marks the unit with a Fire marker; {@code withWeapon} when it fired its one support weapon of the turn. */
    HexCounter firedNow(boolean withWeapon, String target) {
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                pinned, eliminated, true, weaponFired || withWeapon, target == null ? firedAt : target, mpSpent,
                pool, usesThisTurn);
    }

    HexCounter used(String use) {
        List<String> uses = new ArrayList<>(usesThisTurn);
        uses.add(use);
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                pinned, eliminated, fired, weaponFired, firedAt, mpSpent, pool, uses);
    }

    HexCounter withPool(String item, int count) {
        Map<String, Integer> counts = new LinkedHashMap<>(pool);
        counts.put(item, count);
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                pinned, eliminated, fired, weaponFired, firedAt, mpSpent, counts, usesThisTurn);
    }

    HexCounter newTurn() {
        return new HexCounter(id, kind, name, side, nationality, data, other, hex, terrain, carrier, aboard,
                pinned, eliminated, false, false, null, mpSpent, pool, List.of());
    }

    HexCounter movementReset() {
        return at(hex, terrain, 0);
    }
}
