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
        // the type is compared with the stored aggregate type ("Scenario", the simple name Axon stores), not the
        // payload's class: with type(Scenario.class) it never matched and every snapshot was let through, a first
        // version's too, so the aggregate decided on a fold that had lost an open undo request (LegacyHistoryTest)
        return RevisionSnapshotFilter.builder().type(Scenario.class.getSimpleName())
                .revision(ScenarioState.FOLD_REVISION).build();
    }
}
