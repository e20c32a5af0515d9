package org.wargame.tracker.history;

import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.HandMadeEvents;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Events stored in an older shape still load, through the upcast their family declares: CampaignCreated before it
 * had plans, DisputeUpheld before it had {@code corrected} (under its stable name and the first version's class
 * name alike).
 */
class UpcasterApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EventStore eventStore;

    @Autowired
    @org.springframework.beans.factory.annotation.Qualifier("familyUpcasters")
    org.axonframework.serialization.upcasting.event.EventUpcaster upcasters;

    @Autowired
    @org.springframework.beans.factory.annotation.Qualifier("eventSerializer")
    org.axonframework.serialization.Serializer serializer;

    @Test
    void campaign_created_without_plans_loads_as_revision_1() {
        String id = "legacy-" + UUID.randomUUID();
        String legacy = "{\"campaignId\":\"" + id + "\",\"name\":\"Old\",\"ruleSet\":\"asl\",\"sides\":[],"
                + "\"referee\":\"referee\",\"description\":null}";
        HandMadeEvents.store(jdbc, id, 0, "Campaign", "org.wargame.tracker.campaign.CampaignEvent$CampaignCreated",
                legacy, "{}");

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

    @Test
    void dispute_upheld_without_corrected_loads_as_revision_1_under_either_stored_name() {
        for (String storedName : java.util.List.of("scenario.DisputeUpheld",
                "org.wargame.tracker.scenario.ScenarioEvent$DisputeUpheld")) {
            String id = "legacy-" + UUID.randomUUID();
            String legacy = "{\"disputeId\":\"d1\",\"actionId\":\"a1\",\"referee\":\"referee\","
                    + "\"ruling\":\"the wall blocks the line\",\"rule\":\"A6.1\",\"correction\":null}";
            // the family's upcast reads it as revision 1 with corrected: null
            org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation read = upcasters.upcast(
                    java.util.stream.Stream.of(new org.axonframework.serialization.upcasting.event
                            .InitialEventRepresentation(new org.axonframework.eventhandling.GenericDomainEventEntry<>(
                            "Scenario", id, 0, "e1", Instant.now().toString(), storedName, null,
                            legacy.getBytes(StandardCharsets.UTF_8), "{}".getBytes(StandardCharsets.UTF_8)),
                            serializer))).findFirst().orElseThrow();
            assertThat(read.getType().getRevision()).as(storedName).isEqualTo("1");
            assertThat(read.getData(com.fasterxml.jackson.databind.JsonNode.class).getData().has("corrected"))
                    .as(storedName).isTrue();
            store(id, storedName, legacy);
            try {
                Object payload = eventStore.readEvents(id, 0).next().getPayload();
                assertThat(payload).isInstanceOf(DisputeUpheld.class);
                DisputeUpheld upheld = (DisputeUpheld) payload;
                assertThat(upheld.ruling()).isEqualTo("the wall blocks the line");
                assertThat(upheld.corrected()).isNull();
                assertThat(upheld.rolledBackTo()).isNull();
            } finally {
                jdbc.update("delete from domain_event_entry where aggregate_identifier = ?", id);
            }
        }
    }

    /** One hand-made row without revision at sequence 0 of a stream of its own (no chain: deleted after). */
    private void store(String stream, String type, String payload) {
        HandMadeEvents.store(jdbc, stream, 0, "Scenario", type, payload, "{}");
    }
}
