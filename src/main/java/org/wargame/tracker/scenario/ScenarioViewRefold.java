package org.wargame.tracker.scenario;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * At start-up, folds again from the events every scenario read-model row written by an older fold
 * ({@code fold_version} below {@link StoredScenarioRecord#FOLD_VERSION}), so that a database of an earlier version
 * shows the same state the events give now. Each row is rewritten once; a database already current costs one query.
 */
@Component
@Order(0)
class ScenarioViewRefold implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ScenarioViewRefold.class);

    private final JdbcTemplate jdbc;
    private final ScenarioRecord record;

    ScenarioViewRefold(JdbcTemplate jdbc, ScenarioRecord record) {
        this.jdbc = jdbc;
        this.record = record;
    }

    @Override
    public void run(ApplicationArguments args) {
        List<String> stale = jdbc.queryForList("select scenario_id from scenario_view where fold_version < ?",
                String.class, StoredScenarioRecord.FOLD_VERSION);
        for (String scenarioId : stale) {
            ScenarioLog log = record.log(scenarioId);
            ScenarioState state = log.stateAt(log.length());
            jdbc.update("update scenario_view set state_json = ?, concluded = ?, event_count = ?, fold_version = ? "
                            + "where scenario_id = ?", ScenarioProjection.write(state), state.concluded(),
                    state.events(), StoredScenarioRecord.FOLD_VERSION, scenarioId);
        }
        if (!stale.isEmpty()) {
            log.info("Folded {} scenario read-model row(s) of an earlier version again from their events",
                    stale.size());
        }
    }
}
