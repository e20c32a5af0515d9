package org.wargame.tracker.rules;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A counter's face as its rule set prints it: a symbol for its kind, its printed numbers as short labels ("94mm",
 * "M#10", "R 4") and the text on the face (the first two of them that are one word).
 */
public record CounterFace(Symbol symbol, List<String> numbers, String text) {

    public CounterFace {
        numbers = List.copyOf(numbers);
    }

    /** The pictures the pages draw for a kind of counter. */
    public enum Symbol { INFANTRY, CREW, LEADER, GUN, WEAPON, ANIMAL, VEHICLE, UNIT }

    public static CounterFace of(Symbol symbol, List<String> numbers) {
        return new CounterFace(symbol, numbers, String.join(" ", numbers.stream().filter(n -> !n.contains(" "))
                .limit(2).toList()));
    }

    /**
     * The numbers and texts of {@code data} as short labels: the keys of {@code order} first, the others
     * alphabetically; each written by {@code label} ({@code null}: "key value").
     */
    public static List<String> numbers(Map<String, Object> data, List<String> order,
                                       BiFunction<String, Object, String> label) {
        List<String> out = new ArrayList<>();
        if (data == null) {
            return out;
        }
        data.keySet().stream()
                .filter(key -> data.get(key) instanceof Number || data.get(key) instanceof String)
                .sorted(Comparator.comparingInt((String key) -> order.contains(key) ? order.indexOf(key) : 99)
                        .thenComparing(Comparator.naturalOrder()))
                .forEach(key -> {
                    String printed = label.apply(key, data.get(key));
                    out.add(printed != null ? printed : key + " " + data.get(key));
                });
        return out;
    }
}
