package org.wargame.tracker.rules;

import java.util.Map;

/**
 * What a rule set does to a roster counter when the next scenario of its campaign starts (a wound heals, a man out
 * for scenarios misses one): its new carried state, whether it sits the starting scenario out, the rule section and
 * a note in plain words. The campaign records it as an event.
 */
public record RosterChange(Map<String, Object> state, boolean sitsOut, String section, String note) {
    public RosterChange {
        state = state == null ? Map.of() : Ordered.copyOf(state);
    }
}
