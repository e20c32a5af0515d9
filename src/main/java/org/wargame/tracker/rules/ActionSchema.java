package org.wargame.tracker.rules;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One action of a rule set as a typed contract: its {@code type}, the fields it takes (each with its kind of value)
 * and the dice it may roll. The API's OpenAPI document, the validation of requests and the pages' forms are all
 * made from it, so the three cannot disagree.
 *
 * @param type    the action's {@code type} in a request ({@code become-pack-ti})
 * @param title   what players call it
 * @param section the rule section it plays
 * @param fields  its fields, in the order a form shows them
 * @param dice    every die it may roll, in the order the rules ask for them (an option says which it needs now)
 */
public record ActionSchema(String type, String title, String section, List<ActionField> fields, List<DieNeed> dice) {

    public ActionSchema {
        fields = List.copyOf(fields);
        dice = dice == null ? List.of() : List.copyOf(dice);
    }

    public static ActionSchema of(String type, String title, String section, List<DieNeed> dice,
                                  ActionField... fields) {
        return new ActionSchema(type, title, section, List.of(fields), dice);
    }

    public Optional<ActionField> field(String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /**
     * The field a form names by its path ({@code targets[0].target}: the {@code target} of an element of the list
     * of groups {@code targets}), or empty.
     */
    public Optional<ActionField> at(String path) {
        List<ActionField> level = fields;
        ActionField found = null;
        for (String part : path.split("\\.")) {
            String name = part.replaceAll("\\[\\d+]$", "");
            found = level.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
            if (found == null) {
                return Optional.empty();
            }
            level = found.kind() instanceof ActionField.Group group ? group.fields() : List.of();
        }
        return Optional.ofNullable(found);
    }

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /**
     * Refuses a request (without its {@code type} and {@code dice}) that does not fit: an unknown field, a value of
     * the wrong type, outside its closed list or range, or a required field left out, naming the field by its path.
     */
    public void check(Map<String, ?> request) {
        check(fields, request, "");
    }

    private static void check(List<ActionField> fields, Map<String, ?> values, String prefix) {
        for (String key : values.keySet()) {
            if (prefix.isEmpty() && key.equals("type")) {
                continue;
            }
            if (fields.stream().noneMatch(f -> f.name().equals(key))) {
                throw new FieldRefused(prefix + key, "unknown field (this action takes "
                        + String.join(", ", fields.stream().map(ActionField::name).toList()) + ")");
            }
        }
        for (ActionField f : fields) {
            String path = prefix + f.name();
            Object v = values.get(f.name());
            if (v == null) {
                if (f.required()) {
                    throw new FieldRefused(path, "required: " + f.label());
                }
                continue;
            }
            checkValue(f.kind(), v, path);
        }
    }

    private static void checkValue(ActionField.Kind kind, Object v, String path) {
        if (kind instanceof ActionField.CounterRef) {
            if (!(v instanceof String id) || !ID.matcher(id).matches()) {
                throw new FieldRefused(path, "a counter's id, as text");
            }
        } else if (kind instanceof ActionField.Choice choice) {
            if (!(v instanceof String text) || !choice.values().contains(text)) {
                throw new FieldRefused(path, "one of " + String.join(", ", choice.values()));
            }
        } else if (kind instanceof ActionField.WholeNumber range) {
            if (!(v instanceof Integer || v instanceof Long || v instanceof Short)) {
                throw new FieldRefused(path, "a whole number (" + range.min() + " to " + range.max() + ")");
            }
            long n = ((Number) v).longValue();
            if (n < range.min() || n > range.max()) {
                throw new FieldRefused(path, "from " + range.min() + " to " + range.max() + ", not " + n);
            }
        } else if (kind instanceof ActionField.YesNo) {
            if (!(v instanceof Boolean)) {
                throw new FieldRefused(path, "true or false");
            }
        } else if (kind instanceof ActionField.Text text) {
            if (!(v instanceof String s) || s.length() > text.maxLength()) {
                throw new FieldRefused(path, "text of at most " + text.maxLength() + " characters");
            }
        } else if (kind instanceof ActionField.Counters list) {
            if (!(v instanceof List<?> ids) || ids.size() < list.min()) {
                throw new FieldRefused(path, "a list of at least " + list.min() + " counters' ids");
            }
            for (int i = 0; i < ids.size(); i++) {
                checkValue(list.of(), ids.get(i), path + "[" + i + "]");
            }
        } else if (kind instanceof ActionField.Group group) {
            if (!(v instanceof List<?> items)) {
                throw new FieldRefused(path, "a list");
            }
            for (int i = 0; i < items.size(); i++) {
                if (!(items.get(i) instanceof Map<?, ?> item)) {
                    throw new FieldRefused(path + "[" + i + "]", "an object with "
                            + String.join(", ", group.fields().stream().map(ActionField::name).toList()));
                }
                @SuppressWarnings("unchecked")
                Map<String, ?> typed = (Map<String, ?>) item;
                check(group.fields(), typed, path + "[" + i + "].");
            }
        }
    }
}
