package org.wargame.tracker.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two players at one table, each on their own device (two Chromium sessions, alice and bruno): what one does
 * appears on the other's page without a reload (server-sent events), and a form the other was filling in while the
 * page changed is refused as stale, with the reason shown. Also: a busy indicator while a request runs, a failed
 * request's reason next to its button, and an expired session that leads to the login page and back.
 */
class LivePagesBrowserTest extends BrowserTestSupport {

    private static WebDriver second;

    @BeforeAll
    static void startSecondBrowser() {
        second = Browser.start();
    }

    @AfterAll
    static void stopSecondBrowser() {
        if (second != null) {
            second.quit();
        }
    }

    @Test
    void a_page_redraws_what_the_other_player_did_and_refuses_a_form_filled_in_before() throws Exception {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        advance("bruno", scenarioId); // bruno's last action: his page offers to undo it
        String page = url("/scenarios/" + scenarioId);

        // the Italians' PFPh: not alice's move, the referee moves the clock on at his page
        logIn(driver, "referee");
        driver.get(page);
        logIn(second, "bruno");
        second.get(page);
        WebDriverWait secondWait = new WebDriverWait(second, Duration.ofSeconds(10));
        secondWait.ignoring(StaleElementReferenceException.class);
        // a mark on bruno's window: still there after the redraw, so the page was not loaded again
        ((JavascriptExecutor) second).executeScript("window.notReloaded = true");
        String brunoClock = clock(second);
        assertThat(clock(driver)).isEqualTo(brunoClock);
        // bruno starts typing why he would undo his advance (his undo form keeps the version it showed)
        second.findElement(By.id("undo-reason")).sendKeys("wrong phase");

        // the referee advances on his page; bruno's clock follows without a reload
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> !clock(d).equals(brunoClock));
        assertThat(((JavascriptExecutor) driver).executeScript(
                "return document.activeElement === document.querySelector('#advance button')"))
                .as("focus kept on the button after htmx redrew the page").isEqualTo(true);
        String refereeClock = clock(driver);
        long clicked = System.nanoTime();
        secondWait.until(d -> clock(d).equals(refereeClock));
        long millis = (System.nanoTime() - clicked) / 1_000_000;
        assertThat(((JavascriptExecutor) second).executeScript("return window.notReloaded")).isEqualTo(true);
        assertThat(second.findElement(By.id("outcome")).getText()).as("what happened, redrawn live")
                .contains("Clock advanced");
        Files.createDirectories(Path.of("target", "benchmark"));
        Files.writeString(Path.of("target", "benchmark", "live-update.md"), "Live update, alice's advance seen on "
                + "bruno's page (after the referee's page had redrawn): " + millis + " ms\n");
        Browser.screenshot(second, "30-live-second-page");

        // bruno's undo form was kept as he typed in it: it still carries the version he saw, so it is refused
        assertThat(second.findElement(By.id("undo-reason")).getAttribute("value")).isEqualTo("wrong phase");
        second.findElement(By.cssSelector("#undo button")).click();
        secondWait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("play"),
                "changed since you looked"));
        Browser.screenshot(second, "31-live-stale-refused");
        assertThat(refereeClock).endsWith(get("alice", "/api/scenarios/" + scenarioId).at("/clock/phase").asText());
    }

    /**
     * A change redraws only the regions it touched: alice's dispute changes bruno's requests, not his clock or board,
     * which stay in place (a mark on them survives); their forms move on to the new version, so his Advance is
     * taken, not refused as stale.
     */
    @Test
    void a_change_redraws_only_the_regions_it_touched() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        String advanceId = advance("bruno", scenarioId).at("/actionId").asText();
        logIn(second, "bruno");
        second.get(url("/scenarios/" + scenarioId));
        JavascriptExecutor js = (JavascriptExecutor) second;
        String before = clock(second);
        js.executeScript("document.getElementById('clock').dataset.mark = 'kept';"
                + "document.getElementById('board').dataset.mark = 'kept';"
                + "document.getElementById('requests').dataset.mark = 'kept';");

        assertThat(post("alice", "/api/scenarios/" + scenarioId + "/disputes", java.util.Map.of("actionId",
                advanceId, "reason", "too early")).status()).isEqualTo(201);
        waitOn(second).until(d -> d.findElement(By.id("requests")).getText().contains("too early"));
        long version = get("bruno", "/api/scenarios/" + scenarioId).at("/eventCount").asLong();
        assertThat(js.executeScript("return document.getElementById('requests').dataset.mark"))
                .as("the requests redrawn").isNull();
        assertThat(js.executeScript("return document.getElementById('clock').dataset.mark")).isEqualTo("kept");
        assertThat(js.executeScript("return document.getElementById('board').dataset.mark")).isEqualTo("kept");
        assertThat(second.findElement(By.cssSelector("#advance input[name=expectedVersion]")).getAttribute("value"))
                .isEqualTo(Long.toString(version));

        second.findElement(By.cssSelector("#advance button")).click();
        waitOn(second).until(d -> !clock(d).equals(before));
        assertThat(second.findElement(By.id("play")).getText()).doesNotContain("changed since you looked");
    }

    @Test
    void an_expired_session_leads_to_the_login_page_and_back() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        logIn(driver, "bruno"); // the Italians' RPh: his move
        String page = url("/scenarios/" + scenarioId);
        driver.get(page);
        // the session ends on the server (as after the idle timeout): the cookie names a session that is gone
        driver.manage().deleteCookieNamed("JSESSIONID");
        driver.manage().addCookie(new org.openqa.selenium.Cookie("JSESSIONID", "EXPIRED0000000000000000000000000"));
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(ExpectedConditions.urlContains("/login"));
        assertThat(driver.findElement(By.cssSelector("main")).getText()).contains("Your session ended");
        fillLogin(driver, "bruno", password("bruno"));
        wait.until(ExpectedConditions.urlToBe(page));
        assertThat(driver.findElement(By.id("clock-label")).getAttribute("textContent")).isNotBlank();
    }

    @Test
    void a_refused_request_without_a_page_shows_its_reason_next_to_the_button() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        logIn(driver, "bruno"); // the Italians' RPh: his move
        driver.get(url("/scenarios/" + scenarioId));
        // the form is sent to an address that refuses it (as a server in trouble would), with the error page
        ((JavascriptExecutor) driver).executeScript("""
                const form = document.getElementById('advance');
                form.setAttribute('hx-post', form.getAttribute('hx-post') + '-gone');
                htmx.process(form);""");
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> !d.findElements(By.cssSelector("#advance .request-failure")).isEmpty());
        assertThat(driver.findElement(By.cssSelector("#advance .request-failure")).getText())
                .contains("address");
        assertThat(driver.findElement(By.id("busy")).isDisplayed()).as("busy only while a request runs").isFalse();
    }
}
