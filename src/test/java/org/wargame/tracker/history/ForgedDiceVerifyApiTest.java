package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A history forged where the import cannot tell (a server die of a kind this tracker does not know, a revealed seed
 * that is not hexadecimal), re-chained and imported, is then checked by {@code GET .../dice/verify}: verify names
 * what is wrong in its report (200, {@code ok: false}) instead of failing with a 500.
 */
class ForgedDiceVerifyApiTest extends ApiTestSupport {

    /** An asl scenario with a server die (a rally the server rolls), concluded (its seed revealed), exported. */
    private String export() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-41");
        assertThat(action("alice", scenario, Map.of("type", "casualty", "counter", "br-crew-2", "result", "break"))
                .status()).isEqualTo(200);
        Response rallied = action("alice", scenario, Map.of("type", "rally", "counter", "br-crew-2",
                "result", "rallied"));
        assertThat(rallied.status()).as(rallied.raw()).isEqualTo(200);
        assertThat(post("referee", "/api/scenarios/" + scenario + "/conclude", Map.of("result", "draw")).status())
                .isEqualTo(200);
        return get("alice", "/api/campaigns/" + campaign + "/export").raw();
    }

    /** The export moved to fresh ids, changed by {@code change}, re-chained and imported; the scenario's new id. */
    private String imported(String export, Consumer<List<ObjectNode>> change) {
        List<ObjectNode> lines = ForgedHistory.moved(export);
        change.accept(lines);
        ForgedHistory.rechain(lines);
        Response r = post("referee", "/api/history/import", ForgedHistory.text(lines), "application/x-ndjson");
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return lines.get(ForgedHistory.first(lines, "ScenarioStarted")).get("stream").asText();
    }

    private static ObjectNode firstServerDie(List<ObjectNode> lines) {
        for (ObjectNode line : lines.subList(1, lines.size())) {
            for (JsonNode roll : line.path("payload").findValues("dice").stream()
                    .flatMap(d -> java.util.stream.StreamSupport.stream(d.spliterator(), false)).toList()) {
                if ("server".equals(roll.path("source").asText())) {
                    return (ObjectNode) roll;
                }
            }
        }
        throw new AssertionError("no server die in the export");
    }

    @Test
    void a_server_die_of_an_unknown_kind_is_named_by_verify() {
        String scenario = imported(export(), lines -> firstServerDie(lines).put("kind", "d7"));
        Response verify = get("alice", "/api/scenarios/" + scenario + "/dice/verify");
        assertThat(verify.status()).as(verify.raw()).isEqualTo(200);
        assertThat(verify.at("/ok").asBoolean()).isFalse();
        assertThat(verify.at("/mismatches/0/kind").asText()).isEqualTo("d7");
        assertThat(verify.at("/mismatches/0/reason").asText()).contains("kind of die this tracker does not know");
    }

    @Test
    void a_revealed_seed_that_is_not_hexadecimal_is_named_by_verify() {
        String scenario = imported(export(), lines -> ((ObjectNode) lines.get(ForgedHistory.first(lines,
                "ScenarioConcluded")).get("payload")).put("diceSeed", "not a seed"));
        Response verify = get("alice", "/api/scenarios/" + scenario + "/dice/verify");
        assertThat(verify.status()).as(verify.raw()).isEqualTo(200);
        assertThat(verify.at("/ok").asBoolean()).isFalse();
        assertThat(verify.at("/commitmentMatches").asBoolean()).isFalse();
        assertThat(verify.at("/message").asText()).contains("not a seed of 32 bytes");
    }
}
