package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages' session over real HTTP: its cookie is SameSite=Lax (and Secure when the request came over HTTPS), and
 * it ends at the next request once the referee disables the account or the password changes.
 */
class SessionApiTest extends ApiTestSupport {

    /** A client of the pages: keeps its cookies, reads the CSRF token of the login form, does not follow redirects. */
    static final class Browserless {
        private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");
        private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        private final Function<String, URI> uri;
        private final String address;

        Browserless(Function<String, URI> uri) {
            this(uri, null);
        }

        /** A browser at client {@code address} (as a reverse proxy tells it: X-Forwarded-For). */
        Browserless(Function<String, URI> uri, String address) {
            this.uri = uri;
            this.address = address;
        }

        private HttpRequest.Builder request(String path) {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri.apply(path));
            return address == null ? request : request.header("X-Forwarded-For", address);
        }

        HttpResponse<String> get(String path) throws IOException, InterruptedException {
            return http.send(request(path).header("Accept", "text/html").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> login(String user, String password) throws IOException, InterruptedException {
            return login(user, password, "");
        }

        /** Posts the login form, with {@code more} (already encoded, "&back=...") after the credentials. */
        HttpResponse<String> login(String user, String password, String more)
                throws IOException, InterruptedException {
            Matcher token = CSRF.matcher(get("/login").body());
            assertThat(token.find()).as("the login form carries a CSRF token").isTrue();
            String form = "username=" + URLEncoder.encode(user, StandardCharsets.UTF_8) + "&password="
                    + URLEncoder.encode(password, StandardCharsets.UTF_8) + "&_csrf=" + token.group(1) + more;
            return http.send(request("/login").header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void the_session_cookie_is_same_site_lax_and_secure_over_https() throws Exception {
        HttpClient plain = HttpClient.newHttpClient();
        HttpResponse<String> http = plain.send(HttpRequest.newBuilder(uri("/login")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        String cookie = http.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID"))
                .findFirst().orElseThrow();
        assertThat(cookie).contains("SameSite=Lax").contains("HttpOnly").doesNotContain("Secure");
        HttpResponse<String> https = plain.send(HttpRequest.newBuilder(uri("/login"))
                .header("X-Forwarded-Proto", "https").GET().build(), HttpResponse.BodyHandlers.ofString());
        String secure = https.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID"))
                .findFirst().orElseThrow();
        assertThat(secure).contains("SameSite=Lax").contains("Secure");
    }

    @Test
    void a_disabled_account_s_page_session_ends_at_its_next_request() throws Exception {
        String name = "session-" + UUID.randomUUID().toString().substring(0, 8);
        post("referee", "/api/accounts", Map.of("username", name, "password", "the-right-one"));
        Browserless browser = new Browserless(this::uri);
        HttpResponse<String> login = browser.login(name, "the-right-one");
        assertThat(login.headers().firstValue("Location").orElseThrow()).doesNotContain("error");
        assertThat(browser.get("/").statusCode()).isEqualTo(200);
        send("referee", HttpRequest.newBuilder(uri("/api/accounts/" + name)).header("Content-Type",
                "application/json").method("PATCH", HttpRequest.BodyPublishers.ofString("{\"enabled\": false}")));
        HttpResponse<String> after = browser.get("/");
        assertThat(after.statusCode()).isEqualTo(302);
        assertThat(after.headers().firstValue("Location").orElseThrow()).contains("/login?ended");
        assertThat(browser.get("/").statusCode()).isEqualTo(302); // and it stays ended
        HttpResponse<String> again = browser.login(name, "the-right-one");
        assertThat(again.headers().firstValue("Location").orElseThrow()).contains("/login?error");
    }

    @Test
    void a_password_change_ends_the_sessions_opened_before_it() throws Exception {
        String name = "session-" + UUID.randomUUID().toString().substring(0, 8);
        post("referee", "/api/accounts", Map.of("username", name, "password", "the-right-one"));
        Browserless browser = new Browserless(this::uri);
        browser.login(name, "the-right-one");
        assertThat(browser.get("/").statusCode()).isEqualTo(200);
        send("referee", HttpRequest.newBuilder(uri("/api/accounts/" + name)).header("Content-Type",
                "application/json").method("PATCH", HttpRequest.BodyPublishers.ofString(
                        "{\"password\": \"a-new-one-now\"}")));
        assertThat(browser.get("/").statusCode()).isEqualTo(302);
        Browserless fresh = new Browserless(this::uri);
        fresh.login(name, "a-new-one-now");
        assertThat(fresh.get("/").statusCode()).isEqualTo(200);
    }
}
