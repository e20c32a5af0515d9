package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Undo and rulings reach any action however far back (issue 10): through the API, an upheld ruling a thousand
 * actions back removes that action and replays every later one, an undo reaches as far; a request on a stale view is
 * refused with what changed; and every answer carries a receipt that verify checks against the chain.
 */
class LongReachApiTest extends ApiTestSupport {

    private String longScenario(int advances, List<JsonNode> responses) {
        String campaign = importSample("asl-west-of-alamein.yaml");
        Response started = post("alice", "/api/campaigns/" + campaign + "/scenarios",
                Map.of("plan", "ex-10-3", "turnLimit", 100)); // the most a scenario lasts
        assertThat(started.status()).as(started.raw()).isEqualTo(201);
        String scenario = started.at("/scenarioId").asText();
        for (int i = 0; i < advances; i++) {
            Response r = advance("referee", scenario); // the referee moves the clock on for every side
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
            responses.add(r.body());
        }
        return scenario;
    }

    @Test
    void a_ruling_a_thousand_actions_back_removes_that_action_and_replays_the_rest() {
        List<JsonNode> advances = new ArrayList<>();
        String scenario = longScenario(1010, advances);
        JsonNode tenth = advances.get(9);
        String disputed = tenth.at("/actionId").asText();
        JsonNode clockBefore = get("alice", "/api/scenarios/" + scenario).at("/clock");
        JsonNode oneStepBack = advances.get(advances.size() - 2).at("/scenario/clock");

        Response dispute = post("bruno", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", disputed, "reason", "advanced past my Rally Phase"));
        assertThat(dispute.status()).as(dispute.raw()).isEqualTo(201);
        Response ruling = post("referee", "/api/scenarios/" + scenario + "/disputes/" + dispute.at("/id").asText()
                + "/resolve", Map.of("upheld", true, "ruling", "the advance was taken too early"));
        assertThat(ruling.status()).as(ruling.raw()).isEqualTo(200);
        // the disputed advance is gone and the 1,000 after it replayed at their place: one step behind
        assertThat(ruling.at("/scenario/clock")).isEqualTo(oneStepBack).isNotEqualTo(clockBefore);
        JsonNode view = get("alice", "/api/scenarios/" + scenario).body();
        assertThat(view.at("/clock")).isEqualTo(oneStepBack);
        // the fold of the record equals the read model, and the chain verifies
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state").at("/clock")).isEqualTo(oneStepBack);
        assertThat(get("referee", "/api/history/verify").at("/ok").asBoolean()).isTrue();

        // an undo as far back: the referee undoes the first advance still in force
        String first = advances.get(0).at("/actionId").asText();
        Response undo = post("referee", "/api/scenarios/" + scenario + "/undo", Map.of("actionId", first));
        assertThat(undo.status()).as(undo.raw()).isEqualTo(200);
        assertThat(undo.at("/outcome").asText()).isEqualTo("undone");
        JsonNode twoStepsBack = advances.get(advances.size() - 3).at("/scenario/clock");
        assertThat(undo.at("/scenario/clock")).isEqualTo(twoStepsBack);
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state").at("/clock")).isEqualTo(twoStepsBack);

        // an action no longer in force can be neither undone nor disputed
        Response again = post("referee", "/api/scenarios/" + scenario + "/undo", Map.of("actionId", disputed));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.at("/detail").asText()).contains("not in force");
    }

    @Test
    void a_request_on_a_stale_view_is_refused_with_what_changed_and_changes_nothing() {
        String scenario = longScenario(0, new ArrayList<>());
        Response view = send("alice", HttpRequest.newBuilder(uri("/api/scenarios/" + scenario)).GET());
        long version = view.at("/eventCount").asLong();
        String phase = view.at("/clock/phase").asText();

        Response first = advanceIfMatch("bruno", scenario, version);
        assertThat(first.status()).as(first.raw()).isEqualTo(200);
        String movedTo = first.at("/scenario/clock/phase").asText();
        // alice's page still shows the old version: her advance is refused, nothing is stored
        Response stale = advanceIfMatch("alice", scenario, version);
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.at("/detail").asText()).contains("the clock moved from " + phase)
                .contains(movedTo).contains("nothing was done");
        assertThat(stale.at("/currentVersion").asLong()).isEqualTo(first.at("/scenario/eventCount").asLong());
        assertThat(get("alice", "/api/scenarios/" + scenario).at("/eventCount").asLong())
                .isEqualTo(first.at("/scenario/eventCount").asLong());

        // two pages that both showed the same last action: the first undo goes through, the second is stale
        long shown = first.at("/scenario/eventCount").asLong();
        String last = first.at("/actionId").asText();
        Response undo1 = post("bruno", "/api/scenarios/" + scenario + "/undo",
                Map.of("actionId", last, "expectedVersion", shown));
        assertThat(undo1.status()).as(undo1.raw()).isEqualTo(200);
        Response undo2 = post("bruno", "/api/scenarios/" + scenario + "/undo",
                Map.of("actionId", last, "expectedVersion", shown));
        assertThat(undo2.status()).isEqualTo(409);
        // expectedVersion in an action's body works as If-Match does
        Response action = action("alice", scenario, Map.of("type", "become-pack-ti", "crew", "br-crew-1",
                "expectedVersion", shown));
        assertThat(action.status()).isEqualTo(409);
    }

    @Test
    void every_answer_carries_a_receipt_that_verify_checks_against_the_chain() {
        List<JsonNode> advances = new ArrayList<>();
        String scenario = longScenario(3, advances);
        JsonNode receipt = advances.get(0).at("/receipt");
        assertThat(receipt.at("/stream").asText()).isEqualTo(scenario);
        assertThat(receipt.at("/hash").asText()).hasSize(64);
        assertThat(advances.get(2).at("/receipt/sequence").asLong())
                .isEqualTo(advances.get(2).at("/scenario/eventCount").asLong() - 1);

        Response ok = post("alice", "/api/history/verify", Map.of("receipts", List.of(receipt,
                advances.get(2).at("/receipt"))));
        assertThat(ok.status()).as(ok.raw()).isEqualTo(200);
        assertThat(ok.at("/ok").asBoolean()).isTrue();

        Map<String, Object> forged = Map.of("stream", scenario, "sequence", receipt.at("/sequence").asLong(),
                "hash", "0".repeat(64));
        Response rewritten = post("alice", "/api/history/verify", Map.of("receipts", List.of(forged)));
        assertThat(rewritten.at("/ok").asBoolean()).isFalse();
        assertThat(rewritten.at("/receipts/0/reason").asText()).contains("rewritten");
    }

    private Response advanceIfMatch(String user, String scenario, long version) {
        return send(user, HttpRequest.newBuilder(uri("/api/scenarios/" + scenario + "/clock/advance"))
                .header("Content-Type", "application/json").header("If-Match", "\"" + version + "\"")
                .POST(HttpRequest.BodyPublishers.ofString("{\"confirm\": [\"decision\"]}")));
    }
}
