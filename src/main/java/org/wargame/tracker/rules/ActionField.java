package org.wargame.tracker.rules;

import java.util.List;
import java.util.Set;

/**
 * A field of an action: its name in the request, its label in players' words, whether it is required, and the kind of
 * value it takes (a closed family: a counter, a closed list, a whole number in a range, yes/no, free text, a list of
 * counters, or a list of groups of fields).
 */
public record ActionField(String name, String label, boolean required, Kind kind) {

    /** The kinds of value a field takes. */
    public sealed interface Kind permits CounterRef, Choice, WholeNumber, YesNo, Text, Counters, Group {
    }

    /** Which side a counter field names, relative to the acting counter's side. */
    public enum Sides { ANY, OWN, ENEMY }

    /** A counter in play, of one of {@code kinds} (empty: any kind), of the given side. */
    public record CounterRef(Set<String> kinds, Sides side) implements Kind {
        public CounterRef {
            kinds = kinds == null ? Set.of() : Ordered.copyOf(kinds);
        }
    }

    /** One of a closed list of values. */
    public record Choice(List<String> values) implements Kind {
        public Choice {
            values = List.copyOf(values);
        }
    }

    /** A whole number from {@code min} to {@code max}. */
    public record WholeNumber(int min, int max) implements Kind {
    }

    /** Yes or no. */
    public record YesNo() implements Kind {
    }

    /** Free text of at most {@code maxLength} characters. */
    public record Text(int maxLength) implements Kind {
    }

    /** A list of counters (at least {@code min}). */
    public record Counters(CounterRef of, int min) implements Kind {
    }

    /** A list of groups of fields (a side's designations: firer, weapon, target...). */
    public record Group(List<ActionField> fields) implements Kind {
        public Group {
            fields = List.copyOf(fields);
        }
    }

    public static final int TEXT = 200;

    public static ActionField counter(String name, String label, boolean required, Sides side, String... kinds) {
        return new ActionField(name, label, required, new CounterRef(Set.of(kinds), side));
    }

    public static ActionField choice(String name, String label, boolean required, String... values) {
        return new ActionField(name, label, required, new Choice(List.of(values)));
    }

    public static ActionField choice(String name, String label, boolean required, List<String> values) {
        return new ActionField(name, label, required, new Choice(values));
    }

    public static ActionField number(String name, String label, boolean required, int min, int max) {
        return new ActionField(name, label, required, new WholeNumber(min, max));
    }

    public static ActionField yesNo(String name, String label) {
        return new ActionField(name, label, false, new YesNo());
    }

    public static ActionField text(String name, String label, boolean required) {
        return new ActionField(name, label, required, new Text(TEXT));
    }
}
