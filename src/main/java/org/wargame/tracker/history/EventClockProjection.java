package org.wargame.tracker.history;

import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.RollBack;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.CatchingUpCache;
import org.wargame.tracker.store.ClockRow;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.EventTables;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes table event_clock: for every event of a scenario, the game clock after it, the action it belongs to, the
 * kind of clock change it is, and later which undo or upheld dispute rolled it back. The clock is the one the fold
 * ({@code ScenarioState.evolve}) gives: the start's clock, a clock advance's {@code to}, after a roll-back the clock
 * of the position it returns to ({@code rolledBackTo}, or the latest taking of its action for one stored before
 * positions were), and otherwise the clock of the event before. (The game clock in each event's metadata is the
 * same but for roll-backs, whose metadata has the clock they happened at; and events stored before it have none.) In the
 * unit of work of the events (rows written in one batch when it commits); a stream stored before this index
 * existed is indexed from its first event the first time it is needed.
 * <p>
 * Memory: the last row of at most {@value #CACHED} scenarios (forgotten when a transaction rolls back).
 */
@Component
@ProcessingGroup("projections")
public class EventClockProjection {

    private static final String PENDING = EventClockProjection.class.getName() + ".pending";
    private static final int CACHED = 1024;
    private static final int FLUSH_EVERY = 1000;

    private final EventTables tables;
    private final EventHistory history;
    private final Map<String, ClockRow> last = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ClockRow> eldest) {
            return size() > CACHED;
        }
    });

    public EventClockProjection(EventTables tables, EventHistory history) {
        this.tables = tables;
        this.history = history;
    }

    @EventHandler
    void on(ScenarioEvent event, DomainEventMessage<?> message) {
        index(message);
    }

    @EventHandler
    void on(RuleEvent event, DomainEventMessage<?> message) {
        index(message);
    }

    /** Undo and dispute bookkeeping: it changes no counter, and is never rolled back itself. */
    static boolean bookkeeping(Object payload) {
        return ScenarioEvent.aboutHistory(payload);
    }

    /** The coarsest unit of the clock that changed from {@code from} to {@code to}. */
    static String kind(GameClock from, GameClock to) {
        return to.gameTurn() != from.gameTurn() ? "gameTurn"
                : to.playerTurn() != from.playerTurn() ? "playerTurn"
                : !to.phase().equals(from.phase()) ? "phase" : "step";
    }

    private void index(DomainEventMessage<?> message) {
        String scenarioId = message.getAggregateIdentifier();
        long sequence = message.getSequenceNumber();
        ClockRow previous = sequence == 0 ? null : previous(scenarioId, sequence);
        if (previous != null && previous.sequence() >= sequence) {
            return; // indexed already (a stream indexed from the store just now, this event included)
        }
        write(row(message, previous));
    }

    /** The row of the event before {@code sequence}, indexing the stream up to it first if it is not yet. */
    private ClockRow previous(String scenarioId, long sequence) {
        ClockRow cached = last.get(scenarioId);
        if (cached != null && cached.sequence() == sequence - 1) {
            return cached;
        }
        ClockRow caughtUp = cached == null ? null : caughtUp(cached, sequence);
        if (caughtUp != null) {
            return caughtUp;
        }
        ClockRow stored = tables.clockRow(scenarioId, sequence - 1);
        if (stored != null) {
            return stored;
        }
        // a stream begun before the index existed: index it from where its rows end
        ClockRow head = tables.lastClockRow(scenarioId);
        long from = head == null ? 0 : head.sequence() + 1;
        ClockRow[] at = {head};
        history.forEach(scenarioId, from, sequence - 1, m -> {
            ClockRow row = row(m, at[0]);
            write(row);
            at[0] = row;
        });
        if (at[0] == null || at[0].sequence() != sequence - 1) {
            throw new IllegalStateException("event clock: scenario " + scenarioId + " has no event "
                    + (sequence - 1));
        }
        return at[0];
    }

    /**
     * The row of the event before {@code sequence} when another tracker stored the events after {@code cached} (and
     * their rows): made from the events the guard checked and the aggregate was caught up with, as that tracker made
     * them, without reading. Null when they are not exactly those events, or one is a roll-back (its rows are found
     * by queries): the row is then read.
     */
    private ClockRow caughtUp(ClockRow cached, long sequence) {
        List<DomainEventMessage<?>> handed = CatchingUpCache.caughtUpWith(cached.scenarioId());
        if (handed.isEmpty() || handed.get(0).getSequenceNumber() != cached.sequence() + 1
                || handed.get(handed.size() - 1).getSequenceNumber() != sequence - 1) {
            return null;
        }
        ClockRow at = cached;
        for (DomainEventMessage<?> event : handed) {
            if (event.getPayload() instanceof RollBack || event.getPayload() instanceof ScenarioStarted) {
                return null;
            }
            at = row(event, at);
        }
        return at;
    }

    /**
     * The row of an event given the clock the fold gives after it ({@code clock}); the same as {@link #row} but
     * for the roll-back's rows before it, which the caller marks (a fold of a whole stream in memory).
     */
    static ClockRow folded(String scenarioId, long sequence, Object payload, String actionId, GameClock clock) {
        if (payload instanceof ScenarioStarted) {
            return new ClockRow(scenarioId, sequence, clock, actionId, null, "start", null);
        }
        if (payload instanceof ClockAdvanced advanced) {
            return new ClockRow(scenarioId, sequence, clock, actionId, advanced.actionId(),
                    kind(advanced.from(), advanced.to()), null);
        }
        if (payload instanceof ActionTaken taken) {
            return new ClockRow(scenarioId, sequence, clock, actionId, taken.actionId(), null, null);
        }
        return new ClockRow(scenarioId, sequence, clock, actionId, null, bookkeeping(payload) ? "undo" : null, null);
    }

    /** Forgets the cached last row of one scenario (its rows were written by a fold of its stream). */
    void forget(String scenarioId) {
        last.remove(scenarioId);
    }

    private ClockRow row(DomainEventMessage<?> message, ClockRow previous) {
        String scenarioId = message.getAggregateIdentifier();
        long sequence = message.getSequenceNumber();
        Object payload = message.getPayload();
        String actionId = (String) message.getMetaData().get(ActionMetaData.ACTION_ID);
        if (payload instanceof ScenarioStarted started) {
            return new ClockRow(scenarioId, sequence, started.clock(), actionId, null, "start", null);
        }
        if (previous == null) {
            throw new IllegalStateException("event clock: scenario " + scenarioId + " #" + sequence
                    + " has no event before it");
        }
        if (payload instanceof ClockAdvanced advanced) {
            return new ClockRow(scenarioId, sequence, advanced.to(), actionId, advanced.actionId(),
                    kind(advanced.from(), advanced.to()), null);
        }
        if (payload instanceof ActionTaken taken) {
            return new ClockRow(scenarioId, sequence, previous.clock(), actionId, taken.actionId(), null, null);
        }
        if (!bookkeeping(payload)) {
            return new ClockRow(scenarioId, sequence, previous.clock(), actionId, null, null, null);
        }
        GameClock clock = previous.clock();
        if (payload instanceof RollBack rollBack) {
            flush(); // the rows of this unit of work so far, for the queries below
            Long start = rollBack.rolledBackTo() != null ? rollBack.rolledBackTo()
                    : tables.latestTaking(scenarioId, rollBack.actionId(), sequence);
            if (start != null && start > 0) {
                clock = tables.clockRow(scenarioId, start - 1).clock();
                tables.markRolledBack(scenarioId, start, sequence, sequence);
            }
        }
        return new ClockRow(scenarioId, sequence, clock, actionId, null, "undo", null);
    }

    private void write(ClockRow row) {
        last.put(row.scenarioId(), row);
        if (!CurrentUnitOfWork.isStarted()) {
            tables.insertClockRows(List.of(row));
            return;
        }
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get();
        List<ClockRow> pending = unitOfWork.root().getOrComputeResource(PENDING, key -> {
            List<ClockRow> rows = new ArrayList<>();
            unitOfWork.root().onPrepareCommit(u -> flush(rows));
            unitOfWork.root().onRollback(u -> last.clear());
            return rows;
        });
        pending.add(row);
        if (pending.size() >= FLUSH_EVERY) {
            flush(pending);
        }
    }

    private void flush() {
        if (CurrentUnitOfWork.isStarted()) {
            List<ClockRow> pending = CurrentUnitOfWork.get().root().getResource(PENDING);
            if (pending != null) {
                flush(pending);
            }
        }
    }

    private void flush(List<ClockRow> rows) {
        if (!rows.isEmpty()) {
            tables.insertClockRows(rows);
            rows.clear();
        }
    }

    /** Indexes the stream up to {@code upTo} if its rows end before (a stream stored before the index existed). */
    void catchUp(String scenarioId, long upTo) {
        last.remove(scenarioId); // from what is stored
        previous(scenarioId, upTo + 1);
    }

    /** Forgets the cached rows (after a rebuild emptied the table). */
    void forget() {
        last.clear();
    }
}
