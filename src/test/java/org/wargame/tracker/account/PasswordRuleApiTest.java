package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.net.http.HttpRequest;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new password is none of the most common ones, whatever its case (400 naming the field, in plain words), when an
 * account is made, when its holder changes it and when the referee resets it; the accounts made at the first start
 * (the test passwords) keep working.
 */
class PasswordRuleApiTest extends ApiTestSupport {

    static String newName() {
        return "pw-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void a_common_password_is_refused_naming_the_field() {
        for (String common : new String[]{"password", "12345678", "Password1", "QWERTYUIOP", "trustno1"}) {
            Response refused = post("referee", "/api/accounts", Map.of("username", newName(), "password", common));
            assertThat(refused.status()).as(common).isEqualTo(400);
            assertThat(refused.at("/field").asText()).isEqualTo("password");
            assertThat(refused.raw()).contains("one of the most common passwords").doesNotContain("Exception");
        }
        assertThat(post("referee", "/api/accounts", Map.of("username", newName(), "password",
                "a-bishop-in-the-attic")).status()).isEqualTo(201);
    }

    @Test
    void the_holder_s_change_and_the_referee_s_reset_are_checked_too() {
        String name = newName();
        post("referee", "/api/accounts", Map.of("username", name, "password", "a-bishop-in-the-attic"));
        Response own = send(null, HttpRequest.newBuilder(uri("/api/me/password"))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                        (name + ":a-bishop-in-the-attic").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"currentPassword\": \"a-bishop-in-the-attic\", \"newPassword\": \"iloveyou\"}")));
        assertThat(own.status()).isEqualTo(400);
        assertThat(own.at("/field").asText()).isEqualTo("newPassword");
        Response reset = send("referee", HttpRequest.newBuilder(uri("/api/accounts/" + name))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"password\": \"Sunshine1\"}")));
        assertThat(reset.status()).isEqualTo(400);
        assertThat(reset.at("/field").asText()).isEqualTo("password");
    }

    @Test
    void the_first_start_s_accounts_keep_working() {
        assertThat(get("referee", "/api/me").status()).isEqualTo(200);
        for (String player : new String[]{"alice", "bruno", "gerd", "sam"}) {
            assertThat(get(player, "/api/me").status()).as(player).isEqualTo(200);
        }
    }
}
