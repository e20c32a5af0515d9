package org.wargame.tracker.history;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.scenario.FoldInput;
import org.wargame.tracker.scenario.ScenarioEvent.RollBack;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioPast;
import org.wargame.tracker.scenario.ScenarioProjection;
import org.wargame.tracker.scenario.ScenarioRecord;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ClockRow;
import org.wargame.tracker.store.EventFeed;
import org.wargame.tracker.store.EventTables;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A scenario's read models (its scenario_view row and its event_clock rows) written from its stream by one fold in
 * memory, for a rebuild and an import: the stream is read once in order, {@value #CHUNK} events per transaction;
 * each chunk's event_clock rows are compared with the stored ones and only the rows that differ are written (none
 * when a rebuild finds them right, every one into a fresh tracker), and the scenario row is written once at the
 * end, only if it differs. The same fold as the live projections ({@code ScenarioState.evolve}, a roll-back asking
 * the stored record for the state it returns to), without Axon's handler machinery per event.
 * The events come from {@link EventFeed}, which reads of each only what the fold uses, a few batches ahead of the
 * fold on a thread of its own (so a refold is for a stream whose events are committed).
 * <p>
 * Memory: one chunk of rows and the current state.
 */
@Component
public class ScenarioRefold {

    /** Events folded per transaction. */
    static final int CHUNK = 5_000;

    private final EventTables tables;
    private final EventFeed feed;
    private final ScenarioRecord record;
    private final ScenarioProjection views;
    private final EventClockProjection clocks;
    private final TransactionTemplate transactions;

    public ScenarioRefold(EventTables tables, EventFeed feed, ScenarioRecord record, ScenarioProjection views,
                          EventClockProjection clocks, PlatformTransactionManager transactionManager) {
        this.tables = tables;
        this.feed = feed;
        this.record = record;
        this.views = views;
        this.clocks = clocks;
        this.transactions = new TransactionTemplate(transactionManager);
    }

    /** Folds the scenario's whole stream and writes what differs; {@code each} is told of every event. */
    public void refold(String scenarioId, LongConsumer each) {
        ScenarioState[] state = {null};
        ScenarioPast past = new ScenarioPast() { // only a roll-back asks: the stored record, from a checkpoint
            private ScenarioPast log;

            private ScenarioPast log() {
                if (log == null) {
                    log = record.log(scenarioId);
                }
                return log;
            }

            @Override
            public ScenarioState stateAt(long count) {
                return log().stateAt(count);
            }

            @Override
            public long positionOf(String actionId, long before) {
                return log().positionOf(actionId, before);
            }
        };
        try (EventFeed.Ahead events = feed.ahead(scenarioId)) {
            long from = 0;
            while (true) {
                long start = from;
                long to = from + CHUNK - 1;
                long[] last = {start - 1};
                try {
                    transactions.executeWithoutResult(status -> {
                        List<ClockRow> rows = new ArrayList<>(CHUNK);
                        events.forEach(to, event -> {
                            last[0] = event.sequence();
                            try {
                                rows.add(fold(scenarioId, event, state, past, rows, start));
                            } catch (RuntimeException e) {
                                throw new StreamFault(last[0], e);
                            }
                            each.accept(last[0]);
                        });
                        write(scenarioId, start, to, rows);
                        if (last[0] < to) {
                            tables.deleteClockRowsAfter(scenarioId, last[0]);
                            if (state[0] != null) {
                                views.replace(state[0]);
                            }
                        }
                    });
                } catch (StreamFault e) {
                    throw e;
                } catch (RuntimeException e) { // reading the next event failed (a payload that cannot be read)
                    throw new StreamFault(last[0] + 1, e);
                }
                if (last[0] < to) {
                    clocks.forget(scenarioId);
                    return;
                }
                from = to + 1;
            }
        }
    }

    /** Folds one event onto {@code state[0]}: its event_clock row (rows of this chunk a roll-back marks). */
    private ClockRow fold(String scenarioId, EventFeed.Fed event, ScenarioState[] state, ScenarioPast past,
                          List<ClockRow> rows, long chunkStart) {
        long sequence = event.sequence();
        Object payload = event.payload();
        String actionId = event.actionId();
        if (state[0] == null) {
            if (!(payload instanceof ScenarioStarted started)) {
                throw new IllegalStateException("scenario " + scenarioId + " does not begin with its start");
            }
            state[0] = ScenarioState.started(started);
        } else {
            state[0] = state[0].evolve(FoldInput.of(payload, event.side()), past);
        }
        if (payload instanceof RollBack rollBack) {
            long back = rollBack.rolledBackTo() != null ? rollBack.rolledBackTo()
                    : past.positionOf(rollBack.actionId(), sequence);
            if (back > 0) {
                if (back < chunkStart) {
                    tables.markRolledBack(scenarioId, back, chunkStart, sequence);
                }
                for (int i = 0; i < rows.size(); i++) {
                    ClockRow row = rows.get(i);
                    if (EventTables.rolledBackBy(row, back, sequence)) {
                        rows.set(i, row.undoneBy(sequence));
                    }
                }
            }
        }
        return EventClockProjection.folded(scenarioId, sequence, payload, actionId, state[0].clock());
    }

    /** This chunk's rows where the stored ones differ: inserted, or updated in place. */
    private void write(String scenarioId, long from, long to, List<ClockRow> rows) {
        EventTables.ClockDifference difference = tables.clockDifference(scenarioId, from, to, rows);
        tables.insertClockRows(difference.missing());
        tables.updateClockRows(difference.differing());
    }
}
