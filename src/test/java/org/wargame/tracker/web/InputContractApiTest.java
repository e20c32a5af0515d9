package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The strict contract of every input, through HTTP: unknown fields, nulls, fractions where the rules count, out of
 * range numbers, keys given twice, ids the tracker cannot hold, repeated sides and YAML aliases are refused with a
 * 400 problem naming the field in plain words, and nothing is stored.
 */
class InputContractApiTest extends ApiTestSupport {

    /** A Java class or package name, or an exception's name, in a message a player reads. */
    static final Pattern INTERNAL = Pattern.compile("(\\b[a-z]+(\\.[a-z0-9]+)+\\.[A-Z][A-Za-z]*[a-z])|Exception|"
            + "java\\.|jackson|snakeyaml|\\bat \\[Source|\\borg\\.[a-z]|\\bcom\\.[a-z]");

    @Autowired
    JdbcTemplate jdbc;

    long events() {
        Long n = jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
        return n == null ? 0 : n;
    }

    /** A refusal: the status, a problem naming {@code field}, in plain words, with nothing stored. */
    Response refused(int status, String field, Response response, long eventsBefore) {
        assertThat(response.status()).as(response.raw()).isEqualTo(status);
        assertThat(response.at("/status").asInt()).as(response.raw()).isEqualTo(status);
        assertThat(response.at("/detail").asText()).as(response.raw()).doesNotContainPattern(INTERNAL);
        if (field != null) {
            assertThat(response.at("/field").asText()).as(response.raw()).isEqualTo(field);
            assertThat(response.at("/detail").asText()).startsWith(field + ": ");
        }
        assertThat(events()).as("events after a refusal").isEqualTo(eventsBefore);
        return response;
    }

    static String aslFile(String id) {
        try {
            return Files.readString(Path.of("campaigns", "asl-west-of-alamein.yaml"))
                    .replaceFirst("(?m)^id: .*$", java.util.regex.Matcher.quoteReplacement("id: " + id));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Response importYaml(String text) {
        return post("referee", "/api/campaigns", text, "application/yaml");
    }

    static String newId() {
        return "contract-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void an_action_with_an_unknown_field_is_refused_naming_it_not_played_without_it() {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        long before = events();
        Response r = refused(400, "satchelcharge", action("alice", scenario, Map.of("type", "move",
                "counter", "br-mule-1", "hex", "B5", "terrain", "open-ground", "satchelcharge", true)), before);
        assertThat(r.at("/detail").asText()).contains("unknown field").contains("counter");
        refused(400, "type", action("alice", scenario, Map.of("type", "fly", "crew", "br-crew-1")), before);
        assertThat(action("alice", scenario, Map.of("type", "fly")).at("/detail").asText())
                .contains("become-pack-ti");
        refused(400, "notes", post("alice", "/api/scenarios/" + scenario + "/clock/advance",
                Map.of("notes", "x")), before);
        refused(400, "winner", post("alice", "/api/scenarios/" + scenario + "/conclude",
                Map.of("result", "x", "winner", "british")), before);
    }

    @Test
    void dice_are_whole_faces_and_nulls_are_refused_with_their_path() {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        long before = events();
        Map<String, Object> casualty = new LinkedHashMap<>(Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction"));
        casualty.put("dice", List.of(Map.of("kind", "dr", "values", List.of(3.5))));
        refused(400, "dice[0].values[0]", action("alice", scenario, casualty), before);
        casualty.put("dice", List.of(Map.of("kind", "dr", "values", List.of(7))));
        assertThat(action("alice", scenario, casualty).status()).isEqualTo(400); // 7 is no face of a d6
        casualty.put("dice", List.of(Map.of("kind", "dr", "values", List.of(3), "seed", 1)));
        refused(400, "dice[0].seed", action("alice", scenario, casualty), before);
        String nullValue = "{\"type\": \"casualty\", \"counter\": \"br-mule-1\", \"result\": \"casualty-reduction\","
                + " \"dice\": [{\"kind\": \"dr\", \"values\": [null]}]}";
        refused(400, "dice[0].values[0]", post("alice", "/api/scenarios/" + scenario + "/actions", nullValue),
                before);
        refused(400, "dice[0]", post("alice", "/api/scenarios/" + scenario + "/actions",
                "{\"type\": \"rally\", \"counter\": \"br-crew-1\", \"dice\": [null]}"), before);
        refused(400, "counter", post("alice", "/api/scenarios/" + scenario + "/actions",
                "{\"type\": \"rally\", \"counter\": null}"), before);
        refused(400, "counter", post("alice", "/api/scenarios/" + scenario + "/actions",
                "{\"type\": \"rally\", \"counter\": \"br-crew-1\", \"counter\": \"it-squad-1\"}"), before);
        refused(400, "body", post("alice", "/api/scenarios/" + scenario + "/actions", "{\"type\": \"rally\","),
                before);
        refused(400, "body", post("alice", "/api/scenarios/" + scenario + "/actions", "[1, 2]"), before);
    }

    @Test
    void a_scenario_start_counts_whole_turns_and_names_each_side_once() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String path = "/api/campaigns/" + campaign + "/scenarios";
        long before = events();
        refused(400, "turnLimit", post("alice", path, Map.of("plan", "ex-10-3", "turnLimit", 1.5)), before);
        refused(400, "turnLimit", post("alice", path, Map.of("plan", "ex-10-3", "turnLimit", 0)), before);
        refused(400, "turnLimit", post("alice", path, Map.of("plan", "ex-10-3", "turnLimit", -1)), before);
        refused(400, "sideOrder[1]", post("alice", path, Map.of("plan", "ex-10-3", "sideOrder",
                List.of("axis", "axis"))), before);
        refused(400, "plann", post("alice", path, Map.of("plann", "ex-10-3")), before);
        refused(400, "plan", post("alice", path, Map.of("plan", "ex/10")), before);
        refused(400, "counters[0]", post("alice", path, "{\"plan\": \"ex-10-3\", \"counters\": [null]}"), before);
        refused(400, "turnLimit", post("alice", path, "{\"plan\": \"ex-10-3\", \"turnLimit\": 100000000000000000000}"),
                before);
        assertThat(post("alice", path, Map.of("plan", "ex-10-3", "turnLimit", 3)).status()).isEqualTo(201);
    }

    @Test
    void a_campaign_file_is_refused_field_by_field() {
        long before = events();
        String id = newId();
        String file = aslFile(id);
        refused(400, "name", importYaml(file.replace("name: \"West of Alamein: the pack battery\"",
                "name: one\nname: two")), before);
        refused(400, "sides[1].id", importYaml(file.replace("id: axis", "id: british")), before);
        refused(400, "id", importYaml(aslFile("west/alamein")), before);
        refused(400, "id", importYaml(aslFile("\"a\\r\\nb\"")), before); // a CR/LF inside
        refused(400, "id", importYaml(aslFile("x".repeat(65))), before);
        refused(400, "sides[0].nationality", importYaml(file.replace("    nationality: British\n", "")), before);
        refused(400, "sides[0].id", importYaml(file.replaceFirst("  - id: british\n", "  - name: x\n")
                .replaceFirst("    name: \"British\"\n", "")), before);
        refused(400, "sides[0]", importYaml(file.replace("sides:\n", "sides:\n  - null\n")), before);
        refused(400, "roster[0].id", importYaml(file.replace("  - id: br-crew-1\n", "  - id: ~\n")), before);
        refused(400, "plans[0].turnLimit", importYaml(file.replaceFirst("turnLimit: 6", "turnLimit: 0")), before);
        refused(400, "plans[0].turnLimit", importYaml(file.replaceFirst("turnLimit: 6", "turnLimit: -1")), before);
        refused(400, "plans[0].turnLimit", importYaml(file.replaceFirst("turnLimit: 6", "turnLimit: 1.5")), before);
        refused(400, "plans[0].sideOrder[1]", importYaml(file.replaceFirst("sideOrder: \\[axis, british]",
                "sideOrder: [axis, axis]")), before);
        refused(400, "roster[1].data.manhandling", importYaml(file.replace("manhandling: 10,",
                "manhandling: 100000000000000000000,")), before);
        refused(400, "roster[1].data.manhandling", importYaml(file.replace("manhandling: 10,",
                "manhandling: 3.5,")), before);
        refused(400, "roster[0].colour", importYaml(file.replace("    kind: crew\n    name: \"British Infantry crew\"",
                "    kind: crew\n    colour: red\n    name: \"British Infantry crew\"")), before);
        refused(400, "description", importYaml(file.replace("referee: referee", "referee: referee\n"
                + "description: again")), before);
        refused(400, null, importYaml(file + "\n---\nid: second\n"), before);
        Response alias = refused(400, null, importYaml(file.replace("    data: { caliber: 94,",
                "    data: &gun { caliber: 94,").replace("    data: { mule: true }\n    state: { size: squad }\n  - id: br-crew-2",
                "    data: *gun\n    state: { size: squad }\n  - id: br-crew-2")), before);
        assertThat(alias.at("/detail").asText()).contains("alias");
        refused(400, "body", importYaml("id: [unclosed"), before);
        refused(400, "file", importYaml("# nothing but a comment\n"), before);
        assertThat(importYaml(file).status()).isEqualTo(201);
    }

    @Test
    void a_campaign_id_taken_by_any_stream_is_a_conflict_and_text_plain_is_refused() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        long before = events();
        refused(409, "id", importYaml(aslFile(scenario)), before);
        refused(409, "id", importYaml(aslFile(campaign)), before);
        refused(415, null, post("referee", "/api/campaigns", aslFile(newId()), "text/plain"), before);
        refused(415, null, post("referee", "/api/history/import", "{}", "text/plain"), before);
    }

    @Test
    void a_history_whose_event_identifiers_exist_already_is_a_conflict_not_a_failure() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        String export = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        // the same events under new stream ids, with a chain recomputed so that every hash verifies
        String copy = newId();
        String copiedScenario = UUID.randomUUID().toString();
        com.fasterxml.jackson.databind.ObjectMapper json = org.wargame.tracker.store.StoredJson.mapper();
        StringBuilder file = new StringBuilder();
        Map<String, String> last = new java.util.LinkedHashMap<>();
        Map<String, Integer> counts = new java.util.HashMap<>();
        com.fasterxml.jackson.databind.node.ObjectNode header = null;
        for (String line : export.split("\n")) {
            // the payloads name their campaign and scenario too: renamed with their streams
            com.fasterxml.jackson.databind.node.ObjectNode node = (com.fasterxml.jackson.databind.node.ObjectNode)
                    json.readTree(line.replace('"' + campaign + '"', '"' + copy + '"')
                            .replace('"' + scenario + '"', '"' + copiedScenario + '"'));
            if (node.has("format")) {
                header = node.put("campaignId", copy);
                continue;
            }
            String stream = node.get("stream").asText();
            byte[] payload = json.writeValueAsBytes(node.get("payload"));
            byte[] meta = node.hasNonNull("metaData") ? json.writeValueAsBytes(node.get("metaData")) : null;
            org.wargame.tracker.store.StoredEvent event = new org.wargame.tracker.store.StoredEvent(0, stream,
                    node.get("sequence").asLong(), node.get("eventIdentifier").asText(), node.get("type").asText(),
                    node.get("revision").isNull() ? null : node.get("revision").asText(),
                    node.get("timestamp").asText(), payload, meta);
            String previous = last.getOrDefault(stream, org.wargame.tracker.store.ChainHash.GENESIS);
            String hash = org.wargame.tracker.store.ChainHash.of(previous, event);
            last.put(stream, hash);
            counts.merge(stream, 1, Integer::sum);
            file.append(node.put("previousHash", previous).put("hash", hash)).append('\n');
        }
        // the header's manifest names the copied streams and their new heads: the file is valid but for its
        // event identifiers, which the tracker holds already
        com.fasterxml.jackson.databind.node.ArrayNode streams = header.putArray("streams");
        last.forEach((stream, hash) -> streams.addObject().put("stream", stream).put("events", counts.get(stream))
                .put("head", hash));
        file.insert(0, header.toString() + '\n');
        long before = events();
        Response conflict = post("referee", "/api/history/import", file.toString(), "application/x-ndjson");
        refused(409, null, conflict, before);
        assertThat(get("referee", "/api/scenarios/" + scenario).status()).isEqualTo(200);
    }

    @Test
    void account_requests_are_strict_too() {
        long before = events();
        refused(400, "admin", post("referee", "/api/accounts", Map.of("username", "erin", "password", "12345678",
                "admin", true)), before);
        refused(400, "username", post("referee", "/api/accounts", Map.of("username", "Erin/..", "password",
                "12345678")), before);
        refused(400, "password", post("referee", "/api/accounts", "{\"username\": \"erin\", \"password\": null}"),
                before);
    }

    @Test
    void the_web_layer_answers_problems_too() {
        long before = events();
        Response unknownPath = get("alice", "/api/nothing-here");
        refused(404, null, unknownPath, before);
        assertThat(unknownPath.raw()).doesNotContain("static resource");
        refused(405, null, send("alice", HttpRequest.newBuilder(uri("/api/campaigns"))
                .method("DELETE", HttpRequest.BodyPublishers.noBody())), before);
        refused(415, null, post("alice", "/api/accounts", "username=x", "application/x-www-form-urlencoded"),
                before);
        refused(415, null, post("referee", "/api/history/import", "{}", "application/json"), before);
        Response notAcceptable = send("alice", HttpRequest.newBuilder(uri("/api/campaigns"))
                .header("Accept", "application/xml").GET());
        refused(406, null, notAcceptable, before);
        Response failed = get("alice", "/api/test-only/fail");
        refused(500, null, failed, before);
        assertThat(failed.raw()).doesNotContain("secret").doesNotContain("FailingEndpoint");
        assertThat(failed.at("/incident").asText()).hasSize(8);
    }

    @Test
    void a_body_is_required_where_the_path_takes_one() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        long before = events();
        refused(400, "body", send("alice", HttpRequest.newBuilder(uri("/api/campaigns/" + campaign + "/scenarios"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.noBody())), before);
    }
}
