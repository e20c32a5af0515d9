package org.wargame.tracker.rules;

import java.util.List;

/** One phase of a Player Turn, with the steps a rule names inside it (none for most phases). */
public record Phase(String code, String name, List<String> steps) {
    public Phase {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    public static Phase of(String code, String name, String... steps) {
        return new Phase(code, name, List.of(steps));
    }
}
