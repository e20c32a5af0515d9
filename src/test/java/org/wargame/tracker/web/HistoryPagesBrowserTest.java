package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Undo, consent, disputes, time-travel jumps and the audit on the pages, in a real headless Chromium against the
 * running application (same {@link Browser} support as {@link PagesBrowserTest}). Screenshots go to
 * target/screenshots/ (10-... to 16-...).
 */
class HistoryPagesBrowserTest extends BrowserTestSupport {

    @Test
    void aPlayerUndoesAnAdvanceJumpsThroughTheTimelineAndReadsTheAudit() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        logIn("alice");
        driver.get(url("/campaigns/" + campaignId));
        new Select(driver.findElement(By.id("plan"))).selectByValue("ex-10-3");
        driver.findElement(By.cssSelector("#start button")).click();
        wait.until(ExpectedConditions.urlMatches("/scenarios/[0-9a-f-]+$"));
        String scenarioUrl = driver.getCurrentUrl();
        String scenarioId = scenarioUrl.substring(scenarioUrl.lastIndexOf('/') + 1);
        assertThat(clock(driver)).isEqualTo("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B");
        assertThat(driver.findElements(By.id("undo"))).as("nothing to undo yet").isEmpty();

        // the Italians' RPh is bruno's move: he advances, then undoes the advance; no die decided it, so it is
        // undone at once and the clock goes back
        logIn("bruno");
        driver.get(scenarioUrl);
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), PFPh"));
        assertThat(driver.findElement(By.id("last-action")).getText()).matches("#\\d+ Clock advance.*");
        driver.findElement(By.cssSelector("#undo button")).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B"));
        assertThat(driver.findElement(By.id("notice")).getText()).startsWith("Undone at once");
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("Action undone");
        assertThat(driver.getCurrentUrl()).isEqualTo(scenarioUrl);
        Browser.screenshot(driver, "10-undo");

        // nothing left to undo: the refusal is said in words next to the form
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), PFPh"));

        // on to Turn 2 RPh Step 1.13B; alice's crew becomes Pack-TI
        advanceTo("alice", scenarioId, 2, 1, "RPh");
        logIn("alice");
        driver.get(scenarioUrl);
        assertThat(clock(driver)).isEqualTo("Turn 2, Player Turn 1 (Italians), RPh Step 1.13B");
        choose("br-crew-1");
        panelOption("become-pack-ti").findElement(By.cssSelector("form.action button")).click();
        wait.until(d -> !d.findElements(By.cssSelector("#outcome")).isEmpty()
                && d.findElement(By.id("outcome")).getText().contains("Action: Become Pack-TI"));
        assertThat(driver.findElements(By.cssSelector("#panel .panel-head .marker")).stream()
                .map(WebElement::getText)).contains("Pack-TI");
        assertThat(driver.findElement(By.id("outcome")).findElements(By.cssSelector("details.dispute")))
                .as("the action just taken can be disputed").hasSize(1);

        // the timeline: the undone advance is struck through but readable; jump to Turn 1, then to Turn 2
        driver.findElement(By.id("timeline-link")).click();
        WebElement undone = driver.findElement(By.cssSelector(".event.undone"));
        assertThat(undone.getText()).contains("Clock advanced to Turn 1, Player Turn 1 (Italians), PFPh")
                .contains("Undone by #");
        assertThat(undone.findElement(By.tagName("strong")).getCssValue("text-decoration-line"))
                .isEqualTo("line-through");
        jumpToTurn(1);
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B"));
        assertThat(driver.getCurrentUrl()).contains("at=0");
        jumpToTurn(2);
        wait.until(d -> clock(driver).startsWith("Turn 2, Player Turn 1 (Italians), RPh"));
        // a phase of Turn 1 (open the Game Turn, pick its PFPh)
        driver.findElement(By.cssSelector("#jumps .turn-jump[data-turn='1'] summary")).click();
        List<WebElement> pfph = driver.findElements(By.xpath("(//details[@data-turn='1']//li)[1]"
                + "//a[contains(@class,'jump-phase') and text()='PFPh']"));
        assertThat(pfph).hasSize(1); // the undone advance to PFPh is left out of the jumps
        pfph.get(0).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), PFPh"));
        assertThat(driver.findElement(By.cssSelector(".clock.past")).getText()).contains("This is the past");
        Browser.screenshot(driver, "11-timeline-jumps");

        // the audit of Turn 2: the Pack-TI action with its account, side, rule section and counters before/after
        driver.findElement(By.cssSelector("#audit-links a[data-turn='2']")).click();
        wait.until(d -> d.findElement(By.tagName("h1")).getText().equals("Audit of Game Turn 2"));
        WebElement packTi = driver.findElements(By.cssSelector(".audited[data-kind='ActionTaken']")).stream()
                .filter(e -> e.getText().contains("Become Pack-TI")).findFirst().orElseThrow();
        packTi.findElement(By.tagName("summary")).click(); // one line per action: its details on demand
        assertThat(packTi.findElement(By.cssSelector(".account")).getText()).isEqualTo("alice");
        assertThat(packTi.findElement(By.cssSelector(".side")).getText()).isEqualTo("British");
        assertThat(packTi.findElement(By.cssSelector(".sections")).getText()).contains("10.11");
        assertThat(packTi.findElement(By.cssSelector(".time")).getText()).endsWith("UTC");
        WebElement crewChange = packTi.findElement(By.cssSelector(".changes[data-counter='br-crew-1']"));
        assertThat(crewChange.getText()).contains("markers").contains("Pack-TI");
        Browser.screenshot(driver, "12-audit");

        // the audit of Turn 1 shows the undone advance struck through, with its account
        driver.findElement(By.cssSelector("#audit-turns a[href$='gameTurn=1']")).click();
        wait.until(d -> d.findElement(By.tagName("h1")).getText().equals("Audit of Game Turn 1"));
        WebElement undoneAdvance = driver.findElement(By.cssSelector(".audited.undone"));
        assertThat(undoneAdvance.getText()).contains("Clock advanced").contains("Undone by #");
        assertThat(undoneAdvance.findElement(By.cssSelector(".account")).getText()).isEqualTo("bruno");

        // readable on a phone: nothing wider than the screen
        driver.manage().window().setSize(new Dimension(390, 844));
        driver.get(url("/scenarios/" + scenarioId + "/audit?gameTurn=2"));
        assertThat(overflow()).isLessThanOrEqualTo(0);
        Browser.screenshot(driver, "13-audit-phone");
        driver.get(url("/scenarios/" + scenarioId + "/timeline"));
        assertThat(overflow()).isLessThanOrEqualTo(0);
    }

    /** The referee's corrected action on the page goes through the action's schema: refused next to its box. */
    @Test
    void aCorrectionThatDoesNotFitTheActionIsRefusedNextToItsBox() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        advanceTo("bruno", scenarioId, 1, 1, "PFPh");
        String attackId = action("bruno", scenarioId, java.util.Map.of("type", "fire", "firer", "it-squad-1",
                "target", "br-crew-1", "result", "1MC")).at("/actionId").asText();
        post("alice", "/api/scenarios/" + scenarioId + "/disputes", java.util.Map.of("actionId", attackId,
                "reason", "long range"));
        long before = get("alice", "/api/scenarios/" + scenarioId).at("/eventCount").asLong();

        logIn("referee");
        driver.get(url("/scenarios/" + scenarioId));
        WebElement form = driver.findElement(By.cssSelector("#disputes form.resolve"));
        form.findElement(By.name("ruling")).sendKeys("halved at long range");
        form.findElement(By.name("corrected")).sendKeys(
                "{\"firer\": \"it-squad-1\", \"target\": \"br-crew-1\", \"result\": \"NMC\", \"range\": 6}");
        form.findElement(By.cssSelector("button.uphold")).click();
        WebElement error = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(
                "#disputes form.resolve input[name=corrected] ~ span.error")));
        assertThat(error.getText()).startsWith("corrected.range: unknown field");
        WebElement corrected = driver.findElement(By.cssSelector("#disputes form.resolve input[name=corrected]"));
        assertThat(corrected.getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(corrected.getAttribute("value")).contains("\"range\": 6"); // what was typed stays
        assertThat(get("alice", "/api/scenarios/" + scenarioId).at("/eventCount").asLong()).isEqualTo(before);

        corrected.clear();
        corrected.sendKeys("{\"firer\": \"it-squad-1\", \"target\": \"br-crew-1\", \"result\": \"NMC\"}");
        driver.findElement(By.cssSelector("#disputes form.resolve button.uphold")).click();
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(driver.findElement(By.id("notice")).getText()).startsWith("Dispute upheld");
    }

    @Test
    void aDicedUndoWaitsForTheOpponentAndTheRefereeRulesOnADispute() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        String scenarioUrl = url("/scenarios/" + scenarioId);
        assertThat(advance("bruno", scenarioId).status()).isEqualTo(200); // to PFPh: the Italians' RPh is his move

        // alice: Casualty Reduction of the Mule carrying the Gun rolls a dr (server), so undoing it needs consent
        logIn("alice");
        driver.get(scenarioUrl);
        choose("br-mule-1");
        WebElement casualty = panelOption("casualty").findElement(By.cssSelector("form.action"));
        new Select(casualty.findElement(By.name("f_result"))).selectByValue("casualty-reduction");
        casualty.findElement(By.tagName("button")).click();
        wait.until(d -> !d.findElements(By.id("outcome")).isEmpty()
                && d.findElement(By.id("outcome")).getText().contains("Action: Casualty"));
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("server");
        assertThat(driver.findElement(By.id("undo-box")).getText()).contains("A die decided it");
        driver.findElement(By.cssSelector("#undo button")).click();
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(driver.findElement(By.id("notice")).getText())
                .isEqualTo("Request sent, waiting for the opponent's consent: a die decided that action.");
        WebElement pending = driver.findElement(By.cssSelector("#undo-requests .undo-request"));
        assertThat(pending.getText()).contains("alice asks to undo casualty").contains("Waiting for the opponent");
        assertThat(pending.findElements(By.cssSelector("form.accept"))).as("not hers to accept").isEmpty();
        assertThat(pending.findElement(By.cssSelector("form.refuse button")).getText())
                .isEqualTo("Withdraw the request");
        assertThat(markersOf("br-mule-1")).contains("Casualty Reduced (HS)");
        Browser.screenshot(driver, "14-undo-requested");

        // bruno accepts: the casualty is undone
        logIn("bruno");
        driver.get(scenarioUrl);
        driver.findElement(By.cssSelector("#undo-requests form.accept button")).click();
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(driver.findElement(By.id("notice")).getText()).startsWith("Consent given");
        assertThat(driver.findElements(By.id("undo-requests"))).isEmpty();
        assertThat(markersOf("br-mule-1")).doesNotContain("Casualty Reduced (HS)");
        Browser.screenshot(driver, "15-undo-accepted");

        // alice disputes bruno's clock advance on the timeline: without a reason it is refused next to the field
        logIn("alice");
        driver.get(scenarioUrl);
        driver.findElement(By.id("timeline-link")).click();
        WebElement advanceEvent = driver.findElements(By.cssSelector(".event")).stream()
                .filter(e -> e.getText().startsWith("#1") && !e.findElements(By.cssSelector("details.dispute"))
                        .isEmpty()).findFirst().orElseThrow();
        String seq = advanceEvent.getAttribute("data-seq");
        advanceEvent.findElement(By.cssSelector("details.dispute summary")).click();
        advanceEvent.findElement(By.cssSelector("details.dispute button")).click();
        WebElement error = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(
                ".event[data-seq='" + seq + "'] details.dispute span.error")));
        assertThat(error.getText()).startsWith("reason:");
        WebElement again = driver.findElement(By.cssSelector(".event[data-seq='" + seq + "'] details.dispute"));
        again.findElement(By.name("reason")).sendKeys("the British had not finished the RPh");
        again.findElement(By.tagName("button")).click();
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(driver.findElement(By.id("notice")).getText()).startsWith("Dispute raised");

        // the referee: a ruling is required; then upholds it and the clock goes back to the start
        logIn("referee");
        driver.get(scenarioUrl);
        WebElement dispute = driver.findElement(By.cssSelector("#disputes .dispute-open"));
        assertThat(dispute.getText()).contains("alice disputes clock advance").contains("had not finished");
        dispute.findElement(By.cssSelector("button.uphold")).click();
        WebElement rulingError = wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(
                "#disputes form.resolve span.error")));
        assertThat(rulingError.getText()).startsWith("ruling:");
        WebElement form = driver.findElement(By.cssSelector("#disputes form.resolve"));
        form.findElement(By.name("ruling")).sendKeys("advanced too early");
        form.findElement(By.name("rule")).sendKeys("A3.1");
        form.findElement(By.name("correction")).sendKeys("finish the RPh first");
        Browser.screenshot(driver, "16-dispute-ruling");
        form.findElement(By.cssSelector("button.uphold")).click();
        wait.until(d -> !d.findElements(By.id("notice")).isEmpty());
        assertThat(driver.findElement(By.id("notice")).getText()).startsWith("Dispute upheld");
        assertThat(clock(driver)).isEqualTo("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B");
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("Dispute upheld").contains("A3.1");
        assertThat(driver.findElements(By.id("disputes"))).isEmpty();
    }

    private List<String> markersOf(String counterId) {
        choose(counterId);
        return driver.findElement(By.cssSelector("#panel .panel-head"))
                .findElements(By.cssSelector(".marker-word")).stream().map(WebElement::getText).toList();
    }

    private int overflow() {
        return ((Number) ((JavascriptExecutor) driver).executeScript(
                "return document.documentElement.scrollWidth - window.innerWidth;")).intValue();
    }

    /** Opens the Game Turn's jumps (unless open) and follows its "Start of Turn" link. */
    private void jumpToTurn(int turn) {
        WebElement jumps = driver.findElement(By.cssSelector("#jumps .turn-jump[data-turn='" + turn + "']"));
        if (jumps.getAttribute("open") == null) {
            jumps.findElement(By.tagName("summary")).click();
        }
        jumps.findElement(By.cssSelector("a.jump-turn")).click();
    }
}
