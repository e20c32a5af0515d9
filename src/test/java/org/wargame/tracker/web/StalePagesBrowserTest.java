package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two pages of one scenario, as at a table with two devices: every form carries the version its page showed, so a
 * page that is no longer the latest cannot act on what the other changed; the player sees why (the request is
 * answered 409 and the page swapped in with the reason).
 */
class StalePagesBrowserTest extends BrowserTestSupport {

    @Test
    void twoPagesUndoingTheSameLastActionUndoOnlyOnceAndAStalePageCannotAdvance() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        // the Italians' RPh and PFPh are bruno's moves: his two devices
        advance("bruno", scenarioId);
        advance("bruno", scenarioId);
        logIn("bruno");
        String page = url("/scenarios/" + scenarioId);
        driver.get(page);
        withoutLiveUpdates();
        String first = driver.getWindowHandle();
        String lastShown = driver.findElement(By.id("last-action")).getText();
        driver.switchTo().newWindow(WindowType.TAB);
        driver.get(page);
        withoutLiveUpdates();
        String second = driver.getWindowHandle();
        String clockBefore = clock(driver);

        // the first page undoes the last action it showed
        driver.switchTo().window(first);
        driver.findElement(By.cssSelector("#undo button")).click();
        wait.until(d -> d.findElement(By.id("notice")).getText().startsWith("Undone at once"));
        withoutLiveUpdates(); // the page htmx swapped in is live again
        String clockAfterUndo = clock(driver);
        assertThat(clockAfterUndo).isNotEqualTo(clockBefore);

        // the second page still shows the same last action: its undo is refused, nothing more is undone
        driver.switchTo().window(second);
        assertThat(driver.findElement(By.id("last-action")).getText()).isEqualTo(lastShown);
        driver.findElement(By.cssSelector("#undo button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#undo-box"),
                "changed since you looked"));
        assertThat(get("alice", "/api/scenarios/" + scenarioId).at("/clock/phase").asText())
                .isEqualTo(get("alice", "/api/scenarios/" + scenarioId + "/state").at("/clock/phase").asText());
        Browser.screenshot(driver, "20-stale-undo");

        // bruno advances through the API; his first page still shows the old clock: its advance is refused
        driver.switchTo().window(first);
        long version = get("alice", "/api/scenarios/" + scenarioId).at("/eventCount").asLong();
        assertThat(advance("bruno", scenarioId).status()).isEqualTo(200);
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("advance"), "the clock moved from"));
        assertThat(get("alice", "/api/scenarios/" + scenarioId).at("/eventCount").asLong()).isEqualTo(version + 1);
        // the refused page now shows the latest clock, so the next click acts on what the player sees
        // (the MPh: both sides act in it, so his button ends his phase and the clock waits for the British)
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> d.findElement(By.id("clock-who")).getText().contains("ended it"));
        Browser.screenshot(driver, "21-stale-advance");
        List<String> handles = List.copyOf(driver.getWindowHandles());
        driver.switchTo().window(second).close();
        driver.switchTo().window(first);
        assertThat(handles).hasSize(2);
    }

    /**
     * Pages that stay as they were drawn, as when the live update has not arrived yet (LivePagesBrowserTest shows
     * it arriving): what is tested here is the version every form carries.
     */
    private void withoutLiveUpdates() {
        // after htmx's swap has settled (its settle step puts a swapped element's new attributes back)
        wait.until(d -> (Boolean) ((org.openqa.selenium.JavascriptExecutor) d).executeScript(
                "return document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added') == null"));
        ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                "document.querySelectorAll('[data-live]').forEach(e => e.removeAttribute('data-live'));"
                        + "document.querySelectorAll('[data-live-stream]').forEach(e => "
                        + "e.removeAttribute('data-live-stream'))");
    }
}
