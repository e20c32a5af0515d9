package org.wargame.tracker.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.scenario.waiting.Waiting;
import org.wargame.tracker.scenario.waiting.WaitingItem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, item 1 over real HTTP: what waits for each account across its campaigns, for the Italians' player
 * (bruno), the British player (alice) and the referee, as a scenario of the ASL sample moves on: whose move it is
 * (one side's phase, then both sides' Movement Phase), a dispute for the referee, the ruling waiting for the player
 * who disputed until she acts again, a proposal to conclude for the other side.
 */
class WaitingApiTest extends ApiTestSupport {

    @Autowired
    private Waiting waiting;

    @Autowired
    private org.springframework.jdbc.core.JdbcTemplate jdbc;

    @Test
    void a_scenario_whose_record_cannot_be_read_does_not_take_the_others_down() {
        // as a record stored before imports were checked may be (CI saw it: a start without sides made every
        // account's list answer 500)
        String healthy = startPlan("referee", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String broken = startPlan("referee", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        String stored = jdbc.queryForObject("select state_json from scenario_view where scenario_id = ?",
                String.class, broken);
        jdbc.update("update scenario_view set state_json = ? where scenario_id = ?", "{not json", broken);
        try {
            assertThat(waiting("bruno", healthy)).as("the Italians' Rally Phase in the other scenario").hasSize(1);
            assertThat(waiting("bruno", broken)).isEmpty();
        } finally {
            jdbc.update("update scenario_view set state_json = ? where scenario_id = ?", stored, broken);
        }
    }

    /** The items waiting for {@code user} at scenario {@code s} (the referee sees every campaign of the run). */
    private List<JsonNode> waiting(String user, String s) {
        Response r = get(user, "/api/me/waiting");
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        assertThat(r.at("/count").asInt()).isEqualTo(r.at("/items").size());
        List<JsonNode> items = new ArrayList<>();
        r.at("/items").forEach(i -> {
            if (i.get("scenarioId").asText().equals(s)) {
                items.add(i);
            }
        });
        return items;
    }

    private static List<String> kinds(List<JsonNode> items) {
        return items.stream().map(i -> i.get("kind").asText()).toList();
    }

    @Test
    void each_account_sees_what_waits_for_it_and_nothing_else() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");

        // the Italians' Rally Phase (sideOrder [axis, british]): bruno's move, nobody else's
        List<JsonNode> bruno = waiting("bruno", s);
        assertThat(bruno).hasSize(1);
        JsonNode first = bruno.get(0);
        assertThat(first.get("kind").asText()).isIn("turn", "decision");
        assertThat(first.get("campaignId").asText()).isEqualTo(campaign);
        assertThat(first.get("link").asText()).startsWith("/scenarios/" + s + "#");
        assertThat(first.get("words").asText()).contains("Italians").contains("Rally Phase of Turn 1");
        assertThat(first.get("since").asText()).isNotBlank();
        assertThat(first.has("accounts")).isFalse(); // who else it waits for is not told
        assertThat(waiting("alice", s)).isEmpty();
        assertThat(waiting("referee", s)).isEmpty(); // every side has its player
        assertThat(get("gerd", "/api/me/waiting").at("/items").findValuesAsText("scenarioId")).doesNotContain(s);

        // the Movement Phase: both sides act in it, so it waits for both players until each has ended it
        String key = first.get("key").asText();
        assertThat(waiting("bruno", s).get(0).get("key").asText()).isEqualTo(key); // the same item while it waits
        advanceTo("bruno", s, 1, 1, "PFPh");
        long before = get("bruno", "/api/scenarios/" + s).at("/eventCount").asLong();
        Response toMovement = advance("bruno", s);
        assertThat(toMovement.status()).isEqualTo(200);
        assertThat(waiting.startedBy(s, before)).as("what started waiting with the advance to the MPh")
                .extracting(WaitingItem::kind, WaitingItem::accounts)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("turn", List.of("bruno")),
                        org.assertj.core.groups.Tuple.tuple("turn", List.of("alice")));
        assertThat(waiting.startedBy(s, before + toMovement.at("/events").size())).isEmpty();
        assertThat(kinds(waiting("bruno", s))).containsExactly("turn");
        assertThat(waiting("bruno", s).get(0).get("key").asText()).isNotEqualTo(key); // a new item
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");
        assertThat(waiting("alice", s).get(0).get("words").asText()).contains("End my phase");
        assertThat(post("bruno", "/api/scenarios/" + s + "/clock/done", Map.of()).status()).isEqualTo(200);
        assertThat(waiting("bruno", s)).isEmpty();
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");
        Response moved = post("alice", "/api/scenarios/" + s + "/clock/done", Map.of());
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        String advance = moved.at("/actionId").asText();
        // the Defensive Fire Phase: both sides act in it again, a new item each (another key, a later time)
        assertThat(kinds(waiting("bruno", s))).containsExactly("turn");
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");
        assertThat(waiting("alice", s).get(0).get("words").asText()).contains("Defensive Fire Phase");

        // alice disputes the advance: the referee must rule
        Response disputed = post("alice", "/api/scenarios/" + s + "/disputes",
                Map.of("actionId", advance, "reason", "the Italians moved after ending their phase"));
        assertThat(disputed.status()).as(disputed.raw()).isEqualTo(201);
        List<JsonNode> referee = waiting("referee", s);
        assertThat(kinds(referee)).containsExactly("dispute");
        assertThat(referee.get(0).get("words").asText()).contains("alice disputes an action")
                .contains("the Italians moved after ending their phase");
        assertThat(referee.get(0).get("link").asText()).isEqualTo("/scenarios/" + s + "#disputes");
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");

        // the ruling waits for alice (the answer to her own dispute) until she records anything in the scenario
        Response ruled = post("referee", "/api/scenarios/" + s + "/disputes/" + disputed.at("/id").asText()
                + "/resolve", Map.of("upheld", false, "ruling", "the advance was hers"));
        assertThat(ruled.status()).as(ruled.raw()).isEqualTo(200);
        assertThat(waiting("referee", s)).isEmpty();
        List<JsonNode> answer = waiting("alice", s).stream().filter(i -> i.get("kind").asText().equals("answer"))
                .toList();
        assertThat(answer).hasSize(1);
        assertThat(answer.get(0).get("words").asText()).isEqualTo(
                "referee ruled that the action you disputed stands (\"the advance was hers\")");
        assertThat(kinds(waiting("bruno", s))).containsExactly("turn");
        assertThat(post("alice", "/api/scenarios/" + s + "/notes", Map.of("text", "fair enough")).status())
                .isEqualTo(201);
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");

        // alice proposes to conclude: bruno answers it, besides his move
        assertThat(post("alice", "/api/scenarios/" + s + "/conclude", Map.of("result", "British hold")).status())
                .isEqualTo(200);
        assertThat(kinds(waiting("bruno", s))).containsExactlyInAnyOrder("turn", "proposal");
        JsonNode proposal = waiting("bruno", s).stream().filter(i -> i.get("kind").asText().equals("proposal"))
                .findFirst().orElseThrow();
        assertThat(proposal.get("words").asText()).contains("alice proposes to conclude the scenario: British hold");
        assertThat(kinds(waiting("alice", s))).containsExactly("turn");
    }

    @Test
    void the_api_refuses_anybody_not_logged_in() {
        Response r = send(null, java.net.http.HttpRequest.newBuilder(uri("/api/me/waiting")).GET());
        assertThat(r.status()).isEqualTo(401);
    }
}
