package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A campaign file may declare a blind referee ({@code blindReferee: true}): over real HTTP, that referee reads the
 * commitment of another side's unrevealed seal but not its content, on the scenario view, the seals endpoint, the
 * time travel, the scenario page, the API's export and the console's export; the referee of a campaign without the
 * key reads the content on each of them. A value that is not true or false is refused naming the key.
 */
class BlindRefereeApiTest extends ApiTestSupport {

    private static final String MARKER = "blind-referee-marker-QXZKW";

    @Test
    void a_blind_referee_reads_the_commitment_not_the_content_and_a_normal_referee_reads_it() throws Exception {
        String blind = importFile(sample().replaceFirst("(?m)^referee: referee$", "referee: referee\nblindReferee: true"));
        String normal = importFile(sample());
        assertThat(get("referee", "/api/campaigns/" + blind).raw()).contains("\"blindReferee\":true");
        assertThat(get("referee", "/api/campaigns/" + normal).raw()).contains("\"blindReferee\":false");

        String hidden = sealedScenario(blind);
        String open = sealedScenario(normal);

        // the blind referee: the commitment and the words, never the content
        for (String path : paths(hidden)) {
            Response r = get("referee", path);
            assertThat(r.status()).as(path + ": " + r.raw()).isEqualTo(200);
            assertThat(r.raw()).as(path).doesNotContain(MARKER).contains(commitment(hidden));
        }
        String blindExport = get("referee", "/api/campaigns/" + blind + "/export").raw();
        assertThat(blindExport).contains(commitment(hidden)).doesNotContain(MARKER).doesNotContain("sealedSecret");
        HttpClient browser = logIn("referee");
        assertThat(page(browser, "/scenarios/" + hidden)).contains("sealed SPOT").doesNotContain(MARKER);
        String blindConsole = page(browser, "/console/campaigns/" + blind + "/export");
        assertThat(blindConsole).contains(commitment(hidden)).doesNotContain(MARKER).doesNotContain("sealedSecret");

        // the sealing side reads its own content in the blind referee's campaign too (the control)
        assertThat(get("sam", "/api/scenarios/" + hidden + "/seals").raw()).contains(MARKER);

        // the referee who sees everything: the content on every path
        for (String path : paths(open)) {
            Response r = get("referee", path);
            assertThat(r.status()).as(path + ": " + r.raw()).isEqualTo(200);
            assertThat(r.raw()).as(path).contains(MARKER);
        }
        assertThat(get("referee", "/api/campaigns/" + normal + "/export").raw()).contains(MARKER)
                .contains("\"kind\":\"sealedSecret\"");
        assertThat(page(browser, "/scenarios/" + open)).contains(MARKER);
        assertThat(page(browser, "/console/campaigns/" + normal + "/export")).contains(MARKER)
                .contains("\"kind\":\"sealedSecret\"");

        // after the reveal the blind referee reads it like everybody
        String sealId = get("sam", "/api/scenarios/" + hidden + "/seals").at("/0/sealId").asText();
        Response revealed = post("sam", "/api/scenarios/" + hidden + "/seals/" + sealId + "/reveal", null);
        assertThat(revealed.status()).as(revealed.raw()).isEqualTo(200);
        assertThat(get("referee", "/api/scenarios/" + hidden + "/seals").raw()).contains(MARKER);
    }

    @Test
    void a_blind_referee_key_that_is_not_true_or_false_is_refused_naming_it() throws Exception {
        for (String value : new String[]{"\"true\"", "yes-please", "1", "[true]", "{on: true}", "null", "~"}) {
            String text = sample().replaceFirst("(?m)^referee: referee$", "referee: referee\nblindReferee: " + value);
            Response r = post("referee", "/api/campaigns", withNewId(text), "application/yaml");
            assertThat(r.status()).as(value + ": " + r.raw()).isEqualTo(400);
            assertThat(r.at("/detail").asText()).as(value).contains("blindReferee").doesNotContain("java.")
                    .doesNotContain("Boolean");
        }
        Response misspelt = post("referee", "/api/campaigns", withNewId(sample().replaceFirst("(?m)^referee: referee$",
                "referee: referee\nblindRefere: true")), "application/yaml");
        assertThat(misspelt.status()).as(misspelt.raw()).isEqualTo(400);
        assertThat(misspelt.at("/detail").asText()).contains("blindRefere");
        // false is the default, said out loud
        String off = importFile(sample().replaceFirst("(?m)^referee: referee$", "referee: referee\nblindReferee: false"));
        assertThat(get("referee", "/api/campaigns/" + off).raw()).contains("\"blindReferee\":false");
    }

    @Test
    void a_campaign_stored_before_the_key_reads_as_a_referee_who_sees_everything() throws Exception {
        // the payload and the read model's state as they were stored before blindReferee existed
        var mapper = org.wargame.tracker.store.StoredJson.mapper();
        var created = mapper.readValue("{\"campaignId\":\"old\",\"name\":\"Old\",\"ruleSet\":\"asl\","
                + "\"sides\":[],\"referee\":\"referee\",\"plans\":[],\"clock\":null,\"disputePeriodDays\":7}",
                org.wargame.tracker.campaign.CampaignEvent.CampaignCreated.class);
        assertThat(created.blindReferee()).isNull();
        var state = org.wargame.tracker.campaign.CampaignState.created(created);
        assertThat(state.blindReferee()).isFalse();
        String stored = mapper.writeValueAsString(state).replace(",\"blindReferee\":false", "");
        assertThat(stored).doesNotContain("blindReferee");
        assertThat(mapper.readValue(stored, org.wargame.tracker.campaign.CampaignState.class).blindReferee())
                .isFalse();
    }

    /** A skirmish scenario of {@code campaign} in which the U.S. sealed a note holding the marker. */
    private String sealedScenario(String campaign) {
        String s = startPlan("referee", campaign, "ambush");
        Response sealed = post("sam", "/api/scenarios/" + s + "/seals", Map.of("label", "SPOT",
                "content", "the ambush comes from the ford " + MARKER));
        assertThat(sealed.status()).as(sealed.raw()).isEqualTo(201);
        return s;
    }

    private String commitment(String scenario) {
        JsonNode seals = get("sam", "/api/scenarios/" + scenario + "/seals").body();
        return seals.get(0).get("commitment").asText();
    }

    private static java.util.List<String> paths(String s) {
        return java.util.List.of("/api/scenarios/" + s, "/api/scenarios/" + s + "/seals",
                "/api/scenarios/" + s + "/seals?after=1", "/api/scenarios/" + s + "/state");
    }

    private static String sample() throws IOException {
        return Files.readString(Path.of("campaigns", "skirmish-sample.yaml"));
    }

    private static String withNewId(String text) {
        return text.replaceFirst("(?m)^id: .*$", "id: blind-" + UUID.randomUUID().toString().substring(0, 8));
    }

    private String importFile(String text) {
        String copy = withNewId(text);
        Response r = post("referee", "/api/campaigns", copy, "application/yaml");
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return copy.lines().filter(l -> l.startsWith("id: ")).findFirst().orElseThrow().substring(4).trim();
    }

    private String page(HttpClient browser, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = browser.send(HttpRequest.newBuilder(uri(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private HttpClient logIn(String user) throws IOException, InterruptedException {
        HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        String login = browser.send(HttpRequest.newBuilder(uri("/login")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(login);
        assertThat(csrf.find()).isTrue();
        String form = "username=" + user + "&password=" + URLEncoder.encode(password(user), StandardCharsets.UTF_8)
                + "&_csrf=" + csrf.group(1);
        browser.send(HttpRequest.newBuilder(uri("/login")).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
        return browser;
    }
}
