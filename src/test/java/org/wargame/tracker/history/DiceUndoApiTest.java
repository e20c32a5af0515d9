package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Undo, audit and dice statistics over real rule actions (the hex rule set's moves and attacks). */
class DiceUndoApiTest extends ApiTestSupport {

    @Test
    void a_free_undo_a_consented_undo_and_what_the_audit_shows() {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");
        JsonNode start = advanceTo("gerd", s, 1, 1, "MP").at("/scenario");

        // no die decided a move: its player undoes it at once; the opponent may not
        Response moved = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-1", "toHex", "C5",
                "terrain", "open", "mpCost", 3));
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(counter(moved, "ger-sq-1").at("/location").asText()).isEqualTo("C5");
        assertThat(post("sam", "/api/scenarios/" + s + "/undo", Map.of()).status()).isEqualTo(403);
        Response undone = post("gerd", "/api/scenarios/" + s + "/undo", Map.of("reason", "wrong squad"));
        assertThat(undone.at("/outcome").asText()).isEqualTo("undone");
        assertThat(counter(undone, "ger-sq-1").at("/location").asText()).isEqualTo("C4");
        assertThat(undone.at("/scenario/counters")).isEqualTo(start.get("counters"));

        // an attack decided by dice: the undo waits for the opponent
        advanceTo("gerd", s, 2, 1, "FP");
        Response fired = action("gerd", s, Map.of("type", "fire", "unitId", "ger-sq-1", "weaponId", "ger-hmg-1",
                "targetHex", "D6", "range", 1, "dice", List.of(Map.of("kind", "2d6", "values", List.of(4, 4)))));
        assertThat(fired.status()).as(fired.raw()).isEqualTo(200);
        String attack = fired.at("/actionId").asText();
        JsonNode beforeFire = get("gerd", "/api/scenarios/" + s + "/state?after="
                + (fired.at("/events/0/sequence").asLong() - 1)).body();

        Response asked = post("gerd", "/api/scenarios/" + s + "/undo", Map.of("actionId", attack,
                "reason", "meant the LMG"));
        assertThat(asked.at("/outcome").asText()).isEqualTo("requested");
        String request = asked.at("/id").asText();
        assertThat(asked.at("/scenario/counters")).isEqualTo(fired.at("/scenario/counters"));
        assertThat(get("sam", "/api/scenarios/" + s + "/undo-requests").body().size()).isEqualTo(1);
        assertThat(post("gerd", "/api/scenarios/" + s + "/undo-requests/" + request + "/accept", Map.of())
                .status()).isEqualTo(403);
        Response accepted = post("sam", "/api/scenarios/" + s + "/undo-requests/" + request + "/accept", Map.of());
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(200);
        assertThat(accepted.at("/scenario/counters")).isEqualTo(beforeFire.get("counters"));
        assertThat(accepted.at("/scenario/clock")).isEqualTo(beforeFire.get("clock"));
        assertThat(get("sam", "/api/scenarios/" + s + "/undo-requests").body().size()).isZero();

        // the audit still shows the attack, its dice and what it changed; the undo is an action of its own
        Response audit = get("referee", "/api/scenarios/" + s + "/audit?gameTurn=2");
        JsonNode fire = null;
        for (JsonNode a : audit.body()) {
            if (a.get("actionId").asText().equals(attack)) {
                fire = a;
            }
        }
        assertThat(fire).as(audit.raw()).isNotNull();
        assertThat(fire.get("account").asText()).isEqualTo("gerd");
        assertThat(fire.get("side").asText()).isEqualTo("german");
        assertThat(fire.at("/dice/0/source").asText()).isEqualTo("entered");
        assertThat(fire.at("/dice/0/values").toString()).isEqualTo("[4,4]");
        assertThat(fire.get("counters").size()).isPositive();
        assertThat(fire.get("outcome").size()).isGreaterThan(1);

        Response dice = get("gerd", "/api/campaigns/" + campaign + "/dice");
        JsonNode gerd = null;
        for (JsonNode d : dice.body()) {
            if (d.get("account").asText().equals("gerd") && d.get("kind").asText().equals("2d6")) {
                gerd = d;
            }
        }
        assertThat(gerd).as(dice.raw()).isNotNull();
        assertThat(gerd.get("dice").asInt()).isEqualTo(2);
        assertThat(gerd.at("/faces/3").asInt()).isEqualTo(2);
        assertThat(gerd.get("entered").asInt()).isEqualTo(1);

        // the fold of the whole stream is the read model; the chain holds
        assertThat(get("gerd", "/api/scenarios/" + s + "/state").body()).isEqualTo(get("gerd", "/api/scenarios/" + s)
                .body());
        assertThat(get("gerd", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }
}
