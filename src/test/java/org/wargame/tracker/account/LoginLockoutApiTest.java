package org.wargame.tracker.account;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lock-out attack of issue 20 over real HTTP: 23 wrong passwords for a referee account from 7 client addresses
 * (given as a reverse proxy gives them, X-Forwarded-For), then a flood that drives the delay to its quarter hour. The
 * attacker's addresses wait, even with the right password; the real referee logs in at once from an address that
 * gave no wrong password (API and login form) and with the password remembered as good from an attacked address
 * too, and sees the attempts (time, address) on the home page and in {@code GET /api/me}.
 */
class LoginLockoutApiTest extends ApiTestSupport {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String PASSWORD = "chess-clock-on-the-sideboard";

    @Autowired
    LoginThrottle throttle;

    @Autowired
    RememberedCredentials remembered;

    HttpResponse<String> me(String user, String password, String address) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri("/api/me"))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                        .getBytes(StandardCharsets.UTF_8)))
                .header("X-Forwarded-For", address).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static String attacker(int i) {
        return "192.0.2." + (1 + i % 7);
    }

    @Test
    void twenty_three_wrong_passwords_from_seven_addresses_do_not_lock_the_referee_out() throws Exception {
        String referee = "ref-" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(post("referee", "/api/accounts", Map.of("username", referee, "password", PASSWORD,
                "role", Accounts.REFEREE)).status()).isEqualTo(201);

        List<Integer> attack = new ArrayList<>();
        for (int i = 0; i < 23; i++) {
            attack.add(me(referee, "guess-number-" + i, attacker(i)).statusCode());
        }
        // 20 free failures of the account (at most 4 per address: under the 5 of one address), then the attackers
        // wait: the 22nd and 23rd come from addresses that failed already (unless BCrypt took over the 1 s delay)
        assertThat(attack).allMatch(s -> s == 401 || s == 429);
        assertThat(attack.subList(0, 21)).containsOnly(401);
        // a longer flood, as an attacker with time would send it: the delay doubles up to its quarter hour
        for (int i = 0; i < 12; i++) {
            throttle.failed(referee, attacker(i));
        }
        HttpResponse<String> attackerWithTheRightOne = me(referee, PASSWORD, attacker(3));
        assertThat(attackerWithTheRightOne.statusCode()).as("an address that failed waits").isEqualTo(429);
        assertThat(Long.parseLong(attackerWithTheRightOne.headers().firstValue("Retry-After").orElseThrow()))
                .isGreaterThan(60);

        // the real referee, from an address that gave no wrong password, nothing remembered: in at once
        remembered.forget(referee);
        HttpResponse<String> fresh = me(referee, PASSWORD, "198.51.100.200");
        assertThat(fresh.statusCode()).as(fresh.body()).isEqualTo(200);
        JsonNode failed = JSON.readTree(fresh.body()).at("/failedLogins");
        assertThat(failed.size()).isEqualTo(FailedLogins.KEPT); // the latest 20 of the 23 wrong passwords
        Set<String> addresses = new HashSet<>(failed.findValuesAsText("address"));
        assertThat(addresses).containsExactlyInAnyOrder("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4",
                "192.0.2.5", "192.0.2.6", "192.0.2.7");
        assertThat(failed.get(0).at("/at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");

        // now remembered as good: not held up even from an address of the attack
        assertThat(me(referee, PASSWORD, attacker(0)).statusCode()).isEqualTo(200);
        // and the attacker's next guess from there is still refused before any check
        assertThat(me(referee, "guess-number-99", attacker(0)).statusCode()).isEqualTo(429);

        // the login form, from another fresh address: in at once, and the home page shows the attempts
        remembered.forget(referee);
        SessionApiTest.Browserless browser = new SessionApiTest.Browserless(this::uri, "198.51.100.201");
        HttpResponse<String> login = browser.login(referee, PASSWORD);
        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElseThrow()).doesNotContain("/login");
        String home = browser.get("/").body();
        assertThat(home).contains("Wrong passwords given for your account").contains("192.0.2.7")
                .contains(" UTC");
    }

    @Test
    void an_account_with_no_failed_login_shows_none() throws Exception {
        String name = "calm-" + UUID.randomUUID().toString().substring(0, 8);
        post("referee", "/api/accounts", Map.of("username", name, "password", PASSWORD));
        HttpResponse<String> me = me(name, PASSWORD, "198.51.100.202");
        assertThat(JSON.readTree(me.body()).at("/failedLogins").size()).isZero();
        SessionApiTest.Browserless browser = new SessionApiTest.Browserless(this::uri, "198.51.100.202");
        browser.login(name, PASSWORD);
        assertThat(browser.get("/").body()).doesNotContain("Wrong passwords given");
    }
}
