package org.wargame.tracker.rules;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rule set's words and pictures for the pages: the players' labels of its counter data and state keys (and of the
 * fields of its actions and events), the entries of a counter's state it says in a sentence of its own, the face of
 * its counters and the kind of board they stand on. The pages render what it returns and hold no rule vocabulary, so
 * a new rule set brings its words in its own package. Plain Java; what is not said here the pages write generically
 * (a key spelt out, a value flattened, ids as names).
 */
public interface RuleSetWords {

    /** The players' label of a key ("manhandling" as "M#"), or null: the pages spell the key out. */
    String label(String key);

    /**
     * Every key this rule set has words for: those it labels, says in a sentence or leaves unlisted. The pages hold
     * none of them (a test reads them).
     */
    Set<String> keys();

    /** A state entry the counter's panel does not list: shown as a marker already, or the rules' bookkeeping. */
    boolean unlisted(String key, Object value);

    /**
     * A state entry in a sentence of the rule set's own (an (Un)Packing Period, say), or null: the pages write
     * "label: value". {@code now} is where the scenario stands, or null when the page does not say.
     */
    default String sentence(String key, Object value, Now now) {
        return null;
    }

    /**
     * Whether a marker a counter gained in a scenario (or lost in it: a recovery) is a loss its after-action report
     * tells (Casualty Reduced, Low Ammo, a wound), rather than the play's passing state (Pinned, Pack-TI, a hex's
     * Smoke). By default none is: the report of a rule set that says nothing here tells eliminations only.
     */
    default boolean loss(String marker) {
        return false;
    }

    /**
     * The names of what a counter's data holds and a text may name by its id (a figure's weapons: "m1919" as
     * "M1919A4"), by id; none by default.
     */
    default Map<String, String> names(CounterView counter) {
        return Map.of();
    }

    /** The face of a counter of {@code kind} with its printed {@code data}. */
    CounterFace face(String kind, Map<String, Object> data);

    /** The board the counters stand on in a scenario. */
    BoardKind board(List<CounterView> counters);

    /** Where a counter stands as a table board groups it (its location, by default). */
    default String place(CounterView counter) {
        return counter.location();
    }

    /**
     * The rule set's move, for a board the players move on by clicking a hex: its action, the field the hex goes in,
     * and the fields the scenario's map fills instead of the player (a hex's terrain); null: no move on a board.
     */
    default MoveFields move() {
        return null;
    }

    /** See {@link #move()}. */
    record MoveFields(String action, String hexField, Set<String> fromMap) {
        public MoveFields {
            fromMap = Set.copyOf(fromMap);
        }
    }

    /** The kinds of board the pages draw. */
    enum BoardKind {
        /** A map of hexes ids as a column letter and a row (A1..ZZ999): the counters on a grid. */
        HEX_GRID,
        /** A table: the counters grouped by side and by {@link #place}. */
        TABLE
    }

    /** Where a scenario stands, to say when something falls due: Game Turn, Player Turn, sides in turn order. */
    record Now(int gameTurn, int playerTurn, List<String> sideNames) {
        public Now {
            sideNames = List.copyOf(sideNames);
        }
    }

    /** A hex grid when any counter stands on a hex id (a column letter or two and a row), a table otherwise. */
    static BoardKind hexGridWhenOnHexes(List<CounterView> counters) {
        return counters.stream().anyMatch(c -> c.location() != null
                && c.location().trim().matches("[A-Za-z]{1,2}\\d{1,3}")) ? BoardKind.HEX_GRID : BoardKind.TABLE;
    }

    /** The words of a rule set that brings none: every key spelt out, a plain counter, a table. */
    RuleSetWords PLAIN = new RuleSetWords() {
        @Override
        public String label(String key) {
            return null;
        }

        @Override
        public Set<String> keys() {
            return Set.of();
        }

        @Override
        public boolean unlisted(String key, Object value) {
            return false;
        }

        @Override
        public CounterFace face(String kind, Map<String, Object> data) {
            return CounterFace.of(CounterFace.Symbol.UNIT, CounterFace.numbers(data, List.of(), (k, v) -> null));
        }

        @Override
        public BoardKind board(List<CounterView> counters) {
            return BoardKind.TABLE;
        }
    };
}
