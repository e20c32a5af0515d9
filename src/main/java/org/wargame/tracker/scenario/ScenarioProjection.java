package org.wargame.tracker.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.messaging.annotation.SourceId;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.CatchingUpCache;
import org.wargame.tracker.store.PendingWrites;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The read model of scenarios: one row per scenario with its current state as JSON, updated in the same
 * transaction as the events (subscribing processor), so a read after an action sees it.
 */
@Component
@ProcessingGroup("projections")
public class ScenarioProjection {

    private static final String PENDING = ScenarioProjection.class.getName() + ".pending";

    private final JdbcTemplate jdbc;
    /** The parts, and the row's update with them (on PostgreSQL one round trip with the action's other writes). */
    private final PendingWrites writes;
    private final ScenarioRecord record;
    private final Map<String, ScenarioState> latest = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f,
            true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ScenarioState> eldest) {
            return size() > 256;
        }
    });

    public ScenarioProjection(JdbcTemplate jdbc, ScenarioRecord record, PendingWrites writes) {
        this.writes = writes;
        this.jdbc = jdbc;
        this.record = record;
    }

    @EventHandler
    void on(ScenarioStarted event) {
        ScenarioState state = ScenarioState.started(event);
        ScenarioRow.Split split = ScenarioRow.split(state);
        jdbc.update("insert into scenario_view (scenario_id, campaign_id, name, rule_set, concluded, state_json, "
                        + "event_count, fold_version, layout) values (?, ?, ?, ?, ?, ?, ?, ?, ?)", event.scenarioId(),
                event.campaignId(), event.name(), event.ruleSet(), false, ScenarioRow.text(split.head()), 1,
                ScenarioState.FOLD_VERSION, ScenarioRow.LAYOUT);
        ScenarioRow.insertParts(writes, event.scenarioId(), split);
        remember(event.scenarioId(), state);
    }

    @EventHandler
    void on(ScenarioEvent event, @SourceId String scenarioId,
            @MetaDataValue(ActionMetaData.SIDE) String side) {
        if (!(event instanceof ScenarioStarted)) {
            update(scenarioId, new FoldInput.Core(event, side));
        }
    }

    @EventHandler
    void on(RuleEvent event, @SourceId String scenarioId) {
        update(scenarioId, new FoldInput.Rule(event));
    }

    private void update(String scenarioId, FoldInput event) {
        if (!CurrentUnitOfWork.isStarted()) { // a rebuild calls the handlers directly: write each event at once
            ScenarioState current = latest.containsKey(scenarioId) ? latest.get(scenarioId) : stored(scenarioId);
            save(scenarioId, new Pending(current.events(), current, new ArrayList<>(List.of(event)),
                    current.evolve(event, record.log(scenarioId)), false));
            return;
        }
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get();
        Map<String, Pending> pending = unitOfWork.getOrComputeResource(PENDING, key -> {
            Map<String, Pending> byScenario = new LinkedHashMap<>();
            unitOfWork.onPrepareCommit(u -> byScenario.forEach(this::save));
            unitOfWork.root().onRollback(u -> byScenario.keySet().forEach(latest::remove));
            return byScenario;
        });
        Pending before = pending.get(scenarioId);
        if (before == null) {
            ScenarioState current = latest.get(scenarioId);
            boolean remembered = current != null;
            if (current == null) {
                current = stored(scenarioId);
            } else {
                ScenarioState caught = caughtUp(scenarioId, current);
                // another tracker wrote since, and its events could not be folded here: the row is read again
                remembered = caught != current || !CatchingUpCache.handedOver(scenarioId);
                current = caught;
            }
            before = new Pending(current.events(), current, new ArrayList<>(), current, remembered);
        }
        before.events().add(event);
        Pending after = new Pending(before.rowEvents(), before.base(), before.events(),
                before.state().evolve(event, record.log(scenarioId)), before.remembered());
        pending.put(scenarioId, after);
        latest.put(scenarioId, after.state());
    }

    /**
     * The state this projection last wrote, brought up to the row another tracker wrote since: the events the
     * guard checked and the aggregate was caught up with ({@link CatchingUpCache#caughtUpWith}) folded onto it, as
     * the row's writer folded them. Unchanged when they are not exactly the events after it (the row's optimistic
     * update then fails and the row is read again).
     */
    private ScenarioState caughtUp(String scenarioId, ScenarioState current) {
        List<DomainEventMessage<?>> handed = CatchingUpCache.caughtUpWith(scenarioId);
        if (handed.isEmpty() || handed.get(0).getSequenceNumber() != current.events()) {
            return current;
        }
        ScenarioState state = current;
        for (DomainEventMessage<?> event : handed) {
            Object payload = event.getPayload();
            if (payload instanceof ScenarioStarted) {
                return current;
            }
            state = state.evolve(payload instanceof RuleEvent rule ? new FoldInput.Rule(rule)
                    : new FoldInput.Core((ScenarioEvent) payload,
                    (String) event.getMetaData().get(ActionMetaData.SIDE)), record.log(scenarioId));
        }
        return state;
    }

    /**
     * The events of one unit of work for one scenario: the row is written once, when the unit of work commits (an
     * action's many events would otherwise each write the whole state, undo ledger and all).
     */
    private record Pending(long rowEvents, ScenarioState base, List<FoldInput> events, ScenarioState state,
                           boolean remembered) {
    }

    /**
     * Writes the row's head and the parts that changed (see {@link ScenarioRow}). Optimistic: the row must still
     * hold the state these events were applied to (its event count, in this layout); otherwise it is read again.
     */
    private void save(String scenarioId, Pending pending) {
        ScenarioState next = pending.state();
        ScenarioRow.Split split = ScenarioRow.split(next);
        String update = "update scenario_view set state_json = ?, concluded = ?, event_count = ? "
                + "where scenario_id = ? and event_count = ? and layout = ?";
        Object[] values = {ScenarioRow.text(split.head()), next.concluded(), next.events(), scenarioId,
                pending.rowEvents(), ScenarioRow.LAYOUT};
        // the state this tracker wrote last, as it wrote it: on PostgreSQL the check goes with the action's other
        // writes (no round trip of its own); should the row be another after all, the action is decided again on
        // the row read from the store (Commands), which then takes the path below
        if (pending.remembered() && writes.holdExpectingOne(update, () -> new ConcurrencyException("the scenario's "
                + "read model was written by another writer since this tracker last wrote it"), values)) {
            ScenarioRow.writeParts(writes, scenarioId, ScenarioRow.split(pending.base()), split);
            latest.put(scenarioId, next);
            return;
        }
        int rows = writes.updateWith(update, values);
        if (rows == 1) {
            ScenarioRow.writeParts(writes, scenarioId, ScenarioRow.split(pending.base()), split);
        } else {
            ScenarioRow.Split stored = ScenarioRow.stored(jdbc, scenarioId);
            next = ScenarioRow.join(stored);
            for (FoldInput event : pending.events()) {
                next = next.evolve(event, record.log(scenarioId));
            }
            split = ScenarioRow.split(next);
            jdbc.update("update scenario_view set state_json = ?, concluded = ?, event_count = ?, layout = ? "
                            + "where scenario_id = ?", ScenarioRow.text(split.head()), next.concluded(), next.events(),
                    ScenarioRow.LAYOUT, scenarioId);
            ScenarioRow.writeParts(writes, scenarioId, stored, split);
        }
        latest.put(scenarioId, next);
    }

    /**
     * The row of a scenario folded from its whole stream (a rebuild, an import), written only where it differs
     * from the stored one: one write per scenario at most, none when it is already right.
     */
    public void replace(ScenarioState state) {
        ScenarioRow.Split next = ScenarioRow.split(state);
        String head = ScenarioRow.text(next.head());
        List<Map<String, Object>> stored = jdbc.queryForList("select campaign_id, name, rule_set, concluded, "
                + "event_count, fold_version, layout, state_json from scenario_view where scenario_id = ?",
                state.scenarioId());
        if (stored.isEmpty()) {
            jdbc.update("insert into scenario_view (scenario_id, campaign_id, name, rule_set, concluded, state_json, "
                            + "event_count, fold_version, layout) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    state.scenarioId(), state.campaignId(), state.name(), state.ruleSetId(), state.concluded(), head,
                    state.events(), ScenarioState.FOLD_VERSION, ScenarioRow.LAYOUT);
            jdbc.update("delete from scenario_part where scenario_id = ?", state.scenarioId());
            ScenarioRow.insertParts(writes, state.scenarioId(), next);
        } else {
            Map<String, Object> row = stored.get(0);
            boolean same = state.campaignId().equals(row.get("campaign_id")) && state.name().equals(row.get("name"))
                    && state.ruleSetId().equals(row.get("rule_set"))
                    && Boolean.valueOf(state.concluded()).equals(row.get("concluded"))
                    && ((Number) row.get("event_count")).longValue() == state.events()
                    && ((Number) row.get("fold_version")).intValue() == ScenarioState.FOLD_VERSION
                    && ((Number) row.get("layout")).intValue() == ScenarioRow.LAYOUT
                    && head.equals(String.valueOf(row.get("state_json")));
            ScenarioRow.Split before = ScenarioRow.stored(jdbc, state.scenarioId());
            if (!same) {
                jdbc.update("update scenario_view set campaign_id = ?, name = ?, rule_set = ?, concluded = ?, "
                                + "state_json = ?, event_count = ?, fold_version = ?, layout = ? where scenario_id = ?",
                        state.campaignId(), state.name(), state.ruleSetId(), state.concluded(), head, state.events(),
                        ScenarioState.FOLD_VERSION, ScenarioRow.LAYOUT, state.scenarioId());
            }
            ScenarioRow.writeParts(writes, state.scenarioId(), before, next);
        }
        latest.remove(state.scenarioId()); // the next action reads the row as committed
    }

    /**
     * The state this instance last folded for the scenario, or null when it holds none: behind the store when
     * another instance wrote since; a rolled-back fold is forgotten.
     */
    ScenarioState remembered(String scenarioId) {
        return latest.get(scenarioId);
    }

    /** Keeps the latest state in memory so an action costs no read; forgotten when its transaction rolls back. */
    private void remember(String scenarioId, ScenarioState state) {
        latest.put(scenarioId, state);
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().root().onRollback(u -> latest.remove(scenarioId));
        }
    }

    private ScenarioState stored(String scenarioId) {
        ScenarioState state = ScenarioRow.read(jdbc, scenarioId);
        if (state == null) {
            throw new IllegalStateException("scenario " + scenarioId + " has no read-model row");
        }
        return state;
    }

    public static String write(ScenarioState state) {
        try {
            return StoredJson.mapper().writeValueAsString(state);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario state", e);
        }
    }

    public static ScenarioState read(String json) {
        try {
            return StoredJson.mapper().readValue(json, ScenarioState.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read scenario state", e);
        }
    }
}
