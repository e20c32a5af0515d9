package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

/** The crew roles the text names for crew-served weapons: gunner (the firer), loader, commander and spotter. */
public enum CrewRole {
    GUNNER, LOADER, COMMANDER, SPOTTER;

    public static CrewRole parse(String text, String field) {
        if (text == null) {
            return null;
        }
        return switch (text.trim().toLowerCase()) {
            case "gunner", "firer" -> GUNNER;
            case "loader" -> LOADER;
            case "commander" -> COMMANDER;
            case "spotter" -> SPOTTER;
            default -> throw new FieldRefused(field, "'" + text
                    + "' is not a crew role (gunner, loader, commander, spotter)");
        };
    }
}
