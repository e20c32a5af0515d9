package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * ANIMAL HIT LOCATION: the d6 gives the location and its effect. A 2 (shoulders) makes the animal charge the
 * attacker, fight a close combat and then die "even if it wins the close combat".
 */
public final class AnimalHitLocationTable {

    public static final String RULE = "Animal Hit Location";

    /** Die Roll | Hit Location | Effect. */
    public enum Row {
        HEAD(1, "head", Wound.DEATH, false),
        SHOULDERS(2, "shoulders", null, true),
        CHEST(3, "chest", Wound.LITTER_CASE, false),
        ABDOMEN(4, "abdomen", Wound.LITTER_CASE, false),
        FRONT_LEGS(5, "front legs", Wound.WALKING_WOUNDED, false),
        REAR_LEGS(6, "rear legs", Wound.WALKING_WOUNDED, false);

        private final int roll;
        private final String location;
        private final Wound effect;
        private final boolean charges;

        Row(int roll, String location, Wound effect, boolean charges) {
            this.roll = roll;
            this.location = location;
            this.effect = effect;
            this.charges = charges;
        }

        public int roll() {
            return roll;
        }

        public String location() {
            return location;
        }

        /** The wound; null for the shoulders, whose effect is "charge, close combat, die". */
        public Wound effect() {
            return effect;
        }

        public boolean charges() {
            return charges;
        }

        public String effectText() {
            return charges ? "charge, close combat, die" : effect.marker().equals("dead") ? "death" : effect.marker();
        }
    }

    private AnimalHitLocationTable() {
    }

    public static Row read(int roll) {
        for (Row row : Row.values()) {
            if (row.roll == roll) {
                return row;
            }
        }
        throw new FieldRefused("dice", "animal hit location: no row " + roll);
    }
}
