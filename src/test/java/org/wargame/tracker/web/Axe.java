package org.wargame.tracker.web;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The accessibility check of the browser tests: axe-core (no Maven artifact of it exists, so the first check
 * installs it with npm into {@code target/axe-core}; nothing else of the build needs npm) run in the page as it is
 * now, against WCAG 2.0, 2.1 and 2.2 A and AA and axe's best practices. {@link #check} fails on any violation of impact serious or
 * critical, naming the rule, the elements and how to fix them; every violation found is also written to
 * {@code target/axe/<name>.txt}. The script is given to the page through WebDriver, which the page's
 * Content-Security-Policy does not govern, so the pages need no exception for it.
 */
final class Axe {

    static final String VERSION = "4.10.3";
    static final Path PREFIX = Path.of("target", "axe-core");
    static final Path SCRIPT = PREFIX.resolve(Path.of("node_modules", "axe-core", "axe.min.js"));
    static final Path REPORTS = Path.of("target", "axe");
    private static String source;

    private Axe() {
    }

    /** One rule broken on the page: its impact, what it is about and the elements (CSS selectors) breaking it. */
    record Violation(String rule, String impact, String help, List<String> targets) {
        @Override
        public String toString() {
            return impact + " " + rule + ": " + help + " " + targets;
        }
    }

    /** Runs axe on the current page; fails on a serious or critical violation. Returns every violation found. */
    static List<Violation> check(WebDriver driver, String name) {
        List<Violation> found = run(driver);
        report(name, driver.getCurrentUrl(), found);
        assertThat(found.stream().filter(v -> "serious".equals(v.impact()) || "critical".equals(v.impact())))
                .as("serious or critical accessibility violations (axe-core) on %s (%s)", name,
                        driver.getCurrentUrl())
                .isEmpty();
        return found;
    }

    @SuppressWarnings("unchecked")
    static List<Violation> run(WebDriver driver) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe === 'object'"))) {
            js.executeScript(script());
        }
        Object result = js.executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                window.axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',
                        'wcag22aa', 'best-practice']}, resultTypes: ['violations']})
                    .then(r => done(r.violations.map(v => ({rule: v.id, impact: v.impact || 'minor', help: v.help,
                        targets: v.nodes.slice(0, 8).map(n => n.target.join(' '))}))))
                    .catch(e => done([{rule: 'axe-failed', impact: 'critical', help: String(e), targets: []}]));
                """);
        List<Violation> violations = new ArrayList<>();
        for (Object o : (List<Object>) result) {
            Map<String, Object> v = (Map<String, Object>) o;
            violations.add(new Violation((String) v.get("rule"), (String) v.get("impact"), (String) v.get("help"),
                    ((List<Object>) v.get("targets")).stream().map(String::valueOf).toList()));
        }
        return violations;
    }

    private static synchronized String script() {
        if (source == null) {
            if (!Files.isReadable(SCRIPT)) {
                install();
            }
            try {
                source = Files.readString(SCRIPT, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return source;
    }

    /** Once per clone: npm puts the pinned axe-core under target/, where later runs find it offline. */
    private static void install() {
        List<String> command = List.of("npm", "install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund",
                "--prefix", PREFIX.toString(), "axe-core@" + VERSION);
        try {
            Files.createDirectories(PREFIX);
            Process npm = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(PREFIX.resolve("npm.log").toFile()).start();
            int exit = npm.waitFor();
            if (exit != 0 || !Files.isReadable(SCRIPT)) {
                throw new IllegalStateException("axe-core could not be installed (npm exit " + exit + ", see "
                        + PREFIX.resolve("npm.log") + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException("the browser tests' accessibility check needs npm (Node.js) on PATH to "
                    + "install axe-core " + VERSION + " once into " + PREFIX, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing axe-core", e);
        }
    }

    private static void report(String name, String url, List<Violation> found) {
        try {
            Files.createDirectories(REPORTS);
            StringBuilder text = new StringBuilder(url).append('\n');
            found.forEach(v -> text.append(v).append('\n'));
            Files.writeString(REPORTS.resolve(name + ".txt"), text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
