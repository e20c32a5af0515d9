package org.wargame.tracker.web.pages;

import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterView;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A counter as the pages draw it, whether it comes from a scenario ({@link CounterView}) or the campaign roster: its
 * colours by nationality, a symbol for its kind, the numbers printed on it and the markers stacked on it.
 */
public record CounterCard(String id, String kind, String name, String side, String nationality, String location,
                          Map<String, Object> data, Map<String, Object> state, List<String> markers,
                          boolean eliminated, String note) {

    public static CounterCard of(CounterView c) {
        return new CounterCard(c.id(), c.kind(), c.name(), c.side(), c.nationality(), c.location(), c.data(),
                c.state(), c.markers() == null ? List.of() : c.markers(), c.eliminated(), null);
    }

    public static CounterCard of(RosterCounter r, String note) {
        CounterDefinition c = r.counter();
        return new CounterCard(c.id(), c.kind(), c.name(), c.side(), c.nationality(), null, c.data(), c.state(),
                markersIn(c.state()), r.eliminated(), note);
    }

    /** Roster state carries markers under {@code markers} when a rule set keeps them between scenarios. */
    private static List<String> markersIn(Map<String, Object> state) {
        Object markers = state == null ? null : state.get("markers");
        List<String> list = new ArrayList<>();
        if (markers instanceof List<?> l) {
            l.forEach(m -> list.add(String.valueOf(m)));
        }
        return list;
    }

    /** Background and text colour of the counter, after the usual colours of each nationality. */
    public String fill() {
        return switch (nat()) {
            case "british", "commonwealth", "uk" -> "#d9c48f";
            case "italian" -> "#a7b08a";
            case "german" -> "#8fa3b8";
            case "russian", "soviet" -> "#b98a5e";
            case "american", "us" -> "#8f9f5a";
            case "japanese" -> "#e2c34a";
            case "french" -> "#6f8fc9";
            case "finnish" -> "#cfd3d6";
            default -> "#c9c9c9";
        };
    }

    public String ink() {
        return switch (nat()) {
            case "russian", "soviet", "french" -> "#ffffff";
            default -> "#1a1a1a";
        };
    }

    /** The id of the symbol (in the page's SVG sprite) for this kind of counter. */
    public String symbol() {
        String k = kind == null ? "" : kind.toLowerCase(Locale.ROOT);
        return switch (k) {
            case "squad", "half-squad", "infantry", "soldier", "fighter" -> "sym-infantry";
            case "crew" -> "sym-crew";
            case "leader", "officer", "hero" -> "sym-leader";
            case "gun", "artillery", "mortar" -> "sym-gun";
            case "support-weapon", "weapon", "mg", "sw" -> "sym-weapon";
            case "horse", "mule", "animal", "cavalry" -> "sym-animal";
            case "vehicle", "tank", "afv" -> "sym-vehicle";
            default -> "sym-unit";
        };
    }

    /** The order printed numbers are shown in; other data keys follow alphabetically. */
    private static final List<String> ORDER = List.of("caliber", "gunType", "firepower", "fp", "range", "morale",
            "manhandling", "breakdown");

    /** The numbers printed on the counter, as short labels: "94mm", "M#10", "B#12", or key=value otherwise. */
    public List<String> numbers() {
        List<String> out = new ArrayList<>();
        if (data == null) {
            return out;
        }
        data.keySet().stream()
                .filter(key -> data.get(key) instanceof Number || data.get(key) instanceof String)
                .sorted(Comparator.comparingInt((String key) -> ORDER.contains(key) ? ORDER.indexOf(key) : 99)
                        .thenComparing(Comparator.naturalOrder()))
                .forEach(key -> out.add(label(key, data.get(key))));
        return out;
    }

    private static String label(String key, Object value) {
        return switch (key) {
            case "caliber" -> value + "mm";
            case "manhandling" -> "M#" + value;
            case "breakdown" -> "B#" + value;
            case "gunType" -> String.valueOf(value);
            case "firepower", "fp" -> "FP " + value;
            case "range" -> "R " + value;
            case "morale" -> "ML " + value;
            default -> key + " " + value;
        };
    }

    /** The flags on the counter data (mule, dismantlable...) that are true. */
    public List<String> flags() {
        return data == null ? List.of() : data.keySet().stream().filter(key -> Boolean.TRUE.equals(data.get(key)))
                .sorted().toList();
    }

    /**
     * The counter's state as the rules keep it now (a Gun's current M#, Low Ammo, its hex's terrain...) in players'
     * words ({@link StateWords}: labelled, no raw map); nothing null, false or empty.
     */
    public List<String> stateLines() {
        return StateWords.of(state);
    }

    /** The same with counters' and sides' ids written as their names. */
    public List<String> stateLines(Map<String, String> names) {
        return StateWords.of(state, names == null ? Map.of() : names, null);
    }

    /** The first two printed numbers (caliber, gun type...) for the face of the counter; all are listed beside it. */
    public String face() {
        return String.join(" ", numbers().stream().filter(n -> !n.contains(" ")).limit(2).toList());
    }

    private String nat() {
        return nationality == null ? "" : nationality.toLowerCase(Locale.ROOT);
    }
}
