package org.wargame.tracker.web.pages;

import org.springframework.stereotype.Component;
import org.wargame.tracker.history.EventClocks;
import org.wargame.tracker.history.ScenarioReplay;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.IdNames;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventHistory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The timeline page of a scenario, paged so that it does not grow with history: the scenario as it stood after the
 * chosen event (folded with the pure {@link ScenarioState#evolve}), a window of {@value #WINDOW} events around it
 * grouped by phase, jumps to the Game Turns near it (with their Player Turns and phases for the nearest
 * {@value #PHASES_AROUND} on each side) and to the first and last, and the audit links of the same turns. Where each
 * event stands in time and which were rolled back come from the game clock index, not from a fold.
 */
@Component
public class Timeline {

    /** Events shown at once. */
    static final int WINDOW = 60;
    /** Game Turns linked on each side of the current one. */
    static final int TURNS_AROUND = 10;
    /** Game Turns on each side of the current one whose Player Turns and phases are linked too. */
    static final int PHASES_AROUND = 2;

    private final EventHistory history;
    private final ScenarioReplay replay;
    private final EventClocks clocks;
    private final ScenarioViews scenarios;
    private final org.wargame.tracker.scenario.HistoryRequests requests;

    public Timeline(EventHistory history, ScenarioReplay replay, EventClocks clocks, ScenarioViews scenarios,
                    org.wargame.tracker.scenario.HistoryRequests requests) {
        this.requests = requests;
        this.history = history;
        this.replay = replay;
        this.clocks = clocks;
        this.scenarios = scenarios;
    }

    /** The events in one Player Turn phase (newest first), under the clock they happened at. */
    public record Group(String clock, List<EventLine> events) {
    }

    /**
     * The scenario after event {@code at} and the last sequence number; the window of events shown
     * ({@code from..to}), grouped newest first; which of them were rolled back (sequence to the sequence of the
     * undo); the jumps to Game Turns, Player Turns and phases near {@code at}; the Game Turns whose audit is linked;
     * the highest Game Turn reached; the actions that can still be disputed now.
     */
    public record Travel(ScenarioState state, long at, long last, long from, long to, List<Group> groups,
                         Map<Long, Long> undone, List<TurnJump> turns, List<Integer> auditTurns, int maxGameTurn,
                         Set<String> disputable) {
        public boolean isUndone(long sequence) {
            return undone.containsKey(sequence);
        }

        /** Where "earlier events" leads: the event just before the window, or null at the start. */
        public Long earlier() {
            return from > 0 ? from - 1 : null;
        }

        /** Where "later events" leads: the event just after the window, or null at the end. */
        public Long later() {
            return to < last ? to + 1 : null;
        }
    }

    /** A place to jump to: the end of the clock advance that began it (so its own rule events are included). */
    public record Jump(String label, long at) {
    }

    public record PlayerTurnJump(String label, long at, List<Jump> phases) {
    }

    public record TurnJump(int gameTurn, long at, List<PlayerTurnJump> playerTurns) {
    }

    /** {@code at} null means "now"; it is clamped to the events there are. */
    public Travel travel(String scenarioId, Long at) {
        long last = replay.indexed(scenarioId);
        long target = at == null ? last : Math.max(0, Math.min(last, at));
        long from = Math.max(0, Math.min(target - WINDOW / 2, last - WINDOW + 1));
        long to = Math.min(last, from + WINDOW - 1);
        ScenarioState shown = replay.stateAfter(scenarioId, target);
        ScenarioState now = scenarios.state(scenarioId);
        IdNames names = IdNames.of(now.counters(), now.sides());

        List<EventClocks.Entry> entries = clocks.window(scenarioId, from, to);
        Map<Long, EventClocks.Entry> bySequence = new TreeMap<>();
        entries.forEach(e -> bySequence.put(e.sequence(), e));
        Map<Long, Long> undone = new LinkedHashMap<>();
        entries.stream().filter(EventClocks.Entry::undone).forEach(e -> undone.put(e.sequence(), e.undoneBy()));

        Map<String, List<EventLine>> byClock = new LinkedHashMap<>();
        List<org.wargame.tracker.store.RecordedEvent> window = new ArrayList<>();
        history.forEach(scenarioId, from, to, message -> window.add(EventHistory.recorded(message)));
        List<EventLine> lines = EventLines.of(window, names.byId(), () -> {
            List<org.wargame.tracker.store.RecordedEvent> all = new ArrayList<>();
            history.forEach(scenarioId, 0, to, message -> all.add(EventHistory.recorded(message)));
            return all;
        });
        for (EventLine line : lines) {
            EventClocks.Entry entry = bySequence.get(line.sequence());
            byClock.computeIfAbsent(entry == null ? "" : names.in(key(entry.clock())), k -> new ArrayList<>())
                    .add(line);
        }
        List<Group> groups = new ArrayList<>();
        byClock.forEach((clock, events) -> {
            List<EventLine> newestFirst = new ArrayList<>(events);
            Collections.reverse(newestFirst);
            groups.add(new Group(clock, newestFirst));
        });
        Collections.reverse(groups);

        int maxTurn = clocks.maxGameTurn(scenarioId);
        int current = shown.clock().gameTurn();
        List<Integer> linked = linkedTurns(current, maxTurn);
        // the actions of the window still in force (their first event not rolled back), not disputed already
        Set<String> disputable = new HashSet<>();
        entries.stream().filter(e -> e.takes() != null && !e.undone()).forEach(e -> disputable.add(e.takes()));
        now.disputes().forEach(d -> disputable.remove(d.actionId()));
        if (now.concluded() && !requests.disputableAfterTheEnd(now)) {
            disputable.clear(); // the campaign's period for disputes after the end is over, or it has none
        }
        return new Travel(shown, target, last, from, to, groups, undone, jumps(scenarioId, current, linked, names), linked,
                maxTurn, disputable);
    }

    /** The Game Turns linked from a page about Game Turn {@code current}: those near it, the first and the last. */
    static List<Integer> linkedTurns(int current, int maxTurn) {
        List<Integer> turns = new ArrayList<>();
        int high = Math.max(current, maxTurn);
        for (int t = 1; t <= high; t++) {
            if (t == 1 || t == high || Math.abs(t - current) <= TURNS_AROUND) {
                turns.add(t);
            }
        }
        return turns;
    }

    /**
     * Game Turn starts for the linked turns, with Player Turn and phase starts for the turns next to the current
     * one, leaving out rolled-back advances; each leads to the end of the action that began it.
     */
    private List<TurnJump> jumps(String scenarioId, int current, List<Integer> linked, IdNames names) {
        Map<Long, EventClocks.Entry> starts = new TreeMap<>();
        Map<Long, Long> ends = new java.util.HashMap<>();
        clocks.gameTurnStarts(scenarioId).stream().filter(e -> linked.contains(e.clock().gameTurn()))
                .forEach(e -> starts.put(e.sequence(), e));
        // the turns next to the current one, every event: their starts, and where each action ends
        List<EventClocks.Entry> near = clocks.inTurns(scenarioId, Math.max(1, current - PHASES_AROUND),
                current + PHASES_AROUND);
        for (int i = 0; i < near.size(); i++) {
            EventClocks.Entry e = near.get(i);
            if (e.kind() != null && !e.kind().equals("step") && !e.kind().equals("undo") && !e.undone()) {
                starts.put(e.sequence(), e);
            }
            EventClocks.Entry next = i + 1 < near.size() ? near.get(i + 1) : null;
            if (next != null && next.sequence() == e.sequence() + 1
                    && !java.util.Objects.equals(next.actionId(), e.actionId())) {
                for (int k = i; k >= 0 && java.util.Objects.equals(near.get(k).actionId(), e.actionId()); k--) {
                    ends.putIfAbsent(near.get(k).sequence(), e.sequence());
                }
            }
        }
        List<TurnJump> turns = new ArrayList<>();
        List<PlayerTurnJump> playerTurns = null;
        List<Jump> phases = null;
        for (EventClocks.Entry b : starts.values()) {
            Long end = ends.get(b.sequence());
            if (end == null) {
                end = b.actionId() == null ? null : clocks.actionEnd(scenarioId, b.actionId());
            }
            long at = end == null ? b.sequence() : end;
            GameClock c = b.clock();
            boolean nearby = Math.abs(c.gameTurn() - current) <= PHASES_AROUND;
            if (b.kind().equals("start") || b.kind().equals("gameTurn")) {
                playerTurns = new ArrayList<>();
                turns.add(new TurnJump(c.gameTurn(), at, playerTurns));
                phases = null;
            }
            if (!nearby) {
                continue;
            }
            if (playerTurns != null && !b.kind().equals("phase")) {
                phases = new ArrayList<>();
                playerTurns.add(new PlayerTurnJump(c.allSides() ? "All sides (" + names.name(c.phasingSide())
                        + " moves first)" : "Player Turn " + c.playerTurn() + " (" + names.name(c.phasingSide()) + ")",
                        at, phases));
            }
            if (phases != null) {
                phases.add(new Jump(c.phase(), at));
            }
        }
        return turns;
    }

    /** Groups by Game Turn, Player Turn and phase (the steps of a phase share its group). */
    private static String key(GameClock c) {
        return "Turn " + c.gameTurn() + " · " + (c.allSides() ? "all sides (" + c.phasingSide() + " moves first)"
                : "Player Turn " + c.playerTurn() + " (" + c.phasingSide() + ")") + " · " + c.phase();
    }
}
