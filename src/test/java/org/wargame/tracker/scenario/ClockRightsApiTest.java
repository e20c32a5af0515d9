package org.wargame.tracker.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20, items 1, 2 and 5 over real HTTP: the clock moves by the side whose move it is (the opponent's advance
 * refused, the phasing side's accepted; both sides end a phase they both act in), leaving a phase loses nothing
 * silently (unfired designations refused, then confirmed and recorded), and fair shares (the turn limit, a player's
 * advance stopping at the end of the Player Turn, the live streams per account).
 */
class ClockRightsApiTest extends ApiTestSupport {

    private Response advance(String user, String scenarioId, Map<String, Object> body) {
        return post(user, "/api/scenarios/" + scenarioId + "/clock/advance", body);
    }

    private Response done(String user, String scenarioId, Map<String, Object> body) {
        return post(user, "/api/scenarios/" + scenarioId + "/clock/done", body);
    }

    private static JsonNode clock(Response r) {
        return r.body().has("scenario") ? r.at("/scenario/clock") : r.at("/clock");
    }

    private static Response ok(Response r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r;
    }

    @Test
    void the_opponents_advance_is_refused_the_phasing_sides_accepted_and_both_sides_end_the_movement_phase() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        // Player Turn 1 is the Italians' (sideOrder [axis, british]); Alice plays the British
        Response refused = advance("alice", s, Map.of());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.at("/detail").asText())
                .isEqualTo("it is the Italians' Rally Phase: their player moves the clock on");
        assertThat(get("alice", "/api/scenarios/" + s).at("/eventCount").asLong()).isEqualTo(1); // nothing stored

        JsonNode prep = clock(ok(advance("bruno", s, Map.of("confirm", List.of("decision")))));
        assertThat(prep.get("phase").asText()).isEqualTo("PFPh");
        JsonNode movement = clock(ok(advance("bruno", s, Map.of())));
        assertThat(movement.get("phase").asText()).isEqualTo("MPh");

        // the MPh: the British fire Defensive First Fire in it, so both sides end it
        Response alone = advance("bruno", s, Map.of());
        assertThat(alone.status()).isEqualTo(409);
        assertThat(alone.at("/detail").asText()).contains("both sides act in the Movement Phase")
                .contains("waiting for the Italians and the British");
        Response italians = ok(done("bruno", s, Map.of()));
        assertThat(clock(italians).get("phase").asText()).isEqualTo("MPh");
        assertThat(italians.at("/stopped/waitingFor/0").asText()).isEqualTo("British");
        assertThat(italians.at("/scenario/done/0").asText()).isEqualTo("axis");
        assertThat(italians.at("/events/0/type").asText()).isEqualTo("SideDone");
        assertThat(done("bruno", s, Map.of()).status()).isEqualTo(409); // said once is enough
        Response british = ok(done("alice", s, Map.of()));
        assertThat(clock(british).get("phase").asText()).isEqualTo("DFPh");
        assertThat(british.at("/scenario/done").size()).isZero();
        // the referee may always move the clock on, whoever acts in the phase
        assertThat(clock(ok(advance("referee", s, Map.of()))).get("phase").asText()).isEqualTo("AFPh");
    }

    @Test
    void a_players_advance_stops_at_the_end_of_the_player_turn_and_the_referees_goes_on() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        ok(advance("referee", s, Map.of("to", "AFPh", "confirm", List.of("decision"))));
        // Bruno asks for Game Turn 3: his request ends with his Player Turn, and says where and why
        Response mine = ok(advance("bruno", s, Map.of("gameTurn", 3)));
        JsonNode at = clock(mine);
        assertThat(at.get("gameTurn").asInt()).isEqualTo(1);
        assertThat(at.get("playerTurn").asInt()).isEqualTo(2);
        assertThat(at.get("phasingSide").asText()).isEqualTo("british");
        assertThat(mine.at("/stopped/why").asText()).contains("the end of the Player Turn")
                .contains("waiting for the British");
        assertThat(mine.at("/stopped/waitingFor/0").asText()).isEqualTo("British");
        // the referee's request crosses Player Turns
        Response referee = ok(advance("referee", s, Map.of("to", "PFPh", "gameTurn", 2,
                "confirm", List.of("decision"))));
        assertThat(clock(referee).get("gameTurn").asInt()).isEqualTo(2);
    }

    @Test
    void in_a_phase_all_sides_play_each_ends_it_and_unfired_designations_are_refused_then_confirmed_and_recorded() {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        // SPOT: all sides play it; it ends when both have ended it
        assertThat(advance("gerd", s, Map.of()).status()).isEqualTo(409);
        Response germans = ok(done("gerd", s, Map.of()));
        assertThat(germans.at("/stopped/waitingFor").toString()).isEqualTo("[\"U.S.\"]");
        JsonNode move = clock(ok(done("sam", s, Map.of())));
        assertThat(move.get("phase").asText()).isEqualTo("MOVE");
        // the Germans' part of the movement: the U.S. player may not move the clock on
        Response notYours = advance("sam", s, Map.of());
        assertThat(notYours.status()).isEqualTo(403);
        assertThat(notYours.at("/detail").asText()).startsWith("it is the Germans' Movement Phase")
                .endsWith("their player moves the clock on");
        ok(advance("gerd", s, Map.of()));
        JsonNode fire = clock(ok(advance("sam", s, Map.of())));
        assertThat(fire.get("phase").asText()).isEqualTo("FIRE");

        // the Germans moved first, so the U.S. designates first (VI)
        ok(action("sam", s, Map.of("type", "designate-targets", "side", "us", "targets", List.of(
                target("us-rifle-1", "m1-garand", "de-rifle-1"), target("us-bar", "bar", "de-rifle-1")))));
        ok(action("gerd", s, Map.of("type", "designate-targets", "side", "german", "targets", List.of())));
        ok(done("gerd", s, Map.of()));
        Response lost = done("sam", s, Map.of());
        assertThat(lost.status()).isEqualTo(409);
        assertThat(lost.at("/field").asText()).isEqualTo("confirm");
        assertThat(lost.at("/unconfirmed/0/kind").asText()).isEqualTo("unfired");
        assertThat(lost.at("/unconfirmed/0/what").asText()).startsWith("2 designations not fired: ");
        assertThat(lost.at("/detail").asText()).contains("2 designations not fired");
        Response page = get("sam", "/api/scenarios/" + s);
        assertThat(clock(page).get("phase").asText()).isEqualTo("FIRE"); // nothing was done
        assertThat(page.at("/leaving/0/kind").asText()).isEqualTo("unfired");

        Response confirmed = ok(done("sam", s, Map.of("confirm", List.of("unfired"))));
        assertThat(clock(confirmed).get("phase").asText()).isEqualTo("CC");
        JsonNode advanced = null;
        for (JsonNode e : confirmed.at("/events")) {
            if (e.get("type").asText().equals("ClockAdvanced")) {
                advanced = e.get("payload");
            }
        }
        assertThat(advanced).isNotNull();
        assertThat(advanced.at("/left/0").asText()).startsWith("2 designations not fired: ");
    }

    private static Map<String, Object> target(String firer, String weapon, String target) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("firer", firer);
        t.put("weapon", weapon);
        t.put("target", target);
        return t;
    }

    @Test
    void the_turn_limit_is_at_most_100_at_start_and_in_campaign_files_and_clock_is_read_strictly() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        Response huge = post("alice", "/api/campaigns/" + campaign + "/scenarios",
                Map.of("plan", "ex-10-3", "turnLimit", 1_000_000_000));
        assertThat(huge.status()).isEqualTo(400);
        assertThat(huge.at("/field").asText()).isEqualTo("turnLimit");
        assertThat(huge.at("/detail").asText()).contains("from 1 to 100");
        Response justOver = post("alice", "/api/campaigns/" + campaign + "/scenarios",
                Map.of("plan", "ex-10-3", "turnLimit", 101));
        assertThat(justOver.status()).isEqualTo(400);
        assertThat(post("alice", "/api/campaigns/" + campaign + "/scenarios",
                Map.of("plan", "ex-10-3", "turnLimit", 100)).status()).isEqualTo(201);

        Response longPlan = importFile(sample("asl-west-of-alamein.yaml").replaceFirst("turnLimit: 6",
                "turnLimit: 101"));
        assertThat(longPlan.status()).isEqualTo(400);
        assertThat(longPlan.at("/field").asText()).isEqualTo("plans[0].turnLimit");
        Response clock = importFile(sample("asl-west-of-alamein.yaml").replaceFirst("(?m)^referee: referee$",
                "referee: referee\nclock: whoever"));
        assertThat(clock.status()).isEqualTo(400);
        assertThat(clock.at("/field").asText()).isEqualTo("clock");
    }

    @Test
    void a_campaign_for_one_shared_device_lets_any_player_move_the_clock() {
        String yaml = sample("asl-west-of-alamein.yaml");
        Response imported = importFile(yaml.replaceFirst("(?m)^referee: referee$",
                "referee: referee\nclock: any-player"));
        assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
        String id = yaml.lines().filter(l -> l.startsWith("id: ")).findFirst().orElseThrow().substring(4);
        String s = startPlan("alice", id, "ex-10-3");
        ok(advance("alice", s, Map.of("confirm", List.of("decision")))); // the Italians' RPh, by the British player
        ok(advance("alice", s, Map.of()));
        assertThat(clock(ok(advance("alice", s, Map.of()))).get("phase").asText()).isEqualTo("DFPh");
    }

    @Test
    void one_account_holds_at_most_8_live_streams() throws Exception {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("gerd", campaign, "first-clash");
        HttpClient client = HttpClient.newHttpClient();
        List<InputStream> open = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                HttpResponse<InputStream> stream = client.sendAsync(live("gerd", s),
                        HttpResponse.BodyHandlers.ofInputStream()).get(20, TimeUnit.SECONDS);
                open.add(stream.body());
                assertThat(stream.statusCode()).isEqualTo(200);
            }
            HttpResponse<String> ninth = client.send(live("gerd", s), HttpResponse.BodyHandlers.ofString());
            assertThat(ninth.statusCode()).isEqualTo(429);
            assertThat(ninth.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(ninth.body()).contains("this account has 8 live pages open already");
            // the opponent's page is not shut out by them
            HttpResponse<InputStream> sams = client.sendAsync(live("sam", s),
                    HttpResponse.BodyHandlers.ofInputStream()).get(20, TimeUnit.SECONDS);
            open.add(sams.body());
            assertThat(sams.statusCode()).isEqualTo(200);
        } finally {
            for (InputStream in : open) {
                in.close();
            }
        }
    }

    @Test
    void pages_an_account_closed_do_not_count_against_its_8() throws Exception {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("gerd", campaign, "first-clash");
        for (int round = 0; round < 2; round++) { // twice its share, each closed by the browser (here: the client)
            HttpClient client = HttpClient.newHttpClient();
            List<InputStream> open = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                HttpResponse<InputStream> stream = client.sendAsync(live("gerd", s),
                        HttpResponse.BodyHandlers.ofInputStream()).get(20, TimeUnit.SECONDS);
                assertThat(stream.statusCode()).as("round %d, page %d", round, i).isEqualTo(200);
                open.add(stream.body());
            }
            for (InputStream in : open) {
                in.close();
            }
        }
    }

    private HttpRequest live(String user, String scenarioId) {
        return HttpRequest.newBuilder(uri("/api/scenarios/" + scenarioId + "/live"))
                .header("Accept", "text/event-stream")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":"
                        + password(user)).getBytes(StandardCharsets.UTF_8))).GET().build();
    }

    private static String sample(String fileName) {
        try {
            String text = Files.readString(Path.of("campaigns", fileName));
            return text.replaceFirst("(?m)^id: .*$", "id: clock-" + UUID.randomUUID().toString().substring(0, 8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Response importFile(String yaml) {
        return post("referee", "/api/campaigns", yaml, "application/yaml");
    }
}
