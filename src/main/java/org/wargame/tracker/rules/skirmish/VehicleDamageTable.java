package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * VEHICLE DAMAGE (Infantry Weapons Firing at Vehicles): "Any weapon assigned a template also has a chance to destroy
 * or disable some types of vehicles ... If the vehicle is hit, check the damage die for the location and result."
 */
public final class VehicleDamageTable {

    public static final String RULE = "Infantry Weapons Firing at Vehicles";
    /** The table's name as events record it. */
    public static final String TABLE = "Vehicle Damage";

    /** Die | Location | Result. */
    public enum Row {
        CREW(1, "crew", "crew killed", false),
        ENGINE_2(2, "engine", "engine destroyed, vehicle cannot move", true),
        ENGINE_3(3, "engine", "engine destroyed, vehicle cannot move", true),
        FUEL(4, "fuel", "vehicle catches fire", false),
        CARGO(5, "cargo", "cargo or passengers destroyed", false),
        SUSPENSION(6, "suspension", "wheels destroyed, vehicle cannot move", true);

        private final int roll;
        private final String location;
        private final String result;
        private final boolean immobilised;

        Row(int roll, String location, String result, boolean immobilised) {
            this.roll = roll;
            this.location = location;
            this.result = result;
            this.immobilised = immobilised;
        }

        public int roll() {
            return roll;
        }

        public String location() {
            return location;
        }

        public String result() {
            return result;
        }

        public boolean immobilised() {
            return immobilised;
        }
    }

    private VehicleDamageTable() {
    }

    public static Row read(int roll) {
        for (Row row : Row.values()) {
            if (row.roll == roll) {
                return row;
            }
        }
        throw new FieldRefused("dice", "vehicle damage: no row " + roll);
    }
}
