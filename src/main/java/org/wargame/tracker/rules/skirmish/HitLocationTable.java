package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.List;

/** INFANTRY TARGET HIT LOCATIONS CHART: the d6 (modified) gives the location and its effect; 7 or more is no effect. */
public final class HitLocationTable {

    public static final String RULE = ArmourModifiers.RULE;

    /** Die Roll | Hit Location | Effect. */
    public enum Row {
        HEAD(1, "face or head", Wound.DEATH),
        SHOULDERS(2, "shoulders", Wound.DEATH),
        CHEST(3, "chest", Wound.LITTER_CASE),
        ABDOMEN(4, "abdomen", Wound.LITTER_CASE),
        UPPER_LEG(5, "upper leg", Wound.WALKING_WOUNDED),
        LOWER_LEG(6, "lower leg", Wound.WALKING_WOUNDED);

        private final int roll;
        private final String location;
        private final Wound effect;

        Row(int roll, String location, Wound effect) {
            this.roll = roll;
            this.location = location;
            this.effect = effect;
        }

        public int roll() {
            return roll;
        }

        public String location() {
            return location;
        }

        public Wound effect() {
            return effect;
        }
    }

    /** A hit location read: the modified result, the row (null when 7 or more: no effect) and the location name. */
    public record Result(int natural, int modified, Row row, String location) {
        public boolean noEffect() {
            return row == null;
        }
    }

    private HitLocationTable() {
    }

    /**
     * Reads the chart. A modified result of 7 or more is no effect ("a result of a 7 is no effect on the soldier");
     * below 1 reads as 1 (reading: the chart has no row 0, and a bare head is still the head).
     *
     * @param fromFront a 1 "from the direct front is a Face hit"
     */
    public static Result read(int natural, List<HitLocationModifier> modifiers, boolean fromFront) {
        int modified = natural + modifiers.stream().mapToInt(HitLocationModifier::value).sum();
        if (modified >= 7) {
            return new Result(natural, modified, null, "no effect");
        }
        Row row = row(Math.max(1, modified));
        String location = row == Row.HEAD ? (fromFront ? "face" : "head") : row.location();
        return new Result(natural, modified, row, location);
    }

    public static Row row(int roll) {
        for (Row row : Row.values()) {
            if (row.roll == roll) {
                return row;
            }
        }
        throw new FieldRefused("dice", "hit location: no row " + roll);
    }
}
