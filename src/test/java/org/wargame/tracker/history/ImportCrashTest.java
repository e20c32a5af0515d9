package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wargame.tracker.load.LoadDriver;
import org.wargame.tracker.load.TrackerProcess;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A history import killed ({@code kill -9}) while it stores its batches leaves nothing: the next start finds the
 * import in the journal ({@link ImportJournal}), removes every row it had stored, says so in its log, and the same
 * file then imports whole. A played campaign is exported from one tracker and sent to a second, fresh one (a move),
 * whose batches are small so that the kill lands between two of them; both run as their own processes.
 */
class ImportCrashTest {

    private static final String REFEREE = "import-crash-referee";
    private static final String CAMPAIGN = "asl-west-of-alamein";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The played campaign's file, made once for both tests. */
    private static byte[] file;

    @TempDir
    Path from;
    @TempDir
    Path to;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void an_import_killed_while_it_stores_leaves_nothing_and_the_file_imports_again() throws Exception {
        byte[] file = playedExport();
        long events = file.length == 0 ? 0 : JSON.readTree(new String(file, 0, firstLineEnd(file),
                StandardCharsets.UTF_8)).get("events").asLong();
        assertThat(events).as("events of the played campaign's file").isGreaterThan(200);

        Path log = Path.of("target", "import-crash", "receiving-1.log");
        TrackerProcess receiving = TrackerProcess.start(to, log, REFEREE, "/api/campaigns",
                Map.of("TRACKER_LOAD_SAMPLES", "false"), "--tracker.history.import-batch=2");
        JsonNode seen;
        try {
            CompletableFuture<HttpResponse<String>> sent = http.sendAsync(HttpRequest.newBuilder(
                    receiving.base().resolve("/api/history/import")).header("Authorization", authorization())
                    .header("Content-Type", "application/x-ndjson").timeout(Duration.ofSeconds(120))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(file)).build(), HttpResponse.BodyHandlers.ofString());
            seen = storing(receiving, sent);
            receiving.kill(); // between two batches: some are committed, the last is not
            assertThat(sent).as("the import's answer").failsWithin(30, TimeUnit.SECONDS);
        } finally {
            receiving.kill();
        }
        assertThat(seen.get("phase").asText()).as("the progress when the kill was sent: %s", seen)
                .isEqualTo("storing");
        assertThat(seen.get("eventsStored").asLong()).isBetween(1L, events - 1);

        TrackerProcess again = TrackerProcess.start(to, Path.of("target", "import-crash", "receiving-2.log"),
                REFEREE, "/api/campaigns", Map.of("TRACKER_LOAD_SAMPLES", "false"));
        try {
            assertThat(Files.readString(again.log())).as("the start's log")
                    .contains("was cut short while it stored its events");
            assertThat(get(again, "/api/history/verify").get("eventsChecked").asLong())
                    .as("events left of the killed import").isZero();
            assertThat(get(again, "/api/campaigns").toString()).doesNotContain(CAMPAIGN);

            HttpResponse<String> imported = http.send(HttpRequest.newBuilder(again.base().resolve(
                    "/api/history/import")).header("Authorization", authorization())
                    .header("Content-Type", "application/x-ndjson").timeout(Duration.ofSeconds(120))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(file)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(imported.statusCode()).as(imported.body()).isEqualTo(201);
            JsonNode verify = get(again, "/api/history/verify");
            assertThat(verify.get("ok").asBoolean()).as(verify.toString()).isTrue();
            assertThat(verify.get("eventsChecked").asLong()).isEqualTo(events);
            assertThat(get(again, "/api/campaigns").toString()).contains(CAMPAIGN);
            System.out.printf("import crash: killed at %d of %d events stored; the start removed them; the file "
                    + "imported again whole%n", seen.get("eventsStored").asLong(), events);
        } finally {
            again.stop();
        }
    }

    /**
     * The start after a crash that came when the last batch had committed and the read models were not built yet
     * (too short a moment to hit with a kill): the import's journal rows marked stored, its read models removed, as
     * such a crash leaves them, written into the stopped tracker's file. The start builds them before it serves: the
     * campaign is listed, its scenarios answer, the journal is empty.
     */
    @Test
    void an_import_cut_short_after_its_last_batch_is_finished_by_the_start() throws Exception {
        byte[] file = playedExport();
        TrackerProcess first = TrackerProcess.start(to, Path.of("target", "import-crash", "finishing-1.log"),
                REFEREE, "/api/campaigns", Map.of("TRACKER_LOAD_SAMPLES", "false"));
        List<String> scenarios;
        try {
            HttpResponse<String> imported = http.send(HttpRequest.newBuilder(first.base().resolve(
                    "/api/history/import")).header("Authorization", authorization())
                    .header("Content-Type", "application/x-ndjson").timeout(Duration.ofSeconds(120))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(file)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(imported.statusCode()).as(imported.body()).isEqualTo(201);
            scenarios = new java.util.ArrayList<>();
            for (JsonNode s : get(first, "/api/campaigns/" + CAMPAIGN + "/scenarios")) {
                scenarios.add(s.get("scenarioId").asText());
            }
            assertThat(scenarios).hasSize(3);
        } finally {
            first.stop();
        }
        try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:h2:file:" + to.resolve("tracker"),
                "tracker", "")) {
            List<String> streams = new java.util.ArrayList<>(List.of(CAMPAIGN));
            streams.addAll(scenarios);
            for (int i = 0; i < streams.size(); i++) {
                for (String[] table : ImportJournal.READ_MODELS) {
                    try (var delete = db.prepareStatement("delete from " + table[0] + " where " + table[1] + " = ?")) {
                        delete.setString(1, streams.get(i));
                        delete.executeUpdate();
                    }
                }
                try (var insert = db.prepareStatement("insert into history_import (stream_id, stream_type, import_id, "
                        + "campaign_id, position, stored, started_at) values (?, ?, ?, ?, ?, true, current_timestamp)")) {
                    insert.setString(1, streams.get(i));
                    insert.setString(2, i == 0 ? "Campaign" : "Scenario");
                    insert.setString(3, "b0f0e2a4-0000-4000-8000-000000000001");
                    insert.setString(4, CAMPAIGN);
                    insert.setInt(5, i);
                    insert.executeUpdate();
                }
            }
        }

        TrackerProcess again = TrackerProcess.start(to, Path.of("target", "import-crash", "finishing-2.log"),
                REFEREE, "/api/campaigns", Map.of("TRACKER_LOAD_SAMPLES", "false"));
        try {
            assertThat(Files.readString(again.log())).as("the start's log")
                    .contains("was cut short after all its events were stored");
            assertThat(get(again, "/api/campaigns").toString()).contains(CAMPAIGN);
            for (String scenario : scenarios) {
                assertThat(get(again, "/api/scenarios/" + scenario).get("scenarioId").asText()).isEqualTo(scenario);
            }
            assertThat(get(again, "/api/history/verify").get("ok").asBoolean()).isTrue();
        } finally {
            again.stop();
        }
    }

    /** A campaign played on a tracker of its own (three scenarios, 300 actions), then exported (once). */
    private byte[] playedExport() throws Exception {
        if (file != null) {
            return file;
        }
        TrackerProcess playing = TrackerProcess.start(from, Path.of("target", "import-crash", "playing.log"),
                REFEREE, "/api/campaigns/" + CAMPAIGN, Map.of());
        try {
            LoadDriver driver = new LoadDriver(List.of(playing.port()), "referee", REFEREE);
            List<String> scenarios = driver.startScenarios(CAMPAIGN, 3);
            LoadDriver.Tally tally = driver.play(scenarios, 4, 300, Duration.ofSeconds(120), () -> false,
                    new LoadDriver.Tally());
            assertThat(tally.ok.get()).as("%s", tally).isGreaterThan(100);
            HttpResponse<byte[]> export = http.send(HttpRequest.newBuilder(playing.base().resolve(
                    "/api/campaigns/" + CAMPAIGN + "/export")).header("Authorization", authorization()).GET()
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(export.statusCode()).isEqualTo(200);
            file = export.body();
            return file;
        } finally {
            playing.stop();
        }
    }

    /** Polls the import's progress until it has stored a batch, and returns that progress. */
    private JsonNode storing(TrackerProcess tracker, CompletableFuture<?> sent) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        JsonNode progress = null;
        while (System.nanoTime() < deadline && !sent.isDone()) {
            progress = get(tracker, "/api/history/import");
            if ("storing".equals(progress.get("phase").asText()) && progress.get("eventsStored").asLong() > 0) {
                return progress;
            }
        }
        throw new AssertionError("the import was never seen storing; last progress " + progress + ", answered "
                + sent.isDone());
    }

    private JsonNode get(TrackerProcess tracker, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(tracker.base().resolve(path))
                .header("Authorization", authorization()).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static String authorization() {
        return "Basic " + Base64.getEncoder().encodeToString(("referee:" + REFEREE).getBytes(StandardCharsets.UTF_8));
    }

    private static int firstLineEnd(byte[] file) {
        for (int i = 0; i < file.length; i++) {
            if (file[i] == '\n') {
                return i;
            }
        }
        return file.length;
    }
}
