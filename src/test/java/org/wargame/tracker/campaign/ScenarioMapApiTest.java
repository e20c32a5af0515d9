package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plan's map, through the real HTTP API: the counters set up on it and every move onto it take their terrain from
 * the map (the hex sample's half squad stands in D4's woods, squad 2 moving into D5 is in the open without saying
 * so); a move off the map or with a terrain the map contradicts is refused naming the field; and a campaign file's
 * map is checked strictly, each refusal naming its key.
 */
class ScenarioMapApiTest extends ApiTestSupport {

    @Test
    void counters_and_moves_take_their_terrain_from_the_map() {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");
        assertThat(terrain(s, "ger-hs-1")).as("D4 is woods on the map").isEqualTo("woods");
        assertThat(terrain(s, "us-sq-1")).as("E6 is woods on the map").isEqualTo("woods");
        advanceTo("gerd", s, 1, 1, "MP");

        Response off = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "Z9", "mpCost", 1));
        assertThat(off.status()).as(off.raw()).isBetween(400, 422);
        assertThat(off.at("/field").asText()).isEqualTo("toHex");
        assertThat(off.at("/detail").asText()).contains("Z9").contains("not a hex of this scenario's map");

        Response contradicted = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "D5",
                "terrain", "woods", "mpCost", 1));
        assertThat(contradicted.status()).as(contradicted.raw()).isBetween(400, 422);
        assertThat(contradicted.at("/field").asText()).isEqualTo("terrain");
        assertThat(contradicted.at("/detail").asText()).contains("D5 as open");

        Response moved = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "d5",
                "mpCost", 1));
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(terrain(s, "ger-sq-2")).isEqualTo("open");
        assertThat(counter(s, "ger-sq-2").get("location").asText()).isEqualTo("D5");
    }

    @Test
    void a_campaign_files_map_is_checked_strictly_naming_the_key() throws IOException {
        String hex = Files.readString(Path.of("campaigns", "hex-sample.yaml"));
        refused(hex.replace("B2: open,", "b2: open,"), "plans[0].map.hexes", "not a hex id");
        refused(hex.replace("D4: woods,", "D4: Dense Woods,"), "plans[0].map.hexes.D4", "not a terrain name");
        refused(hex.replace("    map:\n      hexes: {", "    map:\n      terrain: { open: { slope: 1 } }\n"
                + "      hexes: {"), "plans[first-clash].map.terrain.open", "reads no trait");
        refused(hex.replace("    map:\n      hexes: {", "    map:\n      terrain: { swamp: {} }\n      hexes: {"),
                "plans[0].map.terrain.swamp", "no hex of the map has this terrain");
        refused(hex.replace("state: { hex: \"C4\", terrain: \"open\" }\n      - id: ger-sq-2",
                "state: { hex: \"C4\", terrain: \"woods\" }\n      - id: ger-sq-2"),
                "plans[first-clash].counters[ger-sq-1].state.terrain", "gives C4 as open");
        refused(hex.replace("state: { hex: \"B2\", terrain: \"open\" }\n      - id: ger-ldr-1",
                "state: { hex: \"A9\" }\n      - id: ger-ldr-1"), "plans[first-clash].counters[ger-sq-3].state.hex",
                "not a hex of this scenario's map");
        refused(hex.replace("    map:\n      hexes: {", "    map:\n      colour: green\n      hexes: {"),
                null, "colour");

        String asl = Files.readString(Path.of("campaigns", "asl-west-of-alamein.yaml"));
        // asl reads one trait (10.31): prohibitsGuns, true or false
        refused(asl.replace("    map:\n      hexes: {", "    map:\n      terrain: { woods: { prohibitsGuns: 1 } }\n"
                + "      hexes: {"), "plans[ex-10-3].map.terrain.woods.prohibitsGuns", "true or false");
        String ok = asl.replace("    map:\n      hexes: {", "    map:\n      terrain: { woods: { prohibitsGuns: true } }"
                + "\n      hexes: {");
        Response imported = post("referee", "/api/campaigns", withNewId(ok), "application/yaml");
        assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
    }

    private void refused(String file, String field, String words) {
        Response r = post("referee", "/api/campaigns", withNewId(file), "application/yaml");
        assertThat(r.status()).as(r.raw()).isBetween(400, 422);
        if (field != null) {
            assertThat(r.at("/field").asText()).as(r.raw()).isEqualTo(field);
        }
        assertThat(r.at("/detail").asText()).as(r.raw()).contains(words);
    }

    private static String withNewId(String file) {
        return file.replaceFirst("(?m)^id: .*$", "id: map-" + UUID.randomUUID().toString().substring(0, 8));
    }

    private JsonNode counter(String scenarioId, String id) {
        for (JsonNode c : get("referee", "/api/scenarios/" + scenarioId).at("/counters")) {
            if (c.get("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no counter " + id);
    }

    private String terrain(String scenarioId, String id) {
        return counter(scenarioId, id).at("/state/terrain").asText();
    }
}
