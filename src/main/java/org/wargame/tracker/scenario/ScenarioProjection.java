package org.wargame.tracker.scenario;

import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.annotation.SourceId;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.history.StoredJson;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * The read model of scenarios: one row per scenario with its current state as JSON, updated in the same
 * transaction as the events (subscribing processor), so a read after an action sees it.
 */
@Component
@ProcessingGroup("projections")
public class ScenarioProjection {

    private final JdbcTemplate jdbc;

    public ScenarioProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(ScenarioStarted event) {
        ScenarioState state = ScenarioState.started(event);
        jdbc.update("insert into scenario_view (scenario_id, campaign_id, name, rule_set, concluded, state_json, "
                        + "event_count) values (?, ?, ?, ?, ?, ?, ?)", event.scenarioId(), event.campaignId(),
                event.name(), event.ruleSet(), false, write(state), 1);
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
        ScenarioState state = read(jdbc.queryForObject("select state_json from scenario_view where scenario_id = ?",
                String.class, scenarioId)).evolve(event);
        jdbc.update("update scenario_view set state_json = ?, concluded = ?, event_count = ? where scenario_id = ?",
                write(state), state.concluded(), state.events(), scenarioId);
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
