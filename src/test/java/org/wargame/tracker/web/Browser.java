package org.wargame.tracker.web;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A real headless Chromium for the page tests, from the system packages (chromium, chromium-driver): never one that
 * Selenium Manager would download. Set CHROME_BIN / CHROMEDRIVER to use other binaries. Without a browser the tests
 * are skipped on a developer's machine but FAIL in CI (CI=true), so a CI without Chromium cannot look green.
 */
final class Browser {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private Browser() {
    }

    static WebDriver start() {
        String binary = env("CHROME_BIN", "/usr/bin/chromium");
        String driver = env("CHROMEDRIVER", "/usr/bin/chromedriver");
        boolean present = Files.isExecutable(Path.of(binary)) && Files.isExecutable(Path.of(driver));
        String missing = "no Chromium at " + binary + " with its driver at " + driver
                + " (apt-get install chromium chromium-driver)";
        if (!present) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException("CI needs the browser tests: " + missing);
            }
            Assumptions.assumeTrue(false, missing);
        }
        System.setProperty("webdriver.chrome.driver", driver); // so Selenium Manager has nothing to look for
        ChromeOptions options = new ChromeOptions();
        options.setBinary(binary);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,1000");
        // the console, to read what the Content-Security-Policy blocked (ContentSecurityPolicyBrowserTest)
        org.openqa.selenium.logging.LoggingPreferences logging = new org.openqa.selenium.logging.LoggingPreferences();
        logging.enable(org.openqa.selenium.logging.LogType.BROWSER, java.util.logging.Level.ALL);
        options.setCapability("goog:loggingPrefs", logging);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(driver))
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    static void screenshot(WebDriver driver, String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the browser's console said since the last call (the log is read once). */
    static java.util.List<String> console(WebDriver driver) {
        return driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
                .map(entry -> entry.getLevel() + " " + entry.getMessage()).toList();
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
