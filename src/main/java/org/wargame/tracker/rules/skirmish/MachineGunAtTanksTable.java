package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * Machine Fire at Tanks: "A tripod machine gun may fire at a tank." The hit location die gives: 1 turret machine gun,
 * 2 turret main gun optics (the tank fires at -35%), 3 hull machine gun, 4 hull driver's optics (no more than 50m per
 * turn unless the driver looks out the hull hatch), 5 and 6 no effect.
 */
public final class MachineGunAtTanksTable {

    public static final String RULE = "Machine Fire at Tanks";

    public enum Row {
        TURRET_MACHINE_GUN(1, "turret machine gun", "turret machine gun destroyed"),
        TURRET_MAIN_GUN_OPTICS(2, "turret main gun optics", "optics damaged: the tank fires at -35%"),
        HULL_MACHINE_GUN(3, "hull machine gun", "hull machine gun destroyed"),
        HULL_DRIVERS_OPTICS(4, "hull driver's optics",
                "driver's vision slot: no more than 50m per turn unless the driver looks out the hull hatch"),
        NO_EFFECT_5(5, "no effect", "no effect"),
        NO_EFFECT_6(6, "no effect", "no effect");

        private final int roll;
        private final String location;
        private final String result;

        Row(int roll, String location, String result) {
            this.roll = roll;
            this.location = location;
            this.result = result;
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

        public boolean noEffect() {
            return roll >= 5;
        }
    }

    /** The tank's fire modifier once its main gun optics are damaged. */
    public static final int OPTICS_FIRE_MODIFIER = -35;
    /** A second optics hit: the optics are damaged already and the tank still fires at -35%. */
    static final String OPTICS_ALREADY_DAMAGED = "optics already damaged: no further effect (the tank fires at -35%)";
    /** The movement limit with a damaged driver's vision slot, unless the driver looks out the hull hatch. */
    public static final int DRIVER_VISION_LIMIT_METRES = 50;

    private MachineGunAtTanksTable() {
    }

    public static Row read(int roll) {
        for (Row row : Row.values()) {
            if (row.roll == roll) {
                return row;
            }
        }
        throw new FieldRefused("dice", "machine gun at tanks: no row " + roll);
    }
}
