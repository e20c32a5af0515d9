package org.wargame.tracker.scenario;

import org.axonframework.eventsourcing.snapshotting.RevisionSnapshotFilter;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The scenario aggregate's snapshots: only those of the current fold ({@link ScenarioState#FOLD_REVISION}) are used;
 * others are folded over.
 */
@Configuration
public class ScenarioConfiguration {

    @Bean
    public SnapshotFilter scenarioSnapshotFilter() {
        return RevisionSnapshotFilter.builder().type(Scenario.class).revision(ScenarioState.FOLD_REVISION).build();
    }
}
