package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dispute through HTTP: bruno's attack is recorded with a wrong result, the clock moves on, alice disputes it, the
 * referee upholds it with a corrected request; the corrected attack takes its place, the later clock advances are
 * replayed, and the first branch stays readable in the stream.
 */
class DisputeRulingApiTest extends ApiTestSupport {

    @Test
    void an_upheld_ruling_corrects_the_action_and_replays_what_came_after() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("alice", campaign, "ex-10-3");
        String attackId = attack(s);
        advance("bruno", s);
        Response later = moveOn(s); // the MPh: both sides end it

        assertThat(later.at("/scenario/clock/phase").asText()).isEqualTo("DFPh");

        Response noReason = post("alice", "/api/scenarios/" + s + "/disputes", Map.of("actionId", attackId));
        assertThat(noReason.status()).isEqualTo(400);
        Response disputed = post("alice", "/api/scenarios/" + s + "/disputes", Map.of("actionId", attackId,
                "reason", "long range: the attack was halved, the result is NMC"));
        assertThat(disputed.status()).isEqualTo(201);
        String disputeId = disputed.at("/id").asText();

        Response byPlayer = post("bruno", "/api/scenarios/" + s + "/disputes/" + disputeId + "/resolve",
                Map.of("upheld", true, "ruling", "mine"));
        assertThat(byPlayer.status()).isEqualTo(403);
        Response ruled = post("referee", "/api/scenarios/" + s + "/disputes/" + disputeId + "/resolve",
                Map.of("upheld", true, "ruling", "halved FP at long range", "rule", "IFT",
                        "corrected", Map.of("type", "fire", "firer", "it-squad-1", "target", "br-crew-1",
                                "fireType", "Prep Fire", "result", "NMC")));
        assertThat(ruled.status()).as(ruled.raw()).isEqualTo(200);
        assertThat(ruled.at("/outcome").asText()).isEqualTo("upheld");
        assertThat(ruled.at("/scenario/clock/phase").asText()).isEqualTo("DFPh"); // the advances were replayed

        List<JsonNode> attacks = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (JsonNode e : get("alice", "/api/scenarios/" + s + "/events").body()) {
            types.add(e.get("type").asText());
            if (e.get("type").asText().equals("AttackMade")) {
                attacks.add(e);
            }
        }
        assertThat(attacks).hasSize(2); // the first branch is still in the record
        assertThat(attacks.get(0).at("/payload/result").asText()).isEqualTo("1MC");
        assertThat(attacks.get(1).at("/payload/result").asText()).isEqualTo("NMC");
        assertThat(attacks.get(1).at("/metaData/replayedBy").asText()).isEqualTo(disputeId);
        assertThat(types.indexOf("DisputeUpheld")).isLessThan(types.lastIndexOf("AttackMade"));
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }

    /**
     * The referee's correction is input like a player's action: the same typed contract (unknown fields, wrong types,
     * missing fields, dice) refuses it naming the field under {@code corrected}, as a problem, and stores nothing.
     */
    @Test
    void a_correction_that_does_not_fit_the_action_schema_is_refused_naming_its_field() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String attackId = attack(s);
        String disputeId = post("alice", "/api/scenarios/" + s + "/disputes", Map.of("actionId", attackId,
                "reason", "long range")).at("/id").asText();
        long before = get("alice", "/api/scenarios/" + s).at("/eventCount").asLong();

        Map<String, Map<String, Object>> wrong = new LinkedHashMap<>();
        wrong.put("corrected.range", Map.of("firer", "it-squad-1", "target", "br-crew-1", "result", "NMC",
                "range", 6)); // unknown field
        wrong.put("corrected.firer", Map.of("firer", 7, "target", "br-crew-1", "result", "NMC")); // wrong type
        wrong.put("corrected.result", Map.of("firer", "it-squad-1", "target", "br-crew-1")); // missing
        wrong.put("corrected.fireType", Map.of("firer", "it-squad-1", "target", "br-crew-1", "result", "NMC",
                "fireType", List.of("Prep Fire"))); // a list where the schema takes text
        wrong.put("corrected.dice", Map.of("firer", "it-squad-1", "target", "br-crew-1", "result", "NMC",
                "dice", List.of(Map.of("kind", "DR", "values", List.of(3, 4))))); // the disputed action's dice
        for (Map.Entry<String, Map<String, Object>> c : wrong.entrySet()) {
            Response refused = post("referee", "/api/scenarios/" + s + "/disputes/" + disputeId + "/resolve",
                    Map.of("upheld", true, "ruling", "halved FP", "corrected", c.getValue()));
            assertThat(refused.status()).as(refused.raw()).isEqualTo(400);
            assertThat(refused.at("/field").asText()).as(refused.raw()).isEqualTo(c.getKey());
            assertThat(refused.at("/detail").asText()).startsWith(c.getKey() + ": ");
            assertThat(refused.at("/status").asInt()).isEqualTo(400);
        }
        assertThat(get("alice", "/api/scenarios/" + s).at("/eventCount").asLong()).isEqualTo(before);
        assertThat(get("alice", "/api/scenarios/" + s + "/disputes").body()).hasSize(1); // still open

        Response ruled = post("referee", "/api/scenarios/" + s + "/disputes/" + disputeId + "/resolve",
                Map.of("upheld", true, "ruling", "halved FP", "corrected", Map.of("firer", "it-squad-1",
                        "target", "br-crew-1", "result", "NMC")));
        assertThat(ruled.status()).as(ruled.raw()).isEqualTo(200);
    }

    /** bruno's Prep Fire recorded with a wrong result (1MC): the action to dispute; its id. */
    private String attack(String scenario) {
        advanceTo("bruno", scenario, 1, 1, "PFPh");
        Response attack = action("bruno", scenario, Map.of("type", "fire", "firer", "it-squad-1",
                "target", "br-crew-1", "fireType", "Prep Fire", "result", "1MC"));
        assertThat(attack.status()).isEqualTo(200);
        return attack.at("/actionId").asText();
    }
}
