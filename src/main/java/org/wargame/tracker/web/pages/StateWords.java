package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.CounterFace;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;
import org.wargame.tracker.rules.RuleSets;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A counter's state in players' words for its panel, in the words its rule set gives ({@link RuleSetWords}): every
 * key labelled as the rule set labels it (or spelt out), an entry the rule set says in a sentence of its own as that
 * sentence, a roll as "dr 3", nested entries flattened into "label: value" phrases; nothing false, empty or left
 * unlisted by the rule set, and never a raw map. Generic: no rule vocabulary here.
 */
final class StateWords {

    private StateWords() {
    }

    static List<String> of(Map<String, Object> state) {
        return of(ANY, state, Map.of(), null);
    }

    /** With {@code names}: a counter's id written as its name ("br-mule-1" as "\"squad\" Mule 1"), in lists too. */
    static List<String> of(RuleSetWords words, Map<String, Object> state, Map<String, String> names,
                           RuleSetWords.Now now) {
        List<String> lines = new ArrayList<>();
        if (state == null) {
            return lines;
        }
        for (Map.Entry<String, Object> e : state.entrySet()) {
            String key = e.getKey();
            Object v = e.getValue();
            if (words.unlisted(key, v) || !says(v)) {
                continue;
            }
            String sentence = words.sentence(key, v, now);
            if (sentence != null) {
                lines.add(sentence);
                continue;
            }
            lines.add(label(words, key) + (Boolean.TRUE.equals(v) ? "" : ": " + named(value(words, v), names)));
        }
        return lines;
    }

    /** One state value in words (a sentence where its rule set has one, a map as labelled parts), ids as names. */
    static String words(String key, Object v, Map<String, String> names) {
        return words(key, v, names.isEmpty() ? org.wargame.tracker.scenario.IdNames.NONE
                : new org.wargame.tracker.scenario.IdNames(names));
    }

    /** The same with the names made once for a whole page (an audit writes thousands of values). */
    static String words(String key, Object v, org.wargame.tracker.scenario.IdNames names) {
        String sentence = ANY.sentence(key, v, null);
        if (sentence != null) {
            return sentence;
        }
        if (v instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        return names.in(value(ANY, v));
    }

    /**
     * A request's or a payload's value as a player reads it: ids as names, a list joined, a nested map labelled, and a
     * closed-list value as words ("casualty-reduction" as "casualty reduction", "LITTER_CASE" as "litter case").
     */
    static String valueWords(Object v, org.wargame.tracker.scenario.IdNames names) {
        if (v instanceof Collection<?> c) {
            List<String> parts = new ArrayList<>();
            c.forEach(x -> parts.add(valueWords(x, names)));
            return String.join(", ", parts);
        }
        if (v instanceof Map<?, ?> m) {
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> {
                if (says(x)) {
                    parts.add(label(String.valueOf(k)) + (Boolean.TRUE.equals(x) ? "" : " " + valueWords(x, names)));
                }
            });
            return String.join("; ", parts);
        }
        String text = String.valueOf(v);
        String named = names.in(text);
        return named.equals(text) ? closedWord(text) : named;
    }

    /** A value of a closed list in words: "casualty-reduction" to "casualty reduction", "LITTER_CASE" to "litter case". */
    static String closedWord(String text) {
        if (text.matches("[a-z]+(-[a-z]+)+")) {
            return text.replace('-', ' ');
        }
        if (text.matches("[A-Z][A-Z0-9]*(_[A-Z0-9]+)+") || text.matches("[A-Z]{4,}")) {
            return text.replace('_', ' ').toLowerCase(Locale.ROOT);
        }
        return text;
    }

    /** Ids anywhere in a value (a list of bearers, a map of weapons) written as names. */
    private static String named(String text, Map<String, String> names) {
        return names.isEmpty() ? text : new org.wargame.tracker.scenario.IdNames(names).in(text);
    }

    private static boolean says(Object v) {
        return v != null && !Boolean.FALSE.equals(v) && !"".equals(v)
                && !(v instanceof Collection<?> c && c.isEmpty()) && !(v instanceof Map<?, ?> m && m.isEmpty());
    }

    private static String value(RuleSetWords words, Object v) {
        if (v instanceof Map<?, ?> m) {
            if (m.containsKey("kind") && m.containsKey("values")) { // a roll
                return m.get("kind") + " " + join(words, m.get("values"));
            }
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> {
                if (says(x)) {
                    parts.add(label(words, String.valueOf(k)) + (Boolean.TRUE.equals(x) ? "" : " "
                            + value(words, x)));
                }
            });
            return String.join(", ", parts);
        }
        if (v instanceof Collection<?> c) {
            return join(words, c);
        }
        return String.valueOf(v);
    }

    private static String join(RuleSetWords words, Object values) {
        if (values instanceof Collection<?> c) {
            List<String> parts = new ArrayList<>();
            c.forEach(x -> parts.add(value(words, x)));
            // a roll's values read "3 4"; a list of counters or words "a, b"
            return String.join(c.stream().allMatch(x -> x instanceof Number) ? " " : ", ", parts);
        }
        return String.valueOf(values);
    }

    /** A key in words, as any rule set on the class path labels it (an event's or a request's field). */
    static String label(String key) {
        return label(ANY, key);
    }

    /** A key in words: its rule set's label, or camelCase spelt out ("completedGameTurns": "Completed game turns"). */
    static String label(RuleSetWords words, String key) {
        String label = words.label(key);
        if (label != null) {
            return label;
        }
        String spelt = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('-', ' ').replace('_', ' ')
                .toLowerCase(Locale.ROOT);
        return spelt.isEmpty() ? key : Character.toUpperCase(spelt.charAt(0)) + spelt.substring(1);
    }

    /**
     * The words of every rule set on the class path, for texts that name no rule set (a stored event's payload, an
     * audit's change): the first that has words for a key.
     */
    static final RuleSetWords ANY = new RuleSetWords() {
        private final List<RuleSetWords> all = RuleSets.all().stream().map(r -> r.words()).toList();

        @Override
        public String label(String key) {
            return all.stream().map(w -> w.label(key)).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        }

        @Override
        public java.util.Set<String> keys() {
            java.util.Set<String> keys = new java.util.HashSet<>();
            all.forEach(w -> keys.addAll(w.keys()));
            return keys;
        }

        @Override
        public boolean unlisted(String key, Object value) {
            return all.stream().anyMatch(w -> w.unlisted(key, value));
        }

        @Override
        public String sentence(String key, Object value, Now now) {
            return all.stream().map(w -> w.sentence(key, value, now)).filter(java.util.Objects::nonNull).findFirst()
                    .orElse(null);
        }

        @Override
        public CounterFace face(String kind, Map<String, Object> data) {
            return RuleSetWords.PLAIN.face(kind, data);
        }

        @Override
        public BoardKind board(List<CounterView> counters) {
            return RuleSetWords.hexGridWhenOnHexes(counters);
        }
    };
}
