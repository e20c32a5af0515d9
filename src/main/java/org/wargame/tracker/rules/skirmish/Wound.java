package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * The effects of a hit on a man or an animal, worst last (Infantry Target Hit Locations Chart, Animal Hit Location).
 * A second wound never makes a figure better: the worse of the two stands.
 */
public enum Wound {
    WALKING_WOUNDED("walking wounded"),
    LITTER_CASE("litter case"),
    DEATH("dead");

    private final String marker;

    Wound(String marker) {
        this.marker = marker;
    }

    public String marker() {
        return marker;
    }

    /** The worse of an existing wound (may be null) and a new one. */
    public static Wound worse(Wound current, Wound hit) {
        if (current == null) {
            return hit;
        }
        if (hit == null) {
            return current;
        }
        return hit.ordinal() > current.ordinal() ? hit : current;
    }

    /** Parses a wound as a player or the campaign file writes it ("walking wounded", "litter case", "death"). */
    public static Wound parse(String text, String field) {
        if (text == null) {
            return null;
        }
        return switch (text.trim().toLowerCase().replace('_', ' ').replace('-', ' ')) {
            case "walking wounded" -> WALKING_WOUNDED;
            case "litter case" -> LITTER_CASE;
            case "death", "dead", "killed" -> DEATH;
            case "", "none" -> null;
            default -> throw new FieldRefused(field, "'" + text
                    + "' is not a wound (walking wounded, litter case, death)");
        };
    }
}
