package org.wargame.tracker.rules;

import java.util.Map;

/**
 * A roll a rule set takes for a roster counter between two scenarios of its campaign (a Medical Treatment roll): the
 * die with its source, the result as the chart words it, the counter's new carried state, whether it is struck off
 * by it, and the rule section.
 */
public record BetweenScenariosRoll(DiceRoll roll, String result, Map<String, Object> state, boolean struckOff,
                                   String section) {
    public BetweenScenariosRoll {
        state = state == null ? Map.of() : Ordered.copyOf(state);
    }
}
