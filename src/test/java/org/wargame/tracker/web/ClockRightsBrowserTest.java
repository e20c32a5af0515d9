package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who moves the clock on, through the pages with two browsers (issue 20, items 1 and 2): in EX 10.3 Bruno plays the
 * Italians (Player Turn 1 is theirs) and Alice the British. Alice's page has no control for the Italians' Rally
 * Phase and says whose move it is; Bruno's page lists the Step 1.13B decision (10.11) the advance would leave behind,
 * refuses the advance without the tick and makes it with it, and the audit records what was left; in the Movement
 * Phase both sides act in (Defensive First Fire), the clock moves on only when the second side ends its phase.
 */
class ClockRightsBrowserTest extends BrowserTestSupport {

    @Test
    void the_phasing_side_moves_the_clock_leaves_a_decision_knowingly_and_both_sides_end_the_movement_phase() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("referee", campaignId, "ex-10-3");
        WebDriver bruno = Browser.start();
        try {
            // (1) the Italians' RPh on the British player's page: no control, and whose move it is in words
            logIn("alice");
            driver.get(url("/scenarios/" + scenario));
            assertThat(clock(driver)).contains("RPh Step 1.13B");
            assertThat(driver.findElements(By.id("advance-button"))).isEmpty();
            assertThat(driver.findElements(By.id("end-phase"))).isEmpty();
            assertThat(driver.findElements(By.id("leaving"))).isEmpty();
            assertThat(text(driver, "#clock-who"))
                    .isEqualTo("It is the Italians' Rally Phase: their player (or the referee) moves the clock on.");

            // (3) the Italian player's page lists the decision 10.11 waits for, by the counter's name
            logIn(bruno, "bruno");
            bruno.get(url("/scenarios/" + scenario));
            String leaving = text(bruno, "#leaving");
            assertThat(leaving).contains("a decision the rules wait for").contains("10.11")
                    .contains("British Infantry crew").doesNotContain("br-crew-1").doesNotContain("DECISION");
            Browser.screenshot(bruno, "70-clock-leaving");
            // not ticked: refused in words, the clock where it was
            bruno.findElement(By.id("advance-button")).click();
            WebElement refusal = waitOn(bruno).until(d -> d.findElement(By.cssSelector("#advance .error")));
            assertThat(refusal.getText()).contains("a decision the rules wait for").doesNotContain("br-crew-1");
            assertThat(clock(bruno)).contains("RPh Step 1.13B");
            // ticked: the clock moves on, and the audit says what was left behind
            bruno.findElement(By.id("confirm-decision")).click();
            bruno.findElement(By.id("advance-button")).click();
            waitOn(bruno).until(d -> clock(d).contains("PFPh"));
            bruno.get(url("/scenarios/" + scenario + "/audit?gameTurn=1"));
            WebElement row = bruno.findElement(By.cssSelector("li.audited[data-kind='ClockAdvanced']"));
            row.findElement(By.tagName("summary")).click();
            assertThat(row.findElement(By.cssSelector(".stored")).getText())
                    .contains("a decision the rules wait for").contains("British Infantry crew")
                    .doesNotContain("br-crew-1");

            // (2) the MPh: both sides act in it, so each ends it and the clock moves on after the second
            bruno.get(url("/scenarios/" + scenario));
            bruno.findElement(By.id("advance-button")).click();
            waitOn(bruno).until(d -> clock(d).contains("MPh"));
            assertThat(bruno.findElements(By.id("advance-button"))).isEmpty();
            bruno.findElement(By.id("end-phase")).click();
            waitOn(bruno).until(d -> text(d, "#clock-who").contains("Waiting for the British"));
            assertThat(clock(bruno)).contains("MPh");
            assertThat(text(bruno, "#clock-who")).contains("Italians has ended it");
            assertThat(bruno.findElements(By.id("end-phase"))).as("said once is enough").isEmpty();
            driver.navigate().refresh();
            assertThat(clock(driver)).contains("MPh");
            Browser.screenshot(driver, "71-clock-end-my-phase");
            driver.findElement(By.id("end-phase")).click();
            waitOn(driver).until(d -> clock(d).contains("DFPh"));
            bruno.navigate().refresh();
            assertThat(clock(bruno)).contains("DFPh");
        } finally {
            bruno.quit();
        }
    }

    private static String text(WebDriver browser, String css) {
        return waitOn(browser).until(d -> d.findElement(By.cssSelector(css))).getText();
    }
}
