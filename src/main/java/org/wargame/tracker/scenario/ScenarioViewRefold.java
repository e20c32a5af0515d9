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
 * ({@code fold_version} below {@link ScenarioState#FOLD_VERSION}), so that a database of an earlier version
 * shows the same state the events give now, and drops the checkpoints of other folds (they would never be read;
 * the current fold writes its own as it passes them; snapshots of another revision are skipped by the aggregate's
 * snapshot filter). Each row is rewritten once; a database already current costs two queries.
 */
@Component
@Order(0)
class ScenarioViewRefold implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ScenarioViewRefold.class);

    private final JdbcTemplate jdbc;
    private final ScenarioRecord record;
    private final ScenarioProjection projection;

    ScenarioViewRefold(JdbcTemplate jdbc, ScenarioRecord record, ScenarioProjection projection) {
        this.jdbc = jdbc;
        this.record = record;
        this.projection = projection;
    }

    @Override
    public void run(ApplicationArguments args) {
        List<String> stale = jdbc.queryForList("select scenario_id from scenario_view where fold_version < ?",
                String.class, ScenarioState.FOLD_VERSION);
        for (String scenarioId : stale) {
            ScenarioLog log = record.log(scenarioId);
            projection.replace(log.stateAt(log.length()));
        }
        if (!stale.isEmpty()) {
            log.info("Folded {} scenario read-model row(s) of an earlier version again from their events",
                    stale.size());
        }
        int dropped = jdbc.update("delete from scenario_checkpoint where fold_version <> ?",
                ScenarioState.FOLD_VERSION);
        if (dropped > 0) {
            log.info("Dropped {} checkpoint(s) of another fold version", dropped);
        }
        // rows of the current fold stored whole (before V13): split into their parts, as they are
        List<String> whole = jdbc.queryForList("select scenario_id from scenario_view where layout < ?",
                String.class, ScenarioRow.LAYOUT);
        for (String scenarioId : whole) {
            projection.replace(ScenarioRow.read(jdbc, scenarioId));
        }
        if (!whole.isEmpty()) {
            log.info("Stored {} scenario read-model row(s) in parts", whole.size());
        }
    }
}
