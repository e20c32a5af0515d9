package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayAndUndoApiTest extends ApiTestSupport {

    @Test
    void time_travel_bookmarks_and_steps() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        JsonNode start = get("alice", "/api/scenarios/" + scenario).at("/clock");
        // RPh has a step (1.13B), so the first advance leaves the phase: PFPh, then MPh (the Italians' Player Turn)
        advance("bruno", scenario);
        advance("bruno", scenario);

        Response bookmarks = get("alice", "/api/scenarios/" + scenario + "/bookmarks");
        assertThat(bookmarks.status()).isEqualTo(200);
        assertThat(bookmarks.body().size()).isEqualTo(3);
        assertThat(bookmarks.at("/0/kind").asText()).isEqualTo("start");
        assertThat(bookmarks.at("/0/clock")).isEqualTo(start);
        long second = bookmarks.at("/2/sequence").asLong();
        assertThat(bookmarks.at("/2/clock/phase").asText()).isEqualTo("MPh");

        Response then = get("bruno", "/api/scenarios/" + scenario + "/state?after=0");
        assertThat(then.at("/clock")).isEqualTo(start);
        assertThat(get("bruno", "/api/scenarios/" + scenario + "/state?after=" + second).at("/clock/phase").asText())
                .isEqualTo("MPh");
        assertThat(get("bruno", "/api/scenarios/" + scenario + "/state?after=99").status()).isEqualTo(400);

        Response steps = get("alice", "/api/scenarios/" + scenario + "/steps?from=1&to=" + second);
        assertThat(steps.body().size()).isEqualTo((int) second);
        assertThat(steps.at("/0/clockBefore")).isEqualTo(start);
        assertThat(steps.at("/0/account").asText()).isEqualTo("bruno");
        // the first step (event 0) shows every counter arriving
        Response first = get("alice", "/api/scenarios/" + scenario + "/steps?from=0&to=0");
        assertThat(first.at("/0/counters").size()).isEqualTo(get("alice", "/api/scenarios/" + scenario)
                .at("/counters").size());
    }

    @Test
    void undo_rolls_back_and_the_fold_equals_the_read_model() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        JsonNode before = get("alice", "/api/scenarios/" + scenario).at("/clock");
        Response advanced = advance("bruno", scenario); // the Italians' Rally Phase: Bruno moves the clock on
        assertThat(advanced.at("/scenario/clock")).isNotEqualTo(before);

        Response undone = post("bruno", "/api/scenarios/" + scenario + "/undo", Map.of("reason", "too soon"));
        assertThat(undone.status()).as(undone.raw()).isEqualTo(200);
        assertThat(undone.at("/outcome").asText()).isEqualTo("undone");
        assertThat(undone.at("/scenario/clock")).isEqualTo(before);
        assertThat(get("alice", "/api/scenarios/" + scenario).at("/clock")).isEqualTo(before);
        // nothing was deleted: the advance and the undo are both in the stream
        Response events = get("alice", "/api/scenarios/" + scenario + "/events");
        List<String> types = new ArrayList<>();
        events.body().forEach(e -> types.add(e.get("type").asText()));
        assertThat(types).containsSubsequence("ClockAdvanced", "ActionUndone");

        Response nothing = post("bruno", "/api/scenarios/" + scenario + "/undo", Map.of());
        assertThat(nothing.status()).isEqualTo(409);
        assertThat(nothing.at("/detail").asText()).startsWith("undo:");
        assertThat(get("alice", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }

    @Test
    void random_play_with_undos_folds_to_the_read_model() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        Random random = new Random(42);
        for (int i = 0; i < 30; i++) {
            String who = random.nextBoolean() ? "alice" : "bruno";
            if (random.nextInt(3) == 0) {
                post(who, "/api/scenarios/" + scenario + "/undo", Map.of()); // 409 when nothing is left: fine
            } else {
                Response moved = moveOn(scenario); // by the players whose move it is
                assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
            }
        }
        JsonNode live = get("alice", "/api/scenarios/" + scenario).body();
        JsonNode folded = get("alice", "/api/scenarios/" + scenario + "/state").body();
        assertThat(folded).isEqualTo(live);
    }

    @Test
    void a_dispute_upheld_rolls_back_and_one_dismissed_changes_nothing() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        JsonNode start = get("alice", "/api/scenarios/" + scenario).at("/clock");
        // the Italians' Player Turn: Bruno moves the clock on (RPh, PFPh, then the referee from the MPh)
        String first = advance("bruno", scenario).at("/actionId").asText();
        JsonNode second = advance("bruno", scenario).at("/scenario/clock");
        JsonNode now = advance("referee", scenario).at("/scenario/clock");

        Response dismissed = post("alice", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", first, "reason", "my Rally Phase was not done"));
        assertThat(dismissed.status()).as(dismissed.raw()).isEqualTo(201);
        String d1 = dismissed.at("/id").asText();
        assertThat(post("alice", "/api/scenarios/" + scenario + "/disputes/" + d1 + "/resolve",
                Map.of("upheld", true, "ruling", "no")).status()).isEqualTo(403);
        Response ruling = post("referee", "/api/scenarios/" + scenario + "/disputes/" + d1 + "/resolve",
                Map.of("upheld", false, "ruling", "nothing to rally"));
        assertThat(ruling.at("/outcome").asText()).isEqualTo("dismissed");
        assertThat(ruling.at("/scenario/clock")).isEqualTo(now);

        String d2 = post("alice", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", first, "reason", "advanced before my broken units rallied")).at("/id").asText();
        assertThat(get("alice", "/api/scenarios/" + scenario + "/disputes").body().size()).isEqualTo(1);
        Response upheld = post("referee", "/api/scenarios/" + scenario + "/disputes/" + d2 + "/resolve",
                Map.of("upheld", true, "ruling", "the RPh was skipped", "rule", "A2.4",
                        "correction", "play the Rally Phase"));
        assertThat(upheld.status()).as(upheld.raw()).isEqualTo(200);
        // the first advance is removed; the two later ones are replayed at their places
        assertThat(upheld.at("/scenario/clock")).isEqualTo(second);
        assertThat(upheld.at("/scenario/clock")).isNotEqualTo(start);
        assertThat(get("alice", "/api/scenarios/" + scenario + "/disputes").body().size()).isZero();
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state").body())
                .isEqualTo(get("alice", "/api/scenarios/" + scenario).body());
        // the rolled-back branch stays readable: the state after the third advance is still there
        Response events = get("alice", "/api/scenarios/" + scenario + "/events");
        long upheldAt = -1;
        for (int i = 0; i < events.body().size(); i++) {
            if (events.body().get(i).get("type").asText().equals("DisputeUpheld")) {
                upheldAt = i;
            }
        }
        assertThat(events.body().size() - 1 - upheldAt).isEqualTo(2); // the two advances replayed
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state?after=" + (upheldAt - 3)).at("/clock"))
                .isEqualTo(now);
    }

    @Test
    void audit_groups_events_into_actions_with_who_and_when() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        String a1 = advance("bruno", scenario).at("/actionId").asText(); // the Italians' Player Turn
        advance("referee", scenario);

        Response audit = get("referee", "/api/scenarios/" + scenario + "/audit?gameTurn=1");
        assertThat(audit.status()).isEqualTo(200);
        assertThat(audit.body().size()).isEqualTo(3); // the start, two advances
        JsonNode advanceAction = audit.at("/1");
        assertThat(advanceAction.get("actionId").asText()).isEqualTo(a1);
        assertThat(advanceAction.get("account").asText()).isEqualTo("bruno");
        assertThat(advanceAction.get("side").asText()).isEqualTo("axis");
        assertThat(advanceAction.get("kind").asText()).isEqualTo("ClockAdvanced");
        assertThat(advanceAction.get("outcome").get(0).get("type").asText()).isEqualTo("ClockAdvanced");
        assertThat(advanceAction.get("time").asText()).isNotBlank();
        assertThat(get("referee", "/api/scenarios/" + scenario + "/audit?gameTurn=2").body().size()).isZero();
        assertThat(get("referee", "/api/scenarios/" + scenario + "/audit?from=2&to=2").body().size()).isEqualTo(1);

        Response dice = get("alice", "/api/campaigns/" + campaign + "/dice");
        assertThat(dice.status()).isEqualTo(200);
    }

    @Test
    void server_dice_verify_after_the_conclusion() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario);
        Response before = get("bruno", "/api/scenarios/" + scenario + "/dice/verify");
        assertThat(before.at("/revealed").asBoolean()).isFalse();
        assertThat(before.at("/message").asText()).contains("not revealed yet");
        assertThat(post("referee", "/api/scenarios/" + scenario + "/conclude", Map.of("result", "draw")).status())
                .isEqualTo(200);
        Response after = get("bruno", "/api/scenarios/" + scenario + "/dice/verify");
        assertThat(after.at("/revealed").asBoolean()).isTrue();
        assertThat(after.at("/commitmentMatches").asBoolean()).isTrue();
        assertThat(after.at("/ok").asBoolean()).as(after.raw()).isTrue();
        // a concluded scenario takes no undo
        assertThat(post("referee", "/api/scenarios/" + scenario + "/undo", Map.of()).status()).isEqualTo(409);
    }
}
