package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The board played by hand in a real Chromium: a stack opens into its counters side by side, the chosen counter's
 * moves are highlighted and a click on a hex fills its move form with the hex (the terrain from the plan's map), the
 * range to the hex under the pointer is read; on a phone (390x844) the board fits the width, its counters are tap
 * targets of 44 px and it zooms; and at 390 px no two labels or controls of any action form the samples offer
 * overlap, each label beside its control. Screenshots at 1366x900 and 390x844 in {@code target/screenshots/}.
 */
class BoardBrowserTest extends BrowserTestSupport {

    static final Dimension LAPTOP = new Dimension(1366, 900);
    static final Dimension PHONE = new Dimension(390, 844);

    /** Hex sample, German MPh: the C4 stack opened, squad 2 moved into D5 by clicking it, the range to E6 read. */
    @Test
    void a_stack_opens_a_counter_moves_by_a_click_on_a_hex_and_the_range_is_read() {
        AtTheTableBrowserTest.viewport(LAPTOP);
        String campaignId = importSample("hex-sample.yaml");
        logIn("gerd");
        startFromPage(campaignId, "first-clash");
        moveClockOn("MP");
        wait.until(d -> d.findElement(By.id("clock-label")).getAttribute("textContent").contains("MP"));

        // the map's terrain is drawn on its hexes
        assertThat(driver.findElement(By.cssSelector("#board g.hex[data-hex='D4']")).getAttribute("data-terrain"))
                .isEqualTo("woods");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex]"))).as("the map's 30 hexes")
                .hasSize(30);

        // C4 holds two squads and the HMG: a click opens the stack into its counters side by side
        WebElement top = driver.findElement(By.cssSelector("#board g.hex[data-hex='C4'] a.chip:last-of-type"));
        top.click();
        WebElement tray = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#board .stack-tray[data-tray='C4']")));
        List<WebElement> side = tray.findElements(By.cssSelector("a.tray-counter"));
        assertThat(side).hasSize(3);
        assertThat(side.get(0).getRect().getY()).as("side by side").isEqualTo(side.get(1).getRect().getY());
        assertThat(side.get(1).getRect().getX()).isGreaterThan(side.get(0).getRect().getX()
                + side.get(0).getRect().getWidth() - 1);
        assertThat(tray.getText()).contains("German squad 2").contains("HMG");
        Browser.screenshot(driver, "60-board-stack-open-laptop");
        tray.findElement(By.cssSelector("a.tray-counter[data-counter='ger-sq-2']")).click();
        wait.until(d -> !d.findElements(By.cssSelector("#panel .panel-head[data-counter='ger-sq-2']")).isEmpty()
                && settled());

        // its moves: the six hexes next to C4, highlighted
        wait.until(d -> d.findElements(By.cssSelector("#board g.hex.move-target")).size() == 6);
        List<String> targets = driver.findElements(By.cssSelector("#board g.hex.move-target")).stream()
                .map(h -> h.getAttribute("data-hex")).sorted().toList();
        // (C is an odd column, half a hex lower: its neighbours in B and D are rows 4 and 5)
        assertThat(targets).containsExactly("B4", "B5", "C3", "C5", "D4", "D5");

        // the range to the hex under the pointer: C4 to E6 is 3 hexes (E6 woods)
        new Actions(driver).moveToElement(driver.findElement(By.cssSelector("#board g.hex[data-hex='E6'] polygon")))
                .perform();
        wait.until(d -> d.findElement(By.id("board-range")).getText().contains("E6"));
        assertThat(driver.findElement(By.id("board-range")).getText())
                .isEqualTo("Range from C4 to E6: 3 hexes (woods)");
        new Actions(driver).moveToElement(driver.findElement(By.cssSelector("#board g.hex[data-hex='F2'] polygon")))
                .perform();
        wait.until(d -> d.findElement(By.id("board-range")).getText().contains("F2"));
        assertThat(driver.findElement(By.id("board-range")).getText()).startsWith("Range from C4 to F2: 4 hexes");

        // a click on D5 fills the move form: the hex, the terrain from the map (no terrain box to type in)
        driver.findElement(By.cssSelector("#board g.hex[data-hex='D5'] polygon")).click();
        WebElement move = driver.findElement(By.cssSelector("#panel li.option.allowed[data-action='move']"));
        assertThat(move.findElement(By.cssSelector("input[name='f_toHex']")).getAttribute("value")).isEqualTo("D5");
        assertThat(move.findElements(By.cssSelector("input[name='f_terrain']"))).as("the map gives the terrain")
                .isEmpty();
        assertThat(move.findElement(By.cssSelector(".map-terrain-value")).getText()).isEqualTo("open");
        assertThat(driver.findElement(By.cssSelector("#board g.hex[data-hex='D5']")).getAttribute("class"))
                .contains("move-chosen");
        Browser.screenshot(driver, "61-board-move-filled-laptop");
        WebElement cost = move.findElement(By.cssSelector("input[name='f_mpCost']"));
        cost.clear();
        cost.sendKeys("1");
        String version = driver.findElement(By.id("play")).getAttribute("data-version");
        move.findElement(By.cssSelector("form.action button[type=submit]")).click();
        wait.until(d -> settled() && !version.equals(d.findElement(By.id("play")).getAttribute("data-version")));
        assertThat(driver.findElement(By.id("outcome")).getText()).contains("D5");
        assertThat(driver.findElements(By.cssSelector("#board g.hex[data-hex='D5'] a.chip[data-counter='ger-sq-2']")))
                .hasSize(1);
        choose("ger-sq-2");
        assertThat(driver.findElement(By.id("panel-state")).getText()).as("the terrain the map gives D5")
                .contains("open");
        shots("62-board-after-move");
    }

    /** On a phone the board fits the width, its counters are tap targets of 44 px, and it zooms in and back. */
    @Test
    @SuppressWarnings("unchecked")
    void on_a_phone_the_board_fits_the_width_and_zooms() {
        String campaignId = importSample("asl-west-of-alamein.yaml");
        logIn("alice");
        AtTheTableBrowserTest.viewport(PHONE);
        startFromPage(campaignId, "ex-10-3");
        JavascriptExecutor js = (JavascriptExecutor) driver;
        Map<String, Object> fit = (Map<String, Object>) js.executeScript(
                "const s = document.querySelector('#board svg.hex-board').getBoundingClientRect();"
                        + "const chips = [...document.querySelectorAll('#board .chip-face')].map(c => c"
                        + ".getBoundingClientRect()); return {right: s.right, left: s.left, width: window.innerWidth,"
                        + " wide: document.documentElement.scrollWidth > window.innerWidth + 1,"
                        + " smallest: Math.min(...chips.map(r => Math.min(r.width, r.height)))};");
        assertThat(((Number) fit.get("left")).doubleValue()).isGreaterThanOrEqualTo(0);
        assertThat(((Number) fit.get("right")).doubleValue()).as("the board fits the width")
                .isLessThanOrEqualTo(((Number) fit.get("width")).doubleValue());
        assertThat(fit.get("wide")).as("no horizontal scroll").isEqualTo(false);
        assertThat(((Number) fit.get("smallest")).doubleValue()).as("a counter is a tap target of 44 px")
                .isGreaterThanOrEqualTo(44);
        for (WebElement b : driver.findElements(By.cssSelector("#board .zoom button"))) {
            assertThat(b.getRect().getHeight()).isGreaterThanOrEqualTo(44);
            assertThat(b.getRect().getWidth()).isGreaterThanOrEqualTo(44);
        }
        // the stack in B4 opens on a tap; its counters are tap targets too
        driver.findElement(By.cssSelector("#board g.hex[data-hex='B4'] a.chip:last-of-type")).click();
        WebElement tray = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#board .stack-tray[data-tray='B4']")));
        for (WebElement c : tray.findElements(By.cssSelector("a.tray-counter"))) {
            assertThat(c.getRect().getHeight()).isGreaterThanOrEqualTo(44);
            assertThat(c.getRect().getX() + c.getRect().getWidth()).isLessThanOrEqualTo(390);
        }
        assertThat(tray.getText()).contains("94mm INF Gun").contains("Mule");
        Browser.screenshot(driver, "63-board-phone-stack-open");
        double before = driver.findElement(By.cssSelector("#board svg.hex-board")).getRect().getWidth();
        driver.findElement(By.cssSelector("#board .zoom-in")).click();
        wait.until(d -> d.findElement(By.cssSelector("#board svg.hex-board")).getRect().getWidth() > before * 1.4);
        assertThat(js.executeScript("return document.documentElement.scrollWidth > window.innerWidth + 1"))
                .as("the board scrolls inside itself, not the page").isEqualTo(false);
        Browser.screenshot(driver, "64-board-phone-zoomed");
        driver.findElement(By.cssSelector("#board .zoom-fit")).click();
        wait.until(d -> Math.abs(d.findElement(By.cssSelector("#board svg.hex-board")).getRect().getWidth()
                - before) < 2);
        // the counters' faces are the rule set's: "94mm INF" and "Mule" on the board
        assertThat(driver.findElements(By.cssSelector("#board .chip-text")).stream()
                .map(e -> e.getAttribute("textContent")).toList()).contains("94mm INF", "Mule", "crew", "squad");
        AtTheTableBrowserTest.viewport(LAPTOP);
        Browser.screenshot(driver, "65-board-asl-laptop");
    }

    /**
     * At 390 px, every action form the samples offer through their first Game Turn (every counter's panel at every
     * step of the clock, the referee acting for every side): no two labels or controls overlap, and each label is
     * beside its control, inside the screen.
     */
    @Test
    @SuppressWarnings("unchecked")
    void at_390_px_no_label_or_control_of_any_action_form_overlaps() {
        List<String> problems = new ArrayList<>();
        int forms = 0;
        for (String[] sample : List.of(new String[]{"asl-west-of-alamein.yaml", "ex-10-3"},
                new String[]{"hex-sample.yaml", "first-clash"}, new String[]{"skirmish-sample.yaml", "ambush"})) {
            String campaignId = importSample(sample[0]);
            logIn("referee");
            AtTheTableBrowserTest.viewport(PHONE);
            startFromPage(campaignId, sample[1]);
            boolean shot = false;
            for (int step = 0; step < 40; step++) {
                Map<String, Object> found = (Map<String, Object>) ((JavascriptExecutor) driver)
                        .executeAsyncScript(OVERLAPS);
                assertThat(found.get("error")).as(String.valueOf(found.get("error"))).isNull();
                forms += ((Number) found.get("forms")).intValue();
                for (Object p : (List<Object>) found.get("problems")) {
                    problems.add(sample[1] + " at " + clock(driver) + ": " + p);
                }
                if (!shot && ((Number) found.get("forms")).intValue() > 3) {
                    Browser.screenshot(driver, "66-forms-phone-" + sample[1]);
                    shot = true;
                }
                driver.navigate().refresh();
                if (!step()) {
                    break;
                }
            }
        }
        assertThat(forms).as("forms checked").isGreaterThan(30);
        assertThat(problems).as("overlapping or misplaced labels and controls at 390 px").isEmpty();
    }

    /** The skirmish designation form: a row per weapon of the side, "man · weapon", each label beside its control. */
    @Test
    void the_designation_form_is_a_row_per_weapon() {
        String campaignId = importSample("skirmish-sample.yaml");
        logIn("referee");
        AtTheTableBrowserTest.viewport(PHONE);
        startFromPage(campaignId, "ambush");
        for (int i = 0; i < 20 && !clock(driver).contains("FIRE"); i++) {
            step();
        }
        choose("us-mg-gunner");
        WebElement li = panelOption("designate-targets");
        List<WebElement> heads = li.findElements(By.cssSelector(".row-head"));
        assertThat(heads.size()).as("a row per weapon of the side").isGreaterThan(1);
        assertThat(heads.get(0).getText()).contains(" · ");
        WebElement firstTarget = li.findElement(By.cssSelector("select[name='f_targets[0].target']"));
        WebElement label = li.findElement(By.cssSelector("label[for='" + firstTarget.getAttribute("id") + "']"));
        assertThat(label.getRect().getY()).as("the label beside its control")
                .isLessThan(firstTarget.getRect().getY() + firstTarget.getRect().getHeight());
        assertThat(label.getRect().getX() + label.getRect().getWidth())
                .isLessThanOrEqualTo(firstTarget.getRect().getX());
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'start'})", li);
        Browser.screenshot(driver, "67-designation-phone");
        AtTheTableBrowserTest.viewport(LAPTOP);
        Browser.screenshot(driver, "67-designation-laptop");
    }

    /**
     * In the page: every panel of the scenario (none chosen, then each counter) drawn in place of #panel, its forms
     * opened, their labels, controls, legends and row heads measured: any two that overlap, a label not beside its
     * control, anything past the screen's right edge is a problem.
     */
    private static final String OVERLAPS = """
            const done = arguments[arguments.length - 1];
            (async () => {
              const base = location.pathname;
              const ids = [...new Set([...document.querySelectorAll('#board [data-counter]')]
                  .map(e => e.getAttribute('data-counter')))];
              const urls = [base + '/fragments/panel'].concat(ids.map(id => base + '/fragments/panel?counter='
                  + encodeURIComponent(id)));
              const problems = [];
              let forms = 0;
              const what = e => (e.textContent || e.name || e.tagName).trim().replace(/\\s+/g, ' ').slice(0, 50);
              for (const u of urls) {
                const html = await (await fetch(u, {credentials: 'same-origin'})).text();
                const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('panel');
                if (!fresh) { continue; }
                document.getElementById('panel').replaceWith(document.importNode(fresh, true));
                const panel = document.getElementById('panel');
                panel.querySelectorAll('details').forEach(d => d.open = true);
                for (const form of panel.querySelectorAll('form.action')) {
                  forms++;
                  const where = form.closest('li.option').getAttribute('data-action') + ' (' + u.replace(base, '')
                      + ')';
                  const els = [...form.querySelectorAll('label, input:not([type=hidden]), select, textarea, '
                      + 'button, legend, .row-head, output')].filter(e => e.getClientRects().length > 0
                      && !e.closest('.visually-hidden'));
                  const boxes = els.map(e => [e, e.getBoundingClientRect()]);
                  for (let i = 0; i < boxes.length; i++) {
                    const [a, ra] = boxes[i];
                    if (ra.right > window.innerWidth + 1) {
                      problems.push(where + ': "' + what(a) + '" past the right edge (' + Math.round(ra.right) + ')');
                    }
                    for (let j = i + 1; j < boxes.length; j++) {
                      const [b, rb] = boxes[j];
                      if (a.contains(b) || b.contains(a)) { continue; }
                      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
                      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
                      if (w > 1 && h > 1) {
                        problems.push(where + ': "' + what(a) + '" overlaps "' + what(b) + '"');
                      }
                    }
                  }
                  for (const l of form.querySelectorAll('label[for]')) {
                    const c = document.getElementById(l.htmlFor);
                    if (!c || l.getClientRects().length === 0) { continue; }
                    const rl = l.getBoundingClientRect();
                    const rc = c.getBoundingClientRect();
                    const level = rl.top < rc.bottom && rc.top < rl.bottom;
                    const apart = rl.right <= rc.left + 1 || rc.right <= rl.left + 1;
                    if (!level || !apart) {
                      problems.push(where + ': label "' + what(l) + '" is not beside its control');
                    }
                  }
                }
              }
              return {forms: forms, problems: problems.slice(0, 40)};
            })().then(done, e => done({error: String(e), forms: 0, problems: []}));
            """;

    /** One step of the clock as the referee, leaving knowingly what the step leaves; false at Game Turn 2. */
    private boolean step() {
        String before = clock(driver);
        if (before.startsWith("Turn 2") || driver.findElements(By.id("advance-button")).isEmpty()) {
            return false;
        }
        for (WebElement box : driver.findElements(By.cssSelector("#leaving input[type=checkbox]"))) {
            if (!box.isSelected()) {
                box.click();
            }
        }
        driver.findElement(By.id("advance-button")).click();
        wait.until(d -> !clock(d).equals(before) || !d.findElements(By.cssSelector("#clock .error")).isEmpty());
        return !clock(driver).equals(before) && !clock(driver).startsWith("Turn 2");
    }

    private void startFromPage(String campaignId, String plan) {
        driver.get(url("/campaigns/" + campaignId));
        new Select(driver.findElement(By.id("plan"))).selectByValue(plan);
        driver.findElement(By.cssSelector("#start button")).click();
        wait.until(ExpectedConditions.urlMatches("/scenarios/[0-9a-f-]+$"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("board")));
    }

    /** The page now at both sizes. */
    private void shots(String name) {
        AtTheTableBrowserTest.viewport(LAPTOP);
        Browser.screenshot(driver, name + "-laptop");
        AtTheTableBrowserTest.viewport(PHONE);
        Browser.screenshot(driver, name + "-phone");
        AtTheTableBrowserTest.viewport(LAPTOP);
    }
}
