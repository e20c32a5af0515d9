package org.wargame.tracker.campaign;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.ScenarioMap;

import java.util.List;
import java.util.Map;

/**
 * A scenario as the campaign file prepares it: its turn limit, which side moves first, which roster counters take
 * part and where they are set up, the counters that exist only in this scenario, and the map it is played on
 * ({@code map}: the terrain of each hex; optional, null in plans stored before maps existed and for a table game),
 * and the counters their side may set up hidden ({@code hidden}: optional, null in plans stored before hidden set-ups;
 * docs/history.md, Hidden set-up).
 */
public record ScenarioPlan(String id, String name, int turnLimit, List<String> sideOrder, List<Placement> counters,
                           List<CounterDefinition> extraCounters, ScenarioMap map, List<String> hidden) {

    public ScenarioPlan(String id, String name, int turnLimit, List<String> sideOrder, List<Placement> counters,
                        List<CounterDefinition> extraCounters) {
        this(id, name, turnLimit, sideOrder, counters, extraCounters, null, null);
    }

    public ScenarioPlan(String id, String name, int turnLimit, List<String> sideOrder, List<Placement> counters,
                        List<CounterDefinition> extraCounters, ScenarioMap map) {
        this(id, name, turnLimit, sideOrder, counters, extraCounters, map, null);
    }

    /**
     * The most Game Turns a scenario may last. 100 covers every scenario the three games print (their longest run to
     * a few dozen Game Turns) with room to spare, and bounds what one scenario can store: without it a start with
     * {@code turnLimit: 1000000000} let advances store events without end.
     */
    public static final int MAX_TURN_LIMIT = 100;
    /** The refusal of a turn limit out of range, under the field's name. */
    public static final String TURN_LIMIT_RANGE = "required: a whole number of Game Turns, from 1 to "
            + MAX_TURN_LIMIT + " (100 Game Turns cover every scenario the three games print)";

    public ScenarioPlan {
        sideOrder = sideOrder == null ? List.of() : List.copyOf(sideOrder);
        counters = counters == null ? List.of() : List.copyOf(counters);
        extraCounters = extraCounters == null ? List.of() : List.copyOf(extraCounters);
    }

    /** The counters their side may set up hidden (none when the plan names none). */
    public List<String> mayHide() {
        return hidden == null ? List.of() : hidden;
    }

    /** A roster counter taking part, with its set-up (location, terrain, markers) added to its carried state. */
    public record Placement(String id, Map<String, Object> state) {
        public Placement {
            state = state == null ? Map.of() : Map.copyOf(state);
        }
    }
}
