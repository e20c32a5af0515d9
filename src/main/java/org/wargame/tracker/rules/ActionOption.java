package org.wargame.tracker.rules;

import java.util.List;
import java.util.Map;

/**
 * An action the rules allow (or refuse, with the reason naming the rule) for a counter at the clock's current
 * position. {@code request} is the action's body ready to send ({@code type} and the counter fields filled in);
 * {@code fields} names the further fields a player must fill in (their kinds are in the action's
 * {@link ActionSchema}); {@code dice} the exact rolls this action needs now, in order, each with what it decides
 * (entered by hand, or rolled by the server when left out); {@code labels} what a field is called here when its
 * schema's label would not tell the rows of a list apart ("Target of Pte Adams (M1 rifle)"), and what a row of a list
 * is ({@code targets[1]}: "Pte Adams · M1 rifle"), which the pages write as the row's head.
 */
public record ActionOption(String counterId, String action, String label, boolean allowed, String reason,
                           Map<String, Object> request, List<String> fields, List<DieNeed> dice,
                           Map<String, String> labels) {
    public ActionOption {
        request = request == null ? Map.of() : Ordered.copyOf(request);
        fields = fields == null ? List.of() : List.copyOf(fields);
        dice = dice == null ? List.of() : List.copyOf(dice);
        labels = labels == null ? Map.of() : Ordered.copyOf(labels);
    }

    public ActionOption(String counterId, String action, String label, boolean allowed, String reason,
                        Map<String, Object> request, List<String> fields, List<DieNeed> dice) {
        this(counterId, action, label, allowed, reason, request, fields, dice, Map.of());
    }
}
