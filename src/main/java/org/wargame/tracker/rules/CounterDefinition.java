package org.wargame.tracker.rules;

import java.util.Map;

/**
 * A counter as the campaign file (or a scenario's order of battle) gives it: its identity, kind, owner, counter data
 * (numbers printed on the counter, validated by its rule set) and state carried from earlier scenarios or set up by
 * the scenario (location, markers).
 */
public record CounterDefinition(String id, String kind, String name, String side, String nationality,
                                Map<String, Object> data, Map<String, Object> state) {
    public CounterDefinition {
        data = data == null ? Map.of() : Ordered.copyOf(data);
        state = state == null ? Map.of() : Ordered.copyOf(state);
    }

    public CounterDefinition withState(Map<String, Object> newState) {
        return new CounterDefinition(id, kind, name, side, nationality, data, newState);
    }
}
