package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.scenario.ScenarioProjection;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.EventNames;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A history written by the first version (commit 4aeab8e: events stored under Java class names, the undo ledger in
 * the scenario state, {@code DisputeUpheld} without a revision) still imports, loads, verifies and replays. The
 * fixtures under {@code src/test/resources/legacy/} (see the README there) are the three sample campaigns' exports,
 * the H2 file of the same tracker, and what that version answered ({@code expected.json}): the verification with
 * the chain heads, each scenario's clock, event count and counters, time travel to several events, open undo
 * requests and disputes, and each campaign's roster.
 */
class LegacyHistoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> CAMPAIGNS = List.of("asl-west-of-alamein", "hex-sample", "skirmish-sample");
    private static final String REFEREE_PASSWORD = "legacy-referee";
    private static final String PLAYER_PASSWORD = "legacy-player";

    /** Scenarios left in play by the first version. */
    private static final String ASL_IN_PLAY = "ec67440f-6ccd-4a98-864f-40683a80cfd1";
    private static final String HEX_IN_PLAY = "9a86bba9-c24d-4e0f-991a-085b465e8e35"; // 263 events, a snapshot at 250
    private static final String SKIRMISH_IN_PLAY = "2afbe29f-4ac8-452c-bf26-4fa45999e47f";

    private final JsonNode expected = json(resource("expected.json"));

    @TempDir
    Path data;

    @Test
    void the_first_versions_exports_import_into_a_fresh_tracker_verify_and_replay() throws IOException {
        try (ConfigurableApplicationContext app = start("--tracker.load-samples=false")) {
            Tracker tracker = new Tracker(app);
            for (String player : List.of("alice", "bruno", "gerd", "sam")) {
                Reply created = tracker.post("referee", "/api/accounts", Map.of("username", player,
                        "password", PLAYER_PASSWORD, "role", "PLAYER"));
                assertThat(created.status()).as(created.raw()).isLessThan(300);
            }
            for (String campaign : CAMPAIGNS) {
                String file = new String(resource(campaign + ".jsonl"), StandardCharsets.UTF_8);
                Reply imported = tracker.post("referee", "/api/history/import", file, "application/x-ndjson");
                assertThat(imported.status()).as(campaign + ": " + imported.raw()).isEqualTo(201);
                assertThat(imported.at("/eventCount").asLong()).as(imported.raw())
                        .isEqualTo(file.lines().count() - 1);
            }
            everyStoredTypeHasItsName(app.getBean(EventNames.class));
            sameVerification(tracker);
            sameHistory(tracker);
            appendsAndVerifies(tracker, app, false);
        }
    }

    @Test
    void a_tracker_started_on_the_first_versions_database_loads_verifies_and_replays() throws IOException {
        Files.write(data.resolve("tracker.mv.db"), resource("tracker.mv.db"));
        Map<String, ScenarioState> rowsAsStored = scenarioRowsReadAsTheyAre();
        try (ConfigurableApplicationContext app = start()) {
            Tracker tracker = new Tracker(app);
            sameVerification(tracker);
            sameHistory(tracker);
            rowsWrittenByTheFirstVersionNeedTheRefold(tracker, rowsAsStored);
            appendsAndVerifies(tracker, app, true);
        }
    }

    /**
     * The commands decide on the aggregate's state, the pages show the read model's: on the first version's
     * database (its snapshots of another fold skipped, its rows folded again at start-up) both are the fold of the
     * stored events, for every scenario, before any new action and after one.
     */
    @Test
    void on_the_first_versions_database_the_aggregate_decides_on_the_state_the_pages_show() throws Exception {
        Files.write(data.resolve("tracker.mv.db"), resource("tracker.mv.db"));
        try (ConfigurableApplicationContext app = start()) {
            List<String> ids = new ArrayList<>();
            expected.get("scenarios").fieldNames().forEachRemaining(ids::add);
            assertThat(ids).hasSize(5);
            for (String id : ids) {
                compareStates(app, id, "as stored");
            }
            Tracker tracker = new Tracker(app);
            // gerd's first request, made before the first version's snapshot at 250: the aggregate let that
            // snapshot through and did not hold it ("no such request"), while the page listed it
            Reply refused = tracker.post("sam", "/api/scenarios/" + HEX_IN_PLAY
                    + "/undo-requests/1e53c7ee-dee1-4adc-8950-119fe4dcc1b1/refuse", Map.of());
            assertThat(refused.status()).as(refused.raw()).isEqualTo(200);
            compareStates(app, HEX_IN_PLAY, "after the first request was refused");
            // loaded from 263 events, the aggregate was snapshotted after that command, under this fold's revision:
            // that snapshot is used (the cache emptied, the next load starts from it)
            assertThat(app.getBean(JdbcTemplate.class).queryForList("select payload_revision from "
                    + "snapshot_event_entry where aggregate_identifier = ?", String.class, HEX_IN_PLAY))
                    .as("the snapshots of the scenario").contains(ScenarioState.FOLD_REVISION);
            app.getBean("scenarioCache", org.axonframework.common.caching.Cache.class).removeAll();
            compareStates(app, HEX_IN_PLAY, "loaded from this fold's snapshot");
            Reply moved = tracker.post("referee", "/api/scenarios/" + HEX_IN_PLAY + "/clock/advance",
                    Map.of("confirm", List.of("decision", "undo")));
            assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
            compareStates(app, HEX_IN_PLAY, "after an advance");
        }
    }

    private static void compareStates(ConfigurableApplicationContext app, String id, String when) throws Exception {
        @SuppressWarnings("unchecked")
        org.axonframework.modelling.command.Repository<org.wargame.tracker.scenario.Scenario> repository =
                app.getBean("scenarioRepository", org.axonframework.modelling.command.Repository.class);
        java.lang.reflect.Field field = org.wargame.tracker.scenario.Scenario.class.getDeclaredField("state");
        field.setAccessible(true);
        ScenarioState[] held = {null};
        org.axonframework.messaging.unitofwork.DefaultUnitOfWork.startAndGet(null).execute(() -> repository
                .load(id).execute(s -> {
                    try {
                        held[0] = (ScenarioState) field.get(s);
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }));
        org.wargame.tracker.scenario.ScenarioLog log = app.getBean(org.wargame.tracker.scenario.ScenarioRecord.class)
                .log(id);
        String folded = ScenarioProjection.write(log.stateAt(log.length()));
        String row = ScenarioProjection.write(app.getBean(org.wargame.tracker.scenario.ScenarioViews.class).state(id));
        assertThat(row).as(id + " read model against a fresh fold, " + when).isEqualTo(folded);
        assertThat(ScenarioProjection.write(held[0])).as(id + " aggregate against a fresh fold, " + when)
                .isEqualTo(folded);
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * Every class name the first version stored maps, through the frozen legacy table, to a registered stable name
     * of the same type: without it the events load today only because their classes have not moved yet.
     */
    private static void everyStoredTypeHasItsName(EventNames names) throws IOException {
        Set<String> stored = new HashSet<>();
        for (String campaign : CAMPAIGNS) {
            String file = new String(resource(campaign + ".jsonl"), StandardCharsets.UTF_8);
            for (String line : file.lines().skip(1).toList()) {
                stored.add(JSON.readTree(line).get("type").asText());
            }
        }
        assertThat(stored).hasSize(46);
        for (String type : stored) {
            String name = names.stableName(type);
            assertThat(name).as(type).isNotEqualTo(type).doesNotContain("org.wargame");
            assertThat(names.all()).as(type + " -> " + name).containsKey(name);
            assertThat(names.typeOf(type)).as(type).isSameAs(names.all().get(name));
        }
    }

    /** Verify is ok over every event, with the very heads the first version's chain had. */
    private void sameVerification(Tracker tracker) {
        Reply verify = tracker.get("referee", "/api/history/verify");
        assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        assertThat(verify.at("/eventsChecked").asLong()).isEqualTo(expected.at("/verify/eventsChecked").asLong());
        expected.at("/verify/heads").fields().forEachRemaining(head -> assertThat(
                verify.at("/heads/" + head.getKey()).asText()).as("head of " + head.getKey())
                .isEqualTo(head.getValue().asText()));
        for (String campaign : CAMPAIGNS) {
            Reply one = tracker.get("referee", "/api/campaigns/" + campaign + "/verify");
            assertThat(one.at("/ok").asBoolean()).as(one.raw()).isTrue();
            assertThat(one.at("/eventsChecked").asLong())
                    .isEqualTo(expected.at("/campaigns/" + campaign + "/verify/eventsChecked").asLong());
        }
    }

    /** Every scenario, its time travel, its open requests and disputes, and every roster, as the first version said. */
    private void sameHistory(Tracker tracker) {
        Iterator<Map.Entry<String, JsonNode>> scenarios = expected.get("scenarios").fields();
        while (scenarios.hasNext()) {
            Map.Entry<String, JsonNode> entry = scenarios.next();
            String id = entry.getKey();
            JsonNode then = entry.getValue();
            Reply now = tracker.get("referee", "/api/scenarios/" + id);
            assertThat(now.status()).as(now.raw()).isEqualTo(200);
            sameScenario(id, now.body(), then);
            assertThat(now.at("/concluded").asBoolean()).isEqualTo(then.get("concluded").asBoolean());
            assertThat(now.at("/result").asText(null)).isEqualTo(then.get("result").asText(null));
            assertThat(now.at("/serverDiceRolled").asInt()).as(id).isEqualTo(then.get("serverDiceRolled").asInt());

            Reply events = tracker.get("referee", "/api/scenarios/" + id + "/events");
            List<String> types = new ArrayList<>();
            events.body().forEach(e -> types.add(e.get("type").asText()));
            List<String> typesThen = new ArrayList<>();
            then.get("eventTypes").forEach(t -> typesThen.add(t.asText()));
            assertThat(types).as(id + " event types").isEqualTo(typesThen);

            then.get("stateAfter").fields().forEachRemaining(point -> {
                Reply past = tracker.get("referee", "/api/scenarios/" + id + "/state?after=" + point.getKey());
                assertThat(past.status()).as(past.raw()).isEqualTo(200);
                sameScenario(id + " after event " + point.getKey(), past.body(), point.getValue());
            });

            assertThat(ids(tracker.get("referee", "/api/scenarios/" + id + "/undo-requests").body(), "requestId"))
                    .as(id + " open undo requests").isEqualTo(ids(then.get("undoRequests"), "requestId"));
            // the first version still listed a dispute upheld without correction; a ruled dispute is closed
            Set<String> openThen = ids(then.get("disputes"), "disputeId");
            openThen.removeAll(ruledDisputes(events.body()));
            assertThat(ids(tracker.get("referee", "/api/scenarios/" + id + "/disputes").body(), "disputeId"))
                    .as(id + " open disputes").isEqualTo(openThen);
        }
        for (String campaign : CAMPAIGNS) {
            Reply roster = tracker.get("referee", "/api/campaigns/" + campaign + "/roster");
            assertThat(roster.status()).as(roster.raw()).isEqualTo(200);
            expected.at("/campaigns/" + campaign + "/roster").fields().forEachRemaining(counter ->
                    sameFields(campaign + " roster " + counter.getKey(),
                            roster.at("/" + counter.getKey() + "/counter/state"), counter.getValue().get("state")));
        }
    }

    private static Set<String> ruledDisputes(JsonNode events) {
        Set<String> ruled = new HashSet<>();
        for (JsonNode e : events) {
            if (e.get("type").asText().matches("DisputeUpheld|DisputeDismissed")) {
                ruled.add(e.at("/payload/disputeId").asText());
            }
        }
        return ruled;
    }

    /** Clock, event count and every counter: side, location, markers, elimination and each number of its state. */
    private static void sameScenario(String where, JsonNode now, JsonNode then) {
        assertThat(now.get("clock")).as(where + " clock").isEqualTo(then.get("clock"));
        // the first version answered the count as "events"; it is "eventCount" now (a list is "events")
        assertThat(now.get("eventCount").asLong()).as(where + " events")
                .isEqualTo((then.has("eventCount") ? then.get("eventCount") : then.get("events")).asLong());
        Map<String, JsonNode> counters = new HashMap<>();
        now.get("counters").forEach(c -> counters.put(c.get("id").asText(), c));
        assertThat(counters).as(where + " counters").hasSize(then.get("counters").size());
        for (JsonNode old : then.get("counters")) {
            String id = old.get("id").asText();
            JsonNode counter = counters.get(id);
            assertThat(counter).as(where + " counter " + id).isNotNull();
            for (String field : List.of("side", "location", "eliminated")) {
                assertThat(counter.get(field)).as(where + " " + id + " " + field).isEqualTo(old.get(field));
            }
            // in any order: the hex rule set's pool markers follow Map.copyOf's order, which changes per JVM run
            assertThat(texts(counter.get("markers"))).as(where + " " + id + " markers")
                    .containsExactlyInAnyOrderElementsOf(texts(old.get("markers")));
            sameFields(where + " " + id, counter.get("state"), old.get("state"));
        }
    }

    /** Every field the first version showed is shown with the same value (a rule set may show more now). */
    private static void sameFields(String where, JsonNode now, JsonNode then) {
        then.fields().forEachRemaining(field -> assertThat(now.get(field.getKey()))
                .as(where + " state." + field.getKey()).isEqualTo(field.getValue()));
    }

    private static List<String> texts(JsonNode list) {
        List<String> texts = new ArrayList<>();
        list.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private static Set<String> ids(JsonNode list, String field) {
        Set<String> ids = new HashSet<>();
        list.forEach(item -> ids.add(item.get(field).asText()));
        return ids;
    }

    /**
     * New actions append to the legacy streams under the stable names, next to the class names the first version
     * stored; the aggregates load (the hex one from 263 events, past the first version's snapshot); a free undo
     * folds back; an undo request and a dispute left open by the first version are answered; a ruling on a legacy
     * action 25 actions back re-decides what came after it; and the chain still verifies.
     */
    private void appendsAndVerifies(Tracker tracker, ConfigurableApplicationContext app, boolean database) {
        JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);

        JsonNode aslBefore = tracker.get("alice", "/api/scenarios/" + ASL_IN_PLAY).body();
        Reply advanced = tracker.post("alice", "/api/scenarios/" + ASL_IN_PLAY + "/clock/advance", Map.of());
        assertThat(advanced.status()).as(advanced.raw()).isEqualTo(200);
        assertThat(advanced.at("/scenario/clock/phase").asText()).isEqualTo("PFPh");
        assertThat(advanced.at("/scenario/eventCount").asLong()).isGreaterThan(aslBefore.get("eventCount").asLong());
        assertThat(lastStoredType(jdbc, ASL_IN_PLAY)).isEqualTo("scenario.ClockAdvanced");
        // the crew's become-pack-ti of Turn 2 (first version, event 45) ruled away: the crew never went Pack-TI,
        // so the 94mm stays on its Mule; the later clock advances and the Turn 3 fire are decided again
        assertThat(markers(advanced.at("/scenario"), "br-94mm")).contains("Pack-TI");
        Reply disputed = tracker.post("bruno", "/api/scenarios/" + ASL_IN_PLAY + "/disputes", Map.of("actionId",
                "04a50575-9cae-4663-920f-791cc3e560ae", "reason", "the crew had fired this Game Turn"));
        assertThat(disputed.status()).as(disputed.raw()).isEqualTo(201);
        Reply ruled = tracker.post("referee", "/api/scenarios/" + ASL_IN_PLAY + "/disputes/"
                + disputed.at("/id").asText() + "/resolve", Map.of("upheld", true, "ruling", "no Pack-TI"));
        assertThat(ruled.status()).as(ruled.raw()).isEqualTo(200);
        assertThat(ruled.at("/scenario/clock")).isEqualTo(advanced.at("/scenario/clock"));
        assertThat(markers(ruled.at("/scenario"), "br-94mm")).doesNotContain("Pack-TI");
        assertThat(counter(ruled.at("/scenario"), "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");

        JsonNode hexBefore = tracker.get("sam", "/api/scenarios/" + HEX_IN_PLAY).body();
        Reply pinned = tracker.post("sam", "/api/scenarios/" + HEX_IN_PLAY + "/actions",
                Map.of("type", "set-pinned", "counterId", "us-sq-2", "pinned", true));
        assertThat(pinned.status()).as(pinned.raw()).isEqualTo(200);
        assertThat(pinned.at("/scenario/eventCount").asLong()).isEqualTo(265);
        assertThat(lastStoredType(jdbc, HEX_IN_PLAY)).doesNotContain("org.wargame").startsWith("hex.");
        Reply undone = tracker.post("sam", "/api/scenarios/" + HEX_IN_PLAY + "/undo", Map.of("reason", "no"));
        assertThat(undone.status()).as(undone.raw()).isEqualTo(200);
        assertThat(undone.at("/outcome").asText()).isEqualTo("undone");
        assertThat(undone.at("/scenario/counters")).isEqualTo(hexBefore.get("counters"));
        assertThat(undone.at("/scenario/clock")).isEqualTo(hexBefore.get("clock"));
        // gerd's request of the first version (his grenade attack, the last action in force again) accepted now
        assertThat(counter(undone.at("/scenario"), "ger-expendables").at("/state/grenades").asInt()).isEqualTo(2);
        Reply accepted = tracker.post("sam", "/api/scenarios/" + HEX_IN_PLAY
                + "/undo-requests/c2f0bfcb-27ee-4856-af07-5034f822a05f/accept", Map.of());
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(200);
        assertThat(accepted.at("/outcome").asText()).isEqualTo("undone");
        assertThat(counter(accepted.at("/scenario"), "ger-expendables").at("/state/grenades").asInt()).isEqualTo(3);

        Reply treated = tracker.post("gerd", "/api/scenarios/" + SKIRMISH_IN_PLAY + "/actions",
                Map.of("type", "record-treatment", "counter", "de-mule", "recovery", "field dressing"));
        assertThat(treated.status()).as(treated.raw()).isEqualTo(200);
        // sam's dispute of the first version, ruled now
        Reply dismissed = tracker.post("referee", "/api/scenarios/" + SKIRMISH_IN_PLAY
                + "/disputes/95e8e0f6-0fc0-4da0-938e-922dcdc47cc1/resolve", Map.of("upheld", false,
                "ruling", "de-rifle-1 was not hit when it fired"));
        assertThat(dismissed.status()).as(dismissed.raw()).isEqualTo(200);
        assertThat(tracker.get("sam", "/api/scenarios/" + SKIRMISH_IN_PLAY + "/disputes").body()).isEmpty();

        Reply verify = tracker.get("referee", "/api/history/verify");
        assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        assertThat(verify.at("/eventsChecked").asLong())
                .isGreaterThan(expected.at("/verify/eventsChecked").asLong());
        // what the read model says is what the events fold to
        for (String id : List.of(ASL_IN_PLAY, HEX_IN_PLAY, SKIRMISH_IN_PLAY)) {
            assertThat(tracker.get("referee", "/api/scenarios/" + id + "/state").body())
                    .as(id + (database ? " (database)" : " (import)"))
                    .isEqualTo(tracker.get("referee", "/api/scenarios/" + id).body());
        }
    }

    private static JsonNode counter(JsonNode scenario, String id) {
        for (JsonNode c : scenario.get("counters")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no counter " + id);
    }

    private static List<String> markers(JsonNode scenario, String id) {
        return texts(counter(scenario, id).get("markers"));
    }

    private static String lastStoredType(JdbcTemplate jdbc, String stream) {
        return jdbc.queryForObject("select payload_type from domain_event_entry where aggregate_identifier = ? "
                + "order by sequence_number desc limit 1", String.class, stream);
    }

    /** The first version's scenario read-model rows, read by today's reader as they are stored. */
    private Map<String, ScenarioState> scenarioRowsReadAsTheyAre() {
        Map<String, ScenarioState> rows = new HashMap<>();
        String url = "jdbc:h2:file:" + data.resolve("legacy-copy") + ";ACCESS_MODE_DATA=r";
        try {
            Path copy = data.resolve("legacy-copy.mv.db");
            Files.copy(data.resolve("tracker.mv.db"), copy);
            try (Connection db = DriverManager.getConnection(url, "tracker", "");
                 ResultSet rs = db.createStatement().executeQuery("select scenario_id, state_json from scenario_view")) {
                while (rs.next()) {
                    assertThat(rs.getString(2)).contains("\"ledger\"");
                    rows.put(rs.getString(1), ScenarioProjection.read(rs.getString(2)));
                }
            }
            Files.delete(copy);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException(e);
        }
        assertThat(rows).hasSize(expected.get("scenarios").size());
        return rows;
    }

    /**
     * Read as stored, a first-version row has no last action and no open requests or disputes (they lived in its
     * ledger), so undo and the request lists would be wrong: the rows are folded again from the events at start-up.
     */
    private void rowsWrittenByTheFirstVersionNeedTheRefold(Tracker tracker, Map<String, ScenarioState> rows) {
        ScenarioState hex = rows.get(HEX_IN_PLAY);
        assertThat(hex.requests()).isEmpty();
        assertThat(hex.lastAction()).isNull();
        assertThat(tracker.get("referee", "/api/scenarios/" + HEX_IN_PLAY + "/undo-requests").body()).hasSize(2);
        assertThat(rows.get(SKIRMISH_IN_PLAY).disputes()).isEmpty();
        assertThat(tracker.get("referee", "/api/scenarios/" + SKIRMISH_IN_PLAY + "/disputes").body()).hasSize(1);
        JdbcTemplate jdbc = tracker.app.getBean(JdbcTemplate.class);
        for (String id : rows.keySet()) {
            String json = jdbc.queryForObject("select state_json from scenario_view where scenario_id = ?",
                    String.class, id);
            assertThat(json).as(id + " row folded again").doesNotContain("\"ledger\"");
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private ConfigurableApplicationContext start(String... more) {
        List<String> args = new ArrayList<>(List.of("--tracker.data-dir=" + data, "--server.port=0",
                "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD, "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD));
        args.addAll(List.of(more));
        return new SpringApplicationBuilder(TrackerApplication.class).run(args.toArray(String[]::new));
    }

    private static byte[] resource(String name) {
        try (InputStream in = LegacyHistoryTest.class.getResourceAsStream("/legacy/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no fixture legacy/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode json(byte[] bytes) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Reply(int status, JsonNode body, String raw) {
        JsonNode at(String pointer) {
            return body.at(pointer);
        }
    }

    /** HTTP Basic against one running tracker; the accounts are the fixture's (see its README). */
    record Tracker(ConfigurableApplicationContext app, String base) {

        Tracker(ConfigurableApplicationContext app) {
            this(app, "http://localhost:" + app.getEnvironment().getProperty("local.server.port"));
        }

        Reply get(String user, String path) {
            return send(user, HttpRequest.newBuilder(URI.create(base + path)).GET());
        }

        Reply post(String user, String path, Object body) {
            try {
                return post(user, path, JSON.writeValueAsString(body), "application/json");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Reply post(String user, String path, String body, String contentType) {
            return send(user, HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", contentType)
                    .POST(HttpRequest.BodyPublishers.ofString(body)));
        }

        private Reply send(String user, HttpRequest.Builder request) {
            String password = "referee".equals(user) ? REFEREE_PASSWORD : PLAYER_PASSWORD;
            request.header("Authorization", "Basic " + Base64.getEncoder()
                    .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
            try {
                HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
                String raw = response.body();
                return new Reply(response.statusCode(), raw == null || raw.isBlank() ? JSON.createObjectNode()
                        : JSON.readTree(raw), raw);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
