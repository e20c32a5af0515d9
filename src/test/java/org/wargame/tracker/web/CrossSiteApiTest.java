package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.account.SecurityConfiguration;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a page on another site can make a browser send with the Basic credentials it replays is refused: a form's
 * content types (415), and any state-changing call whose Origin or Sec-Fetch-Site says it comes from elsewhere
 * (403), with a body or without. A plain client (curl: Basic credentials, a JSON body, no extra header) works.
 */
class CrossSiteApiTest extends ApiTestSupport {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    JdbcTemplate jdbc;

    long events() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    HttpRequest.Builder as(String user, String path) {
        return HttpRequest.newBuilder(uri(path)).header("Authorization", "Basic " + Base64.getEncoder()
                .encodeToString((user + ":" + password(user)).getBytes(StandardCharsets.UTF_8)));
    }

    HttpResponse<String> call(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void a_cross_site_state_change_is_refused_with_or_without_a_body() throws Exception {
        long before = events();
        String rebuild = "/api/history/rebuild";
        HttpResponse<String> noBody = call(as("referee", rebuild).header("Origin", "https://evil.example")
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(noBody.statusCode()).isEqualTo(403);
        assertThat(noBody.headers().firstValue("Content-Type")).hasValueSatisfying(
                t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(noBody.body()).contains("evil.example");
        HttpResponse<String> fetchMeta = call(as("referee", rebuild).header("Sec-Fetch-Site", "cross-site")
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(fetchMeta.statusCode()).isEqualTo(403);
        HttpResponse<String> sameSite = call(as("referee", rebuild).header("Sec-Fetch-Site", "same-site")
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(sameSite.statusCode()).isEqualTo(403);
        HttpResponse<String> withBody = call(as("referee", "/api/campaigns").header("Origin", "null")
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(InputContractApiTest.aslFile("cross-site-1"))));
        assertThat(withBody.statusCode()).isEqualTo(403);
        HttpResponse<String> otherPort = call(as("referee", "/api/campaigns")
                .header("Origin", "http://localhost:" + (port + 1)).header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(InputContractApiTest.aslFile("cross-site-2"))));
        assertThat(otherPort.statusCode()).isEqualTo(403);
        assertThat(events()).isEqualTo(before);
    }

    @Test
    void a_form_or_text_body_gets_415_and_reads_stay_open_cross_site() throws Exception {
        long before = events();
        for (String type : new String[]{"application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                "text/plain"}) {
            HttpResponse<String> form = call(as("referee", "/api/campaigns").header("Content-Type", type)
                    .POST(HttpRequest.BodyPublishers.ofString(InputContractApiTest.aslFile("cross-form"))));
            assertThat(form.statusCode()).as(type).isEqualTo(415);
            assertThat(form.body()).contains("application/json");
        }
        HttpResponse<String> noType = call(as("referee", "/api/campaigns")
                .POST(HttpRequest.BodyPublishers.ofString("id: x")));
        assertThat(noType.statusCode()).isEqualTo(415);
        HttpResponse<String> latin = call(as("referee", "/api/campaigns")
                .header("Content-Type", "application/yaml; charset=ISO-8859-1")
                .POST(HttpRequest.BodyPublishers.ofString("id: x")));
        assertThat(latin.statusCode()).isEqualTo(415);
        assertThat(events()).isEqualTo(before);
        HttpResponse<String> read = call(as("alice", "/api/campaigns").header("Origin", "https://evil.example")
                .header("Sec-Fetch-Site", "cross-site").GET());
        assertThat(read.statusCode()).isEqualTo(200); // reads change nothing; CORS keeps the answer from the page
    }

    @Test
    void curl_and_the_tracker_s_own_origin_keep_working() throws Exception {
        String id = InputContractApiTest.newId();
        HttpResponse<String> curl = call(as("referee", "/api/campaigns").header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(InputContractApiTest.aslFile(id))));
        assertThat(curl.statusCode()).as(curl.body()).isEqualTo(201);
        HttpResponse<String> json = call(as("alice", "/api/campaigns/" + id + "/scenarios")
                .header("Content-Type", "application/json; charset=UTF-8")
                .header("Origin", "http://localhost:" + port).header("Sec-Fetch-Site", "same-origin")
                .POST(HttpRequest.BodyPublishers.ofString("{\"plan\": \"ex-10-3\"}")));
        assertThat(json.statusCode()).as(json.body()).isEqualTo(201);
        String other = InputContractApiTest.newId();
        call(as("referee", "/api/campaigns").header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(InputContractApiTest.aslFile(other))));
        HttpResponse<String> proxied = call(as("alice", "/api/campaigns/" + other + "/scenarios")
                .header("Content-Type", "application/json").header("Origin", "https://tracker.club.example")
                .header("X-Forwarded-Host", "tracker.club.example").header("X-Forwarded-Proto", "https")
                .POST(HttpRequest.BodyPublishers.ofString("{\"plan\": \"ex-10-3\"}")));
        assertThat(proxied.statusCode()).as(proxied.body()).isEqualTo(201);
    }

    @Test
    void every_answer_carries_the_content_security_policy() throws Exception {
        HttpResponse<String> api = call(as("alice", "/api/me").GET());
        assertThat(api.headers().firstValue("Content-Security-Policy"))
                .hasValue(SecurityConfiguration.CONTENT_SECURITY_POLICY);
        HttpResponse<String> login = call(HttpRequest.newBuilder(uri("/login")).GET());
        assertThat(login.headers().firstValue("Content-Security-Policy"))
                .hasValue(SecurityConfiguration.CONTENT_SECURITY_POLICY);
        assertThat(SecurityConfiguration.CONTENT_SECURITY_POLICY).doesNotContain("unsafe");
    }
}
