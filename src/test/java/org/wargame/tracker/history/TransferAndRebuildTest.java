package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TransferAndRebuildTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    private String played(String campaign) {
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario); // the Italians' Player Turn: Bruno moves the clock on
        advance("bruno", scenario);
        post("bruno", "/api/scenarios/" + scenario + "/undo", Map.of());
        advance("bruno", scenario);
        return scenario;
    }

    private Response exported(String campaign) {
        Response export = send("alice", HttpRequest.newBuilder(uri("/api/campaigns/" + campaign + "/export")).GET());
        assertThat(export.status()).isEqualTo(200);
        return export;
    }

    @Test
    void an_export_verifies_and_a_tampered_one_is_refused_by_line() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        played(campaign);
        String file = exported(campaign).raw();
        String[] lines = file.split("\n");
        JsonNode header = JSON.readTree(lines[0]);
        assertThat(header.get("format").asText()).isEqualTo("campaign-tracker-history");
        assertThat(header.get("version").asInt()).isEqualTo(2);
        assertThat(header.get("kind").asText()).isEqualTo("history");
        long events = get("alice", "/api/campaigns/" + campaign + "/verify").at("/eventsChecked").asLong();
        assertThat(lines.length - 1L).isEqualTo(events);
        assertThat(header.get("events").asLong()).isEqualTo(events); // the manifest: what the file must hold
        assertThat(header.get("streams")).hasSize(2);
        assertThat(JSON.readTree(lines[1]).get("payload").get("campaignId").asText()).isEqualTo(campaign);

        // intact, but this tracker has the campaign already
        Response again = post("referee", "/api/history/import", file, "application/x-ndjson");
        assertThat(again.status()).as(again.raw()).isEqualTo(409);

        int target = lines.length - 1; // the last clock advance (0-based index)
        while (!lines[target].contains("ClockAdvanced")) {
            target--;
        }
        String changed = lines[target].replace("\"gameTurn\":1", "\"gameTurn\":3");
        assertThat(changed).isNotEqualTo(lines[target]);
        lines[target] = changed;
        Response tampered = post("referee", "/api/history/import", String.join("\n", lines), "application/x-ndjson");
        assertThat(tampered.status()).isEqualTo(400);
        assertThat(tampered.at("/detail").asText()).startsWith("line " + (target + 1) + ":");
        assertThat(post("alice", "/api/history/import", file, "application/x-ndjson").status()).isEqualTo(403);
    }

    @Test
    void an_export_imports_into_a_fresh_tracker_with_the_same_history() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = played(campaign); // with an undo
        // and an upheld ruling: two roll-backs, whose clock rows the import makes from its own fold
        String first = advance("referee", scenario).at("/actionId").asText();
        advance("referee", scenario);
        String dispute = post("alice", "/api/scenarios/" + scenario + "/disputes", Map.of("actionId", first,
                "reason", "too soon")).at("/id").asText();
        Response upheld = post("referee", "/api/scenarios/" + scenario + "/disputes/" + dispute + "/resolve",
                Map.of("upheld", true, "ruling", "too soon"));
        assertThat(upheld.status()).as(upheld.raw()).isEqualTo(200);
        String clocks = "select * from event_clock where scenario_id = ? order by sequence_number";
        List<Map<String, Object>> liveClocks = jdbc.queryForList(clocks, scenario);
        assertThat(liveClocks.stream().map(r -> r.get("UNDONE_BY") == null ? r.get("undone_by") : r.get("UNDONE_BY"))
                .filter(java.util.Objects::nonNull).distinct().count()).as("rows undone by two roll-backs")
                .isEqualTo(2);
        String file = exported(campaign).raw();
        JsonNode original = get("alice", "/api/scenarios/" + scenario).body();
        List<String> counters = List.of("br-crew-1", "br-94mm", "br-mule-1", "it-squad-1");
        Map<String, JsonNode> histories = new java.util.HashMap<>();
        for (String counter : counters) {
            histories.put(counter, get("referee", "/api/campaigns/" + campaign + "/counters/" + counter
                    + "/history").body());
        }

        Path data = Files.createTempDirectory("tracker-import-");
        // command-line arguments, not default properties: application.yml would win over those and point the
        // "fresh" tracker at the developer's own data folder
        try (ConfigurableApplicationContext fresh = new SpringApplicationBuilder(TrackerApplication.class)
                // on H2 in its own folder also when this suite runs on PostgreSQL: a fresh tracker, not the same database
                .run("--tracker.data-dir=" + data, "--server.port=0", "--tracker.load-samples=false",
                        "--spring.profiles.active=default",
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            String base = "http://localhost:" + fresh.getEnvironment().getProperty("local.server.port");
            Response imported = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/history/import"))
                    .header("Content-Type", "application/x-ndjson").POST(HttpRequest.BodyPublishers.ofString(file)));
            assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
            assertThat(imported.at("/streams").asInt()).isEqualTo(2);
            Response verify = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/history/verify")).GET());
            assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
            Response copy = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/scenarios/" + scenario))
                    .GET());
            assertThat(copy.body()).isEqualTo(original);
            // the clock rows the import's fold made are those the live projection wrote, roll-backs and all
            assertThat(fresh.getBean(JdbcTemplate.class).queryForList(clocks, scenario)).isEqualTo(liveClocks);
            // each counter's history, found in the imported events by their kept lines, is the one played here
            for (String counter : counters) {
                Response history = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/campaigns/"
                        + campaign + "/counters/" + counter + "/history")).GET());
                assertThat(history.body()).as(counter).isEqualTo(histories.get(counter));
                assertThat(history.body().size()).as(counter).isPositive();
            }
            // each event took its global index from the sequence as it was stored: in the file's order
            List<String> inFile = java.util.Arrays.stream(file.split("\n")).skip(1).map(l -> {
                try {
                    JsonNode line = JSON.readTree(l);
                    return line.has("sequence") ? line.get("stream").asText() + "#" + line.get("sequence").asLong()
                            : null;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(java.util.Objects::nonNull).toList();
            assertThat(fresh.getBean(JdbcTemplate.class).queryForList("select aggregate_identifier || '#' || "
                    + "sequence_number from domain_event_entry order by global_index", String.class))
                    .isEqualTo(inFile);
            // the import found each event's JSON canonical as it stored it, as a live action does
            assertThat(fresh.getBean(JdbcTemplate.class).queryForObject("select count(*) from domain_event_entry "
                    + "where canonical_json is null or not canonical_json", Long.class)).isZero();
            Response reExport = send("referee", HttpRequest.newBuilder(
                    URI.create(base + "/api/campaigns/" + campaign + "/export")).GET());
            // the same history, line for line, but the export time in the header
            assertThat(reExport.raw().substring(reExport.raw().indexOf('\n')))
                    .isEqualTo(file.substring(file.indexOf('\n')));
        }
    }

    @Test
    void each_event_is_found_canonical_when_stored_and_a_row_from_before_is_checked_at_the_export() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = played(campaign);
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier in (?, ?) "
                + "and (canonical_json is null or not canonical_json)", Long.class, campaign, scenario)).isZero();

        // rows stored before the column (null): the export checks them, a spaced payload goes in Base64
        String spaced = "{ \"spaced\": true }";
        jdbc.update("update domain_event_entry set canonical_json = null where aggregate_identifier = ?", scenario);
        Map<String, Object> last = jdbc.queryForMap("select event_identifier, payload from domain_event_entry where "
                + "aggregate_identifier = ? order by sequence_number desc fetch first 1 rows only", scenario);
        jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?",
                spaced.getBytes(java.nio.charset.StandardCharsets.UTF_8), last.get("event_identifier"));
        try {
            String[] lines = exported(campaign).raw().split("\n");
            JsonNode changed = JSON.readTree(lines[lines.length - 1]);
            assertThat(changed.get("eventIdentifier").asText()).isEqualTo(last.get("event_identifier"));
            assertThat(changed.has("payload")).isFalse();
            assertThat(new String(java.util.Base64.getDecoder().decode(changed.get("payloadBase64").asText()),
                    java.nio.charset.StandardCharsets.UTF_8)).isEqualTo(spaced);
            JsonNode before = JSON.readTree(lines[lines.length - 2]); // unflagged but canonical: as it is
            assertThat(before.get("payload").isObject()).isTrue();
        } finally {
            jdbc.update("update domain_event_entry set payload = ?, canonical_json = true where event_identifier = ?",
                    last.get("payload"), last.get("event_identifier"));
        }
    }

    @Test
    void rebuild_refolds_the_read_models_and_leaves_the_chain() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = played(campaign);
        JsonNode live = get("alice", "/api/scenarios/" + scenario).body();
        long chained = jdbc.queryForObject("select count(*) from event_chain", Long.class);
        jdbc.update("update scenario_view set state_json = (select state_json from scenario_view where "
                + "scenario_id = ?), event_count = 0 where scenario_id = ?", scenario, scenario);
        jdbc.update("delete from campaign_member where campaign_id = ?", campaign);
        assertThat(get("alice", "/api/scenarios/" + scenario).status()).isEqualTo(403); // alice lost her side
        // rows of streams the store does not have (written by hand): the rebuild removes them, and only them
        String ghost = "ghost-" + java.util.UUID.randomUUID();
        jdbc.update("insert into campaign_view (campaign_id, name, rule_set, state_json) select ?, name, rule_set, "
                + "state_json from campaign_view where campaign_id = ?", ghost, campaign);
        jdbc.update("insert into campaign_member (campaign_id, username, side_id) values (?, 'alice', 'british')",
                ghost);
        jdbc.update("insert into scenario_part (scenario_id, field, entry_index, part_key, part_json) select ?, "
                + "field, entry_index, part_key, part_json from scenario_part where scenario_id = ?", ghost, scenario);
        jdbc.update("insert into event_clock (scenario_id, sequence_number, game_turn, player_turn, phase) "
                + "values (?, 0, 1, 1, 'rally')", ghost);
        long clockRows = jdbc.queryForObject("select count(*) from event_clock where scenario_id = ?", Long.class,
                scenario);
        // the scenario's own clock rows spoiled column by column, and one lost: each is written again, only they
        String clocks = "select * from event_clock where scenario_id = ? order by sequence_number";
        List<Map<String, Object>> clocksBefore = jdbc.queryForList(clocks, scenario);
        jdbc.update("update event_clock set game_turn = game_turn + 1 where scenario_id = ? and sequence_number = 1",
                scenario);
        jdbc.update("update event_clock set step = 'spoiled', phasing_side = null where scenario_id = ? and "
                + "sequence_number = 2", scenario);
        jdbc.update("update event_clock set undone_by = 999, kind = 'undo' where scenario_id = ? and "
                + "sequence_number = 3", scenario);
        jdbc.update("update event_clock set action_id = null, taking_of = 'spoiled' where scenario_id = ? and "
                + "sequence_number = 4", scenario);
        jdbc.update("delete from event_clock where scenario_id = ? and sequence_number = 5", scenario);
        assertThat(jdbc.queryForList(clocks, scenario)).isNotEqualTo(clocksBefore);

        assertThat(post("alice", "/api/history/rebuild", Map.of()).status()).isEqualTo(403);
        Response started = post("referee", "/api/history/rebuild", Map.of());
        assertThat(started.status()).as(started.raw()).isEqualTo(202);
        Response progress = started;
        for (int i = 0; i < 200 && !progress.at("/status").asText().matches("done|failed"); i++) {
            Thread.sleep(100);
            progress = get("referee", "/api/history/rebuild");
        }
        assertThat(progress.at("/status").asText()).as(progress.raw()).isEqualTo("done");
        assertThat(progress.at("/eventsDone").asLong()).isEqualTo(progress.at("/eventsTotal").asLong());
        assertThat(get("alice", "/api/scenarios/" + scenario).body()).isEqualTo(live);
        assertThat(jdbc.queryForObject("select count(*) from event_chain", Long.class)).isEqualTo(chained);
        for (String[] table : new String[][]{{"campaign_view", "campaign_id"}, {"campaign_member", "campaign_id"},
                {"scenario_part", "scenario_id"}, {"event_clock", "scenario_id"}}) {
            assertThat(jdbc.queryForObject("select count(*) from " + table[0] + " where " + table[1] + " = ?",
                    Long.class, ghost)).as(table[0]).isZero();
        }
        assertThat(jdbc.queryForObject("select count(*) from event_clock where scenario_id = ?", Long.class,
                scenario)).isEqualTo(clockRows);
        assertThat(jdbc.queryForList(clocks, scenario)).isEqualTo(clocksBefore);
        assertThat(jdbc.queryForObject("select count(*) from campaign_view where campaign_id = ?", Long.class,
                campaign)).isOne();
    }

    private Response rebuilt(String who, String query) throws InterruptedException {
        Response started = post(who, "/api/history/rebuild" + query, Map.of());
        if (started.status() != 202) {
            return started;
        }
        Response progress = started;
        for (int i = 0; i < 300 && !progress.at("/status").asText().matches("done|failed"); i++) {
            Thread.sleep(100);
            progress = get("referee", "/api/history/rebuild");
        }
        return progress;
    }

    @Test
    void a_rebuild_refuses_a_broken_chain_unless_the_referee_forces_it() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = played(campaign);
        String id = jdbc.queryForObject("select event_identifier from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = 1", String.class, scenario);
        byte[] original = jdbc.queryForObject("select payload from domain_event_entry where event_identifier = ?",
                byte[].class, id);
        jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?", new String(original,
                java.nio.charset.StandardCharsets.UTF_8).replace("\"gameTurn\":1", "\"gameTurn\":2")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8), id);
        try {
            Response refused = post("referee", "/api/history/rebuild", Map.of());
            assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
            assertThat(refused.at("/detail").asText()).contains(scenario + " #1").contains("force=true");
            Response forced = rebuilt("referee", "?force=true");
            assertThat(forced.at("/status").asText()).as(forced.raw()).isEqualTo("done");
            assertThat(forced.at("/forcedOver").asText()).contains(scenario + " #1");
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where event_identifier = ?", original, id);
        }
        assertThat(rebuilt("referee", "").at("/status").asText()).isEqualTo("done");
    }

    @Autowired
    WriteGate gate;

    @Test
    void while_the_read_models_are_rebuilt_actions_get_503_with_retry_after_and_change_nothing() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        long events = jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, scenario);
        gate.close(); // as a rebuild does while it runs
        try {
            java.net.http.HttpResponse<String> refused = java.net.http.HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(uri("/api/scenarios/" + scenario + "/clock/advance"))
                            .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                                    ("alice:" + PLAYER_PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("5");
            assertThat(refused.headers().firstValue("Content-Type").orElseThrow())
                    .startsWith("application/problem+json");
            assertThat(JSON.readTree(refused.body()).get("detail").asText()).contains("rebuilt");
            assertThat(get("alice", "/api/scenarios/" + scenario).status()).isEqualTo(200); // reads go on
        } finally {
            gate.open();
        }
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, scenario)).isEqualTo(events);
        assertThat(moveOn(scenario).status()).isEqualTo(200);
    }
}
