package org.wargame.tracker.scenario;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A scenario ends by agreement (issue 20, item 3), over real HTTP: one side proposes the result, the other side
 * declines or accepts; the referee concludes and reopens at once; a reopened scenario undoes its roster hand-back
 * and hands back anew when it is concluded again; a reopening is refused while a later scenario uses a counter.
 * West of Alamein, Example 10.3: alice plays the British, bruno the Axis.
 */
class ConclusionApiTest extends ApiTestSupport {

    private static final Map<String, Object> ELIMINATE_CREW = Map.of("type", "casualty", "counter", "br-crew-1",
            "result", "eliminate");

    @Test
    void a_conclusion_is_proposed_declined_proposed_again_and_accepted() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("alice", campaign, "ex-10-3");
        assertThat(action("alice", s, ELIMINATE_CREW).status()).isEqualTo(200);

        // what goes back to the roster, before anything is confirmed
        Response handBack = get("bruno", "/api/scenarios/" + s + "/hand-back");
        assertThat(handBack.status()).isEqualTo(200);
        assertThat(handBack.body().findValuesAsText("id")).contains("br-crew-1", "br-94mm");
        assertThat(outcome(handBack, "br-crew-1").get("eliminated").asBoolean()).isTrue();
        assertThat(outcome(handBack, "br-94mm").get("eliminated").asBoolean()).isFalse();

        Response proposed = post("alice", "/api/scenarios/" + s + "/conclude", Map.of("result", "British hold"));
        assertThat(proposed.status()).as(proposed.raw()).isEqualTo(200);
        assertThat(types(proposed)).containsExactly("ConclusionProposed");
        assertThat(proposed.at("/scenario/concluded").asBoolean()).isFalse();
        assertThat(proposed.at("/scenario/proposal/kind").asText()).isEqualTo("conclude");
        assertThat(proposed.at("/scenario/proposal/text").asText()).isEqualTo("British hold");
        String first = proposed.at("/scenario/proposal/proposalId").asText();

        // the proposing side cannot accept its own proposal, nor propose a second one
        Response own = post("alice", "/api/scenarios/" + s + "/proposals/" + first + "/accept", null);
        assertThat(own.status()).isEqualTo(403);
        assertThat(own.at("/detail").asText()).contains("other side or the referee");
        Response second = post("alice", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw"));
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.at("/detail").asText()).contains("is open");
        assertThat(post("bruno", "/api/scenarios/" + s + "/conclude", Map.of()).status()).isEqualTo(400);

        // the opponent declines: the scenario plays on, its counters still in it
        Response declined = post("bruno", "/api/scenarios/" + s + "/proposals/" + first + "/decline",
                Map.of("reason", "the Axis still hold the ridge"));
        assertThat(declined.status()).as(declined.raw()).isEqualTo(200);
        assertThat(types(declined)).containsExactly("ConclusionDeclined");
        assertThat(declined.at("/scenario/proposal").isNull()).isTrue();
        assertThat(declined.at("/scenario/concluded").asBoolean()).isFalse();
        Response roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-crew-1/eliminated").asBoolean()).isFalse();
        assertThat(roster.at("/br-crew-1/inScenario").asText()).isEqualTo(s);
        assertThat(post("bruno", "/api/scenarios/" + s + "/proposals/" + first + "/accept", null).status())
                .isEqualTo(404);

        // a proposal the proposing side withdraws, and one that lapses when the game changes
        String withdrawn = post("alice", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw"))
                .at("/scenario/proposal/proposalId").asText();
        assertThat(post("bruno", "/api/scenarios/" + s + "/proposals/" + withdrawn + "/withdraw", null).status())
                .isEqualTo(403);
        Response back = post("alice", "/api/scenarios/" + s + "/proposals/" + withdrawn + "/withdraw", null);
        assertThat(types(back)).containsExactly("ConclusionWithdrawn");
        String lapsing = post("bruno", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw"))
                .at("/scenario/proposal/proposalId").asText();
        Response moved = advance("referee", s);
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(moved.at("/scenario/proposal").isNull()).isTrue();
        assertThat(post("alice", "/api/scenarios/" + s + "/proposals/" + lapsing + "/accept", null).status())
                .isEqualTo(404);

        // proposed again, by the Axis this time, and accepted by the British: the scenario ends
        Response again = post("bruno", "/api/scenarios/" + s + "/conclude", Map.of("result", "Axis victory"));
        String id = again.at("/scenario/proposal/proposalId").asText();
        Response accepted = post("alice", "/api/scenarios/" + s + "/proposals/" + id + "/accept", null);
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(200);
        assertThat(types(accepted)).containsExactly("ConclusionAccepted", "ScenarioConcluded");
        assertThat(event(accepted, "ScenarioConcluded").get("diceSeed").asText()).hasSize(64);
        assertThat(accepted.at("/scenario/concluded").asBoolean()).isTrue();
        assertThat(accepted.at("/scenario/result").asText()).isEqualTo("Axis victory");
        roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-crew-1/eliminated").asBoolean()).isTrue();
        assertThat(roster.at("/br-94mm/inScenario").isNull()).isTrue();
        assertThat(get("alice", "/api/campaigns/" + campaign).at("/scenarios/0/result").asText())
                .isEqualTo("Axis victory");
    }

    @Test
    void the_referee_reopens_and_the_roster_is_handed_back_again_from_the_record() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("alice", campaign, "ex-10-3");
        Response eliminated = action("alice", s, ELIMINATE_CREW);
        String actionId = eliminated.at("/actionId").asText();
        Response done = post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "draw"));
        assertThat(types(done)).containsExactly("ScenarioConcluded");
        assertThat(get("alice", "/api/campaigns/" + campaign + "/roster").at("/br-crew-1/eliminated").asBoolean())
                .isTrue();
        assertThat(post("alice", "/api/scenarios/" + s + "/undo", Map.of("actionId", actionId)).status())
                .isEqualTo(409);

        // a player may only propose; the referee reopens at once
        Response reopened = post("referee", "/api/scenarios/" + s + "/reopen",
                Map.of("reason", "the crew was never in the blast"));
        assertThat(reopened.status()).as(reopened.raw()).isEqualTo(200);
        assertThat(types(reopened)).containsExactly("ScenarioReopened");
        assertThat(reopened.at("/scenario/concluded").asBoolean()).isFalse();
        assertThat(reopened.at("/scenario/serverDice").asBoolean()).isFalse();
        Response roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-crew-1/eliminated").asBoolean()).isFalse();
        assertThat(roster.at("/br-crew-1/inScenario").asText()).isEqualTo(s);
        assertThat(get("alice", "/api/campaigns/" + campaign).at("/scenarios/0/concluded").asBoolean()).isFalse();

        // undo works again in it; server dice do not (the seed was revealed), entered dice do
        Response undone = post("alice", "/api/scenarios/" + s + "/undo", Map.of("actionId", actionId));
        assertThat(undone.status()).as(undone.raw()).isEqualTo(200);
        assertThat(undone.at("/outcome").asText()).isEqualTo("undone");
        Response serverDie = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction"));
        assertThat(serverDie.status()).isEqualTo(400);
        assertThat(serverDie.at("/detail").asText()).startsWith("dice: ").contains("revealed");
        Response entered = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(Map.of("kind", "dr", "values", List.of(4)),
                        Map.of("kind", "dr", "values", List.of(3)))));
        assertThat(entered.status()).as(entered.raw()).isEqualTo(200);
        assertThat(post("bruno", "/api/scenarios/" + s + "/disputes", Map.of("actionId",
                entered.at("/actionId").asText(), "reason", "the mule was out of line of sight")).status())
                .isEqualTo(201);

        // concluded again by agreement: the eliminated crew, undone, is back in the roster
        String id = post("alice", "/api/scenarios/" + s + "/conclude", Map.of("result", "British hold"))
                .at("/scenario/proposal/proposalId").asText();
        Response accepted = post("bruno", "/api/scenarios/" + s + "/proposals/" + id + "/accept", null);
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(200);
        roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-crew-1/eliminated").asBoolean()).isFalse();
        assertThat(roster.at("/br-crew-1/inScenario").isNull()).isTrue();
        assertThat(roster.at("/br-crew-1/eliminatedIn").isNull()).isTrue();
        Response campaignNow = get("alice", "/api/campaigns/" + campaign);
        assertThat(campaignNow.at("/scenarios/0/concluded").asBoolean()).isTrue();
        assertThat(campaignNow.at("/scenarios/0/result").asText()).isEqualTo("British hold");
        assertThat(get("bruno", "/api/scenarios/" + s + "/dice/verify").at("/ok").asBoolean()).isTrue();

        // nothing was deleted: both conclusions and the reopening stay in the record
        List<String> all = get("alice", "/api/scenarios/" + s + "/events?limit=500").body()
                .findValuesAsText("type");
        assertThat(all.stream().filter("ScenarioConcluded"::equals).count()).isEqualTo(2);
        assertThat(all).contains("ScenarioReopened", "CounterEliminated", "ActionUndone");
    }

    @Test
    void a_reopening_is_refused_while_a_later_scenario_uses_a_counter_and_taken_by_both_sides_consent() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String first = startPlan("alice", campaign, "ex-10-3");
        assertThat(post("referee", "/api/scenarios/" + first + "/conclude", Map.of("result", "draw")).status())
                .isEqualTo(200);
        String later = startPlan("alice", campaign, "ex-10-3");
        String laterName = get("alice", "/api/scenarios/" + later).at("/name").asText();

        Response refused = post("referee", "/api/scenarios/" + first + "/reopen", Map.of());
        assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
        assertThat(refused.at("/detail").asText()).contains("cannot be reopened").contains("(in " + laterName + ")");
        String crewName = get("alice", "/api/campaigns/" + campaign + "/roster").at("/br-crew-1/counter/name")
                .asText();
        assertThat(refused.at("/detail").asText()).contains(crewName);
        assertThat(post("alice", "/api/scenarios/" + first + "/reopen", Map.of()).status()).isEqualTo(409);
        assertThat(get("alice", "/api/scenarios/" + first).at("/concluded").asBoolean()).isTrue();
        // an open scenario is not reopened
        assertThat(post("referee", "/api/scenarios/" + later + "/reopen", Map.of()).status()).isEqualTo(409);

        // the later scenario, the last to use them, is reopened by both sides' consent
        String id = post("referee", "/api/scenarios/" + later + "/conclude", Map.of("result", "draw")).status() == 200
                ? post("bruno", "/api/scenarios/" + later + "/reopen", Map.of("reason", "the result was misread"))
                .at("/scenario/proposal/proposalId").asText() : null;
        assertThat(id).isNotBlank();
        assertThat(post("bruno", "/api/scenarios/" + later + "/proposals/" + id + "/accept", null).status())
                .isEqualTo(403);
        Response consent = post("alice", "/api/scenarios/" + later + "/proposals/" + id + "/accept", null);
        assertThat(consent.status()).as(consent.raw()).isEqualTo(200);
        assertThat(types(consent)).containsExactly("ScenarioReopened");
        assertThat(consent.at("/scenario/concluded").asBoolean()).isFalse();
        assertThat(get("alice", "/api/campaigns/" + campaign + "/roster").at("/br-94mm/inScenario").asText())
                .isEqualTo(later);
    }

    private static com.fasterxml.jackson.databind.JsonNode outcome(Response handBack, String id) {
        for (var o : handBack.body()) {
            if (o.get("id").asText().equals(id)) {
                return o;
            }
        }
        throw new AssertionError("no " + id + " in " + handBack.raw());
    }
}
