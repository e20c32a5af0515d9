package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ChainVerifyTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void an_untouched_campaign_verifies() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario);
        advance("bruno", scenario);

        Response report = get("alice", "/api/campaigns/" + campaign + "/verify");
        assertThat(report.status()).isEqualTo(200);
        assertThat(report.at("/ok").asBoolean()).as(report.raw()).isTrue();
        long events = get("alice", "/api/campaigns/" + campaign + "/events").body().size()
                + get("alice", "/api/scenarios/" + scenario + "/events").body().size();
        assertThat(report.at("/eventsChecked").asLong()).isEqualTo(events);
        assertThat(report.at("/heads/" + scenario).asText()).hasSize(64);
    }

    /**
     * Verify reads both tables on one snapshot: while campaign imports and actions are being stored by other
     * clients, every verification says ok (before, a write between its two reads showed as tampering).
     */
    @Test
    void writes_during_verification_never_show_as_tampering() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger writes = new java.util.concurrent.atomic.AtomicInteger();
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 40 && !stop.get(); i++) {
                importSample(i % 2 == 0 ? "hex-sample.yaml" : "skirmish-sample.yaml");
                advance("referee", scenario);
                writes.incrementAndGet();
            }
        });
        writer.start();
        int verified = 0;
        try {
            while (writer.isAlive() && verified < 60) {
                Response report = get("referee", "/api/history/verify");
                assertThat(report.at("/ok").asBoolean()).as(report.raw()).isTrue();
                verified++;
            }
        } finally {
            stop.set(true);
            writer.join(120_000);
        }
        assertThat(writes.get()).isPositive();
        assertThat(verified).isPositive();
        assertThat(get("referee", "/api/history/verify").at("/ok").asBoolean()).isTrue();
    }

    @Test
    void a_payload_changed_in_the_database_is_named() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario);
        advance("bruno", scenario);
        String id = jdbc.queryForObject("select event_identifier from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = 1", String.class, scenario);
        byte[] original = jdbc.queryForObject("select payload from domain_event_entry where event_identifier = ?",
                byte[].class, id);
        String changed = new String(original, StandardCharsets.UTF_8).replace("\"gameTurn\":1", "\"gameTurn\":2");
        assertThat(changed).isNotEqualTo(new String(original, StandardCharsets.UTF_8));
        jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?",
                changed.getBytes(StandardCharsets.UTF_8), id);
        try {
            Response report = get("alice", "/api/campaigns/" + campaign + "/verify");
            assertThat(report.at("/ok").asBoolean()).isFalse();
            assertThat(report.at("/brokenCount").asInt()).as(report.raw()).isEqualTo(1);
            JsonNode broken = report.at("/firstBroken");
            assertThat(broken.get("stream").asText()).isEqualTo(scenario);
            assertThat(broken.get("sequence").asLong()).isEqualTo(1);
            assertThat(broken.get("eventIdentifier").asText()).isEqualTo(id);
            assertThat(broken.get("reason").asText()).contains("hash mismatch");

            assertThat(get("referee", "/api/history/verify").at("/firstBroken/eventIdentifier").asText())
                    .isEqualTo(id);
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?", original, id);
        }
        assertThat(get("alice", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }

    @Test
    void a_deleted_event_is_named() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario);
        advance("bruno", scenario);
        // the last event: deleting it leaves no gap in the stream, only the chain knows it existed
        var row = jdbc.queryForMap("select * from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = 2", scenario);
        jdbc.update("delete from domain_event_entry where event_identifier = ?", row.get("event_identifier"));
        try {
            Response report = get("alice", "/api/campaigns/" + campaign + "/verify");
            assertThat(report.at("/ok").asBoolean()).isFalse();
            assertThat(report.at("/firstBroken/sequence").asLong()).isEqualTo(2);
            assertThat(report.at("/firstBroken/reason").asText()).contains("deleted");
        } finally {
            jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                            + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload) "
                            + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row.get("global_index"),
                    row.get("sequence_number"), row.get("aggregate_identifier"), row.get("event_identifier"),
                    row.get("payload_revision"), row.get("payload_type"), row.get("time_stamp"), row.get("type"),
                    row.get("meta_data"), row.get("payload"));
        }
    }

    @Test
    void only_the_referee_verifies_the_whole_store() {
        assertThat(get("alice", "/api/history/verify").status()).isEqualTo(403);
        assertThat(get("referee", "/api/history/verify").status()).isEqualTo(200);
    }
}
