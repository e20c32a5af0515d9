package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.store.Dialect;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A full backup restored on a fresh tracker, and a referee's export with accounts and seeds imported into one: in
 * both, everybody logs in with the password they had (not the fresh tracker's start-up passwords), the scenario in
 * play goes on rolling server dice (the very die the original rolls next), and the chain verifies.
 */
class BackupAndMoveTest extends ApiTestSupport {

    private static final String OTHER_PASSWORD = "fresh-tracker-password";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    JdbcTemplate jdbc;

    /**
     * EX 10.41's scenario at the British DFPh of Turn 2, the Mule with its mortar moved to C3 in the British MPh (the
     * second Player Turn: the Italians move first): the next casualty is diced.
     */
    private String inPlay(String campaign) {
        String s = startPlan("alice", campaign, "ex-10-41");
        advanceTo("alice", s, 1, 2, "MPh");
        assertThat(action("alice", s, Map.of("type", "move", "counter", "br-mule-2", "hex", "C3",
                "terrain", "open-ground")).status()).isEqualTo(200);
        assertThat(action("alice", s, Map.of("type", "move", "counter", "br-crew-2", "hex", "C3",
                "terrain", "open-ground")).status()).isEqualTo(200);
        advanceTo("alice", s, 2, 1, "DFPh");
        return s;
    }

    /** The casualty of the Mule with the dr left to the server: its roll. */
    private static JsonNode serverRoll(Response casualty) {
        assertThat(casualty.status()).as(casualty.raw()).isEqualTo(200);
        JsonNode dr = event(casualty, "VulnerabilityRolled").get("dr");
        assertThat(dr.get("source").asText()).isEqualTo("server");
        return dr;
    }

    private static final Map<String, Object> CASUALTY = Map.of("type", "casualty", "counter", "br-mule-2",
            "result", "casualty-reduction");

    private ConfigurableApplicationContext freshTracker(Path data, boolean samples) {
        // command-line arguments (they win over application.yml), on H2 in its own folder
        return new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + data, "--server.port=0", "--tracker.load-samples=" + samples,
                        "--spring.profiles.active=default",
                        "--TRACKER_REFEREE_PASSWORD=" + OTHER_PASSWORD, "--TRACKER_PLAYER_PASSWORD=" + OTHER_PASSWORD);
    }

    private static String base(ConfigurableApplicationContext app) {
        return "http://localhost:" + app.getEnvironment().getProperty("local.server.port");
    }

    private Response at(String base, String user, String path) {
        return send(user, HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    private Response postAt(String base, String user, String path, String body, String type) {
        return send(user, HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static int statusWith(String base, String user, String password, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private Response importAs(String base, String file) {
        return send(null, HttpRequest.newBuilder(URI.create(base + "/api/history/import"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        ("referee:" + OTHER_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(file)));
    }

    @Test
    void a_backup_taken_while_the_tracker_runs_restores_on_a_fresh_tracker() throws Exception {
        assumeTrue(Dialect.of(jdbc) == Dialect.H2, "PostgreSQL is backed up with pg_dump (README)");
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = inPlay(campaign);
        JsonNode before = get("alice", "/api/scenarios/" + s).body();

        assertThat(get("alice", "/api/backup").status()).isEqualTo(403);
        HttpResponse<byte[]> backup = HTTP.send(HttpRequest.newBuilder(uri("/api/backup"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        ("referee:" + REFEREE_PASSWORD).getBytes(StandardCharsets.UTF_8))).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(backup.statusCode()).isEqualTo(200);
        assertThat(backup.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/zip");
        // the original goes on: its next die is the one the restored tracker must roll too
        JsonNode original = serverRoll(action("alice", s, CASUALTY));

        // restore, as the README says: the zip's file into the data folder of a tracker not started yet
        Path data = Files.createTempDirectory("tracker-restore-");
        List<String> entries = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(backup.body()))) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
                entries.add(entry.getName());
                Files.copy(zip, data.resolve(Path.of(entry.getName()).getFileName()));
            }
        }
        assertThat(entries).containsExactly("tracker.mv.db");

        // the samples are not loaded again over a restored store
        try (ConfigurableApplicationContext fresh = freshTracker(data, true)) {
            String base = base(fresh);
            // the passwords are the backup's, not the ones this start was given
            assertThat(statusWith(base, "alice", OTHER_PASSWORD, "/api/me")).isEqualTo(401);
            assertThat(statusWith(base, "referee", OTHER_PASSWORD, "/api/me")).isEqualTo(401);
            assertThat(at(base, "alice", "/api/me").status()).isEqualTo(200);
            Response verify = at(base, "referee", "/api/history/verify");
            assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
            // the read model came with it
            assertThat(at(base, "alice", "/api/scenarios/" + s).body()).isEqualTo(before);

            JsonNode restored = serverRoll(send("alice", HttpRequest.newBuilder(
                    URI.create(base + "/api/scenarios/" + s + "/actions")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(CASUALTY)))));
            assertThat(restored).isEqualTo(original);
            verify = at(base, "referee", "/api/history/verify");
            assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        }
    }

    @Test
    void a_referees_export_with_accounts_and_seeds_is_a_complete_move() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = inPlay(campaign);
        String path = "/api/campaigns/" + campaign + "/export";

        // a player's export holds events only, and a player may not ask for more
        assertThat(get("alice", path + "?accounts=true").status()).isEqualTo(403);
        assertThat(get("alice", path + "?seeds=true").status()).isEqualTo(403);
        Response players = get("alice", path);
        assertThat(players.status()).isEqualTo(200);
        assertThat(players.raw()).doesNotContain("\"kind\":\"account\"").doesNotContain("\"kind\":\"diceSeed\"")
                .doesNotContain("passwordHash");

        Response full = get("referee", path + "?accounts=true&seeds=true");
        assertThat(full.status()).isEqualTo(200);
        String file = full.raw();
        List<JsonNode> moved = new ArrayList<>();
        for (String line : file.split("\n")) {
            JsonNode node = JSON.readTree(line);
            if (node.has("kind")) {
                moved.add(node);
            }
        }
        assertThat(moved).anySatisfy(l -> {
            assertThat(l.get("kind").asText()).isEqualTo("account");
            assertThat(l.get("username").asText()).isEqualTo("alice");
            assertThat(l.get("passwordHash").asText()).startsWith("$2");
        });
        assertThat(moved).filteredOn(l -> l.get("kind").asText().equals("diceSeed"))
                .singleElement().satisfies(l -> assertThat(l.get("scenarioId").asText()).isEqualTo(s));
        assertThat(file).doesNotContain(PLAYER_PASSWORD).doesNotContain(REFEREE_PASSWORD);
        JsonNode original = serverRoll(action("alice", s, CASUALTY));

        Path data = Files.createTempDirectory("tracker-move-");
        try (ConfigurableApplicationContext fresh = freshTracker(data, false)) {
            String base = base(fresh);
            // a forged seed (another seed with its own hash) is refused by its line, and nothing is stored
            String[] lines = file.split("\n");
            int seedLine = -1;
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].contains("\"diceSeed\"")) {
                    seedLine = i;
                }
            }
            byte[] other = new byte[32];
            ObjectNode forged = (ObjectNode) JSON.readTree(lines[seedLine]);
            forged.put("seed", HexFormat.of().formatHex(other));
            forged.put("commitment", org.wargame.tracker.scenario.ServerDice.commitment(other));
            String[] tampered = lines.clone();
            tampered[seedLine] = JSON.writeValueAsString(forged);
            // (the fresh tracker's referee has the password it was started with: a move adds no account over one)
            Response refused = importAs(base, String.join("\n", tampered));
            assertThat(refused.status()).as(refused.raw()).isEqualTo(400);
            assertThat(refused.at("/detail").asText()).startsWith("line " + (seedLine + 1) + ":")
                    .contains("committed");
            assertThat(statusWith(base, "alice", PLAYER_PASSWORD, "/api/me")).isEqualTo(401);

            Response imported = importAs(base, file);
            assertThat(imported.status()).as(imported.raw()).isEqualTo(201);

            // alice's account came with the file, with her password; the referee of this tracker kept its own
            assertThat(at(base, "alice", "/api/me").status()).isEqualTo(200);
            assertThat(statusWith(base, "referee", OTHER_PASSWORD, "/api/me")).isEqualTo(200);
            JsonNode restored = serverRoll(postAt(base, "alice", "/api/scenarios/" + s + "/actions",
                    JSON.writeValueAsString(CASUALTY), "application/json"));
            assertThat(restored).isEqualTo(original);
            Response verify = send(null, HttpRequest.newBuilder(URI.create(base + "/api/history/verify"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            ("referee:" + OTHER_PASSWORD).getBytes(StandardCharsets.UTF_8))).GET());
            assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        }
    }
}
