package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.wargame.tracker.TrackerApplication;

import java.io.IOException;
import java.io.OutputStream;
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
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A disk that fills (issue 21, item 3): the H2 file lives on a 16 MB tmpfs mounted by the test (as root; skipped
 * where mounting is not permitted). Once a filler file takes the rest of it, actions answer 503 with Retry-After
 * (never 500) and readiness is DOWN; the filler deleted, actions are acknowledged again without a restart, the notes
 * refused are sent again with their {@code Idempotency-Key}, and every action acknowledged before, during and after
 * is stored once, the chain verified.
 */
class FullDiskTest {

    private static final String REFEREE = "full-disk-referee-password";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private String base;
    private String lastReadiness;

    @Test
    void a_full_disk_answers_503_and_the_tracker_recovers_when_space_returns() throws Exception {
        Path disk = temp.resolve("disk");
        Files.createDirectories(disk);
        assumeTrue(mount(disk), "mounting a tmpfs is not permitted here (the test needs root): skipped");
        try {
            run(disk);
        } finally {
            new ProcessBuilder("umount", "-l", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private void run(Path disk) throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TrackerApplication.class).run(
                "--tracker.data-dir=" + disk.resolve("data"), "--server.port=0", "--tracker.load-samples=false",
                "--TRACKER_REFEREE_PASSWORD=" + REFEREE, "--TRACKER_PLAYER_PASSWORD=full-disk-player-password",
                "--spring.datasource.hikari.connection-timeout=3000")) {
            base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            String campaign = Files.readString(Path.of("campaigns", "asl-west-of-alamein.yaml"));
            assertThat(send("POST", "/api/campaigns", campaign, "application/yaml").statusCode()).isEqualTo(201);
            HttpResponse<String> started = send("POST", "/api/campaigns/asl-west-of-alamein/scenarios",
                    "{\"plan\":\"ex-10-3\"}", "application/json");
            assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
            String scenario = JSON.readTree(started.body()).get("scenarioId").asText();
            long base = eventCount(scenario);
            int acknowledged = 0;
            for (int i = 0; i < 10; i++) {
                assertThat(advance(scenario).statusCode()).isEqualTo(200);
                acknowledged++;
            }

            assertThat(readiness(200)).as("readiness before: %s", lastReadiness).isEqualTo(200);
            Path filler = disk.resolve("filler");
            fill(filler);
            // H2 reuses free space inside its file (pages of chunks it no longer needs) while the disk is full, so
            // a write may still find room; long notes add live data until none is left. Each write answers 201 or
            // 503, never a 500, until a write is refused and readiness, asked then, says DOWN.
            List<Integer> statuses = new ArrayList<>();
            HttpResponse<String> refused = null;
            boolean down = false;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            List<String> unanswered = new ArrayList<>(); // the keys of the notes refused: sent again at the end
            while (!down && System.nanoTime() < until) {
                String key = UUID.randomUUID().toString();
                HttpResponse<String> r = note(scenario, key);
                statuses.add(r.statusCode());
                assertThat(r.statusCode()).as("statuses while the disk is full: %s", statuses).isIn(201, 503);
                if (r.statusCode() == 201) {
                    acknowledged++; // a write that still found room
                } else {
                    unanswered.add(key);
                    refused = r;
                    down = readiness(503, 4) == 503;
                }
            }
            assertThat(refused).as("statuses while the disk is full: %s", statuses).isNotNull();
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.headers().firstValue("Content-Type").orElse("")).contains("problem+json");
            assertThat(down).as("readiness DOWN while the disk is full: %s; statuses %s", lastReadiness, statuses)
                    .isTrue();
            for (int i = 0; i < 5; i++) { // still full: still refused, never a 500
                String key = UUID.randomUUID().toString();
                HttpResponse<String> r = note(scenario, key);
                statuses.add(r.statusCode());
                assertThat(r.statusCode()).as("statuses while the disk is full: %s", statuses).isIn(201, 503);
                if (r.statusCode() == 201) {
                    acknowledged++;
                } else {
                    unanswered.add(key);
                }
            }

            Files.delete(filler);
            int status = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                HttpResponse<String> r = advance(scenario);
                status = r.statusCode();
                statuses.add(status);
                assertThat(status).as("statuses after space returned: %s", statuses).isIn(200, 503);
                if (status == 200) {
                    acknowledged++;
                    break;
                }
                Thread.sleep(500);
            }
            assertThat(status).as("an action acknowledged after space returned; statuses %s", statuses)
                    .isEqualTo(200);
            for (int i = 0; i < 10; i++) {
                assertThat(advance(scenario).statusCode()).isEqualTo(200);
                acknowledged++;
            }
            assertThat(readiness(200)).as("readiness after space returned: %s", lastReadiness).isEqualTo(200);
            // the file was opened again while requests went on: the next start looks through it (H2Leftovers)
            Path mark = disk.resolve("data").resolve("tracker.mv.db" + H2Leftovers.LOOKING_THROUGH);
            for (int i = 0; i < 50 && !Files.exists(mark); i++) {
                Thread.sleep(100);
            }
            assertThat(mark).as("the mark for the next start").exists();
            // a write H2 reported failed as the disk filled may have reached the file all the same (seen once: 27
            // events stored for 26 acknowledged): each refused note is sent again with its key, and is then either
            // written now or answered as the one stored before, never written twice
            int replayed = 0;
            for (String key : unanswered) {
                HttpResponse<String> r = note(scenario, key);
                statuses.add(r.statusCode());
                assertThat(r.statusCode()).as("a refused note sent again: %s", r.body()).isEqualTo(201);
                acknowledged++;
                replayed += r.headers().firstValue("Idempotent-Replayed").isPresent() ? 1 : 0;
            }
            assertThat(eventCount(scenario)).as("every acknowledged action stored, once")
                    .isEqualTo(base + acknowledged);
            HttpResponse<String> verify = send("GET", "/api/history/verify", null, null);
            assertThat(verify.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(verify.body()).get("ok").asBoolean()).as(verify.body()).isTrue();
            System.out.printf("full disk: statuses %s; %d actions acknowledged, all stored; of %d notes refused and "
                    + "sent again, %d were in the record already%n", statuses, acknowledged, unanswered.size(), replayed);
        }
    }

    private static boolean mount(Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    /** Writes until the file system is full. */
    private static void fill(Path filler) {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (int i = 0; i < 100_000; i++) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            return; // no space left
        }
        throw new AssertionError("the file system did not fill");
    }

    private long eventCount(String scenario) throws Exception {
        HttpResponse<String> r = send("GET", "/api/scenarios/" + scenario, null, null);
        JsonNode view = JSON.readTree(r.body());
        return (view.has("scenario") ? view.get("scenario") : view).get("eventCount").asLong();
    }

    /** A note of 1,900 characters: the table talk's limit is 2,000, and each one adds that much live data. */
    private HttpResponse<String> note(String scenario, String key) throws Exception {
        return send("POST", "/api/scenarios/" + scenario + "/notes",
                JSON.writeValueAsString(java.util.Map.of("text", "A long note. ".repeat(146))), "application/json",
                key);
    }

    private HttpResponse<String> advance(String scenario) throws Exception {
        // as the referee; a step where the rules wait for a decision is passed over, as before the clock asked
        return send("POST", "/api/scenarios/" + scenario + "/clock/advance", "{\"confirm\": [\"decision\"]}",
                "application/json");
    }

    /** Readiness, asked until it answers {@code status} or 15 s pass; the last status. */
    private int readiness(int status) throws Exception {
        return readiness(status, 30);
    }

    private int readiness(int status, int attempts) throws Exception {
        int last = 0;
        for (int i = 0; i < attempts && last != status; i++) {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(base
                    + "/actuator/health/readiness")).build(), HttpResponse.BodyHandlers.ofString());
            last = r.statusCode();
            lastReadiness = r.body();
            if (last != status && i + 1 < attempts) {
                Thread.sleep(500);
            }
        }
        return last;
    }

    private HttpResponse<String> send(String method, String path, String body, String type) throws Exception {
        return send(method, path, body, type, null);
    }

    private HttpResponse<String> send(String method, String path, String body, String type, String key)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("referee:" + REFEREE)
                        .getBytes(StandardCharsets.UTF_8)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            request.header("Content-Type", type);
        }
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
