package org.wargame.tracker.scenario;

import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.annotation.SourceId;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.history.StoredJson;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import com.fasterxml.jackson.core.JsonProcessingException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The read model of scenarios: one row per scenario with its current state as JSON, updated in the same
 * transaction as the events (subscribing processor), so a read after an action sees it.
 */
@Component
@ProcessingGroup("projections")
public class ScenarioProjection {

    private final JdbcTemplate jdbc;
    private final Map<String, ScenarioState> latest = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f,
            true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ScenarioState> eldest) {
            return size() > 256;
        }
    });

    public ScenarioProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(ScenarioStarted event) {
        ScenarioState state = ScenarioState.started(event);
        jdbc.update("insert into scenario_view (scenario_id, campaign_id, name, rule_set, concluded, state_json, "
                        + "event_count) values (?, ?, ?, ?, ?, ?, ?)", event.scenarioId(), event.campaignId(),
                event.name(), event.ruleSet(), false, write(state), 1);
        remember(event.scenarioId(), state);
    }

    @EventHandler
    void on(ScenarioEvent event, @SourceId String scenarioId) {
        if (!(event instanceof ScenarioStarted)) {
            update(scenarioId, event);
        }
    }

    @EventHandler
    void on(RuleEvent event, @SourceId String scenarioId) {
        update(scenarioId, event);
    }

    private void update(String scenarioId, Object event) {
        ScenarioState current = latest.get(scenarioId);
        if (current == null) {
            current = stored(scenarioId);
        }
        ScenarioState next = current.evolve(event);
        // optimistic: the row must still hold the state we evolved; otherwise read it again
        int rows = jdbc.update("update scenario_view set state_json = ?, concluded = ?, event_count = ? "
                        + "where scenario_id = ? and event_count = ?", write(next), next.concluded(), next.events(),
                scenarioId, current.events());
        if (rows == 0) {
            next = stored(scenarioId).evolve(event);
            jdbc.update("update scenario_view set state_json = ?, concluded = ?, event_count = ? where scenario_id = ?",
                    write(next), next.concluded(), next.events(), scenarioId);
        }
        remember(scenarioId, next);
    }

    /** Keeps the latest state in memory so an action costs no read; forgotten when its transaction rolls back. */
    private void remember(String scenarioId, ScenarioState state) {
        latest.put(scenarioId, state);
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().onRollback(u -> latest.remove(scenarioId));
        }
    }

    private ScenarioState stored(String scenarioId) {
        return read(jdbc.queryForObject("select state_json from scenario_view where scenario_id = ?", String.class,
                scenarioId));
    }

    static String write(ScenarioState state) {
        try {
            return StoredJson.mapper().writeValueAsString(state);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario state", e);
        }
    }

    static ScenarioState read(String json) {
        try {
            return StoredJson.mapper().readValue(json, ScenarioState.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read scenario state", e);
        }
    }
}
