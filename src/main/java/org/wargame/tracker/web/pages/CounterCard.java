package org.wargame.tracker.web.pages;

import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterFace;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A counter as the pages draw it, whether it comes from a scenario ({@link CounterView}) or the campaign roster: its
 * colours by nationality, and in its rule set's words ({@link RuleSetWords}) a symbol for its kind, the numbers
 * printed on it, its state; the markers stacked on it.
 */
public record CounterCard(String id, String kind, String name, String side, String nationality, String location,
                          Map<String, Object> data, Map<String, Object> state, List<String> markers,
                          boolean eliminated, String note, RuleSetWords words) {

    /** A card for its colours only. */
    public CounterCard(String id, String kind, String name, String side, String nationality, String location,
                       Map<String, Object> data, Map<String, Object> state, List<String> markers,
                       boolean eliminated, String note) {
        this(id, kind, name, side, nationality, location, data, state, markers, eliminated, note,
                RuleSetWords.PLAIN);
    }

    public static CounterCard of(CounterView c, RuleSetWords words) {
        return new CounterCard(c.id(), c.kind(), c.name(), c.side(), c.nationality(), c.location(), c.data(),
                c.state(), c.markers() == null ? List.of() : c.markers(), c.eliminated(), null, words);
    }

    public static CounterCard of(RosterCounter r, String note, RuleSetWords words) {
        CounterDefinition c = r.counter();
        return new CounterCard(c.id(), c.kind(), c.name(), c.side(), c.nationality(), null, c.data(), c.state(),
                markersIn(c.state()), r.eliminated(), note, words);
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

    /** The id of the symbol (in the page's SVG sprite) for this kind of counter, as its rule set draws it. */
    public String symbol() {
        return "sym-" + look().symbol().name().toLowerCase(Locale.ROOT);
    }

    /** The numbers printed on the counter, as its rule set labels them: "94mm", "M#10", "B#12", or "key value". */
    public List<String> numbers() {
        return look().numbers();
    }

    /** The same with ids in them written as names ("rider de-rider" as "rider Uffz. Lang"). */
    public List<String> numbers(Map<String, String> names) {
        if (names == null || names.isEmpty()) {
            return numbers();
        }
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(names);
        return numbers().stream().map(ids::in).toList();
    }

    private CounterFace look() {
        return words.face(kind, data);
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
        return StateWords.of(words, state, Map.of(), null);
    }

    /** The same with counters' and sides' ids written as their names. */
    public List<String> stateLines(Map<String, String> names) {
        return StateWords.of(words, state, names == null ? Map.of() : names, null);
    }

    /** The text on the face of the counter (its rule set's: caliber, gun type...); all numbers are listed beside it. */
    public String face() {
        return look().text();
    }

    private String nat() {
        return nationality == null ? "" : nationality.toLowerCase(Locale.ROOT);
    }
}
