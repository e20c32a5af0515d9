package org.wargame.tracker.scenario;

import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scenario's snapshot is used only when it was written by the current fold: one of another revision (a first
 * version's, with its undo ledger) is folded over. Axon stores the aggregate's simple name as the snapshot's type.
 */
class ScenarioSnapshotFilterTest {

    private final SnapshotFilter filter = new ScenarioConfiguration().scenarioSnapshotFilter();

    private static GenericDomainEventEntry<byte[]> snapshot(String aggregateType, String revision) {
        return new GenericDomainEventEntry<>(aggregateType, "s-1", 250, "e-1", "2026-12-04T12:00:00Z",
                Scenario.class.getName(), revision, "{}".getBytes(), "{}".getBytes());
    }

    @Test
    void a_snapshot_of_another_fold_is_skipped_and_one_of_this_fold_used() {
        assertThat(filter.allow(snapshot("Scenario", null))).as("the first version's (no revision)").isFalse();
        assertThat(filter.allow(snapshot("Scenario", "4"))).as("an older fold's").isFalse();
        assertThat(filter.allow(snapshot("Scenario", ScenarioState.FOLD_REVISION))).as("this fold's").isTrue();
        assertThat(filter.allow(snapshot("Campaign", null))).as("another aggregate's: not this filter's to judge")
                .isTrue();
    }
}
