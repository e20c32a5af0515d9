package org.wargame.tracker.history;

import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.EventHistory;

import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.stereotype.Component;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.refusal.NotFound;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Time travel: a scenario as it stood after any event, folded from its events with the same pure
 * {@link ScenarioState#evolve} the aggregate and the read model use; bookmarks at the clock's turning points; and
 * what each event changed.
 */
@Component
public class ScenarioReplay {

    private final EventHistory history;

    public ScenarioReplay(EventHistory history) {
        this.history = history;
    }

    /** A turning point of the clock: the sequence of the event that began it and the clock then. */
    public record Bookmark(long sequence, String kind, GameClock clock, String label) {
    }

    /** A counter before and after (null when it did not exist on that side of the change). */
    public record CounterChange(String id, CounterView before, CounterView after) {
    }

    /** One event and what it changed. */
    public record Step(long sequence, String type, String actionId, String account, GameClock clockBefore,
                       GameClock clockAfter, List<CounterChange> counters) {
    }

    public List<DomainEventMessage<?>> events(String scenarioId) {
        List<DomainEventMessage<?>> events = history.messages(scenarioId);
        if (events.isEmpty() || !(events.get(0).getPayload() instanceof ScenarioStarted)) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return events;
    }

    /** The states after each event: index i is the state after event i. */
    public static List<ScenarioState> states(List<DomainEventMessage<?>> events) {
        List<ScenarioState> states = new ArrayList<>(events.size());
        ScenarioLog.ofMessages(events).replay((entry, state) -> states.add(state));
        return states;
    }

    /** The fold of events 0..after. */
    public static ScenarioState after(List<DomainEventMessage<?>> events, long after) {
        requireInStream(events, after, "after");
        return ScenarioLog.ofMessages(events).stateAt(after + 1);
    }

    public static List<Bookmark> bookmarks(List<DomainEventMessage<?>> events) {
        List<Bookmark> bookmarks = new ArrayList<>();
        ScenarioStarted started = (ScenarioStarted) events.get(0).getPayload();
        bookmarks.add(new Bookmark(0, "start", started.clock(), "Start: " + started.clock().label()));
        for (DomainEventMessage<?> event : events) {
            if (event.getPayload() instanceof ClockAdvanced advanced) {
                GameClock from = advanced.from();
                GameClock to = advanced.to();
                String kind = to.gameTurn() != from.gameTurn() ? "gameTurn"
                        : to.playerTurn() != from.playerTurn() ? "playerTurn"
                        : !to.phase().equals(from.phase()) ? "phase" : "step";
                bookmarks.add(new Bookmark(event.getSequenceNumber(), kind, to, to.label()));
            }
        }
        return bookmarks;
    }

    public static List<Step> steps(List<DomainEventMessage<?>> events, long from, long to) {
        requireInStream(events, from, "from");
        requireInStream(events, to, "to");
        if (from > to) {
            throw new IllegalArgumentException("from: " + from + " is after to: " + to);
        }
        List<ScenarioState> states = states(events.subList(0, (int) to + 1));
        List<Step> steps = new ArrayList<>();
        for (int i = (int) from; i <= to; i++) {
            ScenarioState before = i == 0 ? null : states.get(i - 1);
            ScenarioState after = states.get(i);
            DomainEventMessage<?> event = events.get(i);
            steps.add(new Step(i, event.getPayloadType().getSimpleName(),
                    (String) event.getMetaData().get(ActionMetaData.ACTION_ID),
                    (String) event.getMetaData().get(ActionMetaData.ACCOUNT), before == null ? null : before.clock(),
                    after.clock(), diff(before == null ? List.of() : before.counters(), after.counters())));
        }
        return steps;
    }

    /** The counters that differ, matched by id, in the order of {@code after} (then the ones that left). */
    public static List<CounterChange> diff(List<CounterView> before, List<CounterView> after) {
        Map<String, CounterView> old = new LinkedHashMap<>();
        before.forEach(c -> old.put(c.id(), c));
        List<CounterChange> changes = new ArrayList<>();
        for (CounterView now : after) {
            CounterView was = old.remove(now.id());
            if (!Objects.equals(was, now)) {
                changes.add(new CounterChange(now.id(), was, now));
            }
        }
        old.values().forEach(gone -> changes.add(new CounterChange(gone.id(), gone, null)));
        return changes;
    }

    private static void requireInStream(List<DomainEventMessage<?>> events, long sequence, String field) {
        if (sequence < 0 || sequence >= events.size()) {
            throw new IllegalArgumentException(field + ": the scenario's events are numbered 0.." + (events.size() - 1)
                    + ", not " + sequence);
        }
    }
}
