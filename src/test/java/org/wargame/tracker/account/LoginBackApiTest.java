package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The login's {@code back} over real HTTP: the login page carries only a path of this site in its form, and the
 * login leads there; anything else (another host however spelt, encoded or not) leads to the home page.
 */
class LoginBackApiTest extends ApiTestSupport {

    private static final List<String> ELSEWHERE = List.of("/.//evil.example", "//evil", "/\\evil",
            "https://evil.example/", "/%2F%2Fevil.example", "/%5Cevil.example", "/%2e/%2fevil.example",
            "/%252F%252Fevil.example");

    static String encoded(String back) {
        return URLEncoder.encode(back, StandardCharsets.UTF_8);
    }

    /** Where a redirect leads on this site (its Location without scheme and host, which must be ours). */
    private String path(HttpResponse<String> redirect) {
        String location = redirect.headers().firstValue("Location").orElseThrow();
        String ours = "http://localhost:" + port;
        assertThat(location).satisfiesAnyOf(l -> assertThat(l).startsWith(ours + "/"),
                l -> assertThat(l).startsWith("/").doesNotStartWith("//"));
        return location.startsWith(ours) ? location.substring(ours.length()) : location;
    }

    @Test
    void the_login_leads_back_to_a_page_of_this_site() throws Exception {
        SessionApiTest.Browserless browser = new SessionApiTest.Browserless(this::uri);
        String page = browser.get("/login?back=" + encoded("/campaigns/somewhere?x=1")).body();
        assertThat(page).contains("/campaigns/somewhere?x=1");
        HttpResponse<String> login = browser.login("gerd", PLAYER_PASSWORD, "&back="
                + encoded("/campaigns/somewhere?x=1"));
        assertThat(path(login)).isEqualTo("/campaigns/somewhere?x=1");
    }

    @Test
    void any_other_back_leads_to_the_home_page() throws Exception {
        for (String back : ELSEWHERE) {
            SessionApiTest.Browserless browser = new SessionApiTest.Browserless(this::uri);
            String page = browser.get("/login?back=" + encoded(back)).body();
            assertThat(page).as(back).doesNotContain("evil");
            HttpResponse<String> login = browser.login("gerd", PLAYER_PASSWORD, "&back=" + encoded(back));
            assertThat(login.statusCode()).as(back).isEqualTo(302);
            assertThat(path(login)).as(back).isEqualTo("/");
        }
    }
}
