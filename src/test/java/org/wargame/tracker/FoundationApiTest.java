package org.wargame.tracker;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The foundation through HTTP: accounts and sides, samples, scenarios, the clock, the roster hand-back, refusals. */
class FoundationApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void requests_without_valid_credentials_get_401() {
        assertThat(get(null, "/api/campaigns").status()).isEqualTo(401);
        Response wrong = send(null, HttpRequest.newBuilder(uri("/api/campaigns")).header("Authorization",
                "Basic " + java.util.Base64.getEncoder().encodeToString("alice:nope".getBytes(StandardCharsets.UTF_8)))
                .GET());
        assertThat(wrong.status()).isEqualTo(401);
    }

    @Test
    void the_three_samples_are_loaded_and_a_player_sees_only_their_campaigns() {
        Response all = get("referee", "/api/campaigns");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.body().findValuesAsText("campaignId")).contains("asl-west-of-alamein");
        assertThat(all.body().findValuesAsText("campaignId")).contains("hex-sample", "skirmish-sample");
        // the samples only: other test classes share this database and may add alice to campaigns of their own
        Response alice = get("alice", "/api/campaigns");
        assertThat(alice.body().findValuesAsText("campaignId")).contains("asl-west-of-alamein")
                .doesNotContain("hex-sample", "skirmish-sample");
        assertThat(get("alice", "/api/rulesets").body().findValuesAsText("id")).contains("asl", "hex", "skirmish");
    }

    @Test
    void passwords_are_stored_as_bcrypt_hashes() {
        String hash = jdbc.queryForObject("select password_hash from account where username = 'referee'",
                String.class);
        assertThat(hash).startsWith("$2").doesNotContain(REFEREE_PASSWORD);
    }

    @Test
    void a_player_may_not_act_for_the_other_side_and_nothing_changes() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advanceTo("alice", scenario, 2, 1, "RPh");
        long before = get("alice", "/api/scenarios/" + scenario + "/events").body().size();
        Response forbidden = action("bruno", scenario, Map.of("type", "become-pack-ti", "crew", "br-crew-1"));
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.at("/detail").asText()).contains("bruno").contains("British");
        assertThat(get("alice", "/api/scenarios/" + scenario + "/events").body().size()).isEqualTo(before);
    }

    @Test
    void an_account_that_plays_no_side_of_a_campaign_gets_403() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        post("referee", "/api/accounts", Map.of("username", "carol", "password", PLAYER_PASSWORD));
        assertThat(get("carol", "/api/campaigns/" + campaign).status()).isEqualTo(403);
        assertThat(get("carol", "/api/campaigns").body().size()).isZero();
        assertThat(post("alice", "/api/accounts", Map.of("username", "dave", "password", "12345678")).status())
                .isEqualTo(403);
    }

    @Test
    void refusals_are_problem_details_naming_the_field() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        Response noPlan = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "nope"));
        assertThat(noPlan.status()).isEqualTo(400);
        assertThat(noPlan.at("/detail").asText()).startsWith("plan: ");
        assertThat(noPlan.at("/status").asInt()).isEqualTo(400);
        String scenario = startPlan("alice", campaign, "ex-10-3");
        Response unknown = action("alice", scenario, Map.of("type", "fly", "crew", "br-crew-1"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.at("/detail").asText()).startsWith("type: ");
        Response badDice = action("alice", scenario, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(Map.of("kind", "dr", "values", List.of(7)))));
        assertThat(badDice.status()).isEqualTo(400);
        assertThat(badDice.at("/detail").asText()).startsWith("dice: ");
        assertThat(get("alice", "/api/scenarios/nope").status()).isEqualTo(404);
        Response badFile = post("referee", "/api/campaigns", "name: x\nruleSet: asl\ncolour: red\n",
                "application/yaml");
        assertThat(badFile.status()).isEqualTo(400);
        assertThat(badFile.at("/detail").asText()).contains("colour");
    }

    @Test
    void a_scenario_runs_on_the_clock_and_hands_its_counters_back_to_the_roster() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        Response view = get("bruno", "/api/scenarios/" + scenario);
        assertThat(view.at("/clock/phase").asText()).isEqualTo("RPh");
        assertThat(view.at("/clock/step").asText()).isEqualTo("1.13B");
        assertThat(view.at("/clock/phasingSide").asText()).isEqualTo("axis");
        assertThat(view.at("/diceCommitment").asText()).hasSize(64);
        List<String> phases = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            phases.add(moveOn(scenario).at("/scenario/clock/phase").asText());
        }
        assertThat(phases).containsExactly("PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh", "RPh");
        Response second = get("alice", "/api/scenarios/" + scenario);
        assertThat(second.at("/clock/playerTurn").asInt()).isEqualTo(2);
        assertThat(second.at("/clock/phasingSide").asText()).isEqualTo("british");

        // the counters are in play: another scenario may not take them
        Response busy = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "ex-10-3"));
        assertThat(busy.status()).isEqualTo(409);

        action("alice", scenario, Map.of("type", "casualty", "counter", "br-crew-1", "result", "eliminate"));
        // alice proposes the result, bruno (the other side) agrees: the scenario ends
        Response proposed = post("alice", "/api/scenarios/" + scenario + "/conclude", Map.of("result", "draw"));
        assertThat(proposed.status()).isEqualTo(200);
        assertThat(proposed.at("/scenario/concluded").asBoolean()).isFalse();
        Response concluded = post("bruno", "/api/scenarios/" + scenario + "/proposals/"
                + proposed.at("/scenario/proposal/proposalId").asText() + "/accept", null);
        assertThat(concluded.status()).as(concluded.raw()).isEqualTo(200);
        assertThat(event(concluded, "ScenarioConcluded").get("diceSeed").asText()).hasSize(64);
        Response roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-crew-1/eliminated").asBoolean()).isTrue();
        assertThat(roster.at("/br-94mm/eliminated").asBoolean()).isFalse();
        assertThat(roster.at("/br-94mm/inScenario").isNull()).isTrue();
        // a counter named in a spelt-out start is refused when struck off; a plan starts without it (below)
        Response struckOff = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("name", "again",
                "turnLimit", 2, "counters", List.of(Map.of("id", "br-crew-1", "state", Map.of()))));
        assertThat(struckOff.status()).isEqualTo(400);
        assertThat(struckOff.at("/detail").asText()).contains("br-crew-1").contains("eliminated");
        Response scenarios = get("alice", "/api/campaigns/" + campaign);
        assertThat(scenarios.at("/scenarios/0/concluded").asBoolean()).isTrue();
        assertThat(scenarios.at("/scenarios/0/result").asText()).isEqualTo("draw");

        // the roster as it stood before the scenario's outcome was recorded
        Response events = get("alice", "/api/campaigns/" + campaign + "/events");
        long beforeOutcome = events.body().size() - 2;
        Response then = get("alice", "/api/campaigns/" + campaign + "/state?after=" + beforeOutcome);
        assertThat(then.at("/roster/br-crew-1/eliminated").asBoolean()).isFalse();
        assertThat(then.at("/roster/br-crew-1/inScenario").asText()).isEqualTo(scenario);
        assertThat(get("alice", "/api/campaigns/" + campaign + "/state?after=" + (beforeOutcome + 1))
                .at("/roster/br-crew-1/eliminated").asBoolean()).isTrue();

        Response history = get("alice", "/api/campaigns/" + campaign + "/counters/br-crew-1/history");
        assertThat(history.body().findValuesAsText("type")).contains("CounterEnlisted", "ScenarioStarted",
                "CounterEliminated", "ScenarioOutcomeRecorded");

        Response withoutCrew = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "ex-10-3"));
        assertThat(withoutCrew.status()).isEqualTo(201);
        assertThat(withoutCrew.at("/leftOut/0/id").asText()).isEqualTo("br-crew-1");
    }

    @Test
    void every_event_carries_account_side_time_and_action_and_the_payload_is_readable_json() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        Response r = advance("bruno", scenario);
        assertThat(r.at("/events/0/account").asText()).isEqualTo("bruno");
        assertThat(r.at("/events/0/side").asText()).isEqualTo("axis");
        assertThat(r.at("/events/0/actionId").asText()).isEqualTo(r.at("/actionId").asText());
        assertThat(r.at("/events/0/timestamp").asText()).isNotBlank();
        byte[] payload = jdbc.queryForObject("select payload from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = 1", byte[].class, scenario);
        assertThat(new String(payload, StandardCharsets.UTF_8)).startsWith("{").contains("\"phase\":\"PFPh\"");
    }

    @Test
    void openapi_document_and_health_are_served() {
        Response docs = get(null, "/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.at("/paths").has("/api/scenarios/{scenarioId}/actions")).isTrue();
        assertThat(get(null, "/actuator/health").at("/status").asText()).isEqualTo("UP");
    }
}
