package org.wargame.tracker.notice;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two trackers on one database (with {@code -Dspring.profiles.active=postgres}: PostgreSQL; else one H2 file shared
 * in this JVM), both sending every 50 ms: the outbox rows and the deliveries are claimed with {@code FOR UPDATE
 * SKIP LOCKED}, so each notice reaches each webhook once, whichever instance stored it or sent it.
 */
@Tag("app")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhookTwoInstancesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final Receiver receiver = new Receiver();
    private Path data;
    private ConfigurableApplicationContext a;
    private ConfigurableApplicationContext b;

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TrackerApplication.class).run("--server.port=0",
                "--tracker.data-dir=" + data, "--TRACKER_REFEREE_PASSWORD=" + ApiTestSupport.REFEREE_PASSWORD,
                "--TRACKER_PLAYER_PASSWORD=" + ApiTestSupport.PLAYER_PASSWORD, "--tracker.notices.send=true",
                "--tracker.notices.poll=50ms", "--tracker.notices.retry-first=300ms", "--tracker.notices.retry-max=1s",
                "--tracker.notices.webhooks.allow-private-addresses=true");
    }

    @BeforeAll
    void startBoth() throws Exception {
        data = Files.createTempDirectory("tracker-hooks-two-");
        a = start();
        b = start();
    }

    @AfterAll
    void stopBoth() {
        if (b != null) {
            b.close();
        }
        if (a != null) {
            a.close();
        }
        receiver.close();
    }

    private static int port(ConfigurableApplicationContext context) {
        return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    private static JsonNode send(ConfigurableApplicationContext to, String method, String path, String contentType,
                                 String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(to) + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("referee:"
                        + ApiTestSupport.REFEREE_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isBetween(200, 299);
        return response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
    }

    @Test
    void each_notice_reaches_each_webhook_once_with_two_instances_sending() throws Exception {
        List<String> hooks = new ArrayList<>();
        List<String> campaigns = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            String text = Files.readString(Path.of("campaigns", "asl-west-of-alamein.yaml"));
            String id = "asl-hooks-" + UUID.randomUUID().toString().substring(0, 8);
            send(c == 0 ? a : b, "POST", "/api/campaigns", "application/yaml",
                    text.replaceFirst("(?m)^id: .*$", "id: " + id));
            campaigns.add(id);
            for (int h = 0; h < Webhooks.MAX_PER_CAMPAIGN; h++) {
                hooks.add(send(h % 2 == 0 ? a : b, "POST", "/api/campaigns/" + id + "/webhooks", "application/json",
                        JSON.writeValueAsString(Map.of("url", receiver.url("/two/" + id + "/" + h)))).at("/webhook/id")
                        .asText());
            }
        }
        for (int c = 0; c < campaigns.size(); c++) {
            String scenario = send(c == 0 ? b : a, "POST", "/api/campaigns/" + campaigns.get(c) + "/scenarios",
                    "application/json", "{\"plan\": \"ex-10-3\"}").at("/scenarioId").asText();
            for (int i = 0; i < 20; i++) { // through a Player Turn into the next: "turn" notices too
                send(i % 2 == 0 ? a : b, "POST", "/api/scenarios/" + scenario + "/clock/advance", "application/json",
                        "{\"confirm\": [\"unfired\", \"decision\", \"undo\"]}");
            }
        }
        // every delivery made is sent; wait until the log says so for all of them
        int made = 0;
        for (long until = System.currentTimeMillis() + 150_000; System.currentTimeMillis() < until; ) {
            made = 0;
            int sent = 0;
            for (int c = 0; c < campaigns.size(); c++) {
                for (String hook : hooks.subList(c * Webhooks.MAX_PER_CAMPAIGN, (c + 1) * Webhooks.MAX_PER_CAMPAIGN)) {
                    for (JsonNode d : send(a, "GET", "/api/campaigns/" + campaigns.get(c) + "/webhooks/" + hook
                            + "/deliveries?limit=200", null, null)) {
                        made++;
                        sent += d.get("state").asText().equals("sent") ? 1 : 0;
                    }
                }
            }
            if (made > 0 && sent == made) {
                break;
            }
            Thread.sleep(200);
        }
        Thread.sleep(500);
        List<Receiver.Received> posts = receiver.received.stream().filter(r -> r.path().startsWith("/two/")).toList();
        Map<String, Integer> perDelivery = new HashMap<>();
        posts.forEach(p -> perDelivery.merge(p.delivery(), 1, Integer::sum));
        assertThat(made).as("a start and at least one new Player Turn per campaign, to each of 20 webhooks")
                .isGreaterThanOrEqualTo(2 * Webhooks.MAX_PER_CAMPAIGN * 2);
        assertThat(perDelivery.values()).as("no delivery twice").allMatch(n -> n == 1);
        assertThat(posts).as("every delivery made, once").hasSize(made);
        Map<String, Integer> perHookAndNotice = new HashMap<>();
        for (Receiver.Received p : posts) {
            JsonNode body = JSON.readTree(p.body());
            perHookAndNotice.merge(p.path() + " " + body.at("/kind").asText() + " " + body.at("/at").asText(), 1,
                    Integer::sum);
        }
        assertThat(perHookAndNotice.values()).as("no notice twice to one webhook").allMatch(n -> n == 1);
    }
}
