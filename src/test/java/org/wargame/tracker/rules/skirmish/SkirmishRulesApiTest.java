package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skirmish rules as issue 12 (items 9-14) reads them, through the HTTP API on the sample campaign: one fire phase
 * per Game Turn, cover against small arms only, a closed list of casualty causes, positions kept as state, vehicle
 * damage that changes the vehicle, litter bearers, "turning only is stationary", and wounds healed between scenarios
 * by the campaign's Medical Treatment chart.
 */
class SkirmishRulesApiTest extends ApiTestSupport {

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

    private static Map<String, Object> target(String firer, String weapon, String target) {
        return body("firer", firer, "weapon", weapon, "target", target);
    }

    private Response ok(Response r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r;
    }

    private static JsonNode clock(Response r) {
        return r.body().has("scenario") ? r.at("/scenario/clock") : r.at("/clock");
    }

    /** The payload of the first event whose stored type is {@code type} (with or without its rule set's prefix). */
    private static JsonNode payload(Response r, String type) {
        for (JsonNode e : r.at("/events")) {
            String t = e.get("type").asText();
            if (t.equals(type) || t.endsWith("." + type)) {
                return e.get("payload");
            }
        }
        throw new AssertionError("no " + type + " in " + r.raw());
    }

    private static List<String> typesOf(Response r) {
        List<String> list = new ArrayList<>();
        r.at("/events").forEach(e -> {
            String t = e.get("type").asText();
            list.add(t.substring(t.lastIndexOf('.') + 1));
        });
        return list;
    }

    private static boolean inScenario(Response view, String id) {
        for (JsonNode c : view.at("/counters")) {
            if (c.get("id").asText().equals(id)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void oneFirePhasePerGameTurnCoverAgainstSmallArmsOnlyPositionsKeptAndCausesFromTheText() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        // item 9: the Game Turn is SPOT (all), MOVE (Germans, then U.S.), one FIRE (all), CC (all)
        JsonNode c = clock(get("sam", "/api/scenarios/" + s));
        assertThat(c.get("phase").asText()).isEqualTo("SPOT");
        assertThat(c.get("playerTurn").asInt()).isZero();
        // SPOT is played by all sides: each ends it (moveOn: as the players whose move it is)
        Response move = ok(moveOn(s));
        assertThat(clock(move).get("phase").asText()).isEqualTo("MOVE");
        assertThat(clock(move).get("phasingSide").asText()).isEqualTo("german");
        Response early = action("sam", s, body("type", "move", "figure", "us-rifle-1", "movement", "moved"));
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.at("/detail").asText()).startsWith("Turn sequence: Pfc. Dunn moves in side U.S.'s part");
        // item 14: a German who only turns stays stationary
        ok(action("gerd", s, body("type", "move", "figure", "de-rifle-1", "movement", "turned")));
        assertThat(clock(ok(advance("gerd", s))).get("phasingSide").asText()).isEqualTo("us");
        Response fire = ok(advance("sam", s));
        assertThat(clock(fire).get("phase").asText()).isEqualTo("FIRE");
        assertThat(clock(fire).get("playerTurn").asInt()).isZero();

        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-rifle-1", "m1-garand", "de-rifle-1"), target("us-bar", "bar", "de-rifle-1")))));
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of(
                target("de-rifle-2", "kar98k", "us-rifle-1")))));
        // item 13: de-rifle-1 is recorded standing in the open; a shot naming another position is refused
        Response wrong = action("sam", s, body("type", "fire", "designation", "T1-1", "rangeMetres", 90,
                "position", "prone in the open", "dice", List.of(roll("d20", 1), roll("d6", 1))));
        assertThat(wrong.status()).isEqualTo(422);
        assertThat(wrong.at("/field").asText()).isEqualTo("position");
        assertThat(wrong.at("/detail").asText()).startsWith("Hard Cover or Body Position: Gefr. Weber is recorded "
                + "standing in the open");
        // fire reads it: 60% at 90 m, d20 1 hits, d6 1 the head: dead; the BAR aimed at him is spent
        Response kill = ok(action("sam", s, body("type", "fire", "designation", "T1-1", "rangeMetres", 90,
                "dice", List.of(roll("d20", 1), roll("d6", 1)))));
        assertThat(payload(kill, "FigureHit").get("position").asText()).isEqualTo("standing in the open");
        assertThat(payload(kill, "ShotFired").at("/toHit/targetStationary").asBoolean()).isTrue();
        assertThat(typesOf(kill)).contains("ShotsSpent");
        // item 10: the German's rifle hits Dunn behind his low wall in the upper leg (d6 5): covered from small arms
        Response covered = ok(action("gerd", s, body("type", "fire", "designation", "T1-3", "rangeMetres", 120,
                "dice", List.of(roll("d20", 1), roll("d6", 5)))));
        assertThat(payload(covered, "FigureHit").get("effect").asText()).isEqualTo("covered: no hit");
        Response spent = action("sam", s, body("type", "fire", "designation", "T1-2", "rangeMetres", 90));
        assertThat(spent.status()).isEqualTo(422);
        assertThat(spent.at("/detail").asText()).contains("is spent");

        // item 9: after the fire phase comes close combat, then Game Turn 2: no second fire phase in Turn 1
        assertThat(clock(ok(moveOn(s))).get("phase").asText()).isEqualTo("CC");
        JsonNode turn2 = clock(ok(moveOn(s)));
        assertThat(turn2.get("gameTurn").asInt()).isEqualTo(2);
        assertThat(turn2.get("phase").asText()).isEqualTo("SPOT");

        // item 10: artillery on the same covered location is a hit: d6 5, upper leg, walking wounded
        Response shell = ok(action("sam", s, body("type", "artillery-hit", "target", "us-rifle-1",
                "dice", List.of(roll("d6", 5)))));
        JsonNode hit = payload(shell, "FigureHit");
        assertThat(hit.get("position").asText()).isEqualTo("low wall");
        assertThat(hit.get("location").asText()).isEqualTo("upper leg");
        assertThat(hit.get("effect").asText()).isEqualTo("walking wounded");
        assertThat(payload(shell, "WoundRecorded").get("causeOfCasualty").asText()).isEqualTo("ARTILLERY");

        // item 12: the cause is one of the text's; "bayonet" is no cause (it is "stabbed"), and stabbed spares weapons
        Response bayonet = action("sam", s, body("type", "record-casualty", "counter", "us-mg-gunner",
                "wound", "death", "cause", "bayonet"));
        assertThat(bayonet.status()).isEqualTo(400);
        assertThat(bayonet.at("/field").asText()).isEqualTo("cause");
        Response stabbed = ok(action("sam", s, body("type", "record-casualty", "counter", "us-mg-gunner",
                "wound", "death", "cause", "stabbed")));
        assertThat(typesOf(stabbed)).contains("WoundRecorded", "CrewmanLost").doesNotContain("WeaponDestroyed");
        Response closeCombat = ok(action("sam", s, body("type", "record-casualty", "counter", "us-bar",
                "wound", "death", "cause", "close combat")));
        assertThat(typesOf(closeCombat)).contains("WeaponDestroyed");
    }

    @Test
    void vehicleDamageChangesTheVehicleAndLitterCasesTakeTwoBearers() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "counterattack"); // the U.S. move first
        ok(action("sam", s, body("type", "record-casualty", "counter", "us-rifle-2", "wound", "litter case",
                "cause", "small arms")));
        advanceTo("sam", s, 1, 1, "MOVE");
        ok(action("sam", s, body("type", "move", "figure", "us-rifle-1", "movement", "turned")));
        advanceTo("gerd", s, 1, 2, "MOVE");
        Response aboard = ok(action("gerd", s, body("type", "move", "figure", "de-rifle-1", "aboard", "de-kubel")));
        assertThat(markers(aboard, "de-rifle-1")).contains("aboard de-kubel");
        advanceTo("gerd", s, 1, 0, "FIRE");
        // the U.S. moved first: the Germans designate first
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of())));
        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-rifle-1", "grenade", "de-kubel")))));
        // grenade 50% at 20 m: d20 1 hits; VEHICLE DAMAGE d6 1: crew killed
        Response crew = ok(action("sam", s, body("type", "fire", "designation", "T1-1", "rangeMetres", 20,
                "dice", List.of(roll("d20", 1), roll("d6", 1)))));
        assertThat(payload(crew, "ShotFired").at("/toHit/firerStationary").asBoolean()).as("turned only").isTrue();
        assertThat(markers(crew, "de-kubel")).contains("crew killed", "no crew: cannot move or fire");
        assertThat(counter(crew, "de-kubel").at("/state/crewKilled").asBoolean()).isTrue();

        // Turn 2, U.S. movement: the litter case of Turn 1 is carried by two non-injured men, not one
        advanceTo("sam", s, 2, 1, "MOVE");
        Response one = action("sam", s, body("type", "carry-litter-case", "casualty", "us-rifle-2",
                "bearers", List.of("us-sniper")));
        assertThat(one.status()).isEqualTo(422);
        assertThat(one.at("/detail").asText()).contains("name 2 or more bearers");
        Response carried = ok(action("sam", s, body("type", "carry-litter-case", "casualty", "us-rifle-2",
                "bearers", List.of("us-sniper", "us-mg-gunner"))));
        assertThat(markers(carried, "us-rifle-2")).contains("carried by us-sniper, us-mg-gunner");

        // Turn 2 fire: d6 5, cargo or passengers destroyed: the man aboard dies, his rifle with him
        advanceTo("gerd", s, 2, 0, "FIRE");
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of())));
        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-rifle-1", "grenade", "de-kubel")))));
        Response cargo = ok(action("sam", s, body("type", "fire", "designation", "T2-1", "rangeMetres", 20,
                "dice", List.of(roll("d20", 1), roll("d6", 5)))));
        assertThat(payload(cargo, "WoundRecorded").get("counter").asText()).isEqualTo("de-rifle-1");
        assertThat(payload(cargo, "WoundRecorded").get("causeOfCasualty").asText()).isEqualTo("EXPLOSIVE");
        assertThat(typesOf(cargo)).contains("WeaponDestroyed");
        assertThat(markers(cargo, "de-kubel")).contains("cargo or passengers destroyed");

        // Turn 3 fire: d6 4, the vehicle catches fire: destroyed, struck off the roster at the end
        advanceTo("gerd", s, 3, 0, "FIRE");
        ok(action("gerd", s, body("type", "designate-targets", "side", "german", "targets", List.of())));
        ok(action("sam", s, body("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-rifle-1", "grenade", "de-kubel")))));
        Response burning = ok(action("sam", s, body("type", "fire", "designation", "T3-1", "rangeMetres", 20,
                "dice", List.of(roll("d20", 1), roll("d6", 4)))));
        assertThat(counter(burning, "de-kubel").get("eliminated").asBoolean()).isTrue();
        ok(post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "the car burns")));
        JsonNode roster = get("referee", "/api/campaigns/" + campaign + "/roster").body();
        assertThat(roster.at("/de-kubel/eliminated").asBoolean()).isTrue();
        assertThat(roster.at("/de-rifle-1/eliminated").asBoolean()).isTrue();
    }

    @Test
    void woundsHealBetweenScenariosByTheCampaignsMedicalTreatmentChart() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        for (String[] w : new String[][] {{"us-rifle-1", "walking wounded"}, {"us-rifle-2", "litter case"},
                {"us-bar", "walking wounded"}}) {
            ok(action("sam", s, body("type", "record-casualty", "counter", w[0], "wound", w[1], "cause",
                    "small arms")));
        }
        // the sample chart: walking wounded 3 "Patched up" back to duty; litter case 3 "Field hospital" out for 1
        // scenario; walking wounded 1 "Wound reopens" still wounded
        Response patched = ok(action("sam", s, body("type", "record-treatment", "counter", "us-rifle-1",
                "dice", List.of(roll("d6", 3)))));
        assertThat(payload(patched, "TreatmentRolled").get("result").asText()).isEqualTo("Patched up");
        Response hospital = ok(action("sam", s, body("type", "record-treatment", "counter", "us-rifle-2",
                "dice", List.of(roll("d6", 3)))));
        assertThat(payload(hospital, "TreatmentRolled").get("scenarios").asInt()).isEqualTo(1);
        ok(action("sam", s, body("type", "record-treatment", "counter", "us-bar", "dice", List.of(roll("d6", 1)))));
        Response again = action("sam", s, body("type", "record-treatment", "counter", "us-bar",
                "dice", List.of(roll("d6", 5))));
        assertThat(again.status()).isEqualTo(422);
        ok(post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw")));

        // the next scenario: the roster applies the treatments, as events of the campaign
        String next = startPlan("referee", campaign, "counterattack");
        Response view = get("sam", "/api/scenarios/" + next);
        assertThat(inScenario(view, "us-rifle-1")).isTrue();
        assertThat(markers(view, "us-rifle-1")).doesNotContain("walking wounded");
        assertThat(inScenario(view, "us-rifle-2")).as("out for 1 scenario: sits this one out").isFalse();
        List<JsonNode> recovered = new ArrayList<>();
        for (JsonNode e : get("referee", "/api/campaigns/" + campaign + "/events").body()) {
            if (e.get("type").asText().endsWith("CounterRecovered")) {
                recovered.add(e.get("payload"));
            }
        }
        assertThat(recovered).extracting(p -> p.get("counterId").asText())
                .containsExactlyInAnyOrder("us-rifle-1", "us-rifle-2");
        assertThat(recovered).filteredOn(p -> p.get("counterId").asText().equals("us-rifle-2")).singleElement()
                .satisfies(p -> {
                    assertThat(p.get("sitsOut").asBoolean()).isTrue();
                    assertThat(p.get("section").asText()).isEqualTo("Medical Treatment (campaign chart)");
                });
        JsonNode roster = get("referee", "/api/campaigns/" + campaign + "/roster").body();
        assertThat(roster.at("/us-rifle-2/inScenario").isNull()).isTrue();
        assertThat(roster.at("/us-rifle-2/counter/state/recovery").asText())
                .isEqualTo("Field hospital (back to duty)");
        assertThat(roster.at("/us-bar/counter/state/wound").asText()).isEqualTo("walking wounded");
        ok(post("referee", "/api/scenarios/" + next + "/conclude", Map.of("result", "draw")));

        // the scenario after: he is back, healed
        Response third = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", "Patrol",
                "turnLimit", 1, "sideOrder", List.of("german", "us"), "counters", List.of(
                        Map.of("id", "us-rifle-2", "state", Map.of("position", "window")),
                        Map.of("id", "de-rifle-2", "state", Map.of("position", "standing in the open")))));
        assertThat(third.status()).as(third.raw()).isEqualTo(201);
        Response patrol = get("sam", "/api/scenarios/" + third.at("/scenarioId").asText());
        assertThat(markers(patrol, "us-rifle-2")).doesNotContain("litter case");
        assertThat(counter(patrol, "us-rifle-2").at("/state/wound").isMissingNode()).isTrue();
    }
}
