package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Idempotency-Key} on the actions at the table: the same action sent again with the same key (after an answer
 * lost on the way, or a 503 whose write reached the disk after all) is stored once and answered as the first; the
 * same key from another account is another action; sent at once by eight clients, one is stored. Where it would
 * protect nothing, or is not a short visible word, it is refused naming the header and nothing is stored.
 */
class ActionKeyApiTest extends ApiTestSupport {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Autowired
    JdbcTemplate jdbc;

    private HttpResponse<String> keyed(String user, String path, Object body, String... keys) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password(user))
                        .getBytes(StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        for (String key : keys) {
            request.header("Idempotency-Key", key);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private long events(String stream) {
        return jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, stream);
    }

    private long notes(String scenario, String text) {
        return get("referee", "/api/scenarios/" + scenario + "/notes").body().findValues("text").stream()
                .filter(t -> t.asText().equals(text)).count();
    }

    private static boolean replayed(HttpResponse<String> r) {
        return r.headers().firstValue("Idempotent-Replayed").orElse("").equals("true");
    }

    @Test
    void an_advance_sent_again_with_its_key_is_stored_once_and_answered_as_the_first() throws Exception {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String key = UUID.randomUUID().toString();
        Map<String, Object> step = Map.of("confirm", List.of("decision"));
        HttpResponse<String> first = keyed("referee", "/api/scenarios/" + scenario + "/clock/advance", step, key);
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(replayed(first)).isFalse();
        assertThat(JSON.readTree(first.body()).get("events").findValues("metaData")).as("the key's mark stays on the "
                + "command").isNotEmpty().noneMatch(m -> m.has("keyed"));
        long stored = events(scenario);

        HttpResponse<String> again = keyed("referee", "/api/scenarios/" + scenario + "/clock/advance", step,
                "\"" + key + "\""); // as a structured-field string: the same key
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(replayed(again)).isTrue();
        assertThat(events(scenario)).as("nothing stored again").isEqualTo(stored);
        JsonNode a = JSON.readTree(first.body());
        JsonNode b = JSON.readTree(again.body());
        assertThat(b.get("actionId")).isEqualTo(a.get("actionId"));
        assertThat(b.get("events")).as("the first action's events").isEqualTo(a.get("events"));
        assertThat(b.get("receipt")).isEqualTo(a.get("receipt"));
        assertThat(b.at("/scenario/clock")).isEqualTo(a.at("/scenario/clock"));

        // another action moves the record on; the key still answers with the first, whose events it names
        assertThat(advance("referee", scenario).status()).isEqualTo(200);
        HttpResponse<String> late = keyed("referee", "/api/scenarios/" + scenario + "/clock/advance", step, key);
        assertThat(late.statusCode()).isEqualTo(200);
        assertThat(replayed(late)).isTrue();
        assertThat(JSON.readTree(late.body()).get("events")).isEqualTo(a.get("events"));
        assertThat(JSON.readTree(late.body()).at("/scenario/eventCount").asLong()).isEqualTo(events(scenario));
        assertThat(events(scenario)).isGreaterThan(stored);

        // a new key is a new action
        HttpResponse<String> other = keyed("referee", "/api/scenarios/" + scenario + "/clock/advance", step,
                UUID.randomUUID().toString());
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(replayed(other)).isFalse();
        assertThat(JSON.readTree(other.body()).get("actionId")).isNotEqualTo(a.get("actionId"));
    }

    @Test
    void a_key_belongs_to_its_account_and_a_note_sent_again_is_written_once() throws Exception {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String path = "/api/scenarios/" + scenario + "/notes";
        String key = "note-1";
        HttpResponse<String> alice = keyed("alice", path, Map.of("text", "Alice: my mule waits"), key);
        HttpResponse<String> bruno = keyed("bruno", path, Map.of("text", "Bruno: so does mine"), key);
        assertThat(alice.statusCode()).as(alice.body()).isEqualTo(201);
        assertThat(bruno.statusCode()).as("the same key from another account is another note: %s", bruno.body())
                .isEqualTo(201);
        assertThat(replayed(bruno)).isFalse();
        long stored = events(scenario);

        HttpResponse<String> again = keyed("alice", path, Map.of("text", "Alice: my mule waits"), key);
        assertThat(again.statusCode()).isEqualTo(201);
        assertThat(replayed(again)).isTrue();
        assertThat(JSON.readTree(again.body())).as("the first note's id and position")
                .isEqualTo(JSON.readTree(alice.body()));
        assertThat(events(scenario)).isEqualTo(stored);
        assertThat(notes(scenario, "Alice: my mule waits")).isEqualTo(1);
    }

    @Test
    void eight_clients_sending_one_keyed_note_at_once_store_it_once() throws Exception {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String path = "/api/scenarios/" + scenario + "/notes";
        String key = UUID.randomUUID().toString();
        String text = "Sent from eight tabs at once";
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<HttpResponse<String>>> sent = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                sent.add(pool.submit((Callable<HttpResponse<String>>) () -> keyed("alice", path,
                        Map.of("text", text), key)));
            }
            List<Integer> statuses = new ArrayList<>();
            int fresh = 0;
            for (Future<HttpResponse<String>> f : sent) {
                HttpResponse<String> r = f.get();
                statuses.add(r.statusCode());
                // stored now, answered as stored, or refused while the first is being stored: never a second note
                assertThat(r.statusCode()).as("%s", r.body()).isIn(201, 409);
                if (r.statusCode() == 409) {
                    assertThat(r.body()).contains("Idempotency-Key").contains("nothing of this one was stored");
                }
                fresh += r.statusCode() == 201 && !replayed(r) ? 1 : 0;
            }
            assertThat(fresh).as("statuses %s", statuses).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(notes(scenario, text)).isEqualTo(1);
    }

    @Test
    void a_key_where_it_protects_nothing_or_not_a_short_visible_word_is_refused_naming_the_header()
            throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        long before = events(scenario);
        long campaignBefore = events(campaign);
        List<HttpResponse<String>> refused = List.of(
                keyed("referee", "/api/campaigns/" + campaign + "/notes", Map.of("text", "between"), "k1"),
                keyed("alice", "/api/scenarios/" + scenario + "/notes", Map.of("text", "x"), "two words"),
                keyed("alice", "/api/scenarios/" + scenario + "/notes", Map.of("text", "x"), "k".repeat(101)),
                keyed("alice", "/api/scenarios/" + scenario + "/notes", Map.of("text", "x"), ""),
                keyed("alice", "/api/scenarios/" + scenario + "/notes", Map.of("text", "x"), "k1", "k2"));
        for (HttpResponse<String> r : refused) {
            assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).contains("application/problem+json");
            JsonNode problem = JSON.readTree(r.body());
            assertThat(problem.get("field").asText()).isEqualTo("Idempotency-Key");
            assertThat(problem.get("detail").asText()).doesNotContain("Exception").doesNotContain("org.");
        }
        HttpResponse<String> read = CLIENT.send(HttpRequest.newBuilder(uri("/api/scenarios/" + scenario))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("alice:" + password("alice"))
                        .getBytes(StandardCharsets.UTF_8))).header("Idempotency-Key", "k1").GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(read.statusCode()).as("a read takes no key: %s", read.body()).isEqualTo(400);
        assertThat(events(scenario)).isEqualTo(before);
        assertThat(events(campaign)).isEqualTo(campaignBefore);
    }

    @Test
    void the_api_document_shows_the_key_on_the_actions_that_take_it_and_nowhere_else() throws Exception {
        JsonNode paths = get("referee", "/v3/api-docs").at("/paths");
        List<String> keyed = new ArrayList<>();
        paths.fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(op -> {
            if (op.getValue().path("parameters").findValuesAsText("name").contains("Idempotency-Key")) {
                keyed.add(op.getKey() + " " + p.getKey());
            }
        }));
        assertThat(keyed).contains("post /api/scenarios/{scenarioId}/actions",
                "post /api/scenarios/{scenarioId}/clock/advance", "post /api/scenarios/{scenarioId}/notes",
                "post /api/scenarios/{scenarioId}/hidden/{counter}/reveal").hasSize(9);
    }

    @Test
    void arbitrary_keys_are_taken_once_or_refused_naming_the_header_never_a_5xx() throws Exception {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String path = "/api/scenarios/" + scenario + "/notes";
        net.jqwik.api.sessions.JqwikSession.start(); // jqwik's generators outside a property, in Spring's context
        try {
            java.util.Random random = new java.util.Random(Long.getLong("fuzz.seed", 7L));
            var keys = net.jqwik.api.Arbitraries.oneOf(net.jqwik.api.Arbitraries.strings().ascii().ofMaxLength(120),
                    net.jqwik.api.Arbitraries.strings().withCharRange('!', '~').ofMinLength(95).ofMaxLength(105),
                    net.jqwik.api.Arbitraries.strings().all().ofMaxLength(20)).generator(100);
            for (int i = 0; i < 100; i++) {
                String key = keys.next(random).value();
                HttpResponse<String> r;
                try {
                    r = keyed("alice", path, Map.of("text", "fuzz " + i), key);
                } catch (IllegalArgumentException unsendable) {
                    continue; // a header value the HTTP client itself will not send (a control character)
                }
                long stored = events(scenario);
                assertThat(r.statusCode()).as("key %s: %s", key, r.body()).isIn(201, 400);
                if (r.statusCode() == 400) {
                    assertThat(JSON.readTree(r.body()).get("field").asText()).isEqualTo("Idempotency-Key");
                    continue;
                }
                HttpResponse<String> again = keyed("alice", path, Map.of("text", "fuzz " + i), key);
                assertThat(again.statusCode()).isEqualTo(201);
                assertThat(replayed(again) || JSON.readTree(again.body()).equals(JSON.readTree(r.body())))
                        .as("key %s sent twice: %s then %s", key, r.body(), again.body()).isTrue();
                assertThat(events(scenario)).as("key %s: stored once", key).isEqualTo(stored);
            }
        } finally {
            net.jqwik.api.sessions.JqwikSession.finish();
        }
    }
}
