package org.wargame.tracker.scenario;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Lazy;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.EventTables;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A scenario's record in the event store, with checkpoints: the folded state after every
 * {@code tracker.checkpoint-every} events, kept in {@code scenario_checkpoint} so that the state at any position is
 * one checkpoint plus at most that many events. Checkpoints are written lazily, the first time a fold passes one
 * (time travel, an undo, a ruling), in the transaction of that fold; they are derived data, like a read model, and
 * carry {@link ScenarioState#FOLD_VERSION}: a change to what a fold produces raises it, and older checkpoints are
 * ignored.
 */
@Component
public class StoredScenarioRecord implements ScenarioRecord {

    private final EventStore events;
    private final JdbcTemplate jdbc;
    private final EventTables tables;
    private final int every;

    public StoredScenarioRecord(@Lazy EventStore events, JdbcTemplate jdbc, EventTables tables,
                                @Value("${tracker.checkpoint-every:500}") int every) {
        this.events = events;
        this.jdbc = jdbc;
        this.tables = tables;
        this.every = every;
    }

    @Override
    public ScenarioLog log(String scenarioId) {
        return new ScenarioLog() {
            private long length = -1;

            @Override
            protected Iterator<Entry> entries(long from, long to) {
                return read(scenarioId, from, to);
            }

            @Override
            public long length() {
                if (length < 0) {
                    Long last = events.lastSequenceNumberFor(scenarioId).orElse(-1L);
                    length = last + 1;
                }
                return length;
            }

            @Override
            protected long firstTaking(String actionId) {
                // the clock row of the action's own first event (action_id and taking_of both the action's), by
                // the event_clock_by_action index; written with the events, so never ahead of the record
                Long first = tables.firstTaking(scenarioId, actionId);
                return first == null ? 0 : first;
            }

            @Override
            protected ScenarioState checkpointAtOrBefore(long count) {
                List<String> rows = jdbc.queryForList("select state_json from scenario_checkpoint where "
                                + "scenario_id = ? and fold_version = ? and event_count <= ? and event_count > 0 "
                                + "order by event_count desc fetch first 1 rows only", String.class, scenarioId,
                        ScenarioState.FOLD_VERSION, count);
                return rows.isEmpty() ? null : ScenarioProjection.read(rows.get(0));
            }

            @Override
            protected void passed(ScenarioState state) {
                if (state.events() % every == 0) {
                    keep(state);
                }
            }
        };
    }

    private void keep(ScenarioState state) {
        jdbc.update(tables.dialect().insertOnce("scenario_checkpoint", "scenario_id, event_count, fold_version, "
                + "state_json", "scenario_id, event_count, fold_version"), state.scenarioId(), state.events(),
                ScenarioState.FOLD_VERSION, ScenarioProjection.write(state));
    }

    private Iterator<ScenarioLog.Entry> read(String scenarioId, long from, long to) {
        if (from >= to) {
            return java.util.Collections.emptyIterator();
        }
        DomainEventStream stream = events.readEvents(scenarioId, from);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return stream.hasNext() && stream.peek().getSequenceNumber() < to;
            }

            @Override
            public ScenarioLog.Entry next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                DomainEventMessage<?> message = stream.next();
                Object side = message.getMetaData().get(ActionMetaData.SIDE);
                return new ScenarioLog.Entry(message.getSequenceNumber(), message.getPayloadType(),
                        message::getPayload, side == null ? null : side.toString());
            }
        };
    }

}
