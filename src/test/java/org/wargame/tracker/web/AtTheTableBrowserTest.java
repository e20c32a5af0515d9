package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The samples played through the pages only, as players at the table would: the scenario page shows the clock, the
 * board and one action panel on a laptop screen (1366x900) without scrolling, and works on a phone (390 px). Every
 * page is kept as a screenshot at both sizes in {@code target/screenshots/}.
 */
class AtTheTableBrowserTest extends BrowserTestSupport {

    static final Dimension LAPTOP = new Dimension(1366, 900);

    @org.junit.jupiter.api.BeforeEach
    void laptop() {
        driver.manage().window().setSize(LAPTOP);
    }

    static final Dimension PHONE = new Dimension(390, 844);

    // ------------------------------------------------------------------------------------------------ ASL

    /** EX 10.3: the crew becomes Pack-TI at Turn 2's first RPh, and the Gun is unloaded in Turn 3. */
    @Test
    void asl_pack_ti_and_unload_through_the_pages() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        logIn("alice");
        String scenario = startFromPage(campaignId, "ex-10-3");
        fitsTheLaptop("asl");
        shots("30-asl-scenario");
        assertThat(text("#clock-whose")).isEqualTo("Italians' turn");
        assertThat(driver.findElements(By.cssSelector("#board svg.hex-board g.hex.occupied"))).hasSizeGreaterThan(1);
        assertThat(driver.findElement(By.cssSelector("#board g.hex[data-hex='B4']")).findElements(
                By.cssSelector("a.chip"))).hasSize(3);

        // to the first RPh of Turn 2: the advance stops where a crew may become Pack-TI (a decision)
        waitUntilClock(2, 1, "RPh");
        waitClock("Turn 2, Player Turn 1");
        // ids are for machines: the decision, the clock and the options name counters and sides
        assertThat(text("#decision")).contains("British Infantry crew may become Pack-TI")
                .doesNotContain("br-crew-1");
        assertThat(driver.findElement(By.id("clock-label")).getAttribute("textContent")).contains("(Italians)")
                .doesNotContain("(axis)");
        choose("br-crew-1");
        assertThat(text("#panel-state")).contains("Possesses");
        assertThat(text("#panel .options")).doesNotContain("br-94mm").doesNotContain("br-crew-1");
        submit(option("become-pack-ti"));
        assertThat(text("#outcome")).contains("Pack-TI");
        choose("br-94mm");
        assertThat(text("#panel")).contains("Unpacking: 0 of 3 Game Turns done; unload at the start of the British"
                + " RPh of Turn 3").doesNotContain("{").doesNotContain("br-mule-1");
        shots("31-asl-pack-ti-panel");

        // EX 10.31: unloaded at the second RPh of Turn 3
        waitUntilClock(3, 1, "CCPh");
        moveClockOn(null);
        waitClock("Turn 3, Player Turn 2");
        assertThat(text("#happened")).contains("Gun");
        choose("br-94mm");
        assertThat(text("#panel")).doesNotContain("Animal-Packed on");
        fitsTheLaptop("asl after the unload");
        shots("32-asl-unloaded");

        // every other page at both sizes too
        driver.get(url("/"));
        shots("60-campaigns");
        driver.get(url("/campaigns/" + campaignId));
        shots("61-campaign");
        driver.get(url("/campaigns/" + campaignId + "/counters/br-94mm"));
        shots("62-counter-history");
        driver.get(url("/scenarios/" + scenario + "/timeline"));
        shots("63-timeline");
        driver.get(url("/scenarios/" + scenario + "/audit?gameTurn=2"));
        shots("64-audit");
        driver.manage().deleteAllCookies();
        driver.get(url("/login"));
        shots("65-login");
    }

    /**
     * A Mule's Casualty Reduction with the 10.4 dr entered at the table; its undo is a request that bruno accepts in
     * a second browser; bruno disputes the clock advance and the referee upholds it with a ruling.
     */
    @Test
    void asl_mule_casualty_undo_with_consent_and_a_dispute_upheld() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        logIn("alice");
        String scenario = startFromPage(campaignId, "ex-10-3");
        // the Italians' RPh: not alice's move, the referee moves the clock on
        moveClockOn(null);
        waitClock("PFPh");

        choose("br-mule-1");
        WebElement casualty = option("casualty");
        assertThat(casualty.findElements(By.cssSelector("fieldset.dice input.die"))).as("the 10.4 dr and the"
                + " Covered Arc dr, each with its purpose").hasSize(2);
        assertThat(casualty.getText()).contains("10.4 table dr").contains("Covered Arc");
        pick(casualty, "result", "casualty-reduction");
        type(casualty, "d_0", "3");
        submit(casualty);
        assertThat(text("#outcome")).contains("entered");
        shots("33-asl-mule-casualty");
        click("#undo button");
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(text("#notice")).startsWith("Request sent");

        WebDriver bruno = Browser.start();
        try {
            bruno.manage().window().setSize(LAPTOP);
            logIn(bruno, "bruno");
            bruno.get(url("/scenarios/" + scenario));
            waitOn(bruno).until(
                    d -> !d.findElements(By.cssSelector("#requests .undo-request .accept button")).isEmpty());
            Browser.screenshot(bruno, "34-asl-undo-request-bruno-laptop");
            bruno.findElement(By.cssSelector("#requests .undo-request .accept button")).click();
            waitOn(bruno).until(
                    d -> d.findElements(By.cssSelector("#requests .undo-request")).isEmpty());

            // alice's page, drawn again: the Mule is whole
            driver.navigate().refresh();
            choose("br-mule-1");
            assertThat(text("#panel .panel-head")).doesNotContain("Casualty Reduced");

            // bruno disputes alice's clock advance on the timeline; the referee upholds it
            bruno.get(url("/scenarios/" + scenario + "/timeline"));
            WebElement dispute = bruno.findElements(By.cssSelector("details.dispute")).get(0);
            dispute.findElement(By.tagName("summary")).click();
            dispute.findElement(By.name("reason")).sendKeys("the Italians had not finished their RPh");
            dispute.findElement(By.cssSelector("button")).click();
            waitOn(bruno).until(
                    d -> d.getPageSource().contains("had not finished"));
            logIn(bruno, "referee");
            bruno.get(url("/scenarios/" + scenario));
            WebElement resolve = waitOn(bruno).until(d -> d.findElement(By.cssSelector("form.resolve")));
            resolve.findElement(By.name("ruling")).sendKeys("The RPh was not over");
            resolve.findElement(By.name("rule")).sendKeys("A3.1");
            Browser.screenshot(bruno, "35-asl-referee-ruling-laptop");
            resolve.findElement(By.cssSelector("button.uphold")).click();
            waitOn(bruno).until(
                    d -> d.findElement(By.id("clock-label")).getAttribute("textContent").contains("RPh"));
        } finally {
            bruno.quit();
        }
        driver.navigate().refresh();
        waitClock("RPh");
    }

    // ------------------------------------------------------------------------------------------------ hex

    /** German Player Turn 1: an HMG handed over, a move, a move refused (12.2), a mortar barrage with its dice. */
    @Test
    void hex_turn_with_a_transfer_a_move_a_refused_move_and_a_mortar_barrage() {
        String campaignId = importSample("hex-sample.yaml");
        logIn("gerd");
        startFromPage(campaignId, "first-clash");
        fitsTheLaptop("hex");
        shots("40-hex-scenario");
        assertThat(text("#clock-whose")).isEqualTo("Your turn");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex='C4'] a.chip"))).as("two squads and the"
                + " HMG one of them carries").hasSize(3);

        // Command Phase: squad 1 hands its HMG to squad 2 (12.4)
        choose("ger-sq-1");
        WebElement transfer = option("transfer-weapon");
        assertThat(transfer.findElements(By.cssSelector("select[name='f_toUnitId'] option")).stream()
                .map(o -> o.getAttribute("value"))).contains("ger-sq-2").doesNotContain("us-sq-1");
        pick(transfer, "toUnitId", "ger-sq-2");
        submit(transfer);
        assertThat(text("#outcome")).contains("12.4");

        // Movement Phase: 9 MP for squad 2 is refused (12.2); it moves into D5 for 1 MP (a number, not text)
        advanceTo("MP");
        choose("ger-sq-2");
        WebElement far = option("move");
        assertThat(far.findElement(By.cssSelector("input[name='f_mpCost']")).getAttribute("type")).isEqualTo("number");
        type(far, "f_toHex", "E5");
        type(far, "f_mpCost", "9");
        submit(far);
        assertThat(text("#refusal")).startsWith("12.2");
        shots("41-hex-refused-move");
        choose("ger-sq-2");
        WebElement move = option("move");
        type(move, "f_toHex", "D5");
        // the plan's map gives D5's terrain: the form has no box for it
        type(move, "f_mpCost", "1");
        submit(move);
        assertThat(text("#outcome")).contains("D5");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex='D5'] a.chip[data-counter='ger-sq-2']")))
                .hasSize(1);

        // Fire Phase: the mortar squad's 50mm mortar fires a barrage at E6, its 2d6 entered
        advanceTo("FP");
        choose("ger-sq-3");
        WebElement barrage = option("mortar-fire");
        assertThat(barrage.findElements(By.cssSelector("fieldset.dice input.die"))).hasSize(1);
        type(barrage, "f_targetHex", "E6");
        type(barrage, "f_range", "4");
        tick(barrage, "los");
        type(barrage, "d_0", "4 3");
        submit(barrage);
        assertThat(text("#outcome")).contains("12.61").contains("entered");
        fitsTheLaptop("hex after the barrage");
        shots("42-hex-barrage");
    }

    // ------------------------------------------------------------------------------------------------ skirmish

    /** The ambush: both sides designate, the Germans fire and wound a rifleman, a casualty is recorded. */
    @Test
    void skirmish_turn_with_designation_fire_a_casualty_and_a_wound() {
        String campaignId = importSample("skirmish-sample.yaml");
        logIn("referee");
        startFromPage(campaignId, "ambush");
        fitsTheLaptop("skirmish");
        shots("50-skirmish-scenario");
        assertThat(driver.findElements(By.cssSelector("#board .group"))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(text("#board")).contains("prone in the open").doesNotContain("⬡");

        // the U.S. part of the Movement Phase: Lowe stands up from his kneeling position
        advanceTo("MOVE");
        moveClockOn(null);
        waitClock("Player Turn 2 (U.S.), MOVE");
        choose("us-rifle-2");
        WebElement stand = option("move");
        pick(stand, "movement", "moved");
        pick(stand, "position", "standing in the open");
        submit(stand);

        // the fire phase: the advance stops there, where the sides must designate
        advanceTo("FIRE");
        waitClock("FIRE");
        assertThat(text("#decision")).contains("designates").doesNotContain("side us").doesNotContain("side german");

        // the U.S. designate first (the Germans moved first): the MG at the mule, template 1
        choose("us-mg-gunner");
        WebElement us = option("designate-targets");
        pick(us, "targets[0].target", "de-mule");
        type(us, "f_targets[0].template", "1");
        // in the same form, a row per other U.S. weapon: Dunn fires at Weber; the rows left empty do not fire
        pickLabelled(us, "Target of Pfc. Dunn", "de-rifle-1");
        submit(us);
        assertThat(text("#outcome")).doesNotContain("missing");
        choose("de-rifle-2");
        WebElement de = option("designate-targets");
        pick(de, "targets[0].target", "us-rifle-2");
        submit(de);
        // every side has designated: Dunn's shot at Weber is one of the U.S. shots to fire
        choose("us-rifle-1");
        assertThat(option("fire").getText()).contains("Gefr. Weber").doesNotContain("de-rifle-1");

        // Wolff fires at Lowe: d20 3, d6 5, the upper leg: walking wounded
        choose("de-rifle-2");
        WebElement fire = option("fire");
        type(fire, "f_rangeMetres", "150");
        type(fire, "d_0", "3");
        type(fire, "d_1", "5");
        submit(fire);
        assertThat(text("#outcome")).contains("🎲");
        choose("us-rifle-2");
        assertThat(text("#panel")).contains("walking wounded");

        // a casualty recorded by hand: the first German rifleman is killed in close combat
        choose("de-rifle-1");
        WebElement casualty = option("record-casualty");
        pick(casualty, "wound", "death");
        pick(casualty, "cause", "close combat");
        submit(casualty);
        choose("de-rifle-1");
        assertThat(text("#panel .panel-head")).contains("dead");
        // on a phone the panel is under the board: choosing a counter brings its panel into view
        viewport(PHONE);
        ((JavascriptExecutor) driver).executeScript("window.scrollTo(0, 0)");
        choose("us-rifle-2");
        wait.until(d -> ((Number) ((JavascriptExecutor) d).executeScript(
                "return Math.abs(document.getElementById('panel').getBoundingClientRect().top)")).doubleValue() < 5);
        fitsTheLaptop("skirmish after the fire");
        shots("51-skirmish-after-fire");
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

    private String text(String css) {
        return wait.until(d -> d.findElement(By.cssSelector(css))).getText();
    }

    private void click(String css) {
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(css))).click();
    }

    /** The panel's option for {@code action} (the first one whose label contains {@code label}), opened. */
    private WebElement option(String action, String... label) {
        for (int attempt = 0; ; attempt++) {
            try {
                return openOption(action, label);
            } catch (org.openqa.selenium.StaleElementReferenceException swapped) {
                if (attempt == 3) {
                    throw swapped;
                }
            }
        }
    }

    private WebElement openOption(String action, String... label) {
        wait.until(d -> settled());
        WebElement li = wait.until(d -> d.findElements(By.cssSelector("#panel li.option.allowed[data-action='"
                + action + "']")).stream().filter(e -> label.length == 0 || e.getText().contains(label[0]))
                .findFirst().orElse(null));
        WebElement details = li.findElement(By.cssSelector("details"));
        if (details.getAttribute("open") == null) {
            li.findElement(By.tagName("summary")).click();
        }
        return li;
    }

    private static void pick(WebElement option, String name, String value) {
        new Select(option.findElement(By.cssSelector("select[name='f_" + name + "']"))).selectByValue(value);
    }

    /** The select of a row whose label names the man (a side's designation holds a row per weapon). */
    private static void pickLabelled(WebElement option, String label, String value) {
        WebElement l = option.findElement(By.xpath(".//label[starts-with(normalize-space(.), '" + label + "')]"));
        new Select(option.findElement(By.id(l.getAttribute("for")))).selectByValue(value);
    }

    private static void type(WebElement option, String name, String value) {
        WebElement input = option.findElement(By.cssSelector("input[name='" + name + "']"));
        input.clear();
        input.sendKeys(value);
    }

    private static void tick(WebElement option, String name) {
        option.findElement(By.cssSelector("input[type=checkbox][name='f_" + name + "']")).click();
    }

    /** Sends an option's form; waits for the page to come back (an outcome or a refusal). */
    private void submit(WebElement option) {
        String version = driver.findElement(By.id("play")).getAttribute("data-version");
        option.findElement(By.cssSelector("form.action button[type=submit]")).click();
        wait.until(d -> settled() && !d.findElements(By.cssSelector("#outcome, #refusal")).isEmpty()
                && (!version.equals(d.findElement(By.id("play")).getAttribute("data-version"))
                || !d.findElements(By.cssSelector("#refusal")).isEmpty()));
    }

    /** Towards {@code phase}, as whoever's move it is (the advance stops at a decision or a Player Turn's end). */
    private void advanceTo(String phase) {
        moveClockOn(phase);
    }

    private void waitClock(String label) {
        wait.until(d -> d.findElement(By.id("clock-label")).getAttribute("textContent").contains(label));
    }

    private void waitUntilClock(int gameTurn, int playerTurn, String phase) {
        for (int i = 0; i < 40; i++) {
            String label = driver.findElement(By.id("clock-label")).getAttribute("textContent");
            if (label.startsWith("Turn " + gameTurn + ", Player Turn " + playerTurn + " ")
                    && label.contains(", " + phase)) {
                return;
            }
            advanceTo(phase);
        }
        throw new AssertionError("never reached " + gameTurn + "/" + playerTurn + " " + phase);
    }

    /** Sizes the window so that the page itself gets {@code size} (the window's own bars take some height). */
    @SuppressWarnings("unchecked")
    static void viewport(Dimension size) {
        driver.manage().window().setSize(size);
        Map<String, Object> inner = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(
                "return {w: window.innerWidth, h: window.innerHeight}");
        int dw = size.width - ((Number) inner.get("w")).intValue();
        int dh = size.height - ((Number) inner.get("h")).intValue();
        if (dw != 0 || dh != 0) {
            driver.manage().window().setSize(new Dimension(size.width + dw, size.height + dh));
        }
        // the browser applies a new size asynchronously: read nothing before the page has it (the checks that
        // follow read the size again and fail with the figures if it never comes)
        try {
            new org.openqa.selenium.support.ui.WebDriverWait(driver, java.time.Duration.ofSeconds(5)).until(d ->
                    ((Number) ((JavascriptExecutor) d).executeScript("return window.innerHeight")).intValue()
                            == size.height && ((Number) ((JavascriptExecutor) d).executeScript(
                            "return window.innerWidth")).intValue() == size.width);
        } catch (org.openqa.selenium.TimeoutException notExactly) {
            // measured as it is
        }
    }

    /** The board, the clock and the panel are all inside a laptop's screen, with no scrolling. */
    @SuppressWarnings("unchecked")
    private void fitsTheLaptop(String what) {
        viewport(LAPTOP);
        ((JavascriptExecutor) driver).executeScript("window.scrollTo(0, 0)");
        Map<String, Object> view = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(
                "return {w: window.innerWidth, h: window.innerHeight}");
        double w = ((Number) view.get("w")).doubleValue();
        double h = ((Number) view.get("h")).doubleValue();
        Browser.screenshot(driver, "fit-" + what.replaceAll("[^a-z0-9]+", "-"));
        for (String id : List.of("clock", "board", "panel")) {
            Map<String, Object> r = (Map<String, Object>) ((JavascriptExecutor) driver).executeScript(
                    "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                            + "return {top: r.top, left: r.left, bottom: r.bottom, right: r.right};", id);
            assertThat(((Number) r.get("top")).doubleValue()).as(what + ": top of #" + id).isGreaterThanOrEqualTo(0);
            assertThat(((Number) r.get("left")).doubleValue()).as(what + ": left of #" + id).isGreaterThanOrEqualTo(0);
            assertThat(((Number) r.get("bottom")).doubleValue()).as(what + ": bottom of #" + id + " in " + h)
                    .isLessThanOrEqualTo(h);
            assertThat(((Number) r.get("right")).doubleValue()).as(what + ": right of #" + id).isLessThanOrEqualTo(w);
        }
    }

    /** The page now at both sizes; on the phone nothing is wider than the screen. */
    private void shots(String name) {
        viewport(LAPTOP);
        Browser.screenshot(driver, name + "-laptop");
        viewport(PHONE);
        Object wide = ((JavascriptExecutor) driver).executeScript(
                "return document.documentElement.scrollWidth > window.innerWidth + 1");
        Object culprits = ((JavascriptExecutor) driver).executeScript(
                "return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right"
                        + " > window.innerWidth + 1).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className"
                        + " + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')");
        assertThat(wide).as(name + ": no horizontal scroll on a phone (" + culprits + ")").isEqualTo(Boolean.FALSE);
        Browser.screenshot(driver, name + "-phone");
        viewport(LAPTOP);
    }

    static WebDriver driver() {
        return driver;
    }
}
