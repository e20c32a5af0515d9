package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages pass their Content-Security-Policy in a real Chromium: logging in, the campaign (inline SVG counters,
 * the strength chart, side swatches), a scenario whose clock htmx (from its webjar) advances in place, the
 * timeline and the audit. The console shows no blocked script, style or image, and htmx works.
 */
class ContentSecurityPolicyBrowserTest extends BrowserTestSupport {

    @Test
    void every_page_passes_its_content_security_policy() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        List<String> console = new ArrayList<>(Browser.console(driver)); // earlier pages of other tests
        console.clear();

        driver.get(url("/login"));
        fillLogin(driver, "bruno", password("bruno")); // the Italians move first: the clock is his to advance
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("campaigns")));
        console.addAll(Browser.console(driver));

        driver.get(url("/campaigns/" + campaignId));
        assertThat(driver.findElements(By.cssSelector("#sides svg.swatch rect"))).hasSize(2);
        assertThat(driver.findElements(By.cssSelector("#strength-chart .series"))).hasSize(2);
        console.addAll(Browser.console(driver));

        new Select(driver.findElement(By.id("plan"))).selectByValue("ex-10-3");
        driver.findElement(By.cssSelector("#start button")).click();
        wait.until(ExpectedConditions.urlMatches("/scenarios/[0-9a-f-]+$"));
        String scenarioUrl = driver.getCurrentUrl();
        Object htmx = ((JavascriptExecutor) driver).executeScript("return typeof window.htmx");
        assertThat(htmx).as("htmx loaded from its webjar under the policy").isEqualTo("object");
        String before = driver.findElement(By.id("clock")).getText();
        driver.findElement(By.cssSelector("#advance button")).click();
        wait.until(d -> !d.findElement(By.id("clock")).getText().equals(before));
        assertThat(driver.getCurrentUrl()).as("htmx swapped the page in place").isEqualTo(scenarioUrl);
        console.addAll(Browser.console(driver));

        driver.findElement(By.id("timeline-link")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("at")));
        console.addAll(Browser.console(driver));
        driver.get(scenarioUrl + "/audit?gameTurn=1");
        console.addAll(Browser.console(driver));

        assertThat(console).as("the browser console").noneMatch(line -> line.contains("Content Security Policy")
                || line.contains("Refused to"));
    }
}
