package org.wargame.tracker.notice;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The notices' pages through a logged-in browser session (forms with their CSRF token): the referee's webhook page
 * (a bad address refused in words, a made secret shown once, what was sent with its answer), a player refused it,
 * and a player's mail page.
 */
class NoticePagesTest extends NoticeTestSupport {

    private static final Receiver RECEIVER = new Receiver();

    @AfterAll
    static void stopReceiver() {
        RECEIVER.close();
    }

    private static final class Session {
        final HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        String csrf;
    }

    private HttpResponse<String> get(Session s, String path) throws Exception {
        HttpResponse<String> r = s.browser.send(HttpRequest.newBuilder(uri(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(r.body());
        if (csrf.find()) {
            s.csrf = csrf.group(1);
        }
        return r;
    }

    private HttpResponse<String> post(Session s, String path, String form) throws Exception {
        return s.browser.send(HttpRequest.newBuilder(uri(path)).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form + "&_csrf="
                + s.csrf)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private Session logIn(String user) throws Exception {
        Session s = new Session();
        get(s, "/login");
        post(s, "/login", "username=" + user + "&password=" + URLEncoder.encode(password(user),
                StandardCharsets.UTF_8));
        return s;
    }

    private static String enc(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    @Test
    void the_referee_adds_a_webhook_on_its_page_and_sees_what_it_was_sent() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        Session referee = logIn("referee");
        assertThat(get(referee, "/campaigns/" + campaign).body()).contains("id=\"webhooks-link\"");
        HttpResponse<String> page = get(referee, "/campaigns/" + campaign + "/webhooks");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Add a webhook", "a scenario starts");

        HttpResponse<String> refused = post(referee, "/campaigns/" + campaign + "/webhooks", "url="
                + enc("ftp://example.org/x"));
        assertThat(refused.statusCode()).isEqualTo(422);
        assertThat(refused.body()).contains("must begin with https://");

        HttpResponse<String> added = post(referee, "/campaigns/" + campaign + "/webhooks", "url="
                + enc(RECEIVER.url("/page")) + "&events=scenario-started&format=discord");
        assertThat(added.statusCode()).isEqualTo(200);
        assertThat(added.body()).contains("id=\"made-secret\"", RECEIVER.url("/page"), "(as <span>Discord</span>)");

        startPlan("referee", campaign, "ex-10-3");
        RECEIVER.await("/page", 15, l -> !l.isEmpty());
        String shown = "";
        for (int i = 0; i < 100 && !shown.contains("answered 204"); i++) {
            Thread.sleep(100);
            shown = get(referee, "/campaigns/" + campaign + "/webhooks").body();
        }
        assertThat(shown).contains("delivered", "answered 204").doesNotContain("id=\"made-secret\"");

        Session alice = logIn("alice");
        assertThat(get(alice, "/campaigns/" + campaign + "/webhooks").statusCode()).isEqualTo(403);
        assertThat(get(alice, "/campaigns/" + campaign).body()).doesNotContain("webhooks-link");
    }

    @Test
    void a_player_sets_their_address_on_the_mail_page() throws Exception {
        Session gerd = logIn("gerd");
        assertThat(get(gerd, "/").body()).contains("href=\"/me/mail\"");
        assertThat(get(gerd, "/me/mail").body()).contains("Your mail address");
        HttpResponse<String> refused = post(gerd, "/me/mail", "address=" + enc("gerd at home"));
        assertThat(refused.statusCode()).isEqualTo(422);
        assertThat(refused.body()).contains("one mail address such as");
        HttpResponse<String> saved = post(gerd, "/me/mail", "address=" + enc("gerd-page@example.org"));
        assertThat(saved.body()).contains("Saved.", "value=\"gerd-page@example.org\"");
        post(gerd, "/me/mail", "address=");
    }
}
