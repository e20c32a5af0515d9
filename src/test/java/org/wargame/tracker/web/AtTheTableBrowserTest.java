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
    static final Dimension PHONE = new Dimension(390, 844);

    // ------------------------------------------------------------------------------------------------ ASL

    /** EX 10.3: the crew becomes Pack-TI at Turn 2's first RPh, and the Gun is unloaded in Turn 3. */
    @Test
    void asl_pack_ti_and_unload_through_the_pages() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        login("alice");
        String scenario = startFromPage(campaignId, "ex-10-3");
        fitsTheLaptop("asl");
        shots("30-asl-scenario");
        assertThat(text("#clock-whose")).isEqualTo("Italians' turn");
        assertThat(driver.findElements(By.cssSelector("#board svg.hex-board g.hex.occupied"))).hasSizeGreaterThan(1);
        assertThat(driver.findElement(By.cssSelector("#board g.hex[data-hex='B4']")).findElements(
                By.cssSelector("a.chip"))).hasSize(3);

        // to the first RPh of Turn 2: the advance stops where a crew may become Pack-TI (a decision)
        advanceTo("RPh");
        advanceTo("RPh");
        waitClock("Turn 2, Player Turn 1");
        assertThat(text("#decision")).contains("br-crew-1");
        choose("br-crew-1");
        assertThat(text("#panel-state")).contains("Possesses");
        submit(option("become-pack-ti"));
        assertThat(text("#outcome")).contains("Pack-TI");
        choose("br-94mm");
        assertThat(text("#panel")).contains("Unpacking: 0 of 3 Game Turns done").doesNotContain("{");
        shots("31-asl-pack-ti-panel");

        // EX 10.31: unloaded at the second RPh of Turn 3
        advanceTo("CCPh");
        waitUntilClock(3, 1, "CCPh");
        click("#advance button");
        waitClock("Turn 3, Player Turn 2");
        assertThat(text("#happened")).contains("Gun");
        choose("br-94mm");
        assertThat(text("#panel")).doesNotContain("Animal-Packed on");
        fitsTheLaptop("asl after the unload");
        shots("32-asl-unloaded");
    }

    // ------------------------------------------------------------------------------------------------ support

    private void login(String user) {
        driver.manage().window().setSize(LAPTOP);
        driver.get(uri("/login").toString());
        driver.findElement(By.id("username")).sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(password(user));
        driver.findElement(By.cssSelector("#login button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main h1")));
    }

    private String startFromPage(String campaignId, String plan) {
        driver.get(uri("/campaigns/" + campaignId).toString());
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
        wait.until(d -> !d.findElements(By.cssSelector("#outcome, #refusal")).isEmpty()
                && (!version.equals(d.findElement(By.id("play")).getAttribute("data-version"))
                || !d.findElements(By.cssSelector("#refusal")).isEmpty()));
    }

    private void advanceTo(String phase) {
        String before = driver.findElement(By.id("clock-label")).getAttribute("textContent");
        new Select(driver.findElement(By.id("advance-to"))).selectByValue(phase);
        click("#advance button");
        wait.until(d -> !d.findElement(By.id("clock-label")).getAttribute("textContent").equals(before)
                || !d.findElements(By.cssSelector("#clock .error")).isEmpty());
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
        assertThat(wide).as(name + ": no horizontal scroll on a phone").isEqualTo(Boolean.FALSE);
        Browser.screenshot(driver, name + "-phone");
        viewport(LAPTOP);
    }

    static WebDriver driver() {
        return driver;
    }
}
