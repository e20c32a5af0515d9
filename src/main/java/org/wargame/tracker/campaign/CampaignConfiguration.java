package org.wargame.tracker.campaign;

import org.axonframework.eventsourcing.snapshotting.RevisionSnapshotFilter;
import org.axonframework.eventsourcing.snapshotting.SnapshotFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The campaign aggregate's snapshots: only those of {@link Campaign#SNAPSHOT_REVISION} are used; others are folded
 * over (as the scenario's, {@code ScenarioConfiguration}).
 */
@Configuration
public class CampaignConfiguration {

    @Bean
    public SnapshotFilter campaignSnapshotFilter() {
        // by the stored aggregate type, Axon's simple name (the class's full name matches nothing)
        return RevisionSnapshotFilter.builder().type(Campaign.class.getSimpleName())
                .revision(Campaign.SNAPSHOT_REVISION).build();
    }
}
