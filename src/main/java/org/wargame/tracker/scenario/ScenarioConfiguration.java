package org.wargame.tracker.scenario;

import org.axonframework.eventsourcing.snapshotting.RevisionSnapshotFilter;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The scenario aggregate's snapshots: only those of its current revision are used; older ones are folded over. */
@Configuration
public class ScenarioConfiguration {

    @Bean
    public SnapshotFilter scenarioSnapshotFilter() {
        return RevisionSnapshotFilter.builder().type(Scenario.class).revision("2").build();
    }
}
