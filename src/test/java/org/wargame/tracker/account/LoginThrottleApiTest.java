package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed logins through HTTP, from client addresses given as a reverse proxy gives them (X-Forwarded-For): counted
 * per account and address, then refused with 429 and Retry-After before any password check, while other accounts
 * and other addresses, and a player whose password is remembered as good, keep playing.
 */
class LoginThrottleApiTest extends ApiTestSupport {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    LoginThrottle throttle;

    HttpResponse<String> me(String user, String password, String address) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/api/me"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                        .getBytes(StandardCharsets.UTF_8)))
                .header("X-Forwarded-For", address).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static String newName() {
        return "throttled-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void wrong_passwords_are_counted_and_then_refused_with_429_before_any_check() throws Exception {
        String name = newName();
        post("referee", "/api/accounts", Map.of("username", name, "password", "the-right-one"));
        String address = "203.0.113.10";
        for (int i = 1; i <= 5; i++) {
            assertThat(me(name, "wrong-" + i, address).statusCode()).as("free failure " + i).isEqualTo(401);
        }
        assertThat(throttle.wait(name, address)).isNull();
        assertThat(me(name, "wrong-6", address).statusCode()).isEqualTo(401); // the sixth starts the delays
        assertThat(throttle.wait(name, address)).isNotNull();
        // a long delay, as a flood would have earned it (the policy's own test checks the doubling on a clock)
        for (int i = 0; i < 5; i++) {
            throttle.failed(name, address);
        }
        HttpResponse<String> refused = me(name, "the-right-one", address); // even the right password waits
        assertThat(refused.statusCode()).isEqualTo(429);
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 64L);
        assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(refused.body()).contains("\"status\":429").contains("try again in");
        // the same account from another address, and other accounts from this one, are not held up
        assertThat(me(name, "the-right-one", "203.0.113.11").statusCode()).isEqualTo(200);
        assertThat(me("gerd", PLAYER_PASSWORD, address).statusCode()).isEqualTo(200);
    }

    @Test
    void a_sprayed_address_is_slowed_but_a_remembered_player_there_keeps_playing() throws Exception {
        String address = "203.0.113.20";
        String newcomer = newName();
        post("referee", "/api/accounts", Map.of("username", newcomer, "password", "the-right-one"));
        assertThat(me("sam", PLAYER_PASSWORD, address).statusCode()).isEqualTo(200); // sam's password remembered
        for (int i = 0; i < 25; i++) {
            throttle.failed("sprayed-" + i, address);
        }
        assertThat(me("sam", PLAYER_PASSWORD, address).statusCode()).isEqualTo(200);
        assertThat(me(newcomer, "the-right-one", address).statusCode()).isEqualTo(429); // not known good yet
        assertThat(me(newcomer, "the-right-one", "203.0.113.21").statusCode()).isEqualTo(200);
    }

    @Test
    void the_login_form_says_how_long_to_wait() throws Exception {
        String name = newName();
        post("referee", "/api/accounts", Map.of("username", name, "password", "the-right-one"));
        for (int i = 0; i < 25; i++) { // a guesser spread over many addresses: the account waits from those
            throttle.failed(name, "198.51.100." + i);
        }
        SessionApiTest.Browserless client = new SessionApiTest.Browserless(this::uri, "198.51.100.7");
        HttpResponse<String> login = client.login(name, "the-right-one");
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElseThrow()).contains("/login?throttled=");
        assertThat(client.get(login.headers().firstValue("Location").orElseThrow().replaceFirst("^https?://[^/]+", ""))
                .body()).contains("Too many failed attempts");
    }
}
