package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The referee's console in Chromium: verify with receipts, a rebuild whose progress bar runs to the end, the dice of a
 * campaign per side and player with a chart, a campaign file imported from a file, an account created, disabled,
 * made a referee and its password reset, and a player refused the console.
 */
class ConsoleBrowserTest extends BrowserTestSupport {

    @Test
    void the_referee_verifies_rebuilds_reads_the_dice_imports_and_manages_accounts() throws Exception {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        String scenarioId = startPlan("alice", campaignId, "ex-10-3");
        // Casualty Reduction of the Mule carrying the Gun: a dr rolled by the server for alice's side
        assertThat(action("alice", scenarioId, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction")).status()).isEqualTo(200);

        logIn("referee");
        driver.get(url("/console"));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Referee's console");

        // verify one campaign: every link holds, and the receipts to keep check out
        new Select(driver.findElement(By.id("verify-what"))).selectByValue(campaignId);
        driver.findElement(By.cssSelector("#verify-form button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("verify-ok")));
        assertThat(driver.findElement(By.id("verify-ok")).getText()).contains("every link holds");
        String heads = driver.findElement(By.id("heads")).getAttribute("textContent");
        driver.findElement(By.id("receipts")).sendKeys(heads);
        driver.findElement(By.cssSelector("#receipts-form button")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("receipt-lines")));
        assertThat(driver.findElement(By.cssSelector("#receipt-lines caption")).getText())
                .matches("(\\d+) of \\1 receipts are still on the chain\\.");
        driver.findElement(By.id("receipts")).clear();
        driver.findElement(By.id("receipts")).sendKeys("not json");
        driver.findElement(By.cssSelector("#receipts-form button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("receipts-form"), "not JSON"));

        // the dice of the campaign: alice's side, with a chart
        new Select(driver.findElement(By.id("dice-campaign"))).selectByValue(campaignId);
        driver.findElement(By.cssSelector("#dice-form button")).click();
        wait.until(d -> !d.findElements(By.cssSelector(".dice-chart[data-player='alice']")).isEmpty());
        WebElement chart = driver.findElement(By.cssSelector(".dice-chart[data-player='alice']"));
        assertThat(chart.getText()).contains("British").contains("dr");
        assertThat(chart.findElements(By.cssSelector("svg rect.bar"))).hasSize(6);
        ((org.openqa.selenium.JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", chart);
        Browser.screenshot(driver, "40-console-dice");

        // a rebuild: the progress bar runs to the end
        // another test class of the same application may have rebuilt already ("Last rebuild: done"): wait for
        // this click's answer to replace the console before reading its progress
        WebElement before = driver.findElement(By.id("rebuild"));
        driver.findElement(By.cssSelector("#rebuild-form button")).click();
        wait.until(ExpectedConditions.stalenessOf(before));
        new org.openqa.selenium.support.ui.WebDriverWait(driver, Duration.ofSeconds(60))
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(d -> d.findElement(By.cssSelector("#rebuild label")).getText().contains("done"));
        WebElement bar = driver.findElement(By.id("rebuild-progress"));
        assertThat(bar.getAttribute("value")).isEqualTo(bar.getAttribute("max"));
        ((org.openqa.selenium.JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", bar);
        Browser.screenshot(driver, "41-console-rebuilt");

        // a campaign file from the disk
        String newId = "console-" + UUID.randomUUID().toString().substring(0, 8);
        Path file = Files.createTempFile("campaign", ".yaml");
        Files.writeString(file, Files.readString(Path.of("campaigns", "hex-sample.yaml"))
                .replaceFirst("(?m)^id: .*$", "id: " + newId));
        driver.findElement(By.id("campaign-file")).sendKeys(file.toAbsolutePath().toString());
        driver.findElement(By.cssSelector("#campaign-form button")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("campaign-form"), "imported"));
        assertThat(get("referee", "/api/campaigns/" + newId).status()).isEqualTo(200);
        Files.delete(file);

        // accounts: create, refuse a short password next to the form, disable, make a referee, reset the password
        String user = "carla" + UUID.randomUUID().toString().substring(0, 4);
        driver.findElement(By.id("new-username")).sendKeys(user);
        driver.findElement(By.id("new-password")).sendKeys("short");
        driver.findElement(By.cssSelector("#create-form button")).click();
        wait.until(d -> d.findElement(By.cssSelector("#create-form")).getText().contains("password"));
        assertThat(driver.findElement(By.cssSelector("#create-form .error")).isDisplayed()).isTrue();
        driver.findElement(By.id("new-password")).sendKeys("a-long-enough-password");
        driver.findElement(By.cssSelector("#create-form button")).click();
        wait.until(d -> !d.findElements(By.cssSelector("tr[data-account='" + user + "']")).isEmpty());
        row(user).findElement(By.cssSelector("form.toggle button")).click();
        wait.until(d -> row(user).getText().contains("disabled"));
        row(user).findElement(By.cssSelector("form.role button")).click();
        wait.until(d -> row(user).getText().contains("Referee"));
        row(user).findElement(By.cssSelector("form.reset input[type=password]")).sendKeys("another-good-password");
        row(user).findElement(By.cssSelector("form.reset button")).click();
        wait.until(d -> row(user).getText().contains("Password of " + user + " reset"));
        Browser.screenshot(driver, "42-console-accounts");
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(390, 844));
        assertThat(((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
                "return document.documentElement.scrollWidth <= window.innerWidth")).as("no horizontal scroll on a phone")
                .isEqualTo(true);
        Browser.screenshot(driver, "43-console-phone");
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 1000));

        // a player is refused the console, with the reason
        logIn("alice");
        driver.get(url("/console"));
        assertThat(driver.findElement(By.cssSelector("main .error")).getText()).contains("only the referee");
    }

    private WebElement row(String user) {
        return driver.findElement(By.cssSelector("tr[data-account='" + user + "']"));
    }
}
