package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeline and audit pages do not grow with history: a window of events around the point shown, with links to
 * the events before and after it, jumps to the Game Turns near it; a long Game Turn's audit and a counter's long
 * history a part at a time, every line once; and the links to static resources still lead to them (resolved once,
 * see {@link StaticLinks}).
 */
class TimelinePagingApiTest extends ApiTestSupport {

    @Autowired
    ScenarioService service;

    private final HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    private String page(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = browser.send(HttpRequest.newBuilder(uri(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private void logIn() throws IOException, InterruptedException {
        Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(page("/login"));
        assertThat(csrf.find()).isTrue();
        String form = "username=referee&password=" + URLEncoder.encode(REFEREE_PASSWORD, StandardCharsets.UTF_8)
                + "&_csrf=" + csrf.group(1);
        browser.send(HttpRequest.newBuilder(uri("/login")).header("Content-Type",
                "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static int count(String html, String needle) {
        int n = 0;
        for (int i = html.indexOf(needle); i >= 0; i = html.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    private final Actor referee = new Actor("referee", true, List.of());

    /** A scenario of West of Alamein with the Italian squad on the board, at its start. */
    private String start(String campaign, String name) {
        return service.start(campaign, new StartScenarioRequest(null, name, 100, List.of("axis", "british"),
                List.of(new Placement("it-squad-1", Map.of("hex", "F6", "terrain", "open-ground"))), List.of()),
                referee);
    }

    @Test
    void the_timeline_shows_a_window_of_events_and_links_to_the_rest() throws Exception {
        String scenario = start(importSample("asl-west-of-alamein.yaml"), "long");
        for (int i = 0; i < 600; i++) {
            service.advance(scenario, null, referee);
        }
        logIn();
        String now = page("/scenarios/" + scenario + "/timeline");
        assertThat(count(now, "data-seq=\"")).isEqualTo(Timeline.WINDOW);
        assertThat(now).contains("id=\"earlier-events\"").doesNotContain("id=\"later-events\"")
                .contains("data-seq=\"600\"").doesNotContain("data-seq=\"" + (600 - Timeline.WINDOW) + "\"");
        // Game Turns near the current one and the first, not every one; phases only near the current one
        int turnNow = Integer.parseInt(get("referee", "/api/scenarios/" + scenario).at("/clock/gameTurn").asText());
        assertThat(turnNow).isGreaterThan(2 * Timeline.TURNS_AROUND + 2);
        assertThat(now).contains("data-turn=\"1\"").contains("data-turn=\"" + turnNow + "\"")
                .doesNotContain("data-turn=\"" + (turnNow - Timeline.TURNS_AROUND - 1) + "\"");
        assertThat(count(now, "class=\"jump-phase")).isLessThan(
                (2 * Timeline.PHASES_AROUND + 1) * 2 * 10);

        String start = page("/scenarios/" + scenario + "/timeline?at=0");
        int w = Timeline.WINDOW;
        assertThat(start).contains("id=\"later-events\"").doesNotContain("id=\"earlier-events\"")
                .contains("data-seq=\"0\"").contains("data-seq=\"" + (w - 1) + "\"")
                .doesNotContain("data-seq=\"" + w + "\"");
        String middle = page("/scenarios/" + scenario + "/timeline?at=200");
        assertThat(middle).contains("data-seq=\"" + (200 - w / 2) + "\"")
                .contains("data-seq=\"" + (200 + w / 2 - 1) + "\"")
                .doesNotContain("data-seq=\"" + (200 - w / 2 - 1) + "\"")
                .doesNotContain("data-seq=\"" + (200 + w / 2) + "\"");

        String audit = page("/scenarios/" + scenario + "/audit?gameTurn=2");
        assertThat(audit).contains("Audit of Game Turn 2").contains("class=\"audited");

        // the static links lead to the style sheet and to htmx
        Matcher script = Pattern.compile("<script src=\"([^\"]+)\"").matcher(now);
        assertThat(script.find()).isTrue();
        assertThat(script.group(1)).contains("/webjars/htmx.org/").endsWith("htmx.min.js");
        assertThat(page(script.group(1))).contains("htmx");
        Matcher css = Pattern.compile("<link rel=\"stylesheet\" href=\"([^\"]+)\"").matcher(now);
        assertThat(css.find()).isTrue();
        assertThat(page(css.group(1))).isNotBlank();
    }

    @Test
    void a_long_game_turn_is_audited_a_part_at_a_time_each_action_once() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = start(campaign, "long turn");
        while (!"MPh".equals(service.advance(scenario, null, referee).state().clock().phase())) {
            // to the Italians' Movement Phase of Game Turn 1
        }
        int moves = 2 * AuditPages.PART + 50;
        for (int i = 0; i < moves; i++) {
            service.act(scenario, Map.of("type", "move", "counter", "it-squad-1", "hex", i % 2 == 0 ? "F5" : "F6",
                    "terrain", "open-ground"), referee);
        }
        logIn();
        Pattern action = Pattern.compile("id=\"action-(\\d+)\"");
        Pattern later = Pattern.compile("class=\"part-later\" rel=\"next\"\\s+href=\"([^\"]+)\"");
        List<Long> seen = new java.util.ArrayList<>();
        String path = "/scenarios/" + scenario + "/audit";
        int parts = 0;
        while (path != null) {
            String html = page(path.replace("&amp;", "&"));
            parts++;
            List<Long> here = new java.util.ArrayList<>();
            Matcher m = action.matcher(html);
            while (m.find()) {
                here.add(Long.parseLong(m.group(1)));
            }
            assertThat(here).as(path).isNotEmpty();
            // a part holds the actions of at most PART events (the last one whole)
            assertThat(here.get(here.size() - 1) - here.get(0)).as(path).isLessThan(AuditPages.PART);
            assertThat(html).contains("id=\"audit-parts-top\"").contains("id=\"audit-parts-end\"");
            if (parts > 1) {
                assertThat(html).contains("class=\"part-earlier\"");
            }
            seen.addAll(here);
            Matcher next = later.matcher(html);
            path = next.find() ? next.group(1) : null;
        }
        assertThat(parts).as("parts of a turn of %d moves", moves).isGreaterThanOrEqualTo(3);
        // every action of the turn once, in order, as the API's audit of the whole turn lists them
        List<Long> all = new java.util.ArrayList<>();
        get("referee", "/api/scenarios/" + scenario + "/audit?gameTurn=1").body()
                .forEach(a -> all.add(a.path("firstSequence").asLong()));
        assertThat(all).hasSizeGreaterThan(moves);
        assertThat(seen).isEqualTo(all);
        // from the turn's first part, "Latest actions" leads to the part ending with the turn's last action
        Matcher latest = Pattern.compile("class=\"part-latest\" href=\"([^\"]+)\"").matcher(
                page("/scenarios/" + scenario + "/audit"));
        assertThat(latest.find()).isTrue();
        String last = page(latest.group(1).replace("&amp;", "&"));
        assertThat(last).contains("id=\"action-" + all.get(all.size() - 1) + "\"")
                .doesNotContain("class=\"part-later\"").doesNotContain("class=\"part-latest\"")
                .contains("class=\"part-earlier\"");
        // the part after the last leads back, and a part asked for past the turn's end shows its last actions
        String beyond = page("/scenarios/" + scenario + "/audit?gameTurn=1&from=100000");
        assertThat(beyond).contains("class=\"part-earlier\"").doesNotContain("class=\"part-later\"");
        // the squad's history across the campaign: its latest lines first, the earlier ones a page at a time
        int history = get("referee", "/api/campaigns/" + campaign + "/counters/it-squad-1/history").body().size();
        assertThat(history).isGreaterThan(moves);
        Pattern earlier = Pattern.compile("class=\"part-earlier\" rel=\"prev\"\\s+href=\"([^\"]+)\"");
        String historyPath = "/campaigns/" + campaign + "/counters/it-squad-1";
        int lines = 0;
        int pages = 0;
        while (historyPath != null) {
            String html = page(historyPath.replace("&amp;", "&"));
            int here = count(html, "<li class=\"event\"");
            assertThat(here).as(historyPath).isBetween(1, CampaignPages.HISTORY_LINES);
            if (pages == 0) {
                assertThat(here).isEqualTo(CampaignPages.HISTORY_LINES);
                assertThat(html).contains("Lines " + (history - here + 1) + "–" + history + " of " + history)
                        .doesNotContain("class=\"part-later\"");
            }
            assertThat(html.contains("class=\"part-latest\"")).as("a link to the latest lines").isEqualTo(pages > 0);
            lines += here;
            pages++;
            Matcher m = earlier.matcher(html);
            historyPath = m.find() ? m.group(1) : null;
        }
        assertThat(lines).isEqualTo(history);
        HttpResponse<String> refused = browser.send(HttpRequest.newBuilder(uri("/campaigns/" + campaign
                + "/counters/it-squad-1?upTo=0")).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("upTo").contains("counted from 1");
        assertThat(pages).isEqualTo((history + CampaignPages.HISTORY_LINES - 1) / CampaignPages.HISTORY_LINES);

        // a Game Turn not reached has no action and no parts
        assertThat(page("/scenarios/" + scenario + "/audit?gameTurn=2")).contains("id=\"no-actions\"")
                .doesNotContain("audit-parts-top");
    }
}
