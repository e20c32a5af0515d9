package org.wargame.tracker.campaign;

import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A campaign's snapshot is used only when it is of {@link Campaign#SNAPSHOT_REVISION}; one taken before is skipped. */
class CampaignSnapshotFilterTest {

    private final SnapshotFilter filter = new CampaignConfiguration().campaignSnapshotFilter();

    private static GenericDomainEventEntry<byte[]> snapshot(String aggregateType, String revision) {
        return new GenericDomainEventEntry<>(aggregateType, "c-1", 250, "e-1", "2026-12-04T12:00:00Z",
                Campaign.class.getName(), revision, "{}".getBytes(), "{}".getBytes());
    }

    @Test
    void a_snapshot_of_another_revision_is_skipped_and_one_of_this_revision_used() {
        assertThat(filter.allow(snapshot("Campaign", null))).as("taken before the revision").isFalse();
        assertThat(filter.allow(snapshot("Campaign", Campaign.SNAPSHOT_REVISION))).isTrue();
        assertThat(filter.allow(snapshot("Scenario", null))).as("another aggregate's").isTrue();
    }
}
