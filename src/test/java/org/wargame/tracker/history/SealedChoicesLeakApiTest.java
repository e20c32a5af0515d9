package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.wargame.tracker.TrackerApplication;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proof of no leak (issue 27, item 5), over real HTTP on the database the suite runs on (H2, or PostgreSQL with
 * {@code -Dspring.profiles.active=postgres}): the U.S. seal a note holding a random marker and place their machine
 * gun's spotting rounds; the German player then reads every path (the API's scenario, time travel at every event,
 * seals, events, audit, steps, bookmarks, undo requests, disputes, hand-back, dice, the campaign's events, state,
 * roster, counter history, his export, verify, the live stream and every page) and none holds any part of the
 * marker, nor which round is real. After the reveal both appear on every path. A player's export verifies on a fresh
 * tracker without the secrets, the referee's with them; a reveal changed in the database is named by verify.
 */
class SealedChoicesLeakApiTest extends LeakTestSupport {

    @Test
    void nothing_of_a_sealed_choice_reaches_the_other_side_before_its_reveal_and_everything_after() throws Exception {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        String marker = marker();
        String real = "the hedge " + marker();

        // the U.S. seal a note for later; everybody reads that they did, at Turn 1, SPOT
        Response sealed = post("sam", "/api/scenarios/" + s + "/seals", Map.of("label", "SPOT",
                "content", "the ambush comes from the ford " + marker));
        assertThat(sealed.status()).as(sealed.raw()).isEqualTo(201);
        assertThat(types(sealed)).containsExactly("ChoiceSealed");
        String note = sealed.at("/events/0/payload/sealId").asText();
        assertThat(sealed.at("/events/0/payload/commitment").asText()).hasSize(64);

        // and place their tripod MG's spotting rounds: positions for all, which is real sealed
        Response placed = action("sam", s, Map.of("type", "place-spotting-rounds", "gunner", "us-mg-gunner",
                "firstRound", real, "secondRound", "the barn door", "real", "first"));
        assertThat(placed.status()).as(placed.raw()).isEqualTo(200);
        assertThat(types(placed)).containsExactly("ActionTaken", "ChoiceSealed", "SpottingRoundsPlaced");
        // the two positions are public: the real one's words are on every path, so its marker is not a secret;
        // which of the two is real is: the record says only "first" and "second"
        String spot = event(placed, "ChoiceSealed").get("sealId").asText();

        // the opposing player's requests to seal or reveal for the U.S. are refused
        assertThat(post("gerd", "/api/scenarios/" + s + "/seals/" + note + "/reveal", null).status()).isEqualTo(403);
        assertThat(post("gerd", "/api/scenarios/" + s + "/seals", Map.of("side", "us", "label", "x",
                "content", "y")).status()).isEqualTo(403);

        // the sealing side and the referee read the content; the Germans read the commitment
        assertThat(seal(get("sam", "/api/scenarios/" + s + "/seals"), note).get("content").asText()).contains(marker);
        assertThat(seal(get("referee", "/api/scenarios/" + s + "/seals"), note).get("content").asText())
                .contains(marker);
        JsonNode theirs = seal(get("gerd", "/api/scenarios/" + s + "/seals"), note);
        assertThat(theirs.get("content").isNull()).isTrue();
        assertThat(theirs.get("words").asText()).isEqualTo("sealed: U.S. sealed SPOT at Turn 1, SPOT");
        assertThat(seal(get("gerd", "/api/scenarios/" + s + "/seals"), spot).get("content").isNull()).isTrue();

        // -------- before the reveal: every path the German player reads, nothing of either secret
        String spotSecret = jdbc.queryForObject("select content from sealed_secret where seal_id = ?", String.class,
                spot);
        assertThat(spotSecret).isEqualTo("first");
        List<String> leaks = new ArrayList<>();
        Map<String, String> read = everything("gerd", campaign, s);
        assertThat(read).hasSizeGreaterThan(30);
        read.forEach((path, body) -> {
            for (String part : parts(marker)) {
                if (body.contains(part)) {
                    leaks.add(path + " holds '" + part + "' of the sealed note");
                }
            }
            if (body.contains("\"real\":\"first\"") || body.contains("Real: first") || body.contains("real round: "
                    + "first")) {
                leaks.add(path + " says which spotting round is real");
            }
        });
        assertThat(leaks).as("what the Germans could read before the reveal").isEmpty();
        // the positive control: the same paths read by the U.S. player show the note (so the check can fail)
        assertThat(everything("sam", campaign, s).get("GET /api/scenarios/" + s + "/seals")).contains(marker);

        // -------- the reveal: by the sealing side, once; anyone checks it against the commitment
        Response revealed = post("sam", "/api/scenarios/" + s + "/seals/" + note + "/reveal", null);
        assertThat(revealed.status()).as(revealed.raw()).isEqualTo(200);
        JsonNode reveal = event(revealed, "ChoiceRevealed");
        assertThat(org.wargame.tracker.scenario.Commitment.of(reveal.get("salt").asText(),
                reveal.get("content").asText())).isEqualTo(theirs.get("commitment").asText());
        assertThat(post("sam", "/api/scenarios/" + s + "/seals/" + note + "/reveal", null).status()).isEqualTo(409);

        // the spotting rounds resolve in the spotting phase: the arrow die (entered) and the d6; the rules reveal
        // which round was real, and the gun's templates land there
        Response resolved = action("sam", s, Map.of("type", "resolve-spotting-rounds", "gunner", "us-mg-gunner",
                "arrowDie", "hit", "dice", List.of(Map.of("kind", "d6", "values", List.of(3)))));
        assertThat(resolved.status()).as(resolved.raw()).isEqualTo(200);
        assertThat(types(resolved)).containsExactly("ActionTaken", "ChoiceRevealed", "IndirectMgFireLanded");
        JsonNode landed = event(resolved, "IndirectMgFireLanded");
        assertThat(landed.get("realRound").asText()).isEqualTo(real);
        assertThat(landed.get("dummyRound").asText()).isEqualTo("the barn door");
        assertThat(landed.get("onTarget").asBoolean()).isTrue();

        // -------- after the reveal: the note is on every path that shows the record
        Map<String, String> after = everything("gerd", campaign, s);
        for (String path : List.of("GET /api/scenarios/" + s, "GET /api/scenarios/" + s + "/seals",
                "GET /api/scenarios/" + s + "/events", "GET /api/scenarios/" + s + "/audit?gameTurn=1",
                "GET /api/campaigns/" + campaign + "/export", "page /scenarios/" + s,
                "page /scenarios/" + s + "/timeline", "page /scenarios/" + s + "/audit")) {
            assertThat(after.get(path)).as(path).contains(marker);
        }
        long last = get("gerd", "/api/scenarios/" + s).at("/eventCount").asLong() - 1;
        assertThat(after.get("GET /api/scenarios/" + s + "/state?after=" + last)).contains(marker);
        assertThat(seal(get("gerd", "/api/scenarios/" + s + "/seals"), spot).get("content").asText())
                .isEqualTo("first");

        // -------- exports: a player's without the kept contents, the referee's with them; both verify
        String sealedToo = post("sam", "/api/scenarios/" + s + "/seals", Map.of("label", "later",
                "content", "kept for later " + marker)).at("/events/0/payload/sealId").asText();
        String theirExport = get("gerd", "/api/campaigns/" + campaign + "/export").raw();
        String refereeExport = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        assertThat(theirExport).doesNotContain("kept for later").doesNotContain("sealedSecret");
        assertThat(refereeExport).contains("kept for later " + marker).contains("\"kind\":\"sealedSecret\"");
        onAFreshTracker(theirExport, campaign, s, sealedToo, false);
        onAFreshTracker(refereeExport, campaign, s, sealedToo, true);

        // -------- a reveal changed in the database, and a kept content changed: verify names both
        Response clean = get("referee", "/api/campaigns/" + campaign + "/verify");
        assertThat(clean.at("/ok").asBoolean()).as(clean.raw()).isTrue();
        assertThat(clean.at("/seals/reveals").asInt()).isEqualTo(2);
        long at = revealed.at("/events/0/sequence").asLong();
        byte[] original = jdbc.queryForObject("select payload from domain_event_entry where aggregate_identifier = ? "
                + "and sequence_number = ?", byte[].class, s, at);
        String keptOriginal = jdbc.queryForObject("select content from sealed_secret where seal_id = ?",
                String.class, sealedToo);
        try {
            // a kept content changed: its reveal is impossible (refused, nothing recorded), verify names it
            jdbc.update("update sealed_secret set content = ? where seal_id = ?", "kept for later: something else",
                    sealedToo);
            Response forged = post("sam", "/api/scenarios/" + s + "/seals/" + sealedToo + "/reveal", null);
            assertThat(forged.status()).as(forged.raw()).isEqualTo(409);
            assertThat(forged.at("/detail").asText()).contains("does not give the commitment");
            Response kept = get("sam", "/api/campaigns/" + campaign + "/verify");
            assertThat(kept.at("/ok").asBoolean()).isFalse();
            assertThat(kept.at("/brokenCount").asInt()).as("the chain itself is whole").isZero();
            assertThat(kept.at("/seals/problems/0/label").asText()).isEqualTo("later");
            assertThat(kept.at("/seals/problems/0/reason").asText())
                    .contains("kept content does not give the commitment");
            // and a reveal changed in the record: the chain and the seals' check both name it
            jdbc.update("update domain_event_entry set payload = ? where aggregate_identifier = ? and "
                    + "sequence_number = ?", new String(original, StandardCharsets.UTF_8)
                    .replace("from the ford", "from the woods").getBytes(StandardCharsets.UTF_8), s, at);
            Response tampered = get("sam", "/api/campaigns/" + campaign + "/verify");
            assertThat(tampered.at("/ok").asBoolean()).isFalse();
            assertThat(tampered.at("/firstBroken/sequence").asLong()).isEqualTo(at);
            JsonNode problems = tampered.at("/seals/problems");
            assertThat(problems).hasSize(2);
            assertThat(problems.get(0).get("stream").asText()).isEqualTo(s);
            assertThat(problems.get(0).get("sequence").asLong()).isEqualTo(at);
            assertThat(problems.get(0).get("label").asText()).isEqualTo("SPOT");
            assertThat(problems.get(0).get("reason").asText()).contains("the reveal was changed");
            assertThat(problems.get(1).get("label").asText()).isEqualTo("later");
        } finally {
            jdbc.update("update domain_event_entry set payload = ? where aggregate_identifier = ? and "
                    + "sequence_number = ?", original, s, at);
            jdbc.update("update sealed_secret set content = ? where seal_id = ?", keptOriginal, sealedToo);
        }
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }

    /** The export imported on a tracker of its own: it verifies; the kept content is there only when it was sent. */
    private void onAFreshTracker(String export, String campaign, String s, String unrevealed, boolean withSecrets)
            throws IOException {
        Path data = Files.createTempDirectory("tracker-fresh-");
        try (ConfigurableApplicationContext fresh = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + data, "--server.port=0", "--tracker.load-samples=true",
                        "--spring.profiles.active=default", "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            String base = "http://localhost:" + fresh.getEnvironment().getProperty("local.server.port");
            Response imported = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/history/import"))
                    .header("Content-Type", "application/x-ndjson").POST(HttpRequest.BodyPublishers.ofString(export)));
            assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
            Response verified = send("referee", HttpRequest.newBuilder(URI.create(base + "/api/campaigns/" + campaign
                    + "/verify")).GET());
            assertThat(verified.at("/ok").asBoolean()).as(verified.raw()).isTrue();
            assertThat(verified.at("/seals/keptChecked").asInt()).isEqualTo(withSecrets ? 3 : 0);
            JsonNode seals = send("sam", HttpRequest.newBuilder(URI.create(base + "/api/scenarios/" + s + "/seals"))
                    .GET()).body();
            assertThat(seal(seals, unrevealed).get("commitment").asText()).hasSize(64);
            Response reveal = send("sam", HttpRequest.newBuilder(URI.create(base + "/api/scenarios/" + s + "/seals/"
                    + unrevealed + "/reveal")).POST(HttpRequest.BodyPublishers.noBody()));
            if (withSecrets) {
                assertThat(seal(seals, unrevealed).get("content").asText()).startsWith("kept for later");
                assertThat(reveal.status()).as(reveal.raw()).isEqualTo(200);
            } else {
                assertThat(seal(seals, unrevealed).get("content").isNull()).isTrue();
                assertThat(reveal.status()).as(reveal.raw()).isEqualTo(409);
            }
        }
    }

    private static JsonNode seal(Response seals, String sealId) {
        assertThat(seals.status()).as(seals.raw()).isEqualTo(200);
        return seal(seals.body(), sealId);
    }

    private static JsonNode seal(JsonNode seals, String sealId) {
        for (JsonNode seal : seals) {
            if (seal.get("sealId").asText().equals(sealId)) {
                return seal;
            }
        }
        throw new AssertionError("no seal " + sealId + " in " + seals);
    }

}
