package org.wargame.tracker.rules;

import java.util.Map;

/** A counter's end state when a scenario is concluded: struck off the roster, or carried on with this state. */
public record CounterOutcome(String id, boolean eliminated, Map<String, Object> state) {
    public CounterOutcome {
        state = state == null ? Map.of() : Ordered.copyOf(state);
    }
}
