package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The answer to an action is built from the events its command just stored (issue 24: not read back from the store):
 * every event in it reads exactly as the events list gives the same event later (payload, metadata, clock, section,
 * timestamp), and its receipt is the chain's head that verify checks.
 */
class ActionAnswerApiTest extends ApiTestSupport {

    @Test
    void an_actions_answer_reads_as_its_events_do_when_read_back() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        Response advanced = advance("referee", s);
        assertThat(advanced.status()).as(advanced.raw()).isEqualTo(200);
        Response sealed = post("referee", "/api/scenarios/" + s + "/seals", Map.of("side", "british",
                "label", "plan", "content", "hold the ridge"));
        assertThat(sealed.status()).as(sealed.raw()).isEqualTo(201);

        Map<Long, JsonNode> stored = new HashMap<>();
        for (JsonNode e : get("referee", "/api/scenarios/" + s + "/events").body()) {
            stored.put(e.get("sequence").asLong(), e);
        }
        for (Response answer : List.of(advanced, sealed)) {
            assertThat(answer.at("/events").size()).isPositive();
            for (JsonNode e : answer.at("/events")) {
                assertThat(e).as("event %s as answered and as read back", e.get("sequence"))
                        .isEqualTo(stored.get(e.get("sequence").asLong()));
            }
            JsonNode last = answer.at("/events").get(answer.at("/events").size() - 1);
            assertThat(answer.at("/receipt/sequence").asLong()).isEqualTo(last.get("sequence").asLong());
            Response check = post("referee", "/api/history/verify", Map.of("receipts", List.of(Map.of("stream", s,
                    "sequence", answer.at("/receipt/sequence").asLong(), "hash", answer.at("/receipt/hash")
                            .asText()))));
            assertThat(check.status()).as(check.raw()).isEqualTo(200);
            assertThat(check.at("/ok").asBoolean()).as("the receipt is on the chain: " + check.raw()).isTrue();
        }
    }
}
