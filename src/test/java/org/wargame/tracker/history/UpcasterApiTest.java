package org.wargame.tracker.history;

import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** An event stored in an older shape (before CampaignCreated had plans) still loads, through its upcaster. */
class UpcasterApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EventStore eventStore;

    @Test
    void campaign_created_without_plans_loads_as_revision_1() {
        String id = "legacy-" + UUID.randomUUID();
        String legacy = "{\"campaignId\":\"" + id + "\",\"name\":\"Old\",\"ruleSet\":\"asl\",\"sides\":[],"
                + "\"referee\":\"referee\",\"description\":null}";
        boolean postgres = Boolean.TRUE.equals(jdbc.execute((java.sql.Connection c) ->
                c.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres")));
        Long index = jdbc.queryForObject(postgres ? "select nextval('domain_event_entry_seq')"
                : "select next value for domain_event_entry_seq", Long.class);
        if (index == null) {
            throw new IllegalStateException("no sequence value");
        }
        jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                        + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload) "
                        + "values (?, 0, ?, ?, null, ?, ?, 'Campaign', ?, ?)", index, id, UUID.randomUUID().toString(),
                "org.wargame.tracker.campaign.CampaignEvent$CampaignCreated", Instant.now().toString(),
                "{}".getBytes(StandardCharsets.UTF_8), legacy.getBytes(StandardCharsets.UTF_8));

        try {
            Object payload = eventStore.readEvents(id, 0).next().getPayload();
            assertThat(payload).isInstanceOf(CampaignCreated.class);
            assertThat(((CampaignCreated) payload).plans()).isEmpty();
            assertThat(((CampaignCreated) payload).name()).isEqualTo("Old");
        } finally {
            // the hand-made row has no place in the hash chains other tests verify
            jdbc.update("delete from domain_event_entry where aggregate_identifier = ?", id);
        }
    }
}
