package org.wargame.tracker.history;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.FoldInput;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioRecord;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.EventHistory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Time travel: a scenario as it stood after any event, folded with the same pure {@link ScenarioState#evolve} the
 * aggregate and the read model use; bookmarks at the clock's turning points; what each event changed; the audit of
 * a range or a Game Turn. The state before a range comes from the scenario's record (the nearest checkpoint and the
 * events after it), then only the range is read, batch by batch; where a Game Turn or a bookmark lies comes from the
 * game clock index ({@link EventClocks}).
 */
@Component
public class ScenarioReplay {

    /** The most events one request of steps or audit may cover. */
    public static final int MAX_RANGE = 2_000;

    private final EventHistory history;
    private final EventStore eventStore;
    private final EventClocks clocks;
    private final ScenarioRecord record;

    public ScenarioReplay(EventHistory history, EventStore eventStore, EventClocks clocks, ScenarioRecord record) {
        this.history = history;
        this.eventStore = eventStore;
        this.clocks = clocks;
        this.record = record;
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

    /** The sequence number of the scenario's last event; refuses a scenario that does not exist. */
    public long last(String scenarioId) {
        Long last = eventStore.lastSequenceNumberFor(scenarioId).orElse(null);
        if (last == null) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return last;
    }

    /** The clock index of the scenario, brought up to its last event; returns that last sequence. */
    public long indexed(String scenarioId) {
        long last = last(scenarioId);
        clocks.ensure(scenarioId, last);
        return last;
    }

    /** The scenario after event {@code after}: from the nearest checkpoint at or before it (see ScenarioLog). */
    public ScenarioState stateAfter(String scenarioId, long after) {
        ScenarioLog log = record.log(scenarioId);
        long last = log.length() - 1;
        if (last < 0) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        requireIn(after, last, "after");
        return log.stateAt(after + 1);
    }

    /** One event of a fold and the state after it. */
    record Folded(DomainEventMessage<?> message, ScenarioState after) {
    }

    /**
     * The events {@code from..to} with the state before {@code from} (null for 0) and after each: the state before
     * comes from the record (its nearest checkpoint and the events after it), then only the window is read.
     */
    Window window(String scenarioId, long from, long to) {
        ScenarioLog log = record.log(scenarioId);
        ScenarioState before = from == 0 ? null : log.stateAt(from);
        List<Folded> events = new ArrayList<>();
        ScenarioState[] state = {before};
        history.forEach(scenarioId, from, to, message -> {
            Object payload = message.getPayload();
            if (state[0] == null) {
                if (!(payload instanceof ScenarioStarted started)) {
                    throw new NotFound("scenario '" + scenarioId + "' does not exist");
                }
                state[0] = ScenarioState.started(started);
            } else {
                state[0] = state[0].evolve(FoldInput.of(message), log);
            }
            events.add(new Folded(message, state[0]));
        });
        return new Window(before, events);
    }

    /** A window of a scenario's events: the state before the first, and each event with the state after it. */
    record Window(ScenarioState before, List<Folded> events) {
    }

    /** The clock's turning points after {@code after}, at most {@code limit}, of one {@code kind} or all. */
    public List<Bookmark> bookmarks(String scenarioId, String kind, long after, int limit) {
        indexed(scenarioId);
        return clocks.bookmarks(scenarioId, kind, after, limit).stream()
                .map(e -> new Bookmark(e.sequence(), e.kind(), e.clock(),
                        "start".equals(e.kind()) ? "Start: " + e.clock().label() : e.clock().label()))
                .toList();
    }

    /** Events {@code from..to}: each with the clock before and after and the counters it changed. */
    public List<Step> steps(String scenarioId, Long fromOrNull, Long toOrNull) {
        long last = last(scenarioId);
        long to = toOrNull == null ? last : toOrNull;
        long from = fromOrNull == null ? Math.max(0, to - 99) : fromOrNull;
        requireIn(from, last, "from");
        requireIn(to, last, "to");
        if (from > to) {
            throw new FieldRefused("from", from + " is after to: " + to);
        }
        if (to - from >= MAX_RANGE) {
            throw new FieldRefused("to", "at most " + MAX_RANGE + " events at a time (from " + from + ")");
        }
        Window window = window(scenarioId, from, to);
        List<Step> steps = new ArrayList<>();
        ScenarioState before = window.before();
        for (Folded folded : window.events()) {
            DomainEventMessage<?> event = folded.message();
            ScenarioState after = folded.after();
            steps.add(new Step(event.getSequenceNumber(), event.getPayloadType().getSimpleName(),
                    (String) event.getMetaData().get(ActionMetaData.ACTION_ID),
                    (String) event.getMetaData().get(ActionMetaData.ACCOUNT), before == null ? null : before.clock(),
                    after.clock(), diff(before == null ? List.of() : before.counters(), after.counters())));
            before = after;
        }
        return steps;
    }

    /**
     * The audit of the actions whose events lie in {@code from..to} (default: all), or, with {@code gameTurn}, of
     * the actions begun in that Game Turn: only the events of that span are read (and folded from the start).
     */
    public List<ActionAudit.AuditedAction> audit(String scenarioId, Integer gameTurn, Long fromOrNull,
                                                 Long toOrNull) {
        long last = indexed(scenarioId);
        long from = fromOrNull == null ? 0 : Math.max(0, fromOrNull);
        long to = toOrNull == null ? last : Math.min(last, toOrNull);
        if (gameTurn != null) {
            // an action begun in Game Turn T starts right after an event whose clock is in T (or is event 0)
            long[] span = clocks.turnSpan(scenarioId, gameTurn);
            if (span == null) {
                return List.of();
            }
            from = Math.max(from, span[0]);
            to = Math.min(to, Math.min(last, span[1] + 1));
        }
        if (from > to) {
            return List.of();
        }
        // whole actions: from the first event of the action at "from" to the last of the action at "to"
        long first = clocks.actionSpan(scenarioId, from)[0];
        long end = clocks.actionSpan(scenarioId, to)[1];
        if (end - first >= MAX_RANGE * 10L) {
            throw new FieldRefused("to", "at most " + MAX_RANGE * 10 + " events at a time; ask for a Game Turn "
                    + "or a shorter range");
        }
        Window window = window(scenarioId, first, end);
        return ActionAudit.of(window.before(), window.events(), gameTurn, from, to);
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

    private static void requireIn(long sequence, long last, String field) {
        if (sequence < 0 || sequence > last) {
            throw new FieldRefused(field, "the scenario's events are numbered 0.." + last + ", not " + sequence);
        }
    }
}
