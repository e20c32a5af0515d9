package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The end of a scenario on its page (issue 20, item 3): Conclude asks to confirm and shows what goes back to the
 * roster first; a player's result is a proposal that the other side sees with Accept and Decline; accepted, the
 * scenario is concluded and the referee's page offers to reopen it.
 */
class ConclusionBrowserTest extends BrowserTestSupport {

    @Test
    void concludingIsConfirmedProposedAndAcceptedByTheOtherSide() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        assertThat(action("alice", scenarioId, Map.of("type", "casualty", "counter", "br-crew-1",
                "result", "eliminate")).status()).isEqualTo(200);
        String crew = get("alice", "/api/campaigns/" + campaignId + "/roster").at("/br-crew-1/counter/name")
                .asText();
        logIn("alice");
        driver.get(url("/scenarios/" + scenarioId));
        driver.findElement(By.cssSelector("details.conclude summary")).click();
        driver.findElement(By.id("result")).sendKeys("British hold");
        driver.findElement(By.cssSelector("#conclude button")).click();

        // first what goes back to the roster, and nothing sent yet
        wait.until(d -> !d.findElements(By.id("conclude-confirm")).isEmpty());
        String confirm = driver.findElement(By.id("conclude-confirm")).getText();
        assertThat(confirm).contains("British hold").contains(crew + " (British): struck off the roster")
                .contains("back to the roster").doesNotContain("br-crew-1");
        assertThat(get("alice", "/api/scenarios/" + scenarioId).at("/proposal").isNull()).isTrue();
        Browser.screenshot(driver, "40-conclude-confirm");
        driver.findElement(By.cssSelector("#conclude-confirmed button")).click();
        try {
            wait.until(d -> !d.findElements(By.id("ending")).isEmpty());
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError(driver.getCurrentUrl() + "\n" + driver.findElement(By.tagName("body")).getText(),
                    e);
        }
        assertThat(driver.findElement(By.id("ending")).getText()).contains("Waiting for the other side");
        assertThat(driver.findElements(By.id("proposal-accept"))).isEmpty();

        // the other side sees the proposal with what goes back, and accepts it
        logIn("bruno");
        driver.get(url("/scenarios/" + scenarioId));
        String ending = driver.findElement(By.id("ending")).getText();
        assertThat(ending).contains("The British").contains("British hold").contains(crew);
        Browser.screenshot(driver, "41-conclude-proposal");
        driver.findElement(By.cssSelector("#proposal-accept button")).click();
        wait.until(d -> d.findElement(By.tagName("main")).getText().contains("Concluded: British hold"));
        assertThat(get("bruno", "/api/campaigns/" + campaignId + "/roster").at("/br-crew-1/eliminated").asBoolean())
                .isTrue();
        assertThat(driver.findElements(By.cssSelector("details.reopen"))).isNotEmpty();

        // the referee reopens it from the page
        logIn("referee");
        driver.get(url("/scenarios/" + scenarioId));
        driver.findElement(By.cssSelector("details.reopen summary")).click();
        driver.findElement(By.id("reopen-reason")).sendKeys("the crew was out of the blast");
        driver.findElement(By.cssSelector("#reopen button")).click();
        wait.until(d -> !d.findElements(By.id("advance")).isEmpty());
        assertThat(get("referee", "/api/scenarios/" + scenarioId).at("/concluded").asBoolean()).isFalse();
    }
}
