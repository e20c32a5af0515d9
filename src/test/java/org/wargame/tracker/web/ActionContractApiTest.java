package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.web.api.ActionApiDocs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The typed action contract through HTTP: the OpenAPI document describes each rule set's actions (a oneOf with
 * {@code type} as discriminator, typed fields, titled, versioned, Basic security); requests are checked against the
 * same schema (unknown fields, wrong types, closed lists, required fields refused naming the field); options list the
 * exact dice each action needs; the clock advances to a target, stopping where a rule needs a decision.
 */
class ActionContractApiTest extends ApiTestSupport {

    @Test
    void the_openapi_document_types_every_action() {
        Response docs = get(null, "/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.at("/info/title").asText()).isEqualTo("Campaign tracker API");
        assertThat(docs.at("/info/version").asText()).isEqualTo(ActionApiDocs.API_VERSION);
        assertThat(docs.at("/components/securitySchemes/basic/scheme").asText()).isEqualTo("basic");
        JsonNode asl = docs.at("/components/schemas/asl.Action");
        assertThat(asl.at("/discriminator/propertyName").asText()).isEqualTo("type");
        assertThat(asl.at("/oneOf").size()).isEqualTo(8);
        JsonNode casualty = docs.at("/components/schemas/asl.casualty");
        assertThat(casualty.at("/additionalProperties").asBoolean()).isFalse();
        assertThat(casualty.at("/properties/result/enum").toString()).contains("casualty-reduction");
        assertThat(casualty.at("/required").toString()).contains("counter").contains("result");
        assertThat(docs.at("/components/schemas/hex.move/properties/mpCost/type").asText()).isEqualTo("integer");
        assertThat(docs.at("/components/schemas/hex.set-pinned/properties/pinned/type").asText()).isEqualTo("boolean");
        assertThat(docs.at("/components/schemas/skirmish.designate-targets/properties/targets/items/properties/target")
                .isObject()).isTrue();
        assertThat(docs.at("/paths/~1api~1scenarios~1{scenarioId}~1actions/post/requestBody/content/application~1json"
                + "/schema/anyOf").size()).isEqualTo(3);
    }

    @Test
    void requests_are_checked_against_the_schema_naming_the_field() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        Response unknown = action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1", "result", "pin",
                "wounds", 2));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.at("/field").asText()).isEqualTo("wounds");
        Response wrongType = action("alice", s, Map.of("type", "move", "counter", "br-crew-1", "hex", "B5",
                "prohibitsGuns", "no"));
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.at("/field").asText()).isEqualTo("prohibitsGuns");
        // an empty Fire is refused, it no longer ends Pack-TI
        Response empty = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1"));
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.at("/field").asText()).isEqualTo("target");

        String h = startPlan("gerd", importSample("hex-sample.yaml"), "first-clash");
        Response text = action("gerd", h, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "D5", "mpCost", "2"));
        assertThat(text.status()).isEqualTo(400);
        assertThat(text.at("/field").asText()).isEqualTo("mpCost");

        String k = startPlan("referee", importSample("skirmish-sample.yaml"), "ambush");
        Response nested = action("sam", k, Map.of("type", "designate-targets", "side", "us", "targets",
                List.of(Map.of("firer", "us-rifle-1", "weapon", "m1-garand", "template", "one"))));
        assertThat(nested.status()).isEqualTo(400);
        assertThat(nested.at("/field").asText()).isEqualTo("targets[0].template");
    }

    @Test
    void options_list_the_exact_dice_and_the_clock_advances_to_a_target() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        Response view = get("alice", "/api/scenarios/" + s);
        assertThat(view.at("/eventCount").asLong()).isPositive();
        assertThat(dice(view, "br-mule-1", "casualty")).containsExactly("dr", "dr");
        assertThat(dice(view, "br-crew-1", "casualty")).isEmpty();
        List<List<String>> fires = new ArrayList<>();
        view.at("/options").forEach(o -> {
            if (o.get("counterId").asText().equals("br-crew-1") && o.get("action").asText().equals("fire")) {
                List<String> kinds = new ArrayList<>();
                o.get("dice").forEach(d -> kinds.add(d.get("kind").asText()));
                fires.add(kinds);
            }
        });
        assertThat(fires).containsExactly(List.of(), List.of("DR")); // without the Gun: no roll; with it: Original DR

        Response toMph = post("bruno", "/api/scenarios/" + s + "/clock/advance", Map.of("to", "MPh", "confirm", List.of("decision")));
        assertThat(toMph.status()).as(toMph.raw()).isEqualTo(200);
        assertThat(toMph.at("/scenario/clock/phase").asText()).isEqualTo("MPh");
        assertThat(toMph.at("/scenario/clock/gameTurn").asInt()).isEqualTo(1);
        assertThat(toMph.at("/events").size()).isEqualTo(2); // RPh to PFPh to MPh, one event each

        // to Turn 3: stopped at Turn 2's first RPh, where the crew may become Pack-TI (10.11)
        // (the referee's request: a player's would end with the Player Turn)
        Response far = post("referee", "/api/scenarios/" + s + "/clock/advance", Map.of("gameTurn", 3));
        assertThat(far.at("/scenario/clock/gameTurn").asInt()).isEqualTo(2);
        assertThat(far.at("/scenario/clock/phase").asText()).isEqualTo("RPh");
        assertThat(far.at("/scenario/decision").asText()).startsWith("10.11");

        Response unknownPhase = post("alice", "/api/scenarios/" + s + "/clock/advance", Map.of("to", "XPh"));
        assertThat(unknownPhase.status()).isEqualTo(400);
        assertThat(unknownPhase.at("/field").asText()).isEqualTo("to");
    }

    private static List<String> dice(Response view, String counter, String action) {
        for (JsonNode o : view.at("/options")) {
            if (o.get("counterId").asText().equals(counter) && o.get("action").asText().equals(action)) {
                List<String> kinds = new ArrayList<>();
                o.get("dice").forEach(d -> kinds.add(d.get("kind").asText()));
                return kinds;
            }
        }
        throw new AssertionError("no option " + action + " for " + counter);
    }
}
