package org.wargame.tracker.web;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.wargame.tracker.ApiTestSupport;

import java.time.Duration;

/**
 * Base of the browser tests: one headless Chromium per test class ({@link Browser}), a fresh session and a laptop
 * window before each test, and a wait that reads an element again when htmx has swapped it meanwhile.
 */
abstract class BrowserTestSupport extends ApiTestSupport {

    protected static WebDriver driver;
    protected WebDriverWait wait;

    @BeforeAll
    static void startBrowser() {
        driver = Browser.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @BeforeEach
    void freshSession() {
        driver.manage().deleteAllCookies();
        driver.manage().window().setSize(new Dimension(1280, 1000));
        wait = new WebDriverWait(driver, Duration.ofSeconds(10));
        wait.ignoring(StaleElementReferenceException.class);
    }
}
