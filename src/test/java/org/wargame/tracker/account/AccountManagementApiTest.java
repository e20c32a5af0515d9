package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Accounts a club can run, through HTTP: a player changes their own password, the referee disables, re-enables and
 * promotes accounts, and each change counts from the very next request, although the old password was remembered.
 */
class AccountManagementApiTest extends ApiTestSupport {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    static String newName() {
        return "acct-" + UUID.randomUUID().toString().substring(0, 8);
    }

    int status(String user, String password, String path) throws IOException, InterruptedException {
        return call(user, password, HttpRequest.newBuilder(uri(path)).GET()).statusCode();
    }

    HttpResponse<String> call(String user, String password, HttpRequest.Builder request)
            throws IOException, InterruptedException {
        request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8)));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> postAs(String user, String password, String path, String json)
            throws IOException, InterruptedException {
        return call(user, password, HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    @Test
    void a_player_changes_their_own_password_and_the_old_one_stops_at_once() throws Exception {
        String name = newName();
        assertThat(post("referee", "/api/accounts", Map.of("username", name, "password", "first-password"))
                .status()).isEqualTo(201);
        assertThat(status(name, "first-password", "/api/me")).isEqualTo(200); // now remembered
        HttpResponse<String> wrongCurrent = postAs(name, "first-password", "/api/me/password",
                "{\"currentPassword\": \"not-it-at-all\", \"newPassword\": \"second-password\"}");
        assertThat(wrongCurrent.statusCode()).isEqualTo(400);
        assertThat(wrongCurrent.body()).contains("\"field\":\"currentPassword\"");
        HttpResponse<String> tooShort = postAs(name, "first-password", "/api/me/password",
                "{\"currentPassword\": \"first-password\", \"newPassword\": \"short\"}");
        assertThat(tooShort.statusCode()).isEqualTo(400);
        assertThat(tooShort.body()).contains("\"field\":\"newPassword\"");
        HttpResponse<String> changed = postAs(name, "first-password", "/api/me/password",
                "{\"currentPassword\": \"first-password\", \"newPassword\": \"second-password\"}");
        assertThat(changed.statusCode()).as(changed.body()).isEqualTo(204);
        assertThat(status(name, "first-password", "/api/me")).isEqualTo(401);
        assertThat(status(name, "second-password", "/api/me")).isEqualTo(200);
    }

    @Test
    void the_referee_disables_and_re_enables_an_account_effective_at_once() throws Exception {
        String name = newName();
        post("referee", "/api/accounts", Map.of("username", name, "password", "a-good-password"));
        assertThat(status(name, "a-good-password", "/api/me")).isEqualTo(200);
        HttpResponse<String> disabled = call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(
                uri("/api/accounts/" + name)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": false}")));
        assertThat(disabled.statusCode()).as(disabled.body()).isEqualTo(200);
        assertThat(disabled.body()).contains("\"enabled\":false");
        assertThat(status(name, "a-good-password", "/api/me")).isEqualTo(401);
        Response list = get("referee", "/api/accounts");
        assertThat(list.body().findValuesAsText("username")).contains(name, "referee", "alice");
        assertThat(list.raw()).doesNotContain("password").doesNotContain("$2");
        call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(uri("/api/accounts/" + name))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": true}")));
        assertThat(status(name, "a-good-password", "/api/me")).isEqualTo(200);
    }

    @Test
    void the_referee_changes_a_role_and_it_counts_from_the_next_request() throws Exception {
        String name = newName();
        post("referee", "/api/accounts", Map.of("username", name, "password", "a-good-password"));
        assertThat(call(name, "a-good-password", HttpRequest.newBuilder(uri("/api/accounts")).GET()).statusCode())
                .isEqualTo(403);
        HttpResponse<String> promoted = call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(
                uri("/api/accounts/" + name)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"role\": \"REFEREE\"}")));
        assertThat(promoted.statusCode()).isEqualTo(200);
        assertThat(call(name, "a-good-password", HttpRequest.newBuilder(uri("/api/accounts")).GET()).statusCode())
                .isEqualTo(200);
        // a referee may not lock themselves out
        HttpResponse<String> self = call(name, "a-good-password", HttpRequest.newBuilder(
                uri("/api/accounts/" + name)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": false}")));
        assertThat(self.statusCode()).isEqualTo(409);
        call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(uri("/api/accounts/" + name))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"role\": \"PLAYER\"}")));
        assertThat(call(name, "a-good-password", HttpRequest.newBuilder(uri("/api/accounts")).GET()).statusCode())
                .isEqualTo(403);
    }

    @Test
    void only_the_referee_manages_accounts_and_requests_are_checked() throws Exception {
        assertThat(call("alice", PLAYER_PASSWORD, HttpRequest.newBuilder(uri("/api/accounts/bruno"))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": false}"))).statusCode())
                .isEqualTo(403);
        HttpResponse<String> unknownField = call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(
                uri("/api/accounts/bruno")).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enable\": false}")));
        assertThat(unknownField.statusCode()).isEqualTo(400);
        assertThat(unknownField.body()).contains("\"field\":\"enable\"");
        HttpResponse<String> badRole = call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(
                uri("/api/accounts/bruno")).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"role\": \"ADMIN\"}")));
        assertThat(badRole.statusCode()).isEqualTo(400);
        assertThat(call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(uri("/api/accounts/nobody-here"))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": true}"))).statusCode())
                .isEqualTo(404);
        HttpResponse<String> last = call("referee", REFEREE_PASSWORD, HttpRequest.newBuilder(
                uri("/api/accounts/referee")).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"role\": \"PLAYER\"}")));
        assertThat(last.statusCode()).isEqualTo(409);
        assertThat(status("bruno", PLAYER_PASSWORD, "/api/me")).isEqualTo(200);
    }
}
