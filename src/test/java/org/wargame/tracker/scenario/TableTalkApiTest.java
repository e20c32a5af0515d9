package org.wargame.tracker.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpRequest;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25, item 5 over real HTTP: notes in a scenario (about an action or not) and in a campaign, by its players
 * and the referee only, plain text up to 2,000 characters, read strictly; stored as events of the stream (in the
 * export, in the hash chain), with a dispute's reason and the ruling in the same thread as the action's notes.
 */
class TableTalkApiTest extends ApiTestSupport {

    @Test
    void notes_are_events_of_the_record_beside_their_action_with_the_dispute_and_the_ruling() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        Response advanced = advance("bruno", s);
        assertThat(advanced.status()).as(advanced.raw()).isEqualTo(200);
        String action = advanced.at("/actionId").asText();
        long count = get("bruno", "/api/scenarios/" + s).at("/eventCount").asLong();

        Response note = post("bruno", "/api/scenarios/" + s + "/notes",
                Map.of("text", "firing with the leader's -1", "actionId", action));
        assertThat(note.status()).as(note.raw()).isEqualTo(201);
        assertThat(note.at("/sequence").asLong()).isEqualTo(count); // the next event of the stream
        assertThat(post("alice", "/api/scenarios/" + s + "/notes", Map.of("text", "noted")).status()).isEqualTo(201);
        Response disputed = post("alice", "/api/scenarios/" + s + "/disputes",
                Map.of("actionId", action, "reason", "no leader is there"));
        assertThat(disputed.status()).isEqualTo(201);
        assertThat(post("referee", "/api/scenarios/" + s + "/disputes/" + disputed.at("/id").asText() + "/resolve",
                Map.of("upheld", false, "ruling", "the leader stacks with them")).status()).isEqualTo(200);

        // the thread, in order: the note about the action, the note about nothing, the dispute, the ruling
        JsonNode thread = get("alice", "/api/scenarios/" + s + "/notes").body();
        assertThat(thread.findValuesAsText("kind")).containsExactly("note", "note", "dispute", "ruling");
        assertThat(thread.get(0).get("by").asText()).isEqualTo("bruno");
        assertThat(thread.get(0).get("text").asText()).isEqualTo("firing with the leader's -1");
        assertThat(thread.get(0).get("about").asText()).isEqualTo(action);
        assertThat(thread.get(0).get("aboutAt").asLong()).isEqualTo(advanced.at("/events/0/sequence").asLong());
        assertThat(thread.get(1).get("about").isNull()).isTrue();
        assertThat(thread.get(2).get("text").asText()).isEqualTo("no leader is there");
        assertThat(thread.get(3).get("text").asText()).contains("the leader stacks with them");
        assertThat(thread.get(3).get("about").asText()).isEqualTo(action);

        // the note is an event of the scenario's stream, with the clock, the account and the side
        JsonNode events = get("alice", "/api/scenarios/" + s + "/events").body();
        JsonNode stored = events.get((int) count);
        assertThat(stored.get("type").asText()).isEqualTo("NoteWritten");
        assertThat(stored.get("account").asText()).isEqualTo("bruno");
        assertThat(stored.at("/payload/clock/phase").asText()).isEqualTo("PFPh");
        assertThat(stored.at("/clock/phase").asText()).isEqualTo("PFPh");

        // a campaign's note between scenarios
        Response between = post("alice", "/api/campaigns/" + campaign + "/notes",
                Map.of("text", "next time we play the night scenario", "scenarioId", s));
        assertThat(between.status()).as(between.raw()).isEqualTo(201);
        JsonNode campaignNotes = get("bruno", "/api/campaigns/" + campaign + "/notes").body();
        assertThat(campaignNotes.findValuesAsText("text")).containsExactly("next time we play the night scenario");
        assertThat(campaignNotes.get(0).get("scenarioId").asText()).isEqualTo(s);

        // exported with the history, under their stored names, and the chains still verify
        Response export = send("alice", HttpRequest.newBuilder(uri("/api/campaigns/" + campaign + "/export")).GET());
        assertThat(export.status()).isEqualTo(200);
        assertThat(export.raw()).contains("\"scenario.NoteWritten\"").contains("\"campaign.NoteWritten\"")
                .contains("firing with the leader's -1").contains("next time we play the night scenario");
        Response verify = get("alice", "/api/campaigns/" + campaign + "/verify");
        assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
    }

    @Test
    void a_note_is_refused_in_plain_words_when_too_long_not_plain_not_the_writers_or_about_no_action() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        String path = "/api/scenarios/" + s + "/notes";
        long before = get("alice", "/api/scenarios/" + s).at("/eventCount").asLong();

        assertThat(post("alice", path, Map.of("text", "x".repeat(2_000))).status()).isEqualTo(201);
        Response tooLong = post("alice", path, Map.of("text", "x".repeat(2_001)));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.at("/field").asText()).isEqualTo("text");
        assertThat(tooLong.at("/detail").asText()).isEqualTo("text: a note is at most 2000 characters, this one is 2001");
        Response empty = post("alice", path, Map.of("text", "  "));
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.at("/field").asText()).isEqualTo("text");
        Response control = post("alice", path, Map.of("text", "bell\u0007"));
        assertThat(control.status()).isEqualTo(400);
        assertThat(control.at("/detail").asText()).contains("plain text only");
        Response unknown = post("alice", path, Map.of("text", "hello", "edit", true));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.at("/detail").asText()).contains("edit");
        Response noAction = post("alice", path, Map.of("text", "about that", "actionId", "no-such-action"));
        assertThat(noAction.status()).isEqualTo(400);
        assertThat(noAction.at("/field").asText()).isEqualTo("actionId");
        Response stranger = post("gerd", path, Map.of("text", "hi"));
        assertThat(stranger.status()).isEqualTo(403);
        // only the 2,000 characters were stored
        assertThat(get("alice", "/api/scenarios/" + s).at("/eventCount").asLong()).isEqualTo(before + 1);
        assertThat(post("gerd", "/api/campaigns/" + campaign + "/notes", Map.of("text", "hi")).status())
                .isEqualTo(403);
        assertThat(post("alice", "/api/campaigns/" + campaign + "/notes", Map.of("text", "hi", "scenarioId", "x"))
                .at("/field").asText()).isEqualTo("scenarioId");
    }
}
