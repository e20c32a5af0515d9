package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 26, items 3 to 5, through the HTTP API on the skirmish sample: the step between scenarios (who waits on a
 * Medical Treatment roll, the roll as a campaign event with its die, what the next plan changes), the roster as it
 * stood before and after a scenario, and a ruling on a concluded scenario that re-derives its hand-back, refused
 * when a later scenario already used a counter it changes.
 */
class BetweenScenariosApiTest extends ApiTestSupport {

    private static Map<String, Object> d6(int value) {
        return Map.of("kind", "d6", "values", List.of(value));
    }

    private Response ok(Response r) {
        assertThat(r.status()).as(r.raw()).isBetween(200, 201);
        return r;
    }

    private String casualty(String scenario, String counter, String wound) {
        return ok(action("sam".equals(side(counter)) ? "sam" : "gerd", scenario, Map.of("type", "record-casualty",
                "counter", counter, "wound", wound, "cause", "small arms"))).at("/actionId").asText();
    }

    private static String side(String counter) {
        return counter.startsWith("us-") ? "sam" : "gerd";
    }

    private List<JsonNode> campaignEvents(String campaign, String type) {
        List<JsonNode> list = new ArrayList<>();
        for (JsonNode e : get("referee", "/api/campaigns/" + campaign + "/events").body()) {
            if (e.get("type").asText().endsWith(type)) {
                list.add(e.get("payload"));
            }
        }
        return list;
    }

    @Test
    void treatmentRollsBetweenScenariosAreCampaignEventsAndTheRosterAnswersForTwoPointsInTime() {
        String campaign = importSample("skirmish-sample.yaml");
        String ambush = startPlan("referee", campaign, "ambush");
        casualty(ambush, "us-rifle-1", "walking wounded");
        casualty(ambush, "us-rifle-2", "litter case");
        ok(post("referee", "/api/scenarios/" + ambush + "/conclude", Map.of("result", "German withdrawal")));

        // who waits on a roll: the two wounded, nobody else
        JsonNode between = get("sam", "/api/campaigns/" + campaign + "/between").body();
        assertThat(between.get("waiting")).extracting(w -> w.get("counterId").asText())
                .containsExactlyInAnyOrder("us-rifle-1", "us-rifle-2");
        assertThat(between.get("waiting").toString()).contains("waits on a treatment roll (litter case)");

        // the sample chart, litter case 3: "Field hospital", out for 1 scenario (entered die)
        Response rolled = post("sam", "/api/campaigns/" + campaign + "/between/rolls",
                Map.of("counter", "us-rifle-2", "dice", List.of(d6(3))));
        assertThat(rolled.status()).as(rolled.raw()).isEqualTo(200);
        assertThat(rolled.at("/us-rifle-2/counter/state/recovery").asText())
                .isEqualTo("Field hospital (out for 1 scenario)");
        Response twice = post("sam", "/api/campaigns/" + campaign + "/between/rolls",
                Map.of("counter", "us-rifle-2", "dice", List.of(d6(6))));
        assertThat(twice.status()).as(twice.raw()).isEqualTo(422);
        assertThat(twice.at("/detail").asText()).contains("waits on no treatment roll");
        Response otherSide = post("gerd", "/api/campaigns/" + campaign + "/between/rolls",
                Map.of("counter", "us-rifle-1"));
        assertThat(otherSide.status()).as(otherSide.raw()).isEqualTo(403);
        Response badDie = post("sam", "/api/campaigns/" + campaign + "/between/rolls",
                Map.of("counter", "us-rifle-1", "dice", List.of(d6(7))));
        assertThat(badDie.status()).as(badDie.raw()).isEqualTo(400);
        Response unknown = post("sam", "/api/campaigns/" + campaign + "/between/rolls",
                Map.of("counter", "us-rifle-1", "die", 3));
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(400);
        // left to the server: rolled from the campaign's committed seed, the die's source in the event
        ok(post("sam", "/api/campaigns/" + campaign + "/between/rolls", Map.of("counter", "us-rifle-1")));
        List<JsonNode> rolls = campaignEvents(campaign, "BetweenScenariosRolled");
        assertThat(rolls).hasSize(2);
        assertThat(rolls.get(0).at("/roll/source").asText()).isEqualTo("entered");
        assertThat(rolls.get(0).at("/roll/values/0").asInt()).isEqualTo(3);
        assertThat(rolls.get(0).get("afterScenario").asText()).isEqualTo(ambush);
        assertThat(rolls.get(0).get("section").asText()).isEqualTo("Medical Treatment (campaign chart)");
        assertThat(rolls.get(1).at("/roll/source").asText()).isEqualTo("server");
        assertThat(rolls.get(1).at("/roll/index").asInt()).isZero();
        assertThat(rolls.get(1).get("diceCommitment").asText()).hasSize(64);
        assertThat(get("sam", "/api/campaigns/" + campaign + "/between").at("/waiting")).isEmpty();

        // the next plan shows what changed: Lowe is out for this one
        JsonNode plan = get("sam", "/api/campaigns/" + campaign + "/between").at("/plans/counterattack");
        assertThat(plan.toString()).contains("Pvt. Lowe").contains("left out: Pvt. Lowe misses this scenario "
                + "(Field hospital)").doesNotContain("us-rifle-2 misses");
        String counterattack = startPlan("referee", campaign, "counterattack");

        // the roster in time: before the ambush nobody was wounded; after it, two wounded, not treated yet;
        // before the counterattack, both treated
        JsonNode beforeAmbush = get("sam", "/api/campaigns/" + campaign + "/roster?before=" + ambush).body();
        assertThat(beforeAmbush.at("/us-rifle-2/counter/state/wound").isMissingNode()).isTrue();
        assertThat(beforeAmbush.at("/us-rifle-2/inScenario").isNull()).isTrue();
        JsonNode afterAmbush = get("sam", "/api/campaigns/" + campaign + "/roster?after=" + ambush).body();
        assertThat(afterAmbush.at("/us-rifle-2/counter/state/wound").asText()).isEqualTo("litter case");
        assertThat(afterAmbush.at("/us-rifle-2/counter/state/treatment").isMissingNode()).isTrue();
        assertThat(afterAmbush.at("/us-rifle-1/counter/state/wound").asText()).isEqualTo("walking wounded");
        JsonNode beforeNext = get("sam", "/api/campaigns/" + campaign + "/roster?before=" + counterattack).body();
        assertThat(beforeNext.at("/us-rifle-2/counter/state/treatment/result").asText()).isEqualTo("Field hospital");
        JsonNode now = get("sam", "/api/campaigns/" + campaign + "/roster").body();
        // (Dunn's die was the server's: whether he plays depends on it, Weber's does not)
        assertThat(now.at("/de-rifle-1/inScenario").asText()).isEqualTo(counterattack);
        assertThat(now.at("/us-rifle-2/inScenario").isNull()).as("Lowe sits it out").isTrue();
        Response notConcluded = get("sam", "/api/campaigns/" + campaign + "/roster?after=" + counterattack);
        assertThat(notConcluded.status()).as(notConcluded.raw()).isEqualTo(400);
        assertThat(notConcluded.at("/field").asText()).isEqualTo("after");
        Response both = get("sam", "/api/campaigns/" + campaign + "/roster?after=" + ambush + "&before=" + ambush);
        assertThat(both.status()).isEqualTo(400);
        Response stranger = get("sam", "/api/campaigns/" + campaign + "/roster?after=no-such-scenario");
        assertThat(stranger.status()).isEqualTo(400);
        assertThat(stranger.at("/detail").asText()).contains("not a scenario of this campaign");
    }

    @Test
    void aRulingOnAConcludedScenarioReDerivesTheRosterAndIsRefusedWhenALaterScenarioUsedTheCounter() {
        String campaign = importSample("skirmish-sample.yaml");
        String ambush = startPlan("referee", campaign, "ambush");
        String dunn = casualty(ambush, "us-rifle-1", "walking wounded");
        String lowe = casualty(ambush, "us-rifle-2", "litter case");
        String lang = casualty(ambush, "de-rider", "walking wounded");
        ok(post("referee", "/api/scenarios/" + ambush + "/conclude", Map.of("result", "German withdrawal")));
        assertThat(get("sam", "/api/campaigns/" + campaign + "/roster").at("/us-rifle-1/counter/state/wound")
                .asText()).isEqualTo("walking wounded");

        // after the end, within the campaign's 7 days: gerd disputes Dunn's wound; the referee rules it a litter case
        Response disputed = post("gerd", "/api/scenarios/" + ambush + "/disputes", Map.of("actionId", dunn,
                "reason", "he was hit in the chest"));
        assertThat(disputed.status()).as(disputed.raw()).isEqualTo(201);
        Response ruled = post("referee", "/api/scenarios/" + ambush + "/disputes/" + disputed.at("/id").asText()
                + "/resolve", Map.of("upheld", true, "ruling", "chest hit", "corrected", Map.of("counter",
                "us-rifle-1", "wound", "litter case", "cause", "small arms")));
        assertThat(ruled.status()).as(ruled.raw()).isEqualTo(200);
        assertThat(ruled.at("/scenario/concluded").asBoolean()).isTrue();
        // the roster's hand-back is derived again: Dunn is a litter case now, the rest as it was
        JsonNode roster = get("sam", "/api/campaigns/" + campaign + "/roster").body();
        assertThat(roster.at("/us-rifle-1/counter/state/wound").asText()).isEqualTo("litter case");
        assertThat(roster.at("/us-rifle-2/counter/state/wound").asText()).isEqualTo("litter case");
        assertThat(get("sam", "/api/campaigns/" + campaign + "/roster?after=" + ambush).at(
                "/us-rifle-1/counter/state/wound").asText()).isEqualTo("litter case");
        List<JsonNode> revised = campaignEvents(campaign, "HandBackRevised");
        assertThat(revised).singleElement().satisfies(r -> {
            assertThat(r.get("outcomes")).extracting(o -> o.get("id").asText()).containsExactly("us-rifle-1");
            assertThat(r.at("/changes/0").asText()).isEqualTo("Pfc. Dunn: wound walking wounded → litter case");
        });

        // the next scenario starts; Lowe plays in it (Lang does not)
        String counterattack = startPlan("referee", campaign, "counterattack");
        long ambushEvents = get("referee", "/api/scenarios/" + ambush).at("/eventCount").asLong();
        String loweDispute = post("gerd", "/api/scenarios/" + ambush + "/disputes", Map.of("actionId", lowe,
                "reason", "he was behind the wall")).at("/id").asText();
        Response refused = post("referee", "/api/scenarios/" + ambush + "/disputes/" + loweDispute + "/resolve",
                Map.of("upheld", true, "ruling", "covered: no hit"));
        assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
        assertThat(refused.at("/detail").asText()).contains("Pvt. Lowe: wound litter case → none")
                .contains("Pvt. Lowe is used since, in Counterattack at the mill").contains("Nothing was changed")
                .doesNotContain("us-rifle-2");
        assertThat(get("referee", "/api/scenarios/" + ambush).at("/eventCount").asLong())
                .isEqualTo(ambushEvents + 1); // the dispute, nothing of the ruling
        assertThat(get("sam", "/api/campaigns/" + campaign + "/roster").at("/us-rifle-2/counter/state/wound")
                .asText()).isEqualTo("litter case");
        assertThat(post("referee", "/api/scenarios/" + ambush + "/disputes/" + loweDispute + "/resolve",
                Map.of("upheld", false, "ruling", "the hit stands")).status()).isEqualTo(200);

        // a ruling about a counter no later scenario used is applied while the next one is being played
        String langDispute = post("sam", "/api/scenarios/" + ambush + "/disputes", Map.of("actionId", lang,
                "reason", "missed him")).at("/id").asText();
        ok(post("referee", "/api/scenarios/" + ambush + "/disputes/" + langDispute + "/resolve",
                Map.of("upheld", true, "ruling", "the shot missed")));
        JsonNode after = get("gerd", "/api/campaigns/" + campaign + "/roster").body();
        assertThat(after.at("/de-rider/counter/state/wound").isMissingNode()).isTrue();
        assertThat(after.at("/us-rifle-2/inScenario").asText()).isEqualTo(counterattack);
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();

        // nothing else happens in a concluded scenario, and a campaign without a period takes no dispute after it
        Response undo = post("referee", "/api/scenarios/" + ambush + "/undo", Map.of("actionId", dunn));
        assertThat(undo.status()).as(undo.raw()).isEqualTo(409);
        String asl = importSample("asl-west-of-alamein.yaml");
        String ex = startPlan("referee", asl, "ex-10-3");
        ok(post("referee", "/api/scenarios/" + ex + "/conclude", Map.of("result", "draw")));
        Response noPeriod = post("alice", "/api/scenarios/" + ex + "/disputes", Map.of("actionId", "any",
                "reason", "too late"));
        assertThat(noPeriod.status()).as(noPeriod.raw()).isEqualTo(409);
        assertThat(noPeriod.at("/detail").asText()).contains("period for disputes after the end");
    }
}
