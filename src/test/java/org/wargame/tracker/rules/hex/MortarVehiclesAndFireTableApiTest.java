package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 23 items 11 and 12 through the HTTP API: 12.67 a mortar barrage attacks every vehicle in the hex it strikes,
 * its own side's too; 12.64 the campaign's fire table (campaign data, validated strictly) gives the Casualty Points,
 * doubled for air bursts in woods; without one the answer says the players double them.
 */
class MortarVehiclesAndFireTableApiTest extends ApiTestSupport {

    /** Sample numbers for this test, not rule text: the fire table is not printed in section 12. */
    private static final String FIRE_TABLE = """
            tables:
              fireTable:
                columns:
                  - { apfp: 1, casualtyPoints: { 2: 2, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0 } }
                  - { apfp: 4, casualtyPoints: { 2: 3, 3: 3, 4: 2, 5: 2, 6: 1, 7: 1, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0 } }
            """;

    private static final String GERMAN_CAR = """
              - id: ger-kfz-1
                kind: vehicle
                name: "Kubelwagen"
                side: german
                data: { movement: 8 }
                state: {}
            """;

    private static Map<String, Object> dice(int a, int b) {
        return Map.of("kind", "2d6", "values", List.of(a, b));
    }

    private Response importCopy(String tables) {
        try {
            String text = Files.readString(Path.of("campaigns", "hex-sample.yaml"));
            String id = "hex-edges-" + UUID.randomUUID().toString().substring(0, 8);
            String copy = text.replaceFirst("(?m)^id: .*$", "id: " + id)
                    .replaceFirst("(?m)^plans:$", GERMAN_CAR + "plans:")
                    .replaceFirst("(?m)^sides:$", tables.replace("$", "\\$") + "sides:");
            return post("referee", "/api/campaigns", copy, "application/yaml");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String start(String campaign) {
        Response r = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", "Woods",
                "turnLimit", 2, "sideOrder", List.of("german", "us"), "counters", List.of(
                        Map.of("id", "ger-sq-3", "state", Map.of("hex", "B2", "terrain", "open")),
                        Map.of("id", "ger-mtr-1", "state", Map.of()),
                        Map.of("id", "ger-kfz-1", "state", Map.of("hex", "E6", "terrain", "woods")),
                        Map.of("id", "us-sq-1", "state", Map.of("hex", "E6", "terrain", "woods")),
                        Map.of("id", "us-jeep-1", "state", Map.of("hex", "E6", "terrain", "woods")))));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        String s = r.at("/scenarioId").asText();
        advanceTo("gerd", s, 1, 1, "FP");
        return s;
    }

    private static List<JsonNode> all(Response r, String type) {
        List<JsonNode> list = new ArrayList<>();
        r.at("/events").forEach(e -> {
            if (e.get("type").asText().equals(type) || e.get("type").asText().endsWith("." + type)) {
                list.add(e.get("payload"));
            }
        });
        return list;
    }

    @Test
    void aBarrageAttacksEveryVehicleInTheHexAndTheFireTableIsReadAndDoubled() {
        Response imported = importCopy(FIRE_TABLE);
        assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
        String s = start(imported.at("/campaignId").isMissingNode() ? imported.at("/id").asText()
                : imported.at("/campaignId").asText());
        // attack 3+3 = 6 on APFP 4: column 4, roll 6: 1 Casualty Point, x2 for woods = 2; then the to-hit rolls of
        // the two vehicles in E6: each 2+2 = 4, a hit (6 or less), and an unarmored vehicle hit is destroyed
        Response fired = action("gerd", s, Map.of("type", "mortar-fire", "weaponIds", List.of("ger-mtr-1"),
                "targetHex", "E6", "range", 4, "los", true,
                "dice", List.of(dice(3, 3), dice(2, 2), dice(2, 2))));
        assertThat(fired.status()).as(fired.raw()).isEqualTo(200);
        JsonNode barrage = all(fired, "MortarBarrageFired").get(0);
        assertThat(barrage.get("apfp").asInt()).isEqualTo(4);
        assertThat(barrage.get("modifiedRoll").asInt()).isEqualTo(6);
        assertThat(barrage.get("casualtyMultiplier").asInt()).isEqualTo(2);
        assertThat(barrage.get("fireTableColumn").asInt()).isEqualTo(4);
        assertThat(barrage.get("tableCasualtyPoints").asInt()).isEqualTo(1);
        assertThat(barrage.get("casualtyPoints").asInt()).isEqualTo(2);
        assertThat(barrage.get("casualtyNote").asText()).contains("doubled").contains("2");
        List<JsonNode> attacked = all(fired, "VehicleAttacked");
        assertThat(attacked).extracting(v -> v.get("vehicleId").asText())
                .containsExactlyInAnyOrder("ger-kfz-1", "us-jeep-1");
        assertThat(attacked).allSatisfy(v -> assertThat(v.get("destroyed").asBoolean()).isTrue());
        assertThat(markers(fired, "ger-kfz-1")).contains("Eliminated");
    }

    @Test
    void withoutAFireTableTheAnswerSaysTheCasualtyPointsAreDoubled() {
        String campaign = importSample("hex-sample.yaml");
        Response r = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", "Woods",
                "turnLimit", 2, "sideOrder", List.of("german", "us"), "counters", List.of(
                        Map.of("id", "ger-sq-3", "state", Map.of("hex", "B2", "terrain", "open")),
                        Map.of("id", "ger-mtr-1", "state", Map.of()),
                        Map.of("id", "us-sq-1", "state", Map.of("hex", "E6", "terrain", "woods")))));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        String s = r.at("/scenarioId").asText();
        advanceTo("gerd", s, 1, 1, "FP");
        Response fired = action("gerd", s, Map.of("type", "mortar-fire", "weaponIds", List.of("ger-mtr-1"),
                "targetHex", "E6", "range", 4, "los", true, "dice", List.of(dice(3, 3))));
        assertThat(fired.status()).as(fired.raw()).isEqualTo(200);
        JsonNode barrage = all(fired, "MortarBarrageFired").get(0);
        assertThat(barrage.get("casualtyMultiplier").asInt()).isEqualTo(2);
        assertThat(barrage.path("casualtyPoints").isNull() || barrage.path("casualtyPoints").isMissingNode())
                .isTrue();
        assertThat(barrage.get("casualtyNote").asText())
                .isEqualTo("12.64 air bursts: read the fire table and double the Casualty Points (infantry in woods "
                        + "or jungle)");
    }

    @Test
    void aFireTableWithoutEveryRollIsRefusedNamingTheField() {
        Response refused = importCopy(FIRE_TABLE.replace(" 7: 1,", ""));
        assertThat(refused.status()).as(refused.raw()).isEqualTo(400);
        assertThat(refused.at("/field").asText()).isEqualTo("tables.fireTable.columns[1].casualtyPoints");
        assertThat(refused.at("/detail").asText()).contains("roll of 7");
        Response unknown = importCopy(FIRE_TABLE.replace("casualtyPoints: { 2: 2,", "points: { 2: 2,"));
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(400);
        assertThat(unknown.at("/field").asText()).isEqualTo("tables.fireTable.columns[0].points");
    }
}
