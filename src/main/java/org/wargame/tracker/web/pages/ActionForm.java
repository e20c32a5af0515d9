package org.wargame.tracker.web.pages;

import com.fasterxml.jackson.core.type.TypeReference;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.ActionField;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a posted action form back into the body {@link org.wargame.tracker.scenario.ScenarioService#act} takes: the
 * option's ready {@code request} (JSON in a hidden input), the fields the player filled in ({@code f_NAME}) and the
 * dice typed in per kind ({@code d_0}, {@code d_1}... with their kinds in {@code k_0}...). An empty field is left out;
 * empty dice are rolled by the server. Pure, so the page and its tests agree on the shape.
 */
final class ActionForm {

    public static final String FIELD_PREFIX = "f_";
    public static final String DICE_PREFIX = "d_";
    public static final String DICE_KIND_PREFIX = "k_";

    private ActionForm() {
    }

    /** The action body with every field as text (no schema known); see {@link #body(Map, Function)}. */
    public static Map<String, Object> body(Map<String, String> form) {
        return body(form, type -> null);
    }

    /**
     * The action body; refuses with a message that starts with the field it is about. Each field is read as its
     * action schema says: a whole number as a number, yes/no as true or false (a checkbox left unticked is left out),
     * and a path ({@code targets[0].target}, {@code bearers[1]}) into the nested JSON it names.
     */
    public static Map<String, Object> body(Map<String, String> form, Function<String, ActionSchema> schemas) {
        Map<String, Object> body = new LinkedHashMap<>(request(form.get("request")));
        ActionSchema schema = body.get("type") instanceof String type ? schemas.apply(type) : null;
        for (Map.Entry<String, String> e : form.entrySet()) {
            if (e.getKey().startsWith(FIELD_PREFIX) && e.getValue() != null && !e.getValue().isBlank()) {
                String path = e.getKey().substring(FIELD_PREFIX.length());
                ActionField field = schema == null ? null : schema.at(path).orElse(null);
                put(body, path, value(field, path, e.getValue().trim()), field != null
                        && field.kind() instanceof ActionField.Counters);
            }
        }
        dropRowsLeftEmpty(body, form);
        List<Map<String, Object>> dice = new ArrayList<>();
        String firstEmpty = null;
        for (int i = 0; form.containsKey(DICE_KIND_PREFIX + i); i++) {
            String kind = form.get(DICE_KIND_PREFIX + i);
            String entered = form.getOrDefault(DICE_PREFIX + i, "");
            if (entered == null || entered.isBlank()) {
                firstEmpty = firstEmpty == null ? kind : firstEmpty;
                continue;
            }
            if (firstEmpty != null) {
                throw new FieldRefused("dice", "enter the " + firstEmpty + " too, or leave the later dice"
                        + " empty (the rolls are used in order)");
            }
            dice.add(Map.of("kind", kind, "values", values(kind, entered)));
        }
        if (!dice.isEmpty()) {
            body.put("dice", dice);
        }
        return body;
    }

    private static final Pattern ROW = Pattern.compile("^" + FIELD_PREFIX + "([A-Za-z0-9_-]+)\\[(\\d{1,3})]\\.");

    /**
     * A row of a list whose inputs the player left all empty is not sent: a side designates its targets in one form,
     * a row per man, and a man whose target is left empty does not fire. A row with any input filled is sent whole
     * (a missing target is then refused, naming the row); a form left wholly empty is sent as it is, so that the
     * refusal says what is missing instead of designating nothing.
     */
    @SuppressWarnings("unchecked")
    static void dropRowsLeftEmpty(Map<String, Object> body, Map<String, String> form) {
        Map<String, java.util.Set<Integer>> shown = new LinkedHashMap<>();
        Map<String, java.util.Set<Integer>> filled = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : form.entrySet()) {
            Matcher m = ROW.matcher(e.getKey());
            if (m.find()) {
                int index = Integer.parseInt(m.group(2));
                shown.computeIfAbsent(m.group(1), k -> new java.util.TreeSet<>()).add(index);
                if (e.getValue() != null && !e.getValue().isBlank()) {
                    filled.computeIfAbsent(m.group(1), k -> new java.util.TreeSet<>()).add(index);
                }
            }
        }
        shown.forEach((name, rows) -> {
            if (body.get(name) instanceof List<?> list) {
                java.util.Set<Integer> keep = filled.getOrDefault(name, java.util.Set.of());
                if (keep.isEmpty()) {
                    return; // nothing filled at all: sent as it is, and refused naming the first row's field
                }
                List<Object> sent = new ArrayList<>();
                for (int i = 0; i < list.size(); i++) {
                    if (!rows.contains(i) || keep.contains(i)) {
                        sent.add(list.get(i));
                    }
                }
                body.put(name, sent);
            }
        });
    }

    private static Object value(ActionField field, String path, String text) {
        if (field == null) {
            return text;
        }
        if (field.kind() instanceof ActionField.WholeNumber range) {
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException notWhole) {
                throw new FieldRefused(path, "a whole number from " + range.min() + " to " + range.max());
            }
        }
        if (field.kind() instanceof ActionField.YesNo) {
            return switch (text.toLowerCase(java.util.Locale.ROOT)) {
                case "true", "on", "yes" -> Boolean.TRUE;
                case "false", "off", "no" -> Boolean.FALSE;
                default -> throw new FieldRefused(path, "yes or no");
            };
        }
        return text;
    }

    private static final Pattern STEP = Pattern.compile("([A-Za-z0-9_-]+)((?:\\[\\d{1,3}])*)");

    /**
     * Puts a value at a path of names and list indexes, creating the maps and lists on the way (merging into the
     * ready request: {@code targets[0]} already holds the firer and weapon); {@code append}: a list of counters from
     * checkboxes, whose indexes have gaps, is filled in order.
     */
    @SuppressWarnings("unchecked")
    static void put(Map<String, Object> body, String path, Object value, boolean append) {
        String[] parts = path.split("\\.");
        Object container = body;
        for (int p = 0; p < parts.length; p++) {
            Matcher m = STEP.matcher(parts[p]);
            if (!m.matches()) {
                throw new FieldRefused(path, "not a field of this action");
            }
            boolean last = p == parts.length - 1;
            Map<String, Object> map = (Map<String, Object>) container;
            List<Integer> indexes = new ArrayList<>();
            Matcher idx = Pattern.compile("\\[(\\d+)]").matcher(m.group(2));
            while (idx.find()) {
                indexes.add(Integer.parseInt(idx.group(1)));
            }
            if (indexes.isEmpty()) {
                if (last) {
                    map.put(m.group(1), value);
                    return;
                }
                Object next = map.get(m.group(1));
                if (!(next instanceof Map<?, ?>)) {
                    next = new LinkedHashMap<String, Object>();
                    map.put(m.group(1), next);
                }
                container = next;
                continue;
            }
            Object listObject = map.get(m.group(1));
            List<Object> list = listObject instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>();
            map.put(m.group(1), list);
            int i = indexes.get(0);
            if (last && append) {
                list.add(value);
                return;
            }
            while (list.size() <= i) {
                list.add(last ? null : new LinkedHashMap<String, Object>());
            }
            if (last) {
                list.set(i, value);
                return;
            }
            Object item = list.get(i);
            Map<String, Object> copy = item instanceof Map<?, ?> im ? new LinkedHashMap<>((Map<String, Object>) im)
                    : new LinkedHashMap<>();
            list.set(i, copy);
            container = copy;
        }
    }

    /** "3", "3 4", "3,4", "3+4" or, for several small dice, "34". */
    static List<Integer> values(String kindName, String entered) {
        DiceKind kind;
        try {
            kind = DiceKind.named(kindName);
        } catch (IllegalArgumentException unknown) {
            throw new FieldRefused("dice", "the page asks for dice this tracker does not know; reload the page");
        }
        String text = entered.trim();
        List<Integer> values = new ArrayList<>();
        if (kind.count() > 1 && kind.sides() < 10 && text.matches("\\d{" + kind.count() + "}")) {
            text.chars().forEach(ch -> values.add(ch - '0'));
            return values;
        }
        for (String token : text.split("[^0-9]+")) {
            if (!token.isEmpty()) {
                if (token.length() > 3) { // more digits than any die has faces (and than an int holds)
                    throw new FieldRefused("dice", org.wargame.tracker.refusal.RequestJson.shortened(token)
                            + " is not a face of a d" + kind.sides());
                }
                values.add(Integer.parseInt(token));
            }
        }
        if (values.size() != kind.count()) {
            throw new FieldRefused("dice", "a " + kind.name() + " is " + kind.count()
                    + (kind.count() == 1 ? " die" : " dice") + ", e.g. " + (kind.count() == 1 ? "3" : "3 4"));
        }
        for (int v : values) {
            if (v < 1 || v > kind.sides()) {
                throw new FieldRefused("dice", "" + v + " is not a face of a d" + kind.sides());
            }
        }
        return values;
    }

    private static Map<String, Object> request(String json) {
        if (json == null || json.isBlank()) {
            throw new FieldRefused("type", "the form carries no action");
        }
        try {
            return StoredJson.mapper().readValue(json, new TypeReference<Map<String, Object>>() {
            });
        } catch (Exception e) {
            throw new FieldRefused("type", "the form's action is not readable");
        }
    }

    /** The option's request as the hidden input carries it. */
    public static String json(Map<String, Object> request) {
        try {
            return StoredJson.mapper().writeValueAsString(request);
        } catch (Exception e) {
            throw new IllegalStateException("cannot write an action request", e);
        }
    }
}
