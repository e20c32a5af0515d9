package org.wargame.tracker.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.wargame.tracker.ApiTestSupport;

import java.time.Duration;

/**
 * Base of the browser tests: one headless Chromium per test class ({@link Browser}), a fresh session and a laptop
 * window before each test, and a wait that reads an element again when htmx has swapped it meanwhile.
 */
abstract class BrowserTestSupport extends ApiTestSupport {

    protected static WebDriver driver;
    /** The referee's browser, started when a step of the clock is not this browser's player's move. */
    private static WebDriver refereeBrowser;
    protected WebDriverWait wait;

    @BeforeAll
    static void startBrowser() {
        driver = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
        if (refereeBrowser != null) {
            refereeBrowser.quit();
            refereeBrowser = null;
        }
    }

    @BeforeEach
    void freshSession() {
        driver.manage().deleteAllCookies();
        driver.manage().window().setSize(new Dimension(1280, 1000));
        wait = new WebDriverWait(driver, Duration.ofSeconds(10));
        wait.ignoring(StaleElementReferenceException.class);
        // an element a live update replaced between finding and reading it: Chromium reports it as stale, or now and
        // then as "unhandled inspector error: Node with given id does not belong to the document" (a plain
        // WebDriverException, seen in CI); the wait reads it again, and a real error still ends in its timeout
        wait.ignoring(org.openqa.selenium.WebDriverException.class);
    }

    /** The address of {@code path} on the application under test, as a browser opens it. */
    protected String url(String path) {
        return uri(path).toString();
    }

    /** Logs {@code user} in with the login form on this test's browser (a fresh session). */
    protected void logIn(String user) {
        logIn(driver, user);
    }

    /** Logs {@code user} in on {@code browser} (another player at the table): a fresh session, then the form. */
    protected void logIn(WebDriver browser, String user) {
        for (int attempt = 1; ; attempt++) {
            // the page before is left first: its live updates could still ask for a fragment once the cookies are
            // gone, and that request, remembered by the login, became where the login landed (no page, no h1)
            browser.get("about:blank");
            browser.get(url("/login"));
            browser.manage().deleteAllCookies();
            browser.get(url("/login"));
            fillLogin(browser, user, password(user));
            // the page after the login, not the login page still showing: a page asked for before the login's
            // answer arrived would be remembered by the login and become where it lands; or the login's refusal
            WebDriverWait slow = new WebDriverWait(browser, Duration.ofSeconds(30));
            slow.ignoring(StaleElementReferenceException.class);
            slow.until(d -> d.getCurrentUrl().contains("/login?") || !d.getCurrentUrl().contains("/login")
                    && !d.findElements(org.openqa.selenium.By.cssSelector("main h1")).isEmpty());
            String now = browser.getCurrentUrl();
            if (!now.contains("/login")) {
                return;
            }
            // failed logins of other tests on this address (the same application) can make it wait: it says how long
            java.util.regex.Matcher throttled = java.util.regex.Pattern.compile("throttled=(\\d+)").matcher(now);
            if (throttled.find() && attempt < 4) {
                try {
                    Thread.sleep((Long.parseLong(throttled.group(1)) + 1) * 1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                continue;
            }
            String alert = browser.findElements(org.openqa.selenium.By.cssSelector("[role=alert]")).stream()
                    .map(org.openqa.selenium.WebElement::getText).reduce("", (a, b) -> a + " " + b);
            throw new AssertionError("the login of " + user + " stayed on " + now + ":" + alert);
        }
    }

    /** Types a user name and password into the login form on the page and sends it. */
    protected static void fillLogin(WebDriver browser, String user, String password) {
        browser.findElement(org.openqa.selenium.By.id("username")).sendKeys(user);
        browser.findElement(org.openqa.selenium.By.id("password")).sendKeys(password);
        browser.findElement(org.openqa.selenium.By.cssSelector("#login button")).click();
    }

    /** A wait on {@code browser} that reads an element again when htmx swapped it meanwhile. */
    protected static WebDriverWait waitOn(WebDriver browser) {
        WebDriverWait w = new WebDriverWait(browser, Duration.ofSeconds(10));
        w.ignoring(StaleElementReferenceException.class);
        return w;
    }

    /** The scenario page's clock line on {@code browser}, read again if htmx swapped it meanwhile. */
    protected static String clock(WebDriver browser) {
        return waitOn(browser).until(d -> d.findElement(org.openqa.selenium.By.id("clock-label"))
                .getAttribute("textContent").trim());
    }

    /** Chooses a counter on the scenario page's board: its panel opens with its state and what it may do. */
    protected void choose(String counterId) {
        org.openqa.selenium.WebElement chip = wait.until(d -> d.findElement(org.openqa.selenium.By.cssSelector(
                "#board [data-counter='" + counterId + "']")));
        ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                "arguments[0].scrollIntoView({block: 'center'})", chip);
        try {
            chip.click();
        } catch (org.openqa.selenium.ElementClickInterceptedException stacked) {
            // a counter under others in its stack: click the corner left visible, as a player would
            org.openqa.selenium.Rectangle r = chip.getRect();
            new org.openqa.selenium.interactions.Actions(driver)
                    .moveToElement(chip, -r.getWidth() / 2 + 3, -r.getHeight() / 2 + 3).click().perform();
        }
        // a stack opens into its counters side by side: the counter is chosen there
        java.util.List<org.openqa.selenium.WebElement> inTray = driver.findElements(org.openqa.selenium.By
                .cssSelector("#board .stack-tray:not([hidden]) a.tray-counter[data-counter='" + counterId + "']"));
        if (!inTray.isEmpty()) {
            inTray.get(0).click();
        }
        wait.until(d -> !d.findElements(org.openqa.selenium.By.cssSelector("#panel .panel-head[data-counter='"
                + counterId + "']")).isEmpty() && settled());
    }

    /** htmx has no request running (its swap is done). */
    protected boolean settled() {
        return Boolean.TRUE.equals(((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                "return document.querySelectorAll('.htmx-request, .htmx-swapping, .htmx-settling').length === 0"));
    }

    /** The chosen counter's option for {@code action} in the panel (allowed or refused), its form opened. */
    protected org.openqa.selenium.WebElement panelOption(String action) {
        org.openqa.selenium.WebElement li = wait.until(d -> d.findElement(org.openqa.selenium.By.cssSelector(
                "#panel li.option[data-action='" + action + "']")));
        java.util.List<org.openqa.selenium.WebElement> details = li.findElements(
                org.openqa.selenium.By.cssSelector("details"));
        if (!details.isEmpty() && details.get(0).getAttribute("open") == null) {
            li.findElement(org.openqa.selenium.By.tagName("summary")).click();
        }
        return li;
    }

    /** Ticks the box of a decision the rules wait for, where the advance form lists one (left knowingly). */
    protected static void leaveTheDecision(WebDriver b) {
        for (org.openqa.selenium.WebElement box : b.findElements(
                org.openqa.selenium.By.cssSelector("#leaving input#confirm-decision"))) {
            if (!box.isSelected()) {
                box.click();
            }
        }
    }

    /**
     * Moves the clock on from the scenario page open in this browser, as whoever's move it is: this browser's player
     * when the page gives them "Advance the clock", else the referee on a second browser (who may always move it
     * on), this page drawn again after. {@code to}: a phase code of the form's list, or null for one step. A
     * decision the rules wait for is left knowingly (its box ticked); anything else left behind refuses the step.
     */
    protected void moveClockOn(String to) {
        String scenarioUrl = driver.getCurrentUrl().replaceAll("[?#].*$", "");
        String before = clock(driver);
        WebDriver at = driver;
        if (driver.findElements(org.openqa.selenium.By.id("advance-button")).isEmpty()) {
            if (refereeBrowser == null) {
                refereeBrowser = Browser.start();
                refereeBrowser.manage().window().setSize(new Dimension(1280, 1000));
                logIn(refereeBrowser, "referee");
            }
            refereeBrowser.get(scenarioUrl);
            at = refereeBrowser;
        }
        WebDriver b = at;
        waitOn(b).until(d -> !d.findElements(org.openqa.selenium.By.id("advance-button")).isEmpty());
        leaveTheDecision(b);
        if (to != null) {
            new org.openqa.selenium.support.ui.Select(b.findElement(org.openqa.selenium.By.id("advance-to")))
                    .selectByValue(to);
        }
        b.findElement(org.openqa.selenium.By.id("advance-button")).click();
        waitOn(b).until(d -> !d.findElement(org.openqa.selenium.By.id("clock-label")).getAttribute("textContent")
                .trim().equals(before) || !d.findElements(org.openqa.selenium.By.cssSelector("#clock .error"))
                .isEmpty());
        java.util.List<org.openqa.selenium.WebElement> error = b.findElements(
                org.openqa.selenium.By.cssSelector("#clock .error"));
        if (!error.isEmpty() && clock(b).equals(before)) {
            throw new AssertionError("the clock did not move on from " + before + ": " + error.get(0).getText());
        }
        if (b != driver) {
            driver.navigate().refresh();
            waitOn(driver).until(d -> !clock(d).equals(before));
        }
    }
}
