package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every sample played through its pages, as its players and the referee would, and every page read as a person reads
 * it (its visible text, the choices of its lists, its tooltips, with every form opened): no counter's, side's or
 * weapon's id of the campaign, no UPPER_CASE enum value, no UUID and no Java class name may be on any of them
 * (issue 22). A problem's {@code detail} from the API is read the same way. The result of an action is shown at the
 * top of the acting player's view in words and as a short notice on the other viewers' pages.
 */
class NamesBrowserTest extends BrowserTestSupport {

    /** What a person reads of the page: every form opened, its text, its lists' choices, its tooltips. */
    private static final String READ_PAGE = """
            document.querySelectorAll('details').forEach(d => d.open = true);
            const parts = [document.title, document.body.innerText];
            document.querySelectorAll('option').forEach(o => parts.push(o.textContent));
            document.querySelectorAll('[title]').forEach(e => parts.push(e.getAttribute('title')));
            document.querySelectorAll('title').forEach(e => parts.push(e.textContent));
            document.querySelectorAll('[aria-label]').forEach(e => parts.push(e.getAttribute('aria-label')));
            document.querySelectorAll('input[placeholder]').forEach(e => parts.push(e.placeholder));
            return parts.join('\\n');""";

    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    /** An enum constant of more than one word ("LITTER_CASE"). */
    private static final Pattern UPPER_SNAKE = Pattern.compile("\\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\\b");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    private static final Pattern JAVA_NAME = Pattern.compile("\\b(org\\.wargame|java\\.|javax\\.|jakarta\\.)"
            + "|\\w+(Exception|Error)\\b");

    /** The simple names of the tracker's own classes with two capitals or more ("ActionTaken", "GunUnloaded"). */
    private static final Set<String> CLASS_NAMES = new TreeSet<>();
    /**
     * The one-word constants of the tracker's enums ("LOADER", "UNPACKING"), but the clock's phase codes and the
     * words the rule texts write in capitals themselves (the skirmish game's "ATGM Launch", its "LAW rocket").
     */
    private static final Set<String> ENUM_WORDS = new TreeSet<>();

    private static final Set<String> RULEBOOK_CAPITALS = Set.of("ATGM", "LAW");

    @BeforeAll
    static void readTheTrackersNames() throws IOException {
        Path classes = Path.of("target", "classes");
        Set<String> phaseCodes = new TreeSet<>();
        org.wargame.tracker.rules.RuleSets.all().forEach(r -> r.phases().phases().forEach(p -> phaseCodes.add(
                p.code())));
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                String simple = name.substring(name.lastIndexOf('.') + 1);
                simple = simple.substring(simple.lastIndexOf('$') + 1);
                if (simple.matches("[A-Z][a-z0-9]+[A-Z]\\w*")) {
                    CLASS_NAMES.add(simple);
                }
                try {
                    Class<?> type = Class.forName(name, false, NamesBrowserTest.class.getClassLoader());
                    if (type.isEnum()) {
                        for (Object constant : type.getEnumConstants()) {
                            String c = ((Enum<?>) constant).name();
                            if (c.length() >= 3 && c.equals(c.toUpperCase()) && !phaseCodes.contains(c)
                                    && !RULEBOOK_CAPITALS.contains(c)) {
                                ENUM_WORDS.add(c);
                            }
                        }
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // a class the test cannot load names nothing a page shows
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ ASL

    /**
     * The ASL sample: the crew becomes Pack-TI, a Mule's Casualty Reduction with the 10.4 dr entered, its result at
     * the top of alice's view and as a notice on bruno's; bruno disputes it, the referee upholds it with the
     * disputed action's own form and the later actions are replayed, credited to whoever took them.
     */
    @Test
    void asl_sample_names_everything_it_shows() throws Exception {
        String file = "asl-west-of-alamein.yaml";
        String campaignId = importSample(file);
        Ids ids = ids(file);
        List<String> found = new ArrayList<>();
        logIn("alice");
        String scenario = startFromPage(campaignId, "ex-10-3");
        readEveryCounter(scenario, ids, found, "asl start");
        advanceTo("alice", scenario, 2, 1, "RPh");
        driver.navigate().refresh();
        read(ids, found, "asl decision");
        choose("br-crew-1");
        submit(option("become-pack-ti"));
        read(ids, found, "asl pack-ti outcome");
        advanceTo("alice", scenario, 2, 2, "PFPh");

        WebDriver bruno = Browser.start();
        try {
            logIn(bruno, "bruno");
            bruno.get(url("/scenarios/" + scenario));
            driver.navigate().refresh();
            choose("br-mule-1");
            WebElement casualty = option("casualty");
            pick(casualty, "result", "casualty-reduction");
            type(casualty, "d_0", "3");
            submit(casualty);
            // the result where the eye is: at the top of alice's view, in words, with the rule and the dice
            String result = wait.until(d -> d.findElement(By.id("action-result"))).getText();
            assertThat(result).contains("10.4").contains("dr 3").contains("\"squad\" Mule 1");
            assertThat(((Number) ((JavascriptExecutor) driver).executeScript(
                    "return document.getElementById('action-result').getBoundingClientRect().top")).doubleValue())
                    .as("the result at the top of the view").isLessThan(300);
            shots(driver, "70-names-asl-result");
            // and live, as a short notice on bruno's page
            String notice = waitOn(bruno).until(d -> d.findElements(By.cssSelector("#live-notice")).stream()
                    .map(WebElement::getText).filter(t -> t.contains("10.4")).findFirst().orElse(null));
            assertThat(notice).contains("alice").contains("dr 3");
            Browser.screenshot(bruno, "71-names-asl-live-notice-laptop");
            read(ids, found, "asl casualty outcome");
            readEveryCounter(scenario, ids, found, "asl after the casualty");
            // a refusal names its counters: Mule 1 is no crew and may not become Pack-TI
            JsonNode refused = action("alice", scenario, Map.of("type", "become-pack-ti", "counterId",
                    "br-mule-1")).body();
            check(ids, "problem detail", refused.path("detail").asText(), found);

            // bruno disputes the casualty; the referee rules in the casualty's own form, filled as it was played
            String actionId = driver.findElement(By.cssSelector("#undo input[name=actionId]")).getAttribute("value");
            assertThat(post("bruno", "/api/scenarios/" + scenario + "/disputes", Map.of("actionId", actionId,
                    "reason", "the Mule was out of the line of fire")).status()).isEqualTo(201);
            // a later action, taken by whoever's move it is: replayed under the ruling, still credited to them
            assertThat(moveOn(scenario).status()).isEqualTo(200);
            logIn(bruno, "referee");
            bruno.get(url("/scenarios/" + scenario));
            WebElement resolve = waitOn(bruno).until(d -> d.findElement(By.cssSelector("form.resolve")));
            assertThat(resolve.findElements(By.cssSelector("input[name$='corrected']")).stream()
                    .filter(e -> !"hidden".equals(e.getAttribute("type"))).toList())
                    .as("no JSON box for the correction").isEmpty();
            assertThat(resolve.getText()).as("decided again with its own dice").contains("dr 3 (entered")
                    .contains("94mm INF Gun");
            Select resultChoice = new Select(resolve.findElement(By.cssSelector("select[name='c_f_result']")));
            assertThat(resultChoice.getFirstSelectedOption().getAttribute("value")).as("the disputed result filled in")
                    .isEqualTo("casualty-reduction");
            assertThat(resultChoice.getFirstSelectedOption().getText()).isEqualTo("casualty reduction");
            // left as it was played, Uphold removes the action (a correction must use the action's own dice, and
            // every other result of this casualty uses fewer: CorrectionFormTest reads a changed form)
            resolve.findElement(By.name("ruling")).sendKeys("The Mule was out of the line of fire");
            resolve.findElement(By.name("rule")).sendKeys("10.4");
            Browser.screenshot(bruno, "72-names-asl-ruling-form-laptop");
            resolve.findElement(By.cssSelector("button.uphold")).click();
            try {
                waitOn(bruno).until(d -> d.findElements(By.cssSelector("form.resolve")).isEmpty());
            } catch (org.openqa.selenium.TimeoutException notRuled) {
                throw new AssertionError("the ruling was refused: " + bruno.findElement(By.id("requests"))
                        .getText(), notRuled);
            }
            bruno.get(url("/scenarios/" + scenario + "/timeline"));
            String timeline = bruno.findElement(By.tagName("main")).getText();
            assertThat(timeline).containsPattern("by (alice|bruno), replayed under the ruling on #\\d+")
                    .doesNotContain("by referee, replayed");
        } finally {
            bruno.quit();
        }
        readEveryCounter(scenario, ids, found, "asl after the ruling");
        readOtherPages(campaignId, scenario, List.of("br-94mm", "br-mule-1"), 2, ids, found, "asl");
        assertThat(found).as("ids, enums, UUIDs or class names on the ASL sample's pages").isEmpty();
    }

    // ------------------------------------------------------------------------------------------------ hex

    @Test
    void hex_sample_names_everything_it_shows() throws Exception {
        String file = "hex-sample.yaml";
        String campaignId = importSample(file);
        Ids ids = ids(file);
        List<String> found = new ArrayList<>();
        logIn("gerd");
        String scenario = startFromPage(campaignId, "first-clash");
        readEveryCounter(scenario, ids, found, "hex start");
        choose("ger-sq-1");
        WebElement transfer = option("transfer-weapon");
        pick(transfer, "toUnitId", "ger-sq-2");
        submit(transfer);
        read(ids, found, "hex transfer outcome");
        advanceTo("gerd", scenario, 1, 1, "MP");
        driver.navigate().refresh();
        choose("ger-sq-2");
        WebElement far = option("move");
        type(far, "f_toHex", "E5");
        type(far, "f_mpCost", "9");
        submit(far);
        read(ids, found, "hex refused move");
        advanceTo("gerd", scenario, 1, 1, "FP");
        driver.navigate().refresh();
        choose("ger-sq-3");
        WebElement barrage = option("mortar-fire");
        type(barrage, "f_targetHex", "E6");
        type(barrage, "f_range", "4");
        barrage.findElement(By.cssSelector("input[type=checkbox][name='f_los']")).click();
        type(barrage, "d_0", "4 3");
        submit(barrage);
        assertThat(wait.until(d -> d.findElement(By.id("action-result"))).getText()).contains("12.61");
        shots(driver, "73-names-hex-result");
        readEveryCounter(scenario, ids, found, "hex after the barrage");
        readOtherPages(campaignId, scenario, List.of("ger-hmg-1", "ger-sq-3"), 1, ids, found, "hex");
        assertThat(found).as("ids, enums, UUIDs or class names on the hex sample's pages").isEmpty();
    }

    // ------------------------------------------------------------------------------------------------ skirmish

    @Test
    void skirmish_sample_names_everything_it_shows() throws Exception {
        String file = "skirmish-sample.yaml";
        String campaignId = importSample(file);
        Ids ids = ids(file);
        List<String> found = new ArrayList<>();
        logIn("referee");
        String scenario = startFromPage(campaignId, "ambush");
        readEveryCounter(scenario, ids, found, "skirmish start");
        moveClockOn("MOVE");
        moveClockOn(null);
        moveClockOn("FIRE");
        read(ids, found, "skirmish fire phase");
        choose("us-mg-gunner");
        WebElement us = option("designate-targets");
        pick(us, "targets[0].target", "de-mule");
        type(us, "f_targets[0].template", "1");
        submit(us);
        choose("de-rifle-2");
        WebElement de = option("designate-targets");
        pick(de, "targets[0].target", "us-rifle-2");
        submit(de);
        choose("de-rifle-2");
        WebElement fire = option("fire");
        type(fire, "f_rangeMetres", "150");
        type(fire, "d_0", "3");
        type(fire, "d_1", "5");
        submit(fire);
        shots(driver, "74-names-skirmish-result");
        readEveryCounter(scenario, ids, found, "skirmish after the fire");
        readOtherPages(campaignId, scenario, List.of("us-mg-gunner", "us-rifle-2"), 1, ids, found, "skirmish");
        assertThat(found).as("ids, enums, UUIDs or class names on the skirmish sample's pages").isEmpty();
    }

    // ------------------------------------------------------------------------------------------------ the scan

    /** The scan can fail: a text with each kind of thing it looks for is caught, a text in names is not. */
    @Test
    void the_scan_finds_an_id_an_enum_a_uuid_and_a_class_name() throws IOException {
        Ids ids = ids("asl-west-of-alamein.yaml");
        List<String> found = new ArrayList<>();
        check(ids, "fixture", "casualty (counter: br-mule-1), side british; LITTER_CASE; Role: LOADER; "
                + "2f1c8a9e-0d3b-4c6e-9a7f-1b2c3d4e5f60; GunUnloaded", found);
        assertThat(String.join("\n", found)).contains("br-mule-1").contains("british").contains("LITTER_CASE")
                .contains("LOADER").contains("2f1c8a9e").contains("GunUnloaded");
        List<String> none = new ArrayList<>();
        check(ids, "fixture", "Casualty Reduction of \"squad\" Mule 1 (British), litter case, loader, #54", none);
        assertThat(none).isEmpty();
    }

    /** The ids of a campaign file: its counters', its sides' and its weapons' (those that are no plain word). */
    private record Ids(Set<String> all) {
    }

    private static Ids ids(String file) throws IOException {
        JsonNode campaign = new ObjectMapper(new YAMLFactory()).readTree(Path.of("campaigns", file).toFile());
        Set<String> all = new LinkedHashSet<>();
        campaign.path("sides").forEach(s -> all.add(s.path("id").asText()));
        campaign.path("roster").forEach(c -> {
            all.add(c.path("id").asText());
            c.path("data").path("weapons").forEach(w -> {
                String id = w.path("id").asText();
                if (id.matches(".*[0-9_-].*")) {
                    all.add(id);
                }
            });
        });
        return new Ids(all);
    }

    /** What a person reads of {@code text}, checked; each hit added to {@code found} with where it was. */
    private static void check(Ids ids, String where, String text, List<String> found) {
        Set<String> hits = new LinkedHashSet<>();
        for (String id : ids.all()) {
            Matcher m = Pattern.compile("(?<![\\w-])" + Pattern.quote(id) + "(?![\\w-])").matcher(text);
            while (m.find()) {
                hits.add("id '" + id + "' in …" + around(text, m.start(), m.end()) + "…");
            }
        }
        for (Pattern p : List.of(UUID, UPPER_SNAKE, JAVA_NAME)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                hits.add("'" + m.group() + "' in …" + around(text, m.start(), m.end()) + "…");
            }
        }
        Matcher w = WORD.matcher(text);
        while (w.find()) {
            if (ENUM_WORDS.contains(w.group()) || CLASS_NAMES.contains(w.group())) {
                hits.add("'" + w.group() + "' in …" + around(text, w.start(), w.end()) + "…");
            }
        }
        hits.forEach(h -> found.add(where + ": " + h));
    }

    private static String around(String text, int start, int end) {
        return text.substring(Math.max(0, start - 40), Math.min(text.length(), end + 40)).replace('\n', ' ');
    }

    /** The page now, as a person reads it: every form opened, its text, its lists' choices, its tooltips. */
    private void read(Ids ids, List<String> found, String where) {
        wait.until(d -> settled());
        String text = (String) ((JavascriptExecutor) driver).executeScript(READ_PAGE);
        check(ids, where + " (" + driver.getCurrentUrl().replaceAll("^https?://[^/]+", "") + ")", text, found);
    }

    /** The scenario page with each counter of the board chosen in turn, its panel read. */
    private void readEveryCounter(String scenario, Ids ids, List<String> found, String where) {
        driver.get(url("/scenarios/" + scenario));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("board")));
        read(ids, found, where);
        List<String> counters = driver.findElements(By.cssSelector("#board [data-counter]")).stream()
                .map(e -> e.getAttribute("data-counter")).distinct().toList();
        for (String counter : counters) {
            driver.get(url("/scenarios/" + scenario + "?counter=" + counter));
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("panel")));
            read(ids, found, where + ", " + counter + " chosen");
        }
    }

    /** The campaign list, the campaign, counters' histories, the timeline, the audit and the referee's console. */
    private void readOtherPages(String campaignId, String scenario, List<String> counters, int gameTurn, Ids ids,
                                List<String> found, String where) {
        driver.get(url("/"));
        readBesideOtherCampaigns(campaignId, ids, found, where);
        driver.get(url("/campaigns/" + campaignId));
        read(ids, found, where);
        shots(driver, "75-names-" + where + "-campaign");
        for (String c : counters) {
            driver.get(url("/campaigns/" + campaignId + "/counters/" + c));
            read(ids, found, where);
        }
        driver.get(url("/scenarios/" + scenario + "/timeline"));
        read(ids, found, where);
        shots(driver, "76-names-" + where + "-timeline");
        driver.get(url("/scenarios/" + scenario + "/audit?gameTurn=" + gameTurn));
        read(ids, found, where);
        shots(driver, "77-names-" + where + "-audit");
        logIn("referee");
        driver.get(url("/console"));
        readBesideOtherCampaigns(campaignId, ids, found, where);
    }

    /**
     * A page that lists every campaign of the shared test database: the names other tests gave their campaigns
     * (a fuzzed import may call one "axis") are theirs, not this sample's ids, so they are taken out before the scan.
     */
    private void readBesideOtherCampaigns(String campaignId, Ids ids, List<String> found, String where) {
        List<String> others = new ArrayList<>();
        get("referee", "/api/campaigns").body().forEach(c -> {
            if (!campaignId.equals(c.path("campaignId").asText())) {
                others.add(c.path("name").asText());
                others.add(c.path("campaignId").asText());
            }
        });
        others.removeIf(String::isBlank);
        others.sort(java.util.Comparator.comparingInt(String::length).reversed()); // a longer name first
        wait.until(d -> settled());
        String text = (String) ((JavascriptExecutor) driver).executeScript(READ_PAGE);
        for (String other : others) {
            text = text.replace(other, " ");
        }
        check(ids, where + " (" + driver.getCurrentUrl().replaceAll("^https?://[^/]+", "") + ")", text, found);
    }

    // ------------------------------------------------------------------------------------------------ support

    private String startFromPage(String campaignId, String plan) {
        driver.get(url("/campaigns/" + campaignId));
        new Select(driver.findElement(By.id("plan"))).selectByValue(plan);
        driver.findElement(By.cssSelector("#start button")).click();
        wait.until(ExpectedConditions.urlMatches("/scenarios/[0-9a-f-]+$"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("board")));
        return driver.getCurrentUrl().replaceAll(".*/scenarios/", "");
    }

    private WebElement option(String action) {
        wait.until(d -> settled());
        WebElement li = wait.until(d -> d.findElements(By.cssSelector("#panel li.option.allowed[data-action='"
                + action + "']")).stream().findFirst().orElse(null));
        WebElement details = li.findElement(By.cssSelector("details"));
        if (details.getAttribute("open") == null) {
            li.findElement(By.tagName("summary")).click();
        }
        return li;
    }

    private static void pick(WebElement option, String name, String value) {
        new Select(option.findElement(By.cssSelector("select[name='f_" + name + "']"))).selectByValue(value);
    }

    private static void type(WebElement option, String name, String value) {
        WebElement input = option.findElement(By.cssSelector("input[name='" + name + "']"));
        input.clear();
        input.sendKeys(value);
    }

    private void submit(WebElement option) {
        String version = driver.findElement(By.id("play")).getAttribute("data-version");
        option.findElement(By.cssSelector("form.action button[type=submit]")).click();
        wait.until(d -> settled() && !d.findElements(By.cssSelector("#outcome, #refusal")).isEmpty()
                && (!version.equals(d.findElement(By.id("play")).getAttribute("data-version"))
                || !d.findElements(By.cssSelector("#refusal")).isEmpty()));
    }

    /** The page now at a laptop's size and a phone's, kept in target/screenshots/. */
    private static void shots(WebDriver browser, String name) {
        AtTheTableBrowserTest.viewport(AtTheTableBrowserTest.LAPTOP);
        ((JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
        Browser.screenshot(browser, name + "-laptop");
        AtTheTableBrowserTest.viewport(AtTheTableBrowserTest.PHONE);
        // on a phone the panel is where the player looks after acting (static/js/table.js scrolls it there)
        ((JavascriptExecutor) browser).executeScript(
                "const p = document.getElementById('panel'); if (p) { p.scrollIntoView({block: 'start'}); }");
        Browser.screenshot(browser, name + "-phone");
        AtTheTableBrowserTest.viewport(AtTheTableBrowserTest.LAPTOP);
    }
}
