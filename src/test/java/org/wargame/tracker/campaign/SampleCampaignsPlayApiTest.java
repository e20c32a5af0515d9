package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue items 15 and 16: each sample campaign file (campaigns/*.yaml) plays two scenarios end to end through the
 * API, every phase of every Game Turn up to the turn limit, with what carries between them (hex: the expendables
 * pool, and the second scenario's order of battle re-supplying the U.S.); a counter eliminated in the first scenario
 * is struck off, and the second plan, which places it, starts without it, listed in the start response and on the
 * campaign page.
 */
class SampleCampaignsPlayApiTest extends ApiTestSupport {

    /** Advances through every remaining phase until the turn limit refuses the next one; returns the advances. */
    private int playToTheEnd(String scenarioId, int turnLimit) {
        int advances = 0;
        while (true) {
            // the referee moves the clock on whoever acts, leaving behind knowingly what the phases leave
            Response r = post("referee", "/api/scenarios/" + scenarioId + "/clock/advance",
                    Map.of("confirm", List.of("decision", "unfired", "undo")));
            if (r.status() == 409) {
                assertThat(r.at("/detail").asText()).contains("last Game Turn (" + turnLimit + ") is over");
                JsonNode clock = get("referee", "/api/scenarios/" + scenarioId).at("/clock");
                assertThat(clock.get("gameTurn").asInt()).isEqualTo(turnLimit);
                return advances;
            }
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
            advances++;
            assertThat(advances).isLessThan(1000);
        }
    }

    private Response conclude(String scenarioId, String result) {
        Response r = post("referee", "/api/scenarios/" + scenarioId + "/conclude", Map.of("result", result));
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r;
    }

    private Response start(String campaign, String plan) {
        Response r = post("referee", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", plan));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r;
    }

    private static List<String> ids(JsonNode array, String field) {
        List<String> list = new ArrayList<>();
        array.forEach(n -> list.add(n.get(field).asText()));
        return list;
    }

    private static void ok(Response r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
    }

    @Test
    void hex_two_scenarios_with_the_pool_carried_a_resupply_and_a_squad_struck_off() {
        String campaign = importSample("hex-sample.yaml");
        Response first = start(campaign, "first-clash");
        assertThat(first.at("/leftOut").isEmpty()).isTrue();
        String s = first.at("/scenarioId").asText();

        advanceTo("referee", s, 1, 1, "MP");
        ok(action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "D5", "terrain", "open",
                "mpCost", 2)));
        advanceTo("referee", s, 1, 1, "FP");
        Response hmg = action("gerd", s, Map.of("type", "fire", "unitId", "ger-sq-1", "weaponId", "ger-hmg-1",
                "targetHex", "E6", "range", 3, "dice", List.of(Map.of("kind", "2d6", "values", List.of(4, 3)))));
        ok(hmg);
        assertThat(event(hmg, "AttackFired").get("apfp").asInt()).isEqualTo(10);
        ok(action("gerd", s, Map.of("type", "mortar-smoke", "weaponId", "ger-mtr-1", "targetHex", "E6",
                "range", 5, "los", true)));
        advanceTo("referee", s, 1, 2, "MP");
        ok(action("gerd", s, Map.of("type", "use-panzerfaust", "unitId", "ger-hs-1", "targetId", "us-tank-1",
                "range", 1)));
        advanceTo("referee", s, 1, 2, "FP");
        ok(action("sam", s, Map.of("type", "fire", "unitId", "us-sq-1", "targetHex", "D5", "range", 1,
                "grenades", true)));
        // the fire table's result, recorded by the owner: squad 1 is lost, and its HMG with it (12.2)
        Response lost = action("gerd", s, Map.of("type", "eliminate", "counterId", "ger-sq-1",
                "cause", "fire table"));
        ok(lost);
        assertThat(event(lost, "UnitEliminated").at("/weaponsEliminated/0").asText()).isEqualTo("ger-hmg-1");
        int advances = playToTheEnd(s, 5);
        assertThat(advances).isEqualTo(1 + 4 * 2 * 4); // T1 PT2 CA, then Game Turns 2-5: two Player Turns of 4 phases
        conclude(s, "U.S. hold");

        Response roster = get("referee", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/ger-sq-1/eliminated").asBoolean()).isTrue();
        assertThat(roster.at("/ger-hmg-1/eliminated").asBoolean()).isTrue();
        assertThat(roster.at("/ger-expendables/counter/state/panzerfaust").asInt()).isEqualTo(1);
        assertThat(roster.at("/ger-expendables/counter/state/smoke").asInt()).isEqualTo(4);
        assertThat(roster.at("/us-expendables/counter/state/grenades").asInt()).isEqualTo(3);

        // item 15: the plan places squad 1 and its HMG; the scenario starts without them, and says so
        Response second = start(campaign, "counterattack");
        assertThat(ids(second.at("/leftOut"), "id")).containsExactly("ger-sq-1", "ger-hmg-1");
        assertThat(second.at("/leftOut/0/eliminatedIn").asText()).isEqualTo("First clash");
        assertThat(second.at("/leftOut/0/name").asText()).isEqualTo("German squad 1");
        assertThat(ids(second.at("/counters"), "id")).doesNotContain("ger-sq-1", "ger-hmg-1")
                .contains("ger-sq-2", "us-sq-2");
        String t = second.at("/scenarioId").asText();
        // 12.5: the German pool carried over; the U.S. order of battle re-supplied 4 grenades and 4 smoke
        assertThat(counter(second, "ger-expendables").at("/state/panzerfaust").asInt()).isEqualTo(1);
        assertThat(counter(second, "ger-expendables").at("/state/smoke").asInt()).isEqualTo(4);
        assertThat(counter(second, "us-expendables").at("/state/grenades").asInt()).isEqualTo(4);
        assertThat(counter(second, "us-expendables").at("/state/at-grenade").asInt()).isEqualTo(1);
        assertThat(page("referee", "/campaigns/" + campaign)).contains("Started without German squad 1 (eliminated "
                + "in First clash), HMG (eliminated in First clash)");

        advanceTo("referee", t, 1, 1, "FP");
        ok(action("sam", t, Map.of("type", "fire", "unitId", "us-sq-2", "targetHex", "H4", "range", 1,
                "grenades", true)));
        advanceTo("referee", t, 1, 2, "FP");
        ok(action("gerd", t, Map.of("type", "fire", "unitId", "ger-sq-2", "targetHex", "J5", "range", 1,
                "satchelCharge", true)));
        playToTheEnd(t, 4);
        conclude(t, "German counterattack fails");
        Response after = get("referee", "/api/campaigns/" + campaign + "/roster");
        assertThat(after.at("/us-expendables/counter/state/grenades").asInt()).isEqualTo(3);
        assertThat(after.at("/ger-expendables/counter/state/satchel-charge").asInt()).isZero();
        assertThat(after.at("/ger-sq-2/eliminated").asBoolean()).isFalse();
    }

    @Test
    void asl_two_scenarios_with_the_italian_squad_struck_off() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = start(campaign, "ex-10-3").at("/scenarioId").asText();
        advanceTo("referee", s, 1, 2, "DFPh");
        ok(action("referee", s, Map.of("type", "casualty", "counter", "it-squad-1", "result", "eliminate")));
        playToTheEnd(s, 6);
        conclude(s, "British battery in action");
        assertThat(get("referee", "/api/campaigns/" + campaign + "/roster").at("/it-squad-1/eliminated")
                .asBoolean()).isTrue();

        Response second = start(campaign, "ex-10-41");
        assertThat(ids(second.at("/leftOut"), "id")).containsExactly("it-squad-1");
        assertThat(second.at("/leftOut/0/eliminatedIn").asText()).isEqualTo("EX 10.3 / 10.31: Unpacking the 94mm");
        assertThat(ids(second.at("/counters"), "id")).containsExactlyInAnyOrder("br-crew-2", "br-81mm",
                "br-mule-2");
        String t = second.at("/scenarioId").asText();
        playToTheEnd(t, 6);
        conclude(t, "81mm MTR in position");
        Response roster = get("referee", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-81mm/eliminated").asBoolean()).isFalse();
        assertThat(roster.at("/br-81mm/inScenario").isNull()).isTrue();
    }

    @Test
    void skirmish_two_scenarios_with_a_rifleman_struck_off() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = start(campaign, "ambush").at("/scenarioId").asText();
        ok(action("referee", s, Map.of("type", "record-casualty", "counter", "de-rifle-1", "wound", "death",
                "cause", "close combat")));
        playToTheEnd(s, 4);
        conclude(s, "U.S. hold the ford");
        assertThat(get("referee", "/api/campaigns/" + campaign + "/roster").at("/de-rifle-1/eliminated")
                .asBoolean()).isTrue();

        Response second = start(campaign, "counterattack");
        assertThat(ids(second.at("/leftOut"), "id")).containsExactly("de-rifle-1");
        assertThat(ids(second.at("/counters"), "id")).doesNotContain("de-rifle-1").contains("de-armoured");
        String t = second.at("/scenarioId").asText();
        playToTheEnd(t, 4);
        conclude(t, "The mill is taken");
        assertThat(get("referee", "/api/campaigns/" + campaign + "/roster").at("/de-armoured/eliminated")
                .asBoolean()).isFalse();
    }

    /** A page as a logged-in user sees it (form login, as in a browser). */
    private String page(String user, String path) {
        HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        try {
            String login = client.send(HttpRequest.newBuilder(uri("/login")).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(login);
            assertThat(csrf.find()).isTrue();
            String form = "username=" + user + "&password=" + URLEncoder.encode(password(user), StandardCharsets.UTF_8)
                    + "&_csrf=" + csrf.group(1);
            client.send(HttpRequest.newBuilder(uri("/login")).header("Content-Type",
                    "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                    HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> page = client.send(HttpRequest.newBuilder(uri(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            return page.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
