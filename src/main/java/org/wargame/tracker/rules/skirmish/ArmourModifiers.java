package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.ArrayList;
import java.util.List;

/**
 * INFANTRY TARGET HIT LOCATIONS CHART, the paragraph under it: body armour +1, ballistic helmet +1 (cumulative), soft
 * body armour only against pistol, submachine gun and shrapnel, no steel or ballistic helmet -1, artillery effects in
 * the red zone +1.
 */
public final class ArmourModifiers {

    public static final String RULE = "Infantry Target Hit Locations Chart";

    /** Body armour a figure wears. */
    public enum BodyArmour {
        NONE, SOFT, HARD;

        public static BodyArmour parse(String text, String field) {
            if (text == null) {
                return NONE;
            }
            return switch (text.trim().toLowerCase()) {
                case "none", "" -> NONE;
                case "soft" -> SOFT;
                case "hard" -> HARD;
                default -> throw new FieldRefused(field, "'" + text
                        + "' is not body armour (soft, hard, none)");
            };
        }
    }

    /** A figure's helmet. */
    public enum Helmet {
        NONE, STEEL, BALLISTIC;

        public static Helmet parse(String text, String field) {
            if (text == null) {
                throw new FieldRefused(field, "missing (steel, ballistic or none): a figure without a "
                        + "steel or ballistic helmet is modified -1, so the campaign file must say");
            }
            return switch (text.trim().toLowerCase()) {
                case "none" -> NONE;
                case "steel" -> STEEL;
                case "ballistic" -> BALLISTIC;
                default -> throw new FieldRefused(field, "'" + text
                        + "' is not a helmet (steel, ballistic, none)");
            };
        }
    }

    /** What a figure wears. */
    public record Armour(BodyArmour body, Helmet helmet) {
    }

    private ArmourModifiers() {
    }

    /**
     * The armour and red-zone modifiers for one hit.
     *
     * @param shrapnel    the hit is shrapnel (artillery effects, grenades) rather than a round from {@code weapon}
     * @param weapon      the weapon that hit (null for artillery effects)
     * @param redZone     artillery effects in the red zone
     */
    public static List<HitLocationModifier> of(Armour armour, WeaponType weapon, boolean shrapnel, boolean redZone) {
        List<HitLocationModifier> modifiers = new ArrayList<>();
        if (armour.body() == BodyArmour.HARD) {
            modifiers.add(new HitLocationModifier("body armour", 1));
        } else if (armour.body() == BodyArmour.SOFT && (shrapnel || (weapon != null && weapon.stoppedBySoftArmour()))) {
            modifiers.add(new HitLocationModifier("soft body armour (pistol, submachine gun or shrapnel)", 1));
        }
        if (armour.helmet() == Helmet.BALLISTIC) {
            modifiers.add(new HitLocationModifier("ballistic helmet", 1));
        } else if (armour.helmet() == Helmet.NONE) {
            modifiers.add(new HitLocationModifier("no steel or ballistic helmet", -1));
        }
        if (redZone) {
            modifiers.add(new HitLocationModifier("artillery effects in the red zone", 1));
        }
        return modifiers;
    }
}
