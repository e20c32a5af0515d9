package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stream whose stored events no longer match the hash chain takes no new action: 409 with a problem that names
 * the broken link in plain words, nothing stored. Found when a stream is checked before a command (first command
 * after a start: here {@link StreamGuard#forget} stands for the restart) or by a verify; refused until the events are
 * as they were stored.
 */
class TamperedStreamApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    StreamGuard guard;

    private String campaign;

    private String scenarioWithHistory() {
        campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
        return scenario;
    }

    private String eventId(String scenario, long sequence) {
        return jdbc.queryForObject("select event_identifier from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = ?", String.class, scenario, sequence);
    }

    private byte[] tamper(String eventId) {
        byte[] original = jdbc.queryForObject("select payload from domain_event_entry where event_identifier = ?",
                byte[].class, eventId);
        String text = new String(original, StandardCharsets.UTF_8);
        String changed = text.replaceFirst("\\}$", ", \"forged\": true}");
        assertThat(changed).isNotEqualTo(text);
        jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?",
                changed.getBytes(StandardCharsets.UTF_8), eventId);
        return original;
    }

    private long events(String scenario) {
        return jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, scenario);
    }

    private void assertRefusedNaming(Response refused, String eventId, long sequence) {
        assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
        assertThat(refused.at("/status").asInt()).isEqualTo(409);
        String detail = refused.at("/detail").asText();
        assertThat(detail).contains("event " + sequence).contains(eventId).contains("hash mismatch")
                .doesNotContain("Exception").doesNotContain("org.");
    }

    @Test
    void a_changed_event_found_at_the_first_command_after_a_start_refuses_new_actions() {
        String scenario = scenarioWithHistory();
        String id = eventId(scenario, 1);
        byte[] original = tamper(id);
        try {
            guard.forget(scenario); // as after a restart: the stream is checked whole at its next command
            long before = events(scenario);

            Response refused = advance("bruno", scenario);
            assertRefusedNaming(refused, id, 1);
            assertThat(events(scenario)).isEqualTo(before);
            // refused again, also for a player's action, without anything stored
            assertThat(action("alice", scenario, java.util.Map.of("type", "become-pack-ti", "crew", "br-crew-1"))
                    .status()).isEqualTo(409);
            assertThat(events(scenario)).isEqualTo(before);
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?", original, id);
        }
        // the events as they were stored again: a verify that finds the stream whole lets it go on
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
    }

    @Test
    void a_verify_that_finds_a_broken_link_refuses_the_stream_at_once() {
        String scenario = scenarioWithHistory();
        String id = eventId(scenario, 2);
        byte[] original = tamper(id);
        try {
            Response report = get("referee", "/api/campaigns/" + campaign + "/verify");
            assertThat(report.at("/ok").asBoolean()).isFalse();

            assertRefusedNaming(advance("bruno", scenario), id, 2);
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?", original, id);
        }
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
    }

    @Test
    void an_event_deleted_from_the_store_refuses_new_actions() {
        String scenario = scenarioWithHistory();
        long last = events(scenario) - 1;
        java.util.Map<String, Object> row = jdbc.queryForMap("select * from domain_event_entry where "
                + "aggregate_identifier = ? and sequence_number = ?", scenario, 1L);
        jdbc.update("delete from domain_event_entry where event_identifier = ?", row.get("event_identifier"));
        try {
            guard.forget(scenario);
            Response refused = advance("bruno", scenario);
            assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
            assertThat(refused.at("/detail").asText()).contains("sequence 1").contains("deleted");
            assertThat(events(scenario)).isEqualTo(last);
        } finally {
            jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                            + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload) "
                            + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row.get("global_index"),
                    row.get("sequence_number"), row.get("aggregate_identifier"), row.get("event_identifier"),
                    row.get("payload_revision"), row.get("payload_type"), row.get("time_stamp"), row.get("type"),
                    row.get("meta_data"), row.get("payload"));
        }
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
    }

    @Test
    void an_event_appended_outside_the_tracker_after_its_last_check_refuses_new_actions() {
        String scenario = scenarioWithHistory();
        long last = events(scenario) - 1;
        // the instance checked the stream at its last action; a copy of the last event is appended behind its back,
        // as another writer would, but without a chain entry
        java.util.Map<String, Object> row = jdbc.queryForMap("select * from domain_event_entry where "
                + "aggregate_identifier = ? and sequence_number = ?", scenario, last);
        String forged = java.util.UUID.randomUUID().toString();
        long index = jdbc.queryForObject("select max(global_index) + 1 from domain_event_entry", Long.class);
        jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                        + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload) "
                        + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", index, last + 1, scenario, forged,
                row.get("payload_revision"), row.get("payload_type"), row.get("time_stamp"), row.get("type"),
                row.get("meta_data"), row.get("payload"));
        try {
            Response refused = advance("bruno", scenario);
            assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
            assertThat(refused.at("/detail").asText()).contains("event " + (last + 1)).contains(forged)
                    .contains("stored outside the tracker");
            assertThat(events(scenario)).isEqualTo(last + 2);
        } finally {
            jdbc.update("delete from domain_event_entry where event_identifier = ?", forged);
        }
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
        assertThat(moveOn(scenario).status()).isEqualTo(200); // the MPh: both sides end it
    }
}
