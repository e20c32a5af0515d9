package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages in a real headless Chromium against the running application (real HTTP, fresh H2): log in, the campaign
 * list, a campaign, starting a scenario from a plan, the clock, the actions the rules offer, time travel. Screenshots
 * of the main pages go to target/screenshots/.
 */
class PagesBrowserTest extends BrowserTestSupport {

    @Test
    void aWrongPasswordIsRefusedInPlainWords() {
        driver.get(url("/"));
        assertThat(driver.getCurrentUrl()).contains("/login");
        fillLogin(driver, "alice", "not-her-password");
        assertThat(wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[role=alert]")))
                .getText()).contains("Wrong user name or password");
        Browser.screenshot(driver, "01-login-refused");
    }

    @Test
    void aPlayerRunsAScenarioAtTheTableAndTravelsBackInTime() {
        String campaignId = importSample("asl-west-of-alamein.yaml");

        // log in: the player sees her campaigns
        logIn("alice");
        WebElement list = driver.findElement(By.id("campaigns"));
        assertThat(list.getText()).contains("West of Alamein");
        assertThat(list.findElement(By.cssSelector("a[href$='/campaigns/" + campaignId + "']"))).isNotNull();
        Browser.screenshot(driver, "02-campaigns");

        // the campaign: sides and players, roster as counters, the strength chart
        driver.findElement(By.cssSelector("a[href$='/campaigns/" + campaignId + "']")).click();
        assertThat(driver.findElement(By.id("sides")).getText()).contains("British").contains("alice")
                .contains("Italians").contains("bruno");
        WebElement crew = driver.findElement(By.cssSelector(".roster [data-counter='br-crew-1']"));
        assertThat(crew.findElement(By.cssSelector("svg.counter")).getAttribute("aria-label"))
                .contains("British Infantry crew");
        assertThat(driver.findElement(By.cssSelector(".roster")).getText()).contains("94mm").contains("M#10");
        assertThat(driver.findElements(By.cssSelector("#strength-chart .series"))).hasSize(2);
        Browser.screenshot(driver, "03-campaign");

        // a counter's whole history
        driver.findElement(By.linkText("History of British Infantry crew")).click();
        assertThat(driver.findElement(By.id("counter-history")).getText()).contains("Counter enlisted");
        driver.navigate().back();

        // start a scenario from plan ex-10-3
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("plan"))).selectByValue("ex-10-3");
        driver.findElement(By.cssSelector("#start button")).click();
        wait.until(ExpectedConditions.urlMatches("/scenarios/[0-9a-f-]+$"));
        String scenarioUrl = driver.getCurrentUrl();
        String scenarioId = scenarioUrl.substring(scenarioUrl.lastIndexOf('/') + 1);
        assertThat(clock(driver)).isEqualTo("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex='B4'] a.chip[data-counter]")).stream()
                .map(e -> e.getAttribute("data-counter"))).contains("br-crew-1", "br-94mm");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex='F6'] a.chip[data-counter='it-squad-1']")))
                .hasSize(1);
        Browser.screenshot(driver, "04-scenario-started");

        // the Italians' RPh is their player's move: bruno advances the clock, htmx swaps the page in place
        assertThat(driver.findElements(By.id("advance-button"))).as("not alice's move").isEmpty();
        logIn("bruno");
        driver.get(scenarioUrl);
        leaveTheDecision(driver);
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), PFPh"));
        // what happened names the side as the campaign does (the Italians), not by its id
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("Clock advanced to Turn 1, Player Turn 1"
                + " (Italians), PFPh");
        assertThat(driver.getCurrentUrl()).isEqualTo(scenarioUrl);

        // on to Game Turn 2, initial RPh, Step 1.13B (through the API, same service)
        advanceTo("alice", scenarioId, 2, 1, "RPh");
        logIn("alice");
        driver.get(scenarioUrl);
        assertThat(clock(driver)).isEqualTo("Turn 2, Player Turn 1 (Italians), RPh Step 1.13B");
        // the crew becomes Pack-TI from its panel, and the Pack-TI marker and the outcome show at once
        choose("br-crew-1");
        panelOption("become-pack-ti").findElement(By.cssSelector("form.action button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("outcome")));
        assertThat(driver.findElements(By.cssSelector("#panel .panel-head .marker")).stream().map(WebElement::getText))
                .contains("Pack-TI");
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("Action: Become Pack-TI");
        choose("br-94mm");
        assertThat(driver.findElement(By.id("panel")).getText()).contains("Animal-Packed");
        // now refused, with the rule that refuses it
        assertThat(driver.findElements(By.cssSelector("#panel .option.refused[data-action='move'] .reason")).get(0)
                .getText()).startsWith("10.");
        Browser.screenshot(driver, "05-pack-ti");

        // the timeline: newest first, grouped by turn and phase; travel back with the step buttons and the slider
        driver.findElement(By.id("timeline-link")).click();
        assertThat(clock(driver)).isEqualTo(clockNow(scenarioId));
        List<WebElement> groups = driver.findElements(By.cssSelector(".turn-group h3"));
        assertThat(groups.get(0).getText()).startsWith("Turn 2");
        assertThat(groups.get(groups.size() - 1).getText()).startsWith("Turn 1 · Player Turn 1 (Italians) · RPh");
        Browser.screenshot(driver, "06-timeline-now");

        long last = Long.parseLong(driver.findElement(By.id("at")).getAttribute("value"));
        driver.findElement(By.id("earlier")).click();
        wait.until(d -> d.findElement(By.cssSelector(".event.current")).getAttribute("data-seq")
                .equals(String.valueOf(last - 1)));
        assertThat(driver.findElements(By.cssSelector(".event.future"))).hasSize(1);
        WebElement slider = driver.findElement(By.id("at"));
        slider.sendKeys(Keys.HOME); // keyboard on the slider: back to the very first event
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B"));
        assertThat(driver.getCurrentUrl()).contains("at=0");
        assertThat(driver.findElement(By.cssSelector(".event.current")).getText()).contains("Scenario started");
        Browser.screenshot(driver, "07-timeline-at-start");

        // one step later: the first advance of the clock
        driver.findElement(By.id("later")).click();
        wait.until(d -> clock(driver).equals("Turn 1, Player Turn 1 (Italians), PFPh"));

        // a phone-sized screen: one column, nothing wider than the screen
        driver.manage().window().setSize(new Dimension(390, 844));
        driver.get(scenarioUrl);
        Object overflow = ((JavascriptExecutor) driver).executeScript(
                "return document.documentElement.scrollWidth - window.innerWidth;");
        assertThat(((Number) overflow).intValue()).isLessThanOrEqualTo(0);
        Browser.screenshot(driver, "08-scenario-phone");
        driver.get(url("/campaigns/" + campaignId));
        Browser.screenshot(driver, "09-campaign-phone");
    }

    @Test
    void aPlayerCannotOpenACampaignSheDoesNotPlay() {
        String outsider = "outsider-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        assertThat(post("referee", "/api/accounts", java.util.Map.of("username", outsider, "password",
                PLAYER_PASSWORD, "role", "PLAYER")).status()).isEqualTo(201);
        logIn(outsider);
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Your campaigns");
        driver.get(url("/campaigns/" + importSample("asl-west-of-alamein.yaml")));
        assertThat(driver.findElement(By.cssSelector("[role=alert]")).getText()).contains("plays no side");
    }

    /** The API's clock in words (its side by name; {@code clock.phasingSide} keeps the id). */
    private String clockNow(String scenarioId) {
        var scenario = get("alice", "/api/scenarios/" + scenarioId);
        var c = scenario.at("/clock");
        assertThat(scenario.at("/clockLabel").asText()).isEqualTo("Turn " + c.get("gameTurn").asInt()
                + ", Player Turn " + c.get("playerTurn").asInt() + " (Italians), " + c.get("phase").asText()
                + (c.hasNonNull("step") ? " Step " + c.get("step").asText() : ""));
        assertThat(c.get("phasingSide").asText()).isEqualTo("axis");
        return scenario.at("/clockLabel").asText();
    }
}
