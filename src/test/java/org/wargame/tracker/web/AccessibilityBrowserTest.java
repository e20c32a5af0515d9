package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every page the tracker has, for each sample campaign, passes axe-core ({@link Axe}) with no serious or critical
 * violation: login, campaigns, campaign, counter history, scenario (on a laptop and on a phone), timeline, audit,
 * the referee's console, and the error pages (400, 403, 404, 405). The clock is moved on by whom it waits for: the
 * phasing side's player in a phase only that side acts in (the Axis player in ASL's first Rally Phase), the referee in
 * a phase all sides play together (the skirmish game's), ticking whatever the step leaves behind knowingly.
 */
class AccessibilityBrowserTest extends BrowserTestSupport {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"asl-west-of-alamein.yaml, alice, ex-10-3, bruno", "hex-sample.yaml, gerd, first-clash, gerd",
            "skirmish-sample.yaml, gerd, ambush, referee"})
    void every_page_of_a_sample_passes_axe(String sample, String player, String plan, String mover) {
        String name = sample.replace(".yaml", "");
        String campaignId = importSample(sample);
        String scenarioId = startPlan(player, campaignId, plan);

        driver.get(url("/login"));
        Axe.check(driver, name + "-login");
        logIn(player);
        Axe.check(driver, name + "-campaigns");

        driver.get(url("/campaigns/" + campaignId));
        Axe.check(driver, name + "-campaign");
        String counter = driver.findElement(By.cssSelector("a[href*='/counters/']")).getAttribute("href");
        driver.get(counter);
        Axe.check(driver, name + "-counter");

        driver.get(url("/scenarios/" + scenarioId));
        Axe.check(driver, name + "-scenario");

        if (!mover.equals(player)) {
            logIn(mover);
            driver.get(url("/scenarios/" + scenarioId));
            Axe.check(driver, name + "-scenario-" + mover);
        }
        String before = clock(driver);
        // a step that leaves a decision, unfired designations or an open undo request needs them ticked
        driver.findElements(By.cssSelector("#leaving input[type=checkbox]")).forEach(box -> {
            if (!box.isSelected()) {
                box.click();
            }
        });
        driver.findElement(By.id("advance-button")).click();
        wait.until(d -> !clock(d).equals(before) && settled());
        Axe.check(driver, name + "-scenario-after-advance");
        driver.manage().window().setSize(new Dimension(390, 844));
        Axe.check(driver, name + "-scenario-phone");
        driver.manage().window().setSize(new Dimension(1280, 1000));
        if (!mover.equals(player)) {
            logIn(player);
        }

        driver.get(url("/scenarios/" + scenarioId + "/timeline"));
        Axe.check(driver, name + "-timeline");
        driver.get(url("/scenarios/" + scenarioId + "/timeline?at=1"));
        Axe.check(driver, name + "-timeline-travelled");
        driver.manage().window().setSize(new Dimension(390, 844));
        Axe.check(driver, name + "-timeline-phone");
        driver.manage().window().setSize(new Dimension(1280, 1000));
        driver.get(url("/scenarios/" + scenarioId + "/audit?gameTurn=1"));
        Axe.check(driver, name + "-audit");
    }

    @Test
    void the_console_and_the_error_pages_pass_axe() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");

        logIn("referee");
        driver.get(url("/console?verify=all"));
        assertThat(driver.findElement(By.id("verify-result")).getText()).contains("every link holds");
        Axe.check(driver, "console");

        driver.get(url("/no-such-page"));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Page not found");
        Axe.check(driver, "error-404");
        driver.get(url("/scenarios/" + scenarioId + "/timeline?at=abc"));
        assertThat(driver.findElement(By.cssSelector("main .error")).getText())
                .contains("'at' in the address must be an event number").contains("not 'abc'");
        Axe.check(driver, "error-400");
        driver.get(url("/scenarios/" + scenarioId + "/disputes"));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Not a page to open");
        Axe.check(driver, "error-405");

        logIn("alice");
        driver.get(url("/console"));
        assertThat(driver.findElement(By.cssSelector("main .error")).getText()).contains("only the referee");
        Axe.check(driver, "error-403");
    }
}
