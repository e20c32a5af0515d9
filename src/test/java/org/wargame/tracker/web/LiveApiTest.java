package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpRequest;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The live stream refuses as the rest of the API does: an unknown scenario, an account that plays no side. */
class LiveApiTest extends ApiTestSupport {

    @Test
    void a_stream_of_an_unknown_scenario_or_of_a_campaign_not_played_is_refused() {
        Response unknown = send("alice", HttpRequest.newBuilder(uri("/api/scenarios/no-such-scenario/live"))
                .header("Accept", "text/event-stream").GET());
        assertThat(unknown.status()).isEqualTo(404);

        String campaignId = importSample("hex-sample.yaml");
        String scenarioId = startPlan("gerd", campaignId, "first-clash");
        String outsider = "outsider-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        assertThat(post("referee", "/api/accounts", Map.of("username", outsider, "password", PLAYER_PASSWORD,
                "role", "PLAYER")).status()).isEqualTo(201);
        Response refused = send(outsider, HttpRequest.newBuilder(uri("/api/scenarios/" + scenarioId + "/live"))
                .header("Accept", "text/event-stream").GET());
        assertThat(refused.status()).isEqualTo(403);
    }
}
