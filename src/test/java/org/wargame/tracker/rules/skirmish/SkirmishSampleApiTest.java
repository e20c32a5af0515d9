package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The skirmish sample campaign played through the HTTP API: an MG team loses its loader (one template less), a man
 * with body armour and a ballistic helmet survives a head roll, a pack mule wounded in the legs drops its load, a
 * rifleman who stood up is hit in the leg, and the wounded carry into the next scenario as the campaign's Medical
 * Treatment chart says.
 */
class SkirmishSampleApiTest extends ApiTestSupport {

    private static Map<String, Object> roll(String kind, int value) {
        return Map.of("kind", kind, "values", List.of(value));
    }

    private static Map<String, Object> target(String firer, String weapon, String target, Integer template) {
        Map<String, Object> t = new java.util.LinkedHashMap<>(Map.of("firer", firer, "weapon", weapon,
                "target", target));
        if (template != null) {
            t.put("template", template);
        }
        return t;
    }



    private Response fire(String user, String scenario, String designation, int range, String position, int d20,
                          int d6) {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("type", "fire");
        body.put("designation", designation);
        body.put("rangeMetres", range);
        if (position != null) {
            body.put("position", position);
        }
        body.put("dice", List.of(roll("d20", d20), roll("d6", d6)));
        Response r = action(user, scenario, body);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r;
    }

    @Test
    void anAmbushAtTheFordAndItsWoundedInTheNextScenario() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        // the U.S. move after the Germans: Lowe stands up from his kneeling position
        advanceTo("sam", s, 1, 2, "MOVE");
        Response stood = action("sam", s, Map.of("type", "move", "figure", "us-rifle-2", "movement", "moved",
                "position", "standing in the open"));
        assertThat(stood.status()).as(stood.raw()).isEqualTo(200);
        // one fire phase for both sides in the Game Turn
        Response start = advanceTo("sam", s, 1, 0, "FIRE");
        assertThat(counter(start, "us-mg-gunner").at("/state/templates/m1919").asInt()).isEqualTo(3);
        assertThat(markers(start, "us-bar")).contains("mascot morale bonus");

        // the Germans moved first: they may not designate first
        Response early = action("gerd", s, Map.of("type", "designate-targets", "side", "german", "targets", List.of()));
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.at("/detail").asText()).startsWith("VI. Infantry Weapons Fire: ");

        Response us = action("sam", s, Map.of("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-mg-gunner", "m1919", "de-mule", 1), target("us-rifle-1", "m1-garand", "de-armoured",
                        null))));
        assertThat(us.status()).as(us.raw()).isEqualTo(200);
        Response de = action("gerd", s, Map.of("type", "designate-targets", "side", "german", "targets", List.of(
                target("de-rifle-1", "kar98k", "us-mg-loader", null), target("de-rifle-2", "kar98k", "us-rifle-2",
                        null))));
        assertThat(de.status()).as(de.raw()).isEqualTo(200);

        // the MG hits the mule in the front legs (d6 5): walking wounded, it drops its load
        Response mule = fire("sam", s, "T1-1", 80, null, 1, 5);
        assertThat(types(mule)).contains("ShotFired", "AnimalHit", "WoundRecorded", "LoadDropped");
        assertThat(markers(mule, "de-mule")).contains("walking wounded", "load dropped");
        assertThat(counter(mule, "de-mule").at("/state/loadDropped").asBoolean()).isTrue();

        // a head roll (1) on the armoured man: hard body armour +1, ballistic helmet +1 = 3, the chest, and he is
        // prone in the open (only 1 and 2 exposed): covered, no hit
        Response armoured = fire("sam", s, "T1-2", 90, "prone in the open", 1, 1);
        JsonNode hit = armoured.body().get("events").get(2).get("payload");
        assertThat(hit.get("modified").asInt()).isEqualTo(3);
        assertThat(hit.get("effect").asText()).isEqualTo("covered: no hit");
        assertThat(markers(armoured, "de-armoured")).isEmpty();

        // the loader is killed: the tripod .30 fires one template less
        Response loader = fire("gerd", s, "T1-3", 120, "prone in the open", 2, 2);
        assertThat(types(loader)).contains("FigureHit", "WoundRecorded", "CrewmanLost");
        assertThat(counter(loader, "us-mg-gunner").at("/state/templates/m1919").asInt()).isEqualTo(2);
        assertThat(markers(loader, "us-mg-loader")).contains("dead");

        // a rifleman is hit in the upper leg: walking wounded (fire reads his recorded position: standing)
        Response rifleman = fire("gerd", s, "T1-4", 150, null, 3, 5);
        assertThat(markers(rifleman, "us-rifle-2")).contains("walking wounded");
        assertThat(counter(rifleman, "us-rifle-2").at("/state/movementLimitMetres").asInt()).isEqualTo(50);
        // the campaign's Medical Treatment chart, walking wounded, roll 1: "Wound reopens", still wounded
        Response treated = action("sam", s, Map.of("type", "record-treatment", "counter", "us-rifle-2",
                "dice", List.of(roll("d6", 1))));
        assertThat(treated.status()).as(treated.raw()).isEqualTo(200);
        assertThat(event(treated, "TreatmentRolled").get("recovery").asText()).isEqualTo("STILL_WOUNDED");

        Response concluded = post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "U.S. hold"));
        assertThat(concluded.status()).as(concluded.raw()).isEqualTo(200);

        // the next scenario: the wounded carry their wounds, the mule its dropped load; the dead loader is struck off
        // (a plan placing him starts without him; a start that names him is refused)
        Response refused = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", "again",
                "turnLimit", 1, "counters", List.of(Map.of("id", "us-mg-loader", "state", Map.of()))));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.at("/detail").asText()).contains("us-mg-loader").contains("eliminated");
        String next = startPlan("referee", campaign, "counterattack");
        Response view = get("sam", "/api/scenarios/" + next);
        assertThat(markers(view, "us-rifle-2")).contains("walking wounded");
        assertThat(counter(view, "us-rifle-2").at("/state/recovery").asText())
                .isEqualTo("Wound reopens (still wounded)");
        assertThat(counter(view, "de-mule").at("/state/loadDropped").asBoolean()).isTrue();
        assertThat(markers(view, "de-mule")).contains("walking wounded", "load dropped");
        assertThat(counter(view, "us-mg-gunner").at("/state/templates/m1919").asInt()).isEqualTo(1);
    }
}
