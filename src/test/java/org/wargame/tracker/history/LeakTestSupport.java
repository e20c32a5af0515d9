package org.wargame.tracker.history;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the leak tests share: a random marker no id or hash can hold by chance, its parts that would give it away,
 * and every read path of a scenario and its campaign as one viewer reads it (API, time travel at every event, the
 * live stream, the pages and their fragments).
 */
abstract class LeakTestSupport extends ApiTestSupport {

    @Autowired
    protected JdbcTemplate jdbc;

    /** Letters no hexadecimal id or hash holds, so that a part of the marker cannot appear by chance. */
    private static final String ALPHABET = "GHJKLMNPQRSTUVWXYZ";
    private static final int WINDOW = 8;

    protected static String marker() {
        SecureRandom random = new SecureRandom();
        StringBuilder b = new StringBuilder("secret-");
        for (int i = 0; i < 24; i++) {
            b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return b.toString();
    }

    /** Every part of the marker that could give it away: each run of {@value #WINDOW} letters, and its Base64. */
    protected static List<String> parts(String marker) {
        String random = marker.substring("secret-".length());
        List<String> parts = new ArrayList<>();
        for (int i = 0; i + WINDOW <= random.length(); i++) {
            parts.add(random.substring(i, i + WINDOW));
        }
        parts.add(Base64.getEncoder().encodeToString(marker.getBytes(StandardCharsets.UTF_8)).substring(0, 16));
        return parts;
    }

    /** Every read path, as {@code user}: what each answered (path to body). */
    protected Map<String, String> everything(String user, String campaign, String s) throws Exception {
        return everything(user, campaign, s, "us-mg-gunner");
    }

    /** Every read path, as {@code user}, with {@code counter}'s history and panel. */
    protected Map<String, String> everything(String user, String campaign, String s, String counter)
            throws Exception {
        Map<String, String> bodies = new LinkedHashMap<>();
        long events = get(user, "/api/scenarios/" + s).at("/eventCount").asLong();
        List<String> api = new ArrayList<>(List.of("/api/scenarios/" + s, "/api/scenarios/" + s + "/seals",
                "/api/scenarios/" + s + "/events", "/api/scenarios/" + s + "/audit?gameTurn=1",
                "/api/scenarios/" + s + "/audit?from=0&to=" + (events - 1),
                "/api/scenarios/" + s + "/steps?from=0&to=" + (events - 1), "/api/scenarios/" + s + "/bookmarks",
                "/api/scenarios/" + s + "/undo-requests", "/api/scenarios/" + s + "/disputes",
                "/api/scenarios/" + s + "/hand-back", "/api/scenarios/" + s + "/dice/verify",
                "/api/campaigns/" + campaign, "/api/campaigns/" + campaign + "/state?after=0",
                "/api/campaigns/" + campaign + "/roster", "/api/campaigns/" + campaign + "/events",
                "/api/campaigns/" + campaign + "/scenarios", "/api/campaigns/" + campaign + "/dice",
                "/api/campaigns/" + campaign + "/counters/" + counter + "/history",
                "/api/campaigns/" + campaign + "/export", "/api/campaigns/" + campaign + "/verify"));
        for (long n = 0; n < events; n++) { // time travel: the state and the seals at every event
            api.add("/api/scenarios/" + s + "/state?after=" + n);
            api.add("/api/scenarios/" + s + "/seals?after=" + n);
        }
        for (String path : api) {
            Response r = get(user, path);
            assertThat(r.status()).as(path + ": " + r.raw()).isEqualTo(200);
            bodies.put("GET " + path, r.raw());
        }
        bodies.put("live", live(user, s));
        HttpClient browser = logIn(user);
        for (String page : List.of("/scenarios/" + s, "/scenarios/" + s + "?since=0", "/scenarios/" + s
                        + "/timeline", "/scenarios/" + s + "/audit", "/scenarios/" + s + "/fragments/clock",
                "/scenarios/" + s + "/fragments/board", "/scenarios/" + s + "/fragments/panel?counter=" + counter,
                "/scenarios/" + s + "/fragments/requests", "/scenarios/" + s + "/fragments/happened",
                "/campaigns/" + campaign, "/campaigns/" + campaign + "/counters/" + counter, "/")) {
            HttpResponse<String> r = browser.send(HttpRequest.newBuilder(uri(page)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(page).isEqualTo(200);
            bodies.put("page " + page, r.body());
        }
        return bodies;
    }

    /** What the live stream sends in a second and a half (the version it starts with). */
    private String live(String user, String s) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri("/api/scenarios/" + s + "/live"))
                .header("Accept", "text/event-stream").header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString((user + ":" + password(user)).getBytes(StandardCharsets.UTF_8))).GET().build();
        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(request,
                HttpResponse.BodyHandlers.ofLines());
        assertThat(stream.statusCode()).isEqualTo(200);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> stream.body().forEach(lines::add), "live-reader");
        reader.setDaemon(true);
        reader.start();
        StringBuilder all = new StringBuilder();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
        while (System.nanoTime() < until) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null) {
                all.append(line).append('\n');
            }
        }
        stream.body().close();
        assertThat(all.toString()).contains("data:");
        return all.toString();
    }

    protected HttpClient logIn(String user) throws IOException, InterruptedException {
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
