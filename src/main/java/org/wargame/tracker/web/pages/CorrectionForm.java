package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A ruling's correction as the disputed action's own form (its action's schema), filled with the values it was
 * taken with; the referee changes what the ruling corrects. Posted back with its inputs under {@value #PREFIX}, it
 * reads as the corrected request, or as none when nothing was changed (Uphold then removes the action). The dice
 * are the disputed action's own: a correction is decided with them, so they are shown, not asked.
 */
public record CorrectionForm(String type, String title, List<FormInputs.Input> inputs, Map<String, String> values,
                             List<String> dice) {

    /** The posted names of the correction's inputs start with this ({@code c_f_result}). */
    public static final String PREFIX = "c_";

    /** The form of {@code taken}, or null for a clock advance (nothing to correct) or an action no longer known. */
    static CorrectionForm of(ScenarioLog.TakenAction taken, RuleSet<?, ?, ?> ruleSet, List<CounterView> counters,
                             org.wargame.tracker.scenario.IdNames names) {
        if (taken == null || taken.clock() || taken.request() == null) {
            return null;
        }
        ActionSchema schema = ruleSet.actionSchema(taken.type());
        if (schema == null) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        List<String> paths = new ArrayList<>();
        taken.request().forEach((key, value) -> {
            if (!"type".equals(key)) {
                leaves(key, value, paths, values);
            }
        });
        // a field of the schema the request left out may be filled in by the correction
        schema.fields().forEach(f -> {
            if (!taken.request().containsKey(f.name()) && !paths.contains(f.name())
                    && schema.at(f.name()).isPresent() && !(f.kind() instanceof org.wargame.tracker.rules.ActionField
                    .Counters)) {
                paths.add(f.name());
            }
        });
        ActionOption option = new ActionOption(null, taken.type(), schema.title(), true, null,
                Map.of("type", taken.type()), paths, List.of());
        List<FormInputs.Input> inputs = FormInputs.inputs(option, schema, counters).stream()
                .map(in -> new FormInputs.Input(in.path(), PREFIX + in.name(), in.label(), in.input(), in.choices(),
                        in.min(), in.max(), in.required(), in.maxLength())).toList();
        Map<String, String> named = new LinkedHashMap<>();
        values.forEach((path, v) -> named.put(PREFIX + ActionForm.FIELD_PREFIX + path, v));
        List<String> dice = taken.dice().stream().map(d -> names.in(die(d))).toList();
        return new CorrectionForm(taken.type(), schema.title(), inputs, named, dice);
    }

    /** Whether a checkbox of a list of counters holds {@code value}. */
    public boolean holds(String name, String value) {
        String v = values.get(name);
        return v != null && List.of(v.split("\n")).contains(value);
    }

    private static String die(DiceRoll roll) {
        return roll.kind() + " " + String.join(" ", roll.values().stream().map(String::valueOf).toList())
                + (DiceRoll.SERVER.equals(roll.source()) ? " (server)" : " (entered)")
                + (roll.purpose() == null ? "" : ", " + roll.purpose());
    }

    /** The request's values by path ("result", "targets[0].target"); a list of counters is one field. */
    private static void leaves(String path, Object value, List<String> paths, Map<String, String> values) {
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> leaves(path + "." + k, v, paths, values));
        } else if (value instanceof Collection<?> c && !c.isEmpty() && c.iterator().next() instanceof Map<?, ?>) {
            int i = 0;
            for (Object row : c) {
                leaves(path + "[" + i++ + "]", row, paths, values);
            }
        } else {
            paths.add(path);
            if (value instanceof Collection<?> c) {
                values.put(path, String.join("\n", c.stream().map(String::valueOf).toList()));
            } else if (value != null) {
                values.put(path, String.valueOf(value));
            }
        }
    }

    /**
     * The corrected request the referee posted ({@code form}: the ruling form's fields), or null when it is the
     * disputed request as it was (nothing corrected).
     */
    static Map<String, Object> corrected(Map<String, String> form, ScenarioLog.TakenAction taken,
                                         RuleSet<?, ?, ?> ruleSet) {
        if (taken == null || taken.clock() || taken.request() == null) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        boolean any = false;
        for (Map.Entry<String, String> e : form.entrySet()) {
            if (e.getKey().startsWith(PREFIX + ActionForm.FIELD_PREFIX)) {
                fields.put(e.getKey().substring(PREFIX.length()), e.getValue());
                any = true;
            }
        }
        if (!any) {
            return null;
        }
        fields.put("request", "{\"type\":" + StoredJson.mapper().valueToTree(taken.type()) + "}");
        Map<String, Object> body = ActionForm.body(fields, ruleSet::actionSchema);
        body.remove("dice");
        return same(body, taken.request()) ? null : body;
    }

    /** The same request, but for yes/no fields left out as no and empty lists. */
    private static boolean same(Map<String, Object> a, Map<String, Object> b) {
        return plain(a).equals(plain(b));
    }

    /** A request as canonical text: keys sorted, numbers as written, no false or empty values. */
    private static String plain(Map<String, Object> request) {
        Map<String, Object> copy = new LinkedHashMap<>(request);
        copy.values().removeIf(v -> Boolean.FALSE.equals(v) || v instanceof Collection<?> c && c.isEmpty());
        try {
            return StoredJson.mapper().writer()
                    .with(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                    .writeValueAsString(copy);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return String.valueOf(copy);
        }
    }
}
