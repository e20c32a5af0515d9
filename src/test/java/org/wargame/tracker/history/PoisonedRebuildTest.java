package org.wargame.tracker.history;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.Quarantine;
import org.wargame.tracker.store.StoredEvent;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store poisoned before imports were checked (a roll-back past the stream's end, stored with a chain link that
 * verifies, as the old import stored it): the rebuild reports the stream by name and event, builds every other
 * stream, and holds the poisoned one read-only: an action on it is refused with a 409 saying why, and the console
 * shows it to the referee.
 */
class PoisonedRebuildTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EventTables tables;
    @Autowired
    PlatformTransactionManager transactions;
    @Autowired
    Quarantine quarantine;

    private Response rebuilt() throws InterruptedException {
        Response started = post("referee", "/api/history/rebuild", Map.of());
        for (int i = 0; i < 20 && started.status() == 409 && started.raw().contains("already running"); i++) {
            Thread.sleep(500);
            started = post("referee", "/api/history/rebuild", Map.of());
        }
        assertThat(started.status()).as(started.raw()).isEqualTo(202);
        Response progress = started;
        for (int i = 0; i < 600 && !progress.at("/status").asText().matches("done|failed"); i++) {
            Thread.sleep(100);
            progress = get("referee", "/api/history/rebuild");
        }
        return progress;
    }

    /** The console as the referee's browser gets it, after logging in with the form. */
    private String consolePage() throws Exception {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        String login = browser.send(HttpRequest.newBuilder(uri("/login")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
                .matcher(login);
        assertThat(csrf.find()).isTrue();
        String form = "username=referee&password=" + java.net.URLEncoder.encode(REFEREE_PASSWORD,
                StandardCharsets.UTF_8) + "&_csrf=" + csrf.group(1);
        browser.send(HttpRequest.newBuilder(uri("/login")).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> console = browser.send(HttpRequest.newBuilder(uri("/console")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(console.statusCode()).isEqualTo(200);
        return console.body();
    }

    @Test
    void a_stream_that_cannot_be_folded_is_held_read_only_and_every_other_is_rebuilt() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String poisoned = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", poisoned);
        assertThat(post("bruno", "/api/scenarios/" + poisoned + "/undo", Map.of()).status()).isLessThan(300);
        String healthy = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        advance("bruno", healthy);
        Response live = get("alice", "/api/scenarios/" + healthy);

        // the poison: the stream's undo again, rolling back past the end, appended with a link that verifies
        EventTables.Link head = tables.lastLink(poisoned);
        StoredEvent undo = tables.events(poisoned, 0, head.sequence() + 1).stream()
                .filter(e -> e.payloadType().endsWith("ActionUndone")).findFirst().orElseThrow();
        String payload = new String(undo.payload(), StandardCharsets.UTF_8)
                .replaceAll("\"rolledBackTo\":\\d+", "\"rolledBackTo\":99999");
        StoredEvent bad = new StoredEvent(0, poisoned, head.sequence() + 1, UUID.randomUUID().toString(),
                undo.payloadType(), undo.payloadRevision(), Instant.now().toString(),
                payload.getBytes(StandardCharsets.UTF_8), undo.metaData());
        String hash = ChainHash.of(head.hash(), bad);
        new TransactionTemplate(transactions).executeWithoutResult(s -> tables.append(List.of(
                new EventTables.ChainedEvent(bad, "Scenario", new EventTables.Link(bad.eventIdentifier(),
                        bad.sequence(), head.hash(), hash)))));
        // the healthy scenario's read model damaged, for the rebuild to repair
        jdbc.update("update scenario_view set event_count = 0 where scenario_id = ?", healthy);
        try {
            assertThat(get("referee", "/api/history/verify").at("/ok").asBoolean()).isTrue();
            Response progress = rebuilt();
            assertThat(progress.at("/status").asText()).as(progress.raw()).isEqualTo("done");
            assertThat(progress.at("/quarantined")).as(progress.raw()).anySatisfy(q -> {
                assertThat(q.get("stream").asText()).isEqualTo(poisoned);
                assertThat(q.get("event").asLong()).isEqualTo(bad.sequence() + 1);
                assertThat(q.get("reason").asText()).contains("past the end of the record");
            });
            assertThat(progress.at("/quarantined")).noneSatisfy(q -> assertThat(q.get("stream").asText())
                    .isEqualTo(healthy));
            assertThat(get("alice", "/api/scenarios/" + healthy).body()).isEqualTo(live.body());

            Response action = advance("bruno", poisoned);
            assertThat(action.status()).as(action.raw()).isEqualTo(409);
            assertThat(action.at("/detail").asText()).contains("read-only").contains("event " + (bad.sequence()
                    + 1));
            assertThat(advance("bruno", healthy).status()).isEqualTo(200);

            String console = consolePage();
            assertThat(console).contains("Read-only records").contains("past the end of the record");
        } finally {
            // the poison taken out again, so the other tests of this application see a clean store
            jdbc.update("delete from event_chain where event_identifier = ?", bad.eventIdentifier());
            jdbc.update("delete from domain_event_entry where event_identifier = ?", bad.eventIdentifier());
            quarantine.release(poisoned);
        }
    }
}
