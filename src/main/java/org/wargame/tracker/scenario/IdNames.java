package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DieNeed;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counters' and sides' ids with the names the campaign file gives them, to write a text the rules built from ids
 * ("10.11: br-crew-1 may become Pack-TI now", "Player Turn 1 (axis)") in the players' words. The rules keep
 * building their texts from ids (they know no names of sides); whoever shows a text to a player passes it through
 * here. Machine fields (a request, a counter's id, the clock's side) keep their ids.
 */
public record IdNames(Map<String, String> byId) {

    public static final IdNames NONE = new IdNames(Map.of());

    public IdNames {
        Map<String, String> named = new HashMap<>();
        byId.forEach((id, name) -> {
            if (id != null && name != null && !name.isBlank()) {
                named.put(id, name);
            }
        });
        byId = Map.copyOf(named);
    }

    public static IdNames of(List<CounterView> counters, List<Side> sides) {
        Map<String, String> names = new HashMap<>();
        counters.forEach(c -> {
            if (c.name() != null && !c.name().isBlank()) {
                names.put(c.id(), c.name());
            }
        });
        sides.forEach(side -> {
            if (side.name() != null && !side.name().isBlank()) {
                names.put(side.id(), side.name());
            }
        });
        // a name the file gives to several counters ("Rifleman" five times) would hide which one acted: those keep
        // their id beside the name
        Map<String, Long> uses = names.values().stream()
                .collect(java.util.stream.Collectors.groupingBy(n -> n, java.util.stream.Collectors.counting()));
        names.replaceAll((id, name) -> uses.get(name) > 1 ? name + " (" + id + ")" : name);
        // what the counters' data holds by id (a figure's weapons), as its rule set names it; never over a counter
        counters.forEach(c -> WORDS.forEach(w -> w.names(c).forEach(names::putIfAbsent)));
        return new IdNames(names);
    }

    /** Every rule set's words, which name what a counter's data holds. */
    private static final List<org.wargame.tracker.rules.RuleSetWords> WORDS = org.wargame.tracker.rules.RuleSets.all()
            .stream().map(r -> r.words()).toList();

    /** The longest run of id characters taken as a word (a longer run is no id and stays as it is). */
    private static final int LONGEST_ID = 64;

    /** The id's name, or the id when it has none. */
    public String name(String id) {
        return id == null ? null : byId.getOrDefault(id, id);
    }

    /**
     * {@code text} with every id that has a name written as that name (an id ending a sentence keeps its stop). A
     * word is a run of letters, digits, '.', '_' and '-'. Scanned by hand, not by a regular expression: a scenario
     * view passes every option's texts through here on every action (hundreds with 100 counters).
     */
    public String in(String text) {
        if (text == null || byId.isEmpty()) {
            return text;
        }
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            if (!idChar(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < n && idChar(text.charAt(i))) {
                i++;
            }
            String named = i - start > LONGEST_ID ? null : named(text.substring(start, i));
            if (named != null) {
                if (out == null) {
                    out = new StringBuilder(n + 32);
                }
                out.append(text, copied, start).append(named);
                copied = i;
            }
        }
        return out == null ? text : out.append(text, copied, n).toString();
    }

    private static boolean idChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                || c == '-';
    }

    /** The word's name (keeping the stops that end it), or null when it names nothing. */
    private String named(String w) {
        String name = byId.get(w);
        if (name != null) {
            return name;
        }
        int bare = w.length();
        while (bare > 0 && w.charAt(bare - 1) == '.') {
            bare--;
        }
        if (bare == 0 || bare == w.length()) {
            return null;
        }
        name = byId.get(w.substring(0, bare));
        return name == null ? null : name + w.substring(bare);
    }

    /**
     * The option with its texts (label, reason, the labels of its fields, what each die decides) in names; its
     * request keeps the ids.
     */
    public ActionOption in(ActionOption o) {
        if (byId.isEmpty()) {
            return o;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        o.labels().forEach((field, label) -> labels.put(field, in(label)));
        List<DieNeed> dice = o.dice().stream().map(d -> new DieNeed(d.kind(), in(d.purpose()), in(d.when())))
                .toList();
        return new ActionOption(o.counterId(), o.action(), in(o.label()), o.allowed(), in(o.reason()), o.request(),
                o.fields(), dice, labels);
    }
}
