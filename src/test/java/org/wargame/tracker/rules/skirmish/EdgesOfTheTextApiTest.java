package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skirmish readings of issue 23 (items 6 to 10), through the HTTP API with the numbers: a shoulders hit by
 * artillery ends in the animal's death after the close combat phase; one optics state (-35%); a litter case made by
 * troops firing first does not fire; both spotting rounds recorded; healed animals load and mount again and a united
 * crew stays united from one scenario to the next.
 */
class EdgesOfTheTextApiTest extends ApiTestSupport {

    private static Map<String, Object> roll(String kind, int value) {
        return Map.of("kind", kind, "values", List.of(value));
    }

    private static Map<String, Object> body(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    private Response ok(Response r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r;
    }

    private static JsonNode payload(Response r, String type) {
        for (JsonNode e : r.at("/events")) {
            String t = e.get("type").asText();
            if (t.equals(type) || t.endsWith("." + type)) {
                return e.get("payload");
            }
        }
        throw new AssertionError("no " + type + " in " + r.raw());
    }

    private String scenario(String campaign, String name, List<String> sideOrder, Map<String, String> positions) {
        List<Map<String, Object>> counters = positions.entrySet().stream().map(e -> Map.<String, Object>of("id",
                e.getKey(), "state", e.getValue() == null ? Map.of() : Map.of("position", e.getValue()))).toList();
        Response r = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", name,
                "turnLimit", 4, "sideOrder", sideOrder, "counters", counters));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r.at("/scenarioId").asText();
    }

    @Test
    void artilleryAtTheShouldersOpticsOnceLitterCasesFiringFirstAndBothSpottingRounds() {
        String campaign = importSample("skirmish-sample.yaml");
        Map<String, String> positions = new LinkedHashMap<>();
        positions.put("us-mg-gunner", "prone in the open");
        positions.put("us-mg-loader", "prone in the open");
        positions.put("us-mg-commander", "prepared foxhole");
        positions.put("us-mg-spotter", "window");
        positions.put("us-sniper", "firing port");
        positions.put("us-rifle-1", "standing in the open");
        positions.put("de-rifle-1", "standing in the open");
        positions.put("de-mule", null);
        positions.put("de-tank", null);
        String s = scenario(campaign, "Edges", List.of("german", "us"), positions);

        // item 10: the spotting rounds, both placed: a missing dummy is refused naming the field; both are recorded
        Response noDummy = action("sam", s, body("type", "indirect-mg-fire", "gunner", "us-mg-gunner",
                "arrowDie", "north", "realRound", "the hedge corner", "dice", List.of(roll("d6", 4))));
        assertThat(noDummy.status()).as(noDummy.raw()).isEqualTo(400);
        assertThat(noDummy.at("/field").asText()).isEqualTo("dummyRound");
        Response spotting = ok(action("sam", s, body("type", "indirect-mg-fire", "gunner", "us-mg-gunner",
                "arrowDie", "north", "realRound", "the hedge corner", "dummyRound", "the barn door",
                "dice", List.of(roll("d6", 4)))));
        JsonNode landed = payload(spotting, "IndirectMgFireLanded");
        assertThat(landed.get("realRound").asText()).isEqualTo("the hedge corner");
        assertThat(landed.get("dummyRound").asText()).isEqualTo("the barn door");
        assertThat(landed.at("/distance/values/0").asInt()).isEqualTo(4);
        assertThat(landed.get("onTarget").asBoolean()).isFalse();

        // item 6: artillery at the shoulders (d6 2): the mule charges, with no attacker on the table
        Response shoulders = ok(action("referee", s, body("type", "artillery-hit", "target", "de-mule",
                "dice", List.of(roll("d6", 2)))));
        assertThat(payload(shoulders, "AnimalCharged").get("attacker").isNull()).isTrue();
        assertThat(markers(shoulders, "de-mule")).contains("charging (close combat, then dies)");

        // Turn 1 fire. The Germans move first, so the U.S. designate first
        advanceTo("referee", s, 1, 0, "FIRE");
        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                body("firer", "us-sniper", "weapon", "m1903a4", "target", "de-rifle-1"),
                body("firer", "us-mg-gunner", "weapon", "m1919", "target", "de-tank", "template", 1)))));
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of(
                body("firer", "de-rifle-1", "weapon", "kar98k", "target", "us-rifle-1")))));
        // item 9: the sniper (elite 3, three levels above Weber) fires first: 50 + 5 (scope) + 15 = 70% at 200 m,
        // d20 2 (10%) hits; d6 3, chest: litter case. Weber's designated shot is cancelled
        Response first = ok(action("sam", s, body("type", "fire", "designation", "T1-1", "rangeMetres", 200,
                "dice", List.of(roll("d20", 2), roll("d6", 3)))));
        assertThat(payload(first, "WoundRecorded").get("wound").asText()).isEqualToIgnoringCase("litter_case");
        JsonNode cancelled = payload(first, "FireCancelled");
        assertThat(cancelled.get("firer").asText()).isEqualTo("de-rifle-1");
        assertThat(cancelled.get("designations").get(0).asText()).isEqualTo("T1-3");
        assertThat(cancelled.get("reason").asText()).contains("litter case does not fire");
        Response returned = action("gerd", s, body("type", "fire", "designation", "T1-3", "rangeMetres", 200,
                "dice", List.of(roll("d20", 1), roll("d6", 1))));
        assertThat(returned.status()).as(returned.raw()).isEqualTo(422);

        // item 7: tripod .30 at the tank, 60% at 100 m, d20 1 hits, d6 2: main gun optics, -35%
        Response optics = ok(action("sam", s, body("type", "fire", "designation", "T1-2", "rangeMetres", 100,
                "dice", List.of(roll("d20", 1), roll("d6", 2)))));
        assertThat(payload(optics, "VehicleDamaged").get("fireModifier").asInt()).isEqualTo(-35);
        assertThat(counter(optics, "de-tank").at("/state/fireModifier").asInt()).isEqualTo(-35);

        // item 6: the close combat phase ends: the mule that charged dies, whatever hit it
        advanceTo("referee", s, 1, 0, "CC");
        Response turn2 = advanceTo("referee", s, 2, 0, "SPOT");
        assertThat(markers(turn2, "de-mule")).contains("dead");
        JsonNode died = null;
        for (JsonNode e : get("referee", "/api/scenarios/" + s + "/events").body()) {
            if (e.get("type").asText().endsWith("WoundRecorded")
                    && e.at("/payload/counter").asText().equals("de-mule")) {
                died = e.get("payload");
            }
        }
        assertThat(died).isNotNull();
        assertThat(died.get("wound").asText()).isEqualToIgnoringCase("death");
        assertThat(died.get("cause").asText()).isEqualTo("charged, fought a close combat and died");

        // item 7: a second optics hit changes nothing: recorded, the tank still fires at -35%
        advanceTo("referee", s, 2, 0, "FIRE");
        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                body("firer", "us-mg-gunner", "weapon", "m1919", "target", "de-tank", "template", 1)))));
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of())));
        Response again = ok(action("sam", s, body("type", "fire", "designation", "T2-1", "rangeMetres", 100,
                "dice", List.of(roll("d20", 1), roll("d6", 2)))));
        JsonNode second = payload(again, "VehicleDamaged");
        assertThat(second.get("fireModifier").asInt()).isZero();
        assertThat(second.get("result").asText()).startsWith("optics already damaged");
        assertThat(counter(again, "de-tank").at("/state/fireModifier").asInt()).isEqualTo(-35);
    }

    @Test
    void healedAnimalsLoadAndMountAgainAndAUnitedCrewStaysUnited() {
        String campaign = importWithSecondMgTeam();
        Map<String, String> positions = new LinkedHashMap<>();
        positions.put("us-mg-gunner", "prone in the open");
        positions.put("us-mg-loader", "prone in the open");
        positions.put("us-mg2-gunner", "prone in the open");
        positions.put("us-mg2-loader", "prone in the open");
        positions.put("de-rider", "standing in the open");
        positions.put("de-horse", null);
        positions.put("de-mule", null);
        String s = scenario(campaign, "The crossing", List.of("german", "us"), positions);

        // survivors of two tripod .30 crews unite: Brandt (loader of the first) and Falk (gunner of the second) are killed
        ok(action("sam", s, body("type", "record-casualty", "counter", "us-mg-loader", "wound", "death",
                "cause", "small arms")));
        ok(action("sam", s, body("type", "record-casualty", "counter", "us-mg2-gunner", "wound", "death",
                "cause", "small arms")));
        Response united = ok(action("sam", s, body("type", "unite-crew", "gunner", "us-mg-gunner",
                "loader", "us-mg2-loader")));
        assertThat(payload(united, "CrewUnited").get("team").asText()).isEqualTo("us-mg");

        // walking wounded animals drop their load and rider; the chart's 3 is "Patched up", back to duty
        for (String animal : List.of("de-mule", "de-horse")) {
            ok(action("gerd", s, body("type", "record-casualty", "counter", animal, "wound", "walking wounded",
                    "cause", "small arms")));
            ok(action("gerd", s, body("type", "record-treatment", "counter", animal,
                    "dice", List.of(roll("d6", 3)))));
        }
        advanceTo("referee", s, 1, 1, "MOVE");
        Response wounded = action("gerd", s, body("type", "load-animal", "animal", "de-mule"));
        assertThat(wounded.status()).as(wounded.raw()).isEqualTo(422);
        assertThat(wounded.at("/detail").asText()).startsWith("Animal Hit Location")
                .contains("cannot carry any loads or riders");
        ok(post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw")));

        JsonNode roster = get("referee", "/api/campaigns/" + campaign + "/roster").body();
        assertThat(roster.at("/us-mg2-loader/counter/state/crew/team").asText()).isEqualTo("us-mg");
        assertThat(roster.at("/de-mule/counter/state/loadDropped").asBoolean()).isTrue();
        assertThat(roster.at("/de-horse/counter/state/mounted").asBoolean()).isFalse();

        // the next scenario: the crew is still united; the animals are healed, without load or rider
        String next = scenario(campaign, "The mill", List.of("german", "us"), Map.of(
                "us-mg-gunner", "window", "us-mg2-loader", "window", "de-rider", "standing in the open",
                "de-horse", "on the road", "de-mule", "on the road"));
        Response view = get("gerd", "/api/scenarios/" + next);
        assertThat(counter(view, "us-mg2-loader").at("/state/team").asText()).isEqualTo("us-mg");
        assertThat(counter(view, "us-mg-gunner").at("/state/templates/m1919").asInt()).as("gunner and loader of a "
                + "tripod .30, no commander here: 3 templates less one").isEqualTo(2);
        assertThat(markers(view, "de-mule")).contains("load dropped").doesNotContain("walking wounded");
        assertThat(counter(view, "de-horse").at("/state/rider").isMissingNode()).isTrue();

        Response early = action("gerd", next, body("type", "load-animal", "animal", "de-mule"));
        assertThat(early.status()).as("loading is handling in the owner's movement").isEqualTo(422);
        advanceTo("referee", next, 1, 1, "MOVE");
        Response loaded = ok(action("gerd", next, body("type", "load-animal", "animal", "de-mule")));
        assertThat(payload(loaded, "LoadTaken").get("load").asText()).isEqualTo("MG 42 ammunition");
        assertThat(markers(loaded, "de-mule")).doesNotContain("load dropped");
        Response mounted = ok(action("gerd", next, body("type", "mount-animal", "animal", "de-horse")));
        assertThat(payload(mounted, "RiderMounted").get("rider").asText()).isEqualTo("de-rider");
        assertThat(counter(mounted, "de-horse").at("/state/rider").asText()).isEqualTo("de-rider");
        Response twice = action("gerd", next, body("type", "load-animal", "animal", "de-mule"));
        assertThat(twice.status()).isEqualTo(422);
        assertThat(twice.at("/detail").asText()).contains("carries its load");
    }

    /** The sample campaign with a second U.S. tripod .30 crew (gunner and loader), imported under a new id. */
    private String importWithSecondMgTeam() {
        try {
            String text = Files.readString(Path.of("campaigns", "skirmish-sample.yaml"));
            String id = "skirmish-crews-" + UUID.randomUUID().toString().substring(0, 8);
            String team = """
                      - id: us-mg2-gunner
                        kind: figure
                        name: "Pvt. Falk (second MG gunner)"
                        side: us
                        data:
                          weapons:
                            - { id: m1919b, type: machine-gun, calibre: ".30", mount: tripod,
                                toHit: [{ maxRange: 100, percent: 60 }] }
                          crew: { team: us-mg2, role: gunner }
                          armour: { body: none, helmet: steel }
                        state: {}
                      - id: us-mg2-loader
                        kind: figure
                        name: "Pvt. Moss (second MG loader)"
                        side: us
                        data:
                          weapons: []
                          crew: { team: us-mg2, role: loader }
                          armour: { body: none, helmet: steel }
                        state: {}
                    """;
            String copy = text.replaceFirst("(?m)^id: .*$", "id: " + id).replaceFirst("(?m)^plans:$",
                    team.replace("$", "\\$") + "plans:");
            Response r = post("referee", "/api/campaigns", copy, "application/yaml");
            assertThat(r.status()).as(r.raw()).isEqualTo(201);
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
