package org.wargame.tracker.account;

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
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of the tracker on one database (as web/LiveAcrossInstancesTest starts them): an account disabled,
 * re-enabled or given a new password through the first counts on the second within seconds, although the second
 * remembered the old password as good (it was five minutes before). The second runs with a raised minimum password
 * length: the accounts of the first start keep logging in there, and a new password shorter than it is refused.
 */
class AccountAcrossInstancesTest extends ApiTestSupport {

    /** How soon a change must count on the other instance: RememberedCredentials.RECHECK and a request. */
    private static final long WITHIN_MILLIS = 3_000;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    private Environment environment;

    private String base;

    int status(String user, String password) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/me"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                        .getBytes(StandardCharsets.UTF_8))).GET().build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    /** Milliseconds until {@code user} with {@code password} gets {@code expected} on the second instance. */
    long until(String user, String password, int expected) throws Exception {
        long start = System.nanoTime();
        while (status(user, password) != expected) {
            long took = (System.nanoTime() - start) / 1_000_000;
            assertThat(took).as(user + " still not " + expected + " on the other instance").isLessThan(30_000);
            Thread.sleep(100);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private Response patch(String username, String json) {
        return send("referee", HttpRequest.newBuilder(uri("/api/accounts/" + username))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    @Test
    void a_change_through_one_instance_counts_on_the_other_within_seconds() throws Exception {
        String name = "twice-" + UUID.randomUUID().toString().substring(0, 8);
        post("referee", "/api/accounts", Map.of("username", name, "password", "a-bishop-in-the-attic"));
        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--server.port=0", "--tracker.data-dir=" + environment.getProperty("tracker.data-dir"),
                        "--spring.profiles.active=" + String.join(",", environment.getActiveProfiles()),
                        "--spring.datasource.url=" + environment.getProperty("spring.datasource.url"),
                        "--spring.datasource.username=" + environment.getProperty("spring.datasource.username"),
                        "--spring.datasource.password=" + environment.getProperty("spring.datasource.password", ""),
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD,
                        "--tracker.accounts.min-password-length=24")) {
            base = "http://localhost:" + other.getEnvironment().getProperty("local.server.port");
            assertThat(status(name, "a-bishop-in-the-attic")).isEqualTo(200); // remembered there now
            assertThat(status(name, "a-bishop-in-the-attic")).isEqualTo(200);

            assertThat(patch(name, "{\"enabled\": false}").status()).isEqualTo(200);
            long disabled = until(name, "a-bishop-in-the-attic", 401);
            assertThat(patch(name, "{\"enabled\": true}").status()).isEqualTo(200);
            long enabled = until(name, "a-bishop-in-the-attic", 200);
            assertThat(patch(name, "{\"password\": \"a-rook-under-the-stairs\"}").status()).isEqualTo(200);
            long changed = until(name, "a-bishop-in-the-attic", 401);
            assertThat(status(name, "a-rook-under-the-stairs")).isEqualTo(200);
            assertThat(patch(name, "{\"role\": \"REFEREE\"}").status()).isEqualTo(200);
            HttpResponse<String> accounts;
            long promoted = System.nanoTime();
            do {
                Thread.sleep(100);
                accounts = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/accounts"))
                        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                                (name + ":a-rook-under-the-stairs").getBytes(StandardCharsets.UTF_8))).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
            } while (accounts.statusCode() == 403 && System.nanoTime() - promoted < 30_000_000_000L);
            long promotedMillis = (System.nanoTime() - promoted) / 1_000_000;
            System.out.println("on the other instance after (ms): disabled " + disabled + ", enabled " + enabled
                    + ", new password " + changed + ", referee " + promotedMillis);
            assertThat(accounts.statusCode()).isEqualTo(200);
            assertThat(disabled).isLessThan(WITHIN_MILLIS);
            assertThat(enabled).isLessThan(WITHIN_MILLIS);
            assertThat(changed).isLessThan(WITHIN_MILLIS);
            assertThat(promotedMillis).isLessThan(WITHIN_MILLIS);

            // the raised minimum on the second instance: the first start's accounts still log in there
            assertThat(status("referee", REFEREE_PASSWORD)).isEqualTo(200);
            assertThat(status("alice", PLAYER_PASSWORD)).isEqualTo(200);
            HttpResponse<String> tooShort = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/accounts"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            ("referee:" + REFEREE_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"username\": \"" + name + "x\", \"password\": "
                            + "\"a-rook-under-the-stairs\"}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(tooShort.statusCode()).isEqualTo(400);
            assertThat(tooShort.body()).contains("\"field\":\"password\"").contains("at least 24 characters");
        }
    }
}
