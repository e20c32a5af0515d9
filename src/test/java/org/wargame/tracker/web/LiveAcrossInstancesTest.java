package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of the tracker on one database (H2 shared in this JVM, or PostgreSQL when the suite runs on it): a
 * live stream open on the second instance hears of an action stored through the first, which it learns from the
 * event table alone (web/LiveScenarios), not from the first instance.
 */
class LiveAcrossInstancesTest extends ApiTestSupport {

    @Autowired
    private Environment environment;

    @Test
    void a_stream_on_one_instance_hears_of_an_action_stored_through_the_other() throws Exception {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        long version = get("alice", "/api/scenarios/" + scenarioId).at("/eventCount").asLong();

        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--server.port=0", "--tracker.data-dir=" + environment.getProperty("tracker.data-dir"),
                        "--spring.profiles.active=" + String.join(",", environment.getActiveProfiles()),
                        "--spring.datasource.url=" + environment.getProperty("spring.datasource.url"),
                        "--spring.datasource.username=" + environment.getProperty("spring.datasource.username"),
                        "--spring.datasource.password=" + environment.getProperty("spring.datasource.password", ""),
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            String base = "http://localhost:" + other.getEnvironment().getProperty("local.server.port");
            BlockingQueue<String> lines = new LinkedBlockingQueue<>();
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest live = HttpRequest.newBuilder(URI.create(base + "/api/scenarios/" + scenarioId + "/live"))
                    .header("Accept", "text/event-stream")
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            ("bruno:" + PLAYER_PASSWORD).getBytes(StandardCharsets.UTF_8))).GET().build();
            HttpResponse<Stream<String>> stream = client.send(live, HttpResponse.BodyHandlers.ofLines());
            assertThat(stream.statusCode()).isEqualTo(200);
            Thread reader = new Thread(() -> stream.body().forEach(lines::add), "live-reader");
            reader.setDaemon(true);
            reader.start();

            assertThat(nextData(lines)).as("the version the stream starts with").isEqualTo(version);
            // the Italians move first (their Rally Phase): their player moves the clock on
            assertThat(advance("bruno", scenarioId).status()).as("stored through the first instance").isEqualTo(200);
            assertThat(nextData(lines)).as("the version pushed by the second instance").isEqualTo(version + 1);
            stream.body().close();
        }
    }

    /** The data of the next {@code version} event of the stream (within 10 s). */
    private static long nextData(BlockingQueue<String> lines) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        boolean version = false;
        while (System.nanoTime() < until) {
            String line = lines.poll(200, TimeUnit.MILLISECONDS);
            if (line == null) {
                continue;
            }
            if (line.equals("event:version")) {
                version = true;
            } else if (version && line.startsWith("data:")) {
                return Long.parseLong(line.substring(5).trim());
            }
        }
        throw new AssertionError("no version event within 10 s");
    }
}
