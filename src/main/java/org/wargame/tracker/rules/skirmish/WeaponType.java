package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.Arrays;
import java.util.List;

/**
 * The weapon types a figure may carry. The first thirteen are the rows of the AUTOMATIC/EXPLOSIVE/INCENDIARY
 * WEAPONS CHART with their number of templates or area; the tank-mounted .30 MG is the one the crew paragraph adds
 * ("counts as a bipod machine gun"); rifle, pistol, LAW and ATGM are the other weapons the text names, which the chart
 * assigns no template (they fire at one target).
 */
public enum WeaponType {
    // AUTOMATIC/EXPLOSIVE/INCENDIARY WEAPONS CHART: Type | Number of Templates/Area
    SHOTGUN("shotgun", "Shotgun", 1, null, false),
    MACHINE_PISTOL("machine-pistol", "Machine Pistol", 1, null, false),
    SUB_MACHINE_GUN("sub-machine-gun", "Sub-Machine Gun", 1, null, false),
    ASSAULT_RIFLE("assault-rifle", "Assault Rifle", 1, null, false),
    AUTOMATIC_RIFLE("automatic-rifle", "Automatic Rifle", 1, null, false),
    GATLING_GUN_50("gatling-gun-50", "Gatling Gun .50 cal hand cranked", 2, null, true),
    AUTOMATIC_ASSAULT_RIFLE("automatic-assault-rifle", "Automatic Assault Rifle", 2, null, false),
    HEAVY_MACHINE_GUN_50("heavy-mg-50", "Heavy Machine Gun (.50 cal)", 2, null, true),
    TRIPOD_MG_30("tripod-mg-30", "Tripod Machine Gun (.30 cal)", 3, null, true),
    BIPOD_MG_30("bipod-mg-30", "Bipod Machine Gun (.30 cal)", 2, null, true),
    HAND_GRENADE("hand-grenade", "Hand Grenade", 0, "40mm diameter", false),
    GRENADE_LAUNCHER("grenade-launcher", "Grenade Launcher", 0, "40mm diameter", false),
    FLAME_THROWER("flame-thrower", "Flame Thrower", 0, "cone shaped template", false),
    // crew paragraph: "A tank mounted .30 machine gun counts as a bipod machine gun but only needs a crew of one."
    TANK_MG_30("tank-mg-30", "Tank mounted .30 cal machine gun (counts as bipod)", 2, null, true),
    // weapons the text names outside the chart: no template
    RIFLE("rifle", "Rifle", 0, null, false),
    PISTOL("pistol", "Pistol", 0, null, false),
    LAW("law", "LAW rocket", 0, null, false),
    ATGM("atgm", "ATGM", 0, null, true);

    private final String id;
    private final String chartName;
    private final int leafTemplates;
    private final String area;
    private final boolean crewServed;

    WeaponType(String id, String chartName, int leafTemplates, String area, boolean crewServed) {
        this.id = id;
        this.chartName = chartName;
        this.leafTemplates = leafTemplates;
        this.area = area;
        this.crewServed = crewServed;
    }

    public String id() {
        return id;
    }

    public String chartName() {
        return chartName;
    }

    /** The chart's number of leaf templates with a full crew (0 for area weapons and weapons without a template). */
    public int leafTemplates() {
        return leafTemplates;
    }

    /** The chart's area (40mm diameter, cone shaped template) for explosive/incendiary weapons, else null. */
    public String area() {
        return area;
    }

    /** "Any weapon assigned a template": leaf templates or an area. */
    public boolean hasTemplate() {
        return leafTemplates > 0 || area != null;
    }

    /** Crew served direct fire weapons: "ATGM, machine guns, automatic grenade launchers, Gatling gun". */
    public boolean crewServed() {
        return crewServed;
    }

    /** "Anytime the firer of a man portable weapon is killed his weapon is also destroyed" (a tank MG is not). */
    public boolean manPortable() {
        return this != TANK_MG_30;
    }

    public boolean machineGun() {
        return this == TRIPOD_MG_30 || this == BIPOD_MG_30 || this == TANK_MG_30 || this == HEAVY_MACHINE_GUN_50;
    }

    /** "A tripod machine gun may fire at a tank"; only tripod MGs have the spotter that indirect fire needs. */
    public boolean tripodMachineGun() {
        return this == TRIPOD_MG_30 || this == HEAVY_MACHINE_GUN_50;
    }

    /** Soft body armor "only stops pistol and submachine gun rounds as well as shrapnel". */
    public boolean stoppedBySoftArmour() {
        return this == PISTOL || this == SUB_MACHINE_GUN || this == MACHINE_PISTOL || this == HAND_GRENADE
                || this == GRENADE_LAUNCHER;
    }

    /**
     * The type named by a campaign file: a type id ("tripod-mg-30"), the chart's name ("Tripod Machine Gun (.30
     * cal)"), or "machine-gun" with a calibre (.30/.50) and a mount (bipod/tripod/tank).
     */
    public static WeaponType parse(String type, String calibre, String mount, String field) {
        if (type == null || type.isBlank()) {
            throw new FieldRefused(field + ".type", "missing (one of " + ids() + ")");
        }
        String t = type.trim();
        if (t.equalsIgnoreCase("machine-gun") || t.equalsIgnoreCase("machine gun")) {
            return machineGun(calibre, mount, field);
        }
        for (WeaponType w : values()) {
            if (w.id.equalsIgnoreCase(t) || w.chartName.equalsIgnoreCase(t)) {
                return w;
            }
        }
        throw new FieldRefused(field + ".type", "'" + type + "' is not a weapon type (one of " + ids()
                + ", or machine-gun with calibre and mount)");
    }

    private static WeaponType machineGun(String calibre, String mount, String field) {
        if (calibre == null) {
            throw new FieldRefused(field + ".calibre", "a machine gun needs its calibre (.30 or .50)");
        }
        if (mount == null) {
            throw new FieldRefused(field + ".mount", "a machine gun needs its mount (bipod, tripod, tank)");
        }
        String c = calibre.trim().replace("cal", "").trim();
        String m = mount.trim().toLowerCase();
        if (c.equals(".30") || c.equals("30")) {
            switch (m) {
                case "tripod": return TRIPOD_MG_30;
                case "bipod": return BIPOD_MG_30;
                case "tank", "tank-mounted", "tank mounted": return TANK_MG_30;
                default: break;
            }
        } else if ((c.equals(".50") || c.equals("50")) && m.equals("tripod")) {
            return HEAVY_MACHINE_GUN_50;
        }
        throw new FieldRefused(field, "the text gives no machine gun of calibre " + calibre
                + " on a " + mount + " mount (.30 bipod/tripod/tank, .50 tripod)");
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(WeaponType::id).toList();
    }
}
