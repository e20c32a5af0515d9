package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The step between scenarios played for the skirmish sample's healing (issue 26, items 3 and 4): Conclude shows who
 * will wait on a treatment roll; the campaign's "between scenarios" page takes the rolls (one die entered, one left
 * to the tracker), both stored as campaign events with their die; it shows what the next plan changes (the man out
 * for a scenario is left out, and why); the campaign page shows the roster as it stood after the scenario.
 */
class BetweenScenariosBrowserTest extends BrowserTestSupport {

    @Test
    void theSkirmishSamplesWoundedAreTreatedBetweenScenariosFromTheCampaignsPage() {
        String campaignId = importSample("skirmish-sample.yaml");
        String ambush = startPlan("referee", campaignId, "ambush");
        for (String[] w : new String[][] {{"us-rifle-1", "walking wounded"}, {"us-rifle-2", "litter case"}}) {
            assertThat(action("sam", ambush, Map.of("type", "record-casualty", "counter", w[0], "wound", w[1],
                    "cause", "small arms")).status()).isEqualTo(200);
        }

        // Conclude shows, before it is confirmed, who waits on a treatment roll
        logIn("sam");
        driver.get(url("/scenarios/" + ambush));
        driver.findElement(By.cssSelector("details.conclude summary")).click();
        driver.findElement(By.id("result")).sendKeys("German withdrawal");
        driver.findElement(By.cssSelector("#conclude button")).click();
        wait.until(d -> !d.findElements(By.id("conclude-confirm")).isEmpty());
        String confirm = driver.findElement(By.id("conclude-confirm")).getText();
        assertThat(confirm).contains("Pvt. Lowe").contains("waits on a treatment roll (litter case)")
                .contains("Pfc. Dunn").contains("waits on a treatment roll (walking wounded)")
                .doesNotContain("us-rifle");
        assertThat(post("referee", "/api/scenarios/" + ambush + "/conclude", Map.of("result",
                "German withdrawal")).status()).isEqualTo(200);

        // the campaign page leads to the step between scenarios
        driver.get(url("/campaigns/" + campaignId));
        driver.findElement(By.id("between-link")).click();
        wait.until(d -> !d.findElements(By.id("waiting")).isEmpty());
        String waiting = driver.findElement(By.id("waiting")).getText();
        assertThat(waiting).contains("Pvt. Lowe").contains("waits on a treatment roll (litter case)")
                .contains("Pfc. Dunn");
        Browser.screenshot(driver, "60-between-waiting");

        // Lowe: the d6 rolled at the table, 3 on the sample chart's litter-case column: Field hospital, out for 1
        driver.findElement(By.id("die-us-rifle-2")).sendKeys("3");
        driver.findElement(By.cssSelector("tr[data-counter='us-rifle-2'] button")).click();
        wait.until(d -> !d.findElements(By.id("rolled")).isEmpty());
        assertThat(driver.findElement(By.id("rolled")).getText()).contains("Pvt. Lowe")
                .contains("d6 3 (rolled at the table), Field hospital (out for 1 scenario)");
        // Dunn: left to the tracker
        driver.findElement(By.cssSelector("tr[data-counter='us-rifle-1'] button")).click();
        wait.until(d -> d.findElement(By.id("rolled")).getText().contains("Pfc. Dunn"));
        assertThat(driver.findElement(By.id("rolled")).getText()).contains("(rolled by the tracker)");
        assertThat(driver.findElements(By.id("nobody-waiting"))).isNotEmpty();

        // what the next plan changes: Lowe is left out of the counterattack, and why
        String body = driver.findElement(By.tagName("main")).getText();
        assertThat(body).contains("Counterattack at the mill")
                .contains("Pvt. Lowe: left out: Pvt. Lowe misses this scenario (Field hospital)")
                .doesNotContain("us-rifle").doesNotContain("between:");
        Browser.screenshot(driver, "61-between-rolled");

        // both rolls are campaign events with their die and its source
        List<JsonNode> rolls = new ArrayList<>();
        for (JsonNode e : get("referee", "/api/campaigns/" + campaignId + "/events").body()) {
            if (e.get("type").asText().endsWith("BetweenScenariosRolled")) {
                rolls.add(e.get("payload"));
            }
        }
        assertThat(rolls).extracting(r -> r.at("/roll/source").asText()).containsExactly("entered", "server");
        assertThat(rolls.get(0).at("/roll/values/0").asInt()).isEqualTo(3);

        // the campaign page shows the same before the next plan is started
        driver.get(url("/campaigns/" + campaignId));
        driver.findElement(By.cssSelector("#plan-changes summary")).click();
        assertThat(driver.findElement(By.id("plan-changes")).getText())
                .contains("Pvt. Lowe: left out: Pvt. Lowe misses this scenario (Field hospital)");

        // the campaign in time: the roster as it stood after the ambush, before any treatment
        driver.findElement(By.linkText("roster after")).click();
        wait.until(d -> d.findElement(By.id("roster-h")).getText().equals("Roster after Ambush at the ford"));
        String roster = driver.findElement(By.cssSelector("ul.roster[data-side='us']")).getText();
        assertThat(roster).contains("Pvt. Lowe").doesNotContain("Field hospital");
        driver.get(url("/campaigns/" + campaignId));
        assertThat(driver.findElement(By.cssSelector("ul.roster[data-side='us']")).getText())
                .contains("Field hospital");
    }

    /**
     * Rulings after the end from the pages (issue 26, item 5): within the 7 days the skirmish sample's campaign file
     * sets, the concluded scenario's timeline still offers "Dispute" on its actions; gerd disputes Dunn's wound there
     * and the referee finds it among the open disputes of the scenario's page with its ruling form. The ASL sample
     * sets no period: its concluded timeline offers none.
     */
    @Test
    void aConcludedScenarioIsDisputedFromItsPageWithinTheCampaignsPeriod() {
        String campaignId = importSample("skirmish-sample.yaml");
        String ambush = startPlan("referee", campaignId, "ambush");
        Response wound = action("sam", ambush, Map.of("type", "record-casualty", "counter", "us-rifle-1",
                "wound", "walking wounded", "cause", "small arms"));
        assertThat(wound.status()).isEqualTo(200);
        String dunn = wound.at("/actionId").asText();
        assertThat(post("referee", "/api/scenarios/" + ambush + "/conclude", Map.of("result",
                "German withdrawal")).status()).isEqualTo(200);

        logIn("gerd");
        driver.get(url("/scenarios/" + ambush + "/timeline"));
        String reason = "dispute-" + dunn + "-reason";
        driver.findElement(By.xpath("//input[@id='" + reason + "']/ancestor::details[1]/summary")).click();
        driver.findElement(By.id(reason)).sendKeys("he was behind the wall");
        driver.findElement(By.xpath("//input[@id='" + reason + "']/ancestor::form[1]//button")).click();
        wait.until(d -> d.findElements(By.id(reason)).isEmpty()); // disputed: no longer offered
        driver.get(url("/scenarios/" + ambush));
        assertThat(driver.findElement(By.id("disputes")).getText()).contains("gerd disputes")
                .contains("Pfc. Dunn").contains("he was behind the wall");
        Browser.screenshot(driver, "62-dispute-after-the-end");

        logIn("referee");
        driver.get(url("/scenarios/" + ambush));
        assertThat(driver.findElements(By.cssSelector("#disputes li.dispute-open form[action$='/resolve']")))
                .hasSize(1);

        String asl = importSample("asl-west-of-alamein.yaml");
        String ex = startPlan("referee", asl, "ex-10-3");
        advance("bruno", ex);
        driver.get(url("/scenarios/" + ex + "/timeline"));
        assertThat(driver.findElements(By.cssSelector("details.dispute"))).as("before the end").isNotEmpty();
        assertThat(post("referee", "/api/scenarios/" + ex + "/conclude", Map.of("result", "a draw")).status())
                .isEqualTo(200);
        driver.get(url("/scenarios/" + ex + "/timeline"));
        assertThat(driver.findElements(By.cssSelector("details.dispute"))).as("no period: nothing to dispute")
                .isEmpty();
    }
}
