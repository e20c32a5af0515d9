package org.wargame.tracker.rules.asl;

import java.util.ArrayList;
import java.util.List;

/**
 * The events one action (or one clock advance) causes, each applied at once so that the later checks of the same
 * decision see its effect.
 */
final class Decision {

    private final List<AnimalPackEvent> events = new ArrayList<>();
    private AnimalPackState state;

    Decision(AnimalPackState state) {
        this.state = state;
    }

    AnimalPackState state() {
        return state;
    }

    void add(AnimalPackEvent event) {
        events.add(event);
        state = state.evolve(event);
    }

    List<AnimalPackEvent> events() {
        return List.copyOf(events);
    }
}
