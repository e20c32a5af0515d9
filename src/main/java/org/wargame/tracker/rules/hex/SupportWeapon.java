package org.wargame.tracker.rules.hex;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * 12.1: a support weapon as its counter gives it: type Light (L) or Heavy (H), APFP, AT rating where it has one,
 * range, minimum range, and whether it is a mortar. For a mortar with an AT rating, {@code eliminationNumbers} is its
 * row of the Armor Elimination Table (rear armor rating to Elimination Number, 12.67), supplied with the campaign.
 * Expendable (X) weapons are no counters of their own here: they are the side's pool (12.5, {@link ExpendablePool}).
 */
public record SupportWeapon(String id, String name, WeaponType type, int apfp, Integer atRating, int range,
                            int minRange, boolean mortar, Map<Integer, Integer> eliminationNumbers) {

    /** 12.1: the three types of support weapons. */
    public enum WeaponType {
        L("Light"), H("Heavy"), X("Expendable");

        private final String label;

        WeaponType(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** 12.65: the mortar's minimum range when its counter does not print one. */
    public static final int MORTAR_MINIMUM_RANGE = 2;

    /** Reads and checks the counter data; refuses missing or invalid numbers naming the counter and field. */
    public static SupportWeapon of(HexCounter counter) {
        String id = counter.id();
        String typeText = counter.text("type");
        if (typeText == null) {
            throw Refuse.counter(id, "data.type", "missing (L, H or X, 12.1)");
        }
        WeaponType type;
        try {
            type = WeaponType.valueOf(typeText.trim().toUpperCase());
        } catch (IllegalArgumentException e) {
            throw Refuse.counter(id, "data.type", "'" + typeText + "' is not L, H or X (12.1)");
        }
        if (type == WeaponType.X) {
            // 12.5: not carried by specific units: the side's pool holds them
            throw Refuse.counter(id, "data.type", "Expendable (X) weapons are not placed with a unit (12.5); give "
                    + "the side's counts on its 'expendables' counter");
        }
        int apfp = counter.numberAtLeast("apfp", 0);
        Integer at = counter.optionalNumber("at");
        if (at != null && at < 0) {
            throw Refuse.counter(id, "data.at", at + " is below 0");
        }
        if (apfp == 0 && at == null) {
            throw Refuse.counter(id, "data.apfp", "a weapon with no AT rating needs an APFP above 0 (12.1)");
        }
        int range = counter.numberAtLeast("range", 1);
        boolean mortar = counter.flag("mortar");
        if (mortar && type != WeaponType.H) {
            throw Refuse.counter(id, "data.type", "light mortars are Heavy (H) support weapons (12.1)");
        }
        Integer min = counter.optionalNumber("minRange");
        int minRange = min != null ? min : mortar ? MORTAR_MINIMUM_RANGE : 0;
        if (minRange < 0 || minRange > range) {
            throw Refuse.counter(id, "data.minRange", minRange + " is not between 0 and the range " + range);
        }
        Map<Integer, Integer> table = eliminationNumbers(counter);
        if (mortar && at != null && table.isEmpty()) {
            throw Refuse.counter(id, "data.eliminationNumbers", "missing (a mortar with an AT rating needs its "
                    + "row of the Armor Elimination Table, rear armor -> Elimination Number, 12.67)");
        }
        return new SupportWeapon(id, counter.name() == null ? id : counter.name(), type, apfp, at, range, minRange,
                mortar, table);
    }

    private static Map<Integer, Integer> eliminationNumbers(HexCounter counter) {
        Object raw = counter.data().get("eliminationNumbers");
        if (raw == null) {
            return Map.of();
        }
        if (!(raw instanceof Map<?, ?> map) || map.isEmpty()) {
            throw Refuse.counter(counter.id(), "data.eliminationNumbers", "'" + raw + "' is not a table of rear "
                    + "armor rating -> Elimination Number (12.67)");
        }
        Map<Integer, Integer> table = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            int armor = HexCounter.count(counter.id(), "data.eliminationNumbers key", e.getKey());
            int number = HexCounter.whole(counter.id(), "data.eliminationNumbers." + armor, e.getValue());
            if (number < 0 || number > 12) {
                throw Refuse.counter(counter.id(), "data.eliminationNumbers." + armor, number + " is not an "
                        + "Elimination Number for a 2d6 roll (0 to 12)");
            }
            table.put(armor, number);
        }
        return Map.copyOf(table);
    }

    /** 12.3: a weapon with both an APFP and an AT rating may make either attack, declared by the firer. */
    public boolean canAttackAp() {
        return apfp > 0;
    }

    public boolean canAttackAt() {
        return atRating != null;
    }

    /** A short label for markers ("carrying HMG"). */
    public String label() {
        return name;
    }
}
