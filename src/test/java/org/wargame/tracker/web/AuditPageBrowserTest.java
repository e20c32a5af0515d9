package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit of one long ASL Game Turn (the start, a Casualty Reduction with its server dr, moves, and the clock
 * advanced step by step through both Player Turns): each action is one line, its details (dice, before/after) on
 * demand, and no counter's or side's id is shown where it has a name. The page's height and element count at
 * 1366x900 go to target/benchmark/audit-page.md.
 */
class AuditPageBrowserTest extends BrowserTestSupport {

    /** Counters' ids of the plan: each has a name, so no page text shows them (attributes may). */
    private static final List<String> IDS = List.of("br-crew-1", "br-94mm", "br-mule-1", "it-squad-1");

    @Test
    void theAuditOfALongGameTurnIsOneLinePerActionInPlayersWords() throws IOException {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        assertThat(action("alice", scenarioId, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction")).status()).isEqualTo(200);
        int advances = 0;
        // the Italians move in their own MPh (A3): RPh, PFPh, MPh
        for (; advances < 2; advances++) {
            assertThat(advance("referee", scenarioId).status()).isEqualTo(200);
        }
        List<String> hexes = List.of("F5", "F4", "E4", "E5", "F5", "F6");
        int moves = 0;
        for (String hex : hexes) {
            if (action("bruno", scenarioId, Map.of("type", "move", "counter", "it-squad-1", "hex", hex,
                    "terrain", "open-ground")).status() == 200) {
                moves++;
            }
        }
        assertThat(moves).as("the Italian squad moved").isPositive();
        while (get("alice", "/api/scenarios/" + scenarioId).at("/clock/gameTurn").asInt() == 1 && advances < 42) {
            assertThat(advance("referee", scenarioId).status()).isEqualTo(200);
            advances++;
        }
        var scenario = get("alice", "/api/scenarios/" + scenarioId);
        long events = scenario.at("/eventCount").asLong();
        // the API: a text for people in names (added, nothing renamed), the machine fields in ids
        assertThat(scenario.at("/clockLabel").asText()).startsWith("Turn 2, Player Turn 1 (Italians)");
        assertThat(scenario.at("/clock/phasingSide").asText()).isEqualTo("axis");
        assertThat(scenario.body().has("names")).isFalse();
        assertThat(scenario.at("/decision").asText("")).doesNotContain("br-crew-1");
        scenario.at("/options").forEach(o -> assertThat(o.path("label").asText() + o.path("reason").asText(""))
                .as("option %s", o).doesNotContain("br-94mm").doesNotContain("br-crew-1").doesNotContain("br-mule-1"));

        logIn("alice");
        driver.manage().window().setSize(new Dimension(1366, 900));
        driver.get(uri("/scenarios/" + scenarioId + "/audit?gameTurn=1").toString());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main#audit h1")));
        JavascriptExecutor js = (JavascriptExecutor) driver;
        long height = ((Number) js.executeScript("return document.documentElement.scrollHeight;")).longValue();
        long elements = ((Number) js.executeScript("return document.getElementsByTagName('*').length;")).longValue();
        long actions = driver.findElements(By.cssSelector("li.audited")).size();
        Browser.screenshot(driver, "17-audit-long-turn");
        Path report = Path.of("target", "benchmark", "audit-page.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, "# Audit page of one ASL Game Turn\n\n"
                + "Turn 1 of ex-10-3: " + actions + " actions, " + events + " events in the scenario (" + moves
                + " moves, " + advances + " advances, a Casualty Reduction, the start); Chromium at 1366x900.\n\n"
                + "| height (px) | elements |\n| --- | --- |\n| " + height + " | " + elements + " |\n");

        // one line per action: its details folded, reachable by keyboard (a summary), none open at first
        assertThat(actions).isGreaterThanOrEqualTo(advances + moves + 2);
        assertThat(driver.findElements(By.cssSelector("li.audited > details.audit-action > summary")))
                .hasSize((int) actions);
        assertThat(driver.findElements(By.cssSelector("li.audited > details[open]"))).isEmpty();
        String start = driver.findElement(By.cssSelector("li.audited[data-kind='ScenarioStarted'] summary")).getText();
        assertThat(start).contains("Scenario started").contains("4 counters set up")
                .contains("British 3").contains("Italians 1");
        // no counter's or side's id where a name exists (what is read: text, not attributes)
        String shown = (String) js.executeScript("return document.querySelector('main').textContent;");
        assertThat(IDS).allSatisfy(id -> assertThat(shown).doesNotContain(id));
        assertThat(shown).doesNotContain("(axis)").doesNotContain("(british)").contains("(Italians)");
        // opened from the keyboard, a Casualty Reduction shows its server dr and the Mule before/after
        var casualty = driver.findElement(By.cssSelector("li.audited[data-kind='ActionTaken'] details.audit-action"));
        casualty.findElement(By.tagName("summary")).sendKeys(Keys.ENTER);
        wait.until(d -> casualty.getAttribute("open") != null);
        assertThat(casualty.getText()).contains("server").contains("\"squad\" Mule 1").contains("Before");
        Axe.check(driver, "audit-long-turn");

        // the timeline's counters and events, and "what happened" on the table, read in names too
        driver.get(uri("/scenarios/" + scenarioId + "/timeline").toString());
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("clock-label")));
        String timeline = (String) js.executeScript("return document.querySelector('main').textContent;");
        assertThat(IDS).allSatisfy(id -> assertThat(timeline).doesNotContain(id));
        assertThat(timeline).contains("Possesses: 94mm INF Gun").doesNotContain("{").doesNotContain("(axis)");
        driver.get(uri("/scenarios/" + scenarioId).toString());
        String happened = wait.until(d -> d.findElement(By.id("happened"))).getAttribute("textContent");
        assertThat(IDS).allSatisfy(id -> assertThat(happened).doesNotContain(id));
    }
}
