package org.wargame.tracker.web;

import org.wargame.tracker.refusal.FieldRefused;

import com.fasterxml.jackson.core.type.TypeReference;
import org.wargame.tracker.store.StoredJson;
import org.wargame.tracker.rules.DiceKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a posted action form back into the body {@link org.wargame.tracker.scenario.ScenarioService#act} takes: the
 * option's ready {@code request} (JSON in a hidden input), the fields the player filled in ({@code f_NAME}) and the
 * dice typed in per kind ({@code d_0}, {@code d_1}... with their kinds in {@code k_0}...). An empty field is left out;
 * empty dice are rolled by the server. Pure, so the page and its tests agree on the shape.
 */
public final class ActionForm {

    public static final String FIELD_PREFIX = "f_";
    public static final String DICE_PREFIX = "d_";
    public static final String DICE_KIND_PREFIX = "k_";

    private ActionForm() {
    }

    /** The action body; refuses with a message that starts with the field it is about. */
    public static Map<String, Object> body(Map<String, String> form) {
        Map<String, Object> body = new LinkedHashMap<>(request(form.get("request")));
        for (Map.Entry<String, String> e : form.entrySet()) {
            if (e.getKey().startsWith(FIELD_PREFIX) && e.getValue() != null && !e.getValue().isBlank()) {
                body.put(e.getKey().substring(FIELD_PREFIX.length()), e.getValue().trim());
            }
        }
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

    /** "3", "3 4", "3,4", "3+4" or, for several small dice, "34". */
    static List<Integer> values(String kindName, String entered) {
        DiceKind kind = DiceKind.named(kindName);
        String text = entered.trim();
        List<Integer> values = new ArrayList<>();
        if (kind.count() > 1 && kind.sides() < 10 && text.matches("\\d{" + kind.count() + "}")) {
            text.chars().forEach(ch -> values.add(ch - '0'));
            return values;
        }
        for (String token : text.split("[^0-9]+")) {
            if (!token.isEmpty()) {
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
