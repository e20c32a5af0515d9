package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.Arrays;
import java.util.List;

/**
 * What caused a casualty, from the closed list the text gives. It decides two things:
 * <ul>
 * <li>HARD COVER or BODY POSITION: "Infantrymen behind hard cover or less exposed positions are protected from small
 * arms fire if the body location hit was covered": cover counts against small arms only.</li>
 * <li>The crew paragraphs: a killed man's weapon is destroyed "unless the weapon would not be harmed by the attack";
 * "Troops killed by chemical weapons, or stabbed would not have their weapons destroyed."</li>
 * </ul>
 * Small arms are the rifles, pistols, shotguns, sub-machine guns, automatic rifles and machine guns of the weapons
 * chart; grenades, grenade launchers, LAW rockets and ATGMs are explosive, the flame thrower incendiary.
 */
public enum CasualtyCause {
    SMALL_ARMS("small arms", true, false),
    EXPLOSIVE("explosive", false, false),
    INCENDIARY("incendiary", false, false),
    ARTILLERY("artillery", false, false),
    STABBED("stabbed", false, true),
    CHEMICAL_WEAPON("chemical weapon", false, true),
    FALL_FROM_A_KILLED_MOUNT("fall from a killed mount", false, true),
    CLOSE_COMBAT("close combat", false, false);

    private final String label;
    private final boolean coverProtects;
    private final boolean sparesWeapons;

    CasualtyCause(String label, boolean coverProtects, boolean sparesWeapons) {
        this.label = label;
        this.coverProtects = coverProtects;
        this.sparesWeapons = sparesWeapons;
    }

    public String label() {
        return label;
    }

    /** Hard cover and body position protect the covered locations from this cause (small arms fire only). */
    public boolean coverProtects() {
        return coverProtects;
    }

    /** A man killed this way keeps his weapons intact. */
    public boolean sparesWeapons() {
        return sparesWeapons;
    }

    /** The cause of a hit by a weapon of the charts. */
    public static CasualtyCause of(WeaponType type) {
        return switch (type) {
            case HAND_GRENADE, GRENADE_LAUNCHER, LAW, ATGM -> EXPLOSIVE;
            case FLAME_THROWER -> INCENDIARY;
            default -> SMALL_ARMS;
        };
    }

    /**
     * The cause a player names: one of the list, as worded there or as its constant; "stabbing" and "chemical" are
     * read as the spellings earlier versions of the tracker accepted.
     */
    public static CasualtyCause parse(String text, String field) {
        if (text == null || text.isBlank()) {
            throw new FieldRefused(field, "missing (" + labels() + ")");
        }
        String t = text.trim().toLowerCase().replace('_', ' ').replace('-', ' ');
        for (CasualtyCause cause : values()) {
            if (cause.label.equals(t)) {
                return cause;
            }
        }
        switch (t) {
            case "stabbing":
                return STABBED;
            case "chemical", "chemical weapons", "gas":
                return CHEMICAL_WEAPON;
            case "fall from killed mount":
                return FALL_FROM_A_KILLED_MOUNT;
            default:
                throw new FieldRefused(field, "'" + text + "' is not a cause of casualty the rules name (" + labels()
                        + "); a bayonet or a knife is 'stabbed'");
        }
    }

    public static List<String> labels() {
        return Arrays.stream(values()).map(CasualtyCause::label).toList();
    }
}
