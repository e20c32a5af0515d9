package org.wargame.tracker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Base of the tests that go through real HTTP into the running application, on real H2 (a fresh file database per
 * test run) or, with {@code -Dspring.profiles.active=postgres}, on real PostgreSQL. All such tests share one
 * application context. Accounts: referee, and the sample players alice and bruno (asl), gerd and sam (hex,
 * skirmish), all with the passwords below. Tagged {@code app}: CI runs every test that starts the application
 * again on PostgreSQL with {@code -Dgroups=app} (the tag is inherited by every subclass).
 */
@Tag("app")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "TRACKER_REFEREE_PASSWORD=" + ApiTestSupport.REFEREE_PASSWORD,
        "TRACKER_PLAYER_PASSWORD=" + ApiTestSupport.PLAYER_PASSWORD,
        // as behind a reverse proxy: tests give a client address (X-Forwarded-For) or HTTPS (X-Forwarded-Proto)
        "server.forward-headers-strategy=native"})
public abstract class ApiTestSupport {

    public static final String REFEREE_PASSWORD = "referee-test-password";
    public static final String PLAYER_PASSWORD = "player-test-password";
    protected static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Path DATA = tempData();

    @LocalServerPort
    protected int port;

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("tracker.data-dir", DATA::toString);
    }

    private static Path tempData() {
        try {
            return Files.createTempDirectory("tracker-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An HTTP answer: status and JSON body (a missing body reads as an empty object). */
    public record Response(int status, JsonNode body, String raw) {
        public JsonNode at(String pointer) {
            return body.at(pointer);
        }
    }

    protected static String password(String user) {
        return "referee".equals(user) ? REFEREE_PASSWORD : PLAYER_PASSWORD;
    }

    protected Response get(String user, String path) {
        return send(user, HttpRequest.newBuilder(uri(path)).GET());
    }

    protected Response post(String user, String path, Object body) {
        return post(user, path, body, "application/json");
    }

    protected Response post(String user, String path, Object body, String contentType) {
        String text;
        try {
            text = body instanceof String s ? s : JSON.writeValueAsString(body == null ? Map.of() : body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return send(user, HttpRequest.newBuilder(uri(path)).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(text)));
    }

    protected Response send(String user, HttpRequest.Builder request) {
        if (user != null) {
            String token = Base64.getEncoder().encodeToString((user + ":" + password(user))
                    .getBytes(StandardCharsets.UTF_8));
            request.header("Authorization", "Basic " + token);
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String raw = response.body();
            JsonNode body = raw == null || raw.isBlank() ? JSON.createObjectNode() : JSON.readTree(raw);
            return new Response(response.statusCode(), body, raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    protected URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    /**
     * A sample campaign with one plan played a little (two clock steps, an undo, one more: so with a roll-back), then
     * exported by {@code player}: a real history file to move, forge or fuzz.
     */
    protected String playedExport(String sample, String player, String plan) {
        String campaign = importSample(sample);
        String scenario = startPlan(player, campaign, plan);
        advance(player, scenario);
        advance(player, scenario);
        post(player, "/api/scenarios/" + scenario + "/undo", Map.of());
        advance(player, scenario);
        return get(player, "/api/campaigns/" + campaign + "/export").raw();
    }

    /**
     * Imports a copy of a sample campaign file (from campaigns/) under a new id, so each test plays its own
     * campaign; returns the new campaign id.
     */
    protected String importSample(String fileName) {
        try {
            String text = Files.readString(Path.of("campaigns", fileName));
            String id = fileName.replace(".yaml", "") + "-" + UUID.randomUUID().toString().substring(0, 8);
            String copy = text.replaceFirst("(?m)^id: .*$", "id: " + id);
            Response response = post("referee", "/api/campaigns", copy, "application/yaml");
            // a rebuild started by another test class of the same application answers 503: try again, as told
            for (int i = 0; response.status() == 503 && i < 120; i++) {
                Thread.sleep(500);
                response = post("referee", "/api/campaigns", copy, "application/yaml");
            }
            if (response.status() != 201) {
                throw new IllegalStateException("import failed: " + response.raw());
            }
            return id;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts the scenario of a plan of the campaign file; returns the scenario's id. */
    protected String startPlan(String user, String campaignId, String plan) {
        Response response = post(user, "/api/campaigns/" + campaignId + "/scenarios", Map.of("plan", plan));
        if (response.status() != 201) {
            throw new IllegalStateException("start failed: " + response.raw());
        }
        return response.at("/scenarioId").asText();
    }

    protected Response action(String user, String scenarioId, Map<String, Object> action) {
        return post(user, "/api/scenarios/" + scenarioId + "/actions", action);
    }

    /**
     * One step of the clock as {@code user}; a decision the rules wait for at this step is passed over, as the clock
     * did before it asked ({@code confirm: ["decision"]}): the tests that read the question send their own requests.
     */
    protected Response advance(String user, String scenarioId) {
        return post(user, "/api/scenarios/" + scenarioId + "/clock/advance", Map.of("confirm", List.of("decision")));
    }

    /**
     * Advances the clock until it stands at {@code gameTurn}, {@code playerTurn}, {@code phase}: each step as
     * {@code user} when it is that player's move, else as the referee (who may always move the clock on), so a test
     * gets to a position whoever's move the steps on the way are. A decision the rules wait for is passed over as
     * the old clock did ({@code confirm: ["decision"]}); anything else left behind fails the walk.
     */
    protected Response advanceTo(String user, String scenarioId, int gameTurn, int playerTurn, String phase) {
        Response last = get(user, "/api/scenarios/" + scenarioId);
        for (int i = 0; i < 500; i++) {
            JsonNode clock = last.body().has("scenario") ? last.at("/scenario/clock") : last.at("/clock");
            if (clock.get("gameTurn").asInt() == gameTurn && clock.get("playerTurn").asInt() == playerTurn
                    && clock.get("phase").asText().equals(phase)) {
                return last;
            }
            last = advance(user, scenarioId);
            if (last.status() == 403 || last.status() == 409 && !"confirm".equals(last.at("/field").asText())) {
                last = advance("referee", scenarioId);
            }
            if (last.status() == 409 && "confirm".equals(last.at("/field").asText())) {
                List<String> kinds = new ArrayList<>();
                last.at("/unconfirmed").forEach(l -> kinds.add(l.get("kind").asText()));
                if (!kinds.equals(List.of("decision"))) {
                    throw new IllegalStateException("advance would leave behind " + last.raw());
                }
                last = post("referee", "/api/scenarios/" + scenarioId + "/clock/advance",
                        Map.of("confirm", kinds));
            }
            if (last.status() != 200) {
                throw new IllegalStateException("advance failed: " + last.raw());
            }
        }
        throw new IllegalStateException("clock never reached " + gameTurn + "/" + playerTurn + "/" + phase);
    }

    /**
     * Moves the clock one step on as the players whose move it is: the phasing side's player in a phase only it acts
     * in, else each side's player ending its phase in turn; a decision the rules wait for is passed over
     * ({@code confirm: ["decision"]}). Returns the last answer.
     */
    protected Response moveOn(String scenarioId) {
        JsonNode view = get("referee", "/api/scenarios/" + scenarioId).body();
        List<String> confirm = new ArrayList<>();
        view.get("leaving").forEach(l -> {
            if (l.get("kind").asText().equals("decision")) {
                confirm.add("decision");
            }
        });
        JsonNode campaign = get("referee", "/api/campaigns/" + view.get("campaignId").asText()).body();
        Map<String, String> players = new java.util.HashMap<>();
        campaign.get("sides").forEach(side -> players.put(side.get("id").asText(),
                side.get("players").size() == 0 ? "referee" : side.get("players").get(0).asText()));
        if (view.get("acting").asText().equals("PHASING")) {
            return post(players.get(view.at("/clock/phasingSide").asText()), "/api/scenarios/" + scenarioId
                    + "/clock/advance", Map.of("confirm", confirm));
        }
        Response last = null;
        for (JsonNode side : view.get("waitingFor")) {
            last = post(players.get(side.asText()), "/api/scenarios/" + scenarioId + "/clock/done",
                    Map.of("confirm", confirm));
        }
        return last;
    }

    /** The counter {@code counterId} in a scenario view (or action response). */
    protected static JsonNode counter(Response scenario, String counterId) {
        JsonNode view = scenario.body().has("scenario") ? scenario.at("/scenario") : scenario.body();
        for (JsonNode c : view.get("counters")) {
            if (c.get("id").asText().equals(counterId)) {
                return c;
            }
        }
        throw new AssertionError("no counter " + counterId + " in " + scenario.raw());
    }

    /** The markers on counter {@code id}. */
    protected static List<String> markers(Response r, String id) {
        List<String> list = new ArrayList<>();
        counter(r, id).get("markers").forEach(m -> list.add(m.asText()));
        return list;
    }

    /** The types of the events an action stored, in order. */
    protected static List<String> types(Response r) {
        List<String> list = new ArrayList<>();
        r.at("/events").forEach(e -> list.add(e.get("type").asText()));
        return list;
    }

    /** The payload of the first event of {@code type} an action stored. */
    protected static JsonNode event(Response r, String type) {
        for (JsonNode e : r.at("/events")) {
            if (e.get("type").asText().equals(type)) {
                return e.get("payload");
            }
        }
        throw new AssertionError("no " + type + " in " + r.raw());
    }
}
