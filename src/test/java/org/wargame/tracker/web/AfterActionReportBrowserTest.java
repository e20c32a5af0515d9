package org.wargame.tracker.web;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 26, items 1 and 2: each sample campaign plays a scripted scenario (losses, entered dice, an undo by consent
 * or a ruling) and a second one; the after-action report and the campaign journal, opened in Chromium, tell the
 * losses per side, the decisive moments and the dice counts of that play, in the players' words (no id on the
 * page); the PDF downloads, read back with PDFBox, hold the same numbers.
 */
class AfterActionReportBrowserTest extends BrowserTestSupport {

    private static Map<String, Object> roll(String kind, Integer... values) {
        return Map.of("kind", kind, "values", List.of(values));
    }

    private static void ok(Response r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
    }

    private void conclude(String scenarioId, String result) {
        ok(post("referee", "/api/scenarios/" + scenarioId + "/conclude", Map.of("result", result)));
    }

    /**
     * ASL: the Mule carrying the 94mm is Casualty Reduced (vulnerability dr 3, entered: 10.4), the Italian squad is
     * eliminated, the Italians dispute it and the referee lets it stand; the second scenario ends at once.
     */
    @Test
    void asl_report_and_journal() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        advanceTo("referee", s, 1, 2, "DFPh");
        Response cr = action("referee", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(roll("dr", 3), roll("dr", 6))));
        ok(cr);
        System.out.println("ASL CR: " + cr.raw());
        Response elim = action("referee", s, Map.of("type", "casualty", "counter", "it-squad-1",
                "result", "eliminate"));
        ok(elim);
        String dispute = post("bruno", "/api/scenarios/" + s + "/disputes", Map.of("actionId",
                elim.at("/actionId").asText(), "reason", "the squad was behind the ridge")).at("/id").asText();
        ok(post("referee", "/api/scenarios/" + s + "/disputes/" + dispute + "/resolve", Map.of("upheld", false,
                "ruling", "the ridge gives no cover from this hex")));
        conclude(s, "British battery in action");
        String t = startPlan("referee", campaign, "ex-10-41");
        conclude(t, "81mm MTR in position");

        logIn("alice");
        driver.get(url("/scenarios/" + s));
        driver.findElement(By.id("report-link")).click();
        wait.until(d -> !d.findElements(By.id("after-action")).isEmpty());
        String page = body();
        System.out.println(page);
        Browser.screenshot(driver, "80-report-asl");
        assertThat(summary("Italians")).isEqualTo("1 eliminated, 1 struck off the roster");
        assertThat(page).contains("British battery in action").contains("1 of 6 Game Turns")
                .doesNotContain("it-squad-1", "br-mule-1", "british", "axis");
        noIds(page);
        assertThat(summary("British")).isEqualTo("1 Malfunctioned, 1 Low Ammo, 1 Casualty Reduced (HS)");
        assertThat(moments("Elimination")).containsExactly("Italian squad eliminated");
        assertThat(moments("Loss")).containsExactly("94mm INF Gun: Malfunctioned", "94mm INF Gun: Low Ammo",
                "\"squad\" Mule 1: Casualty Reduced (HS)");
        // the vulnerability dr 3 and the Covered Arc dr 6, both entered for the British by the referee
        WebElement dice = driver.findElement(By.cssSelector(".dice-chart[data-side='British'][data-kind='dr']"));
        assertThat(dice.getAttribute("data-dice")).isEqualTo("2");
        assertThat(dice.getText()).contains("1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1");
        assertThat(moments("Ruling")).hasSize(1);
        assertThat(moments("Ruling").get(0)).contains("stands").contains("the ridge gives no cover");
        auditLinkOpensTheMomentsAction("Elimination");
        String pdf = pdf("/scenarios/" + s + "/report.pdf");
        assertThat(pdf).contains("1 eliminated, 1 struck off the roster").contains("British battery in action")
                .contains("1 Malfunctioned, 1 Low Ammo, 1 Casualty Reduced (HS)")
                .contains("2 dice in 2 rolls (2 entered, 0 rolled by the server)");

        Axe.check(driver, "report-asl");
        driver.get(url("/campaigns/" + campaign));
        driver.findElement(By.id("journal-link")).click();
        wait.until(d -> !d.findElements(By.id("journal")).isEmpty());
        String journal = body();
        System.out.println(journal);
        Browser.screenshot(driver, "81-journal-asl");
        Axe.check(driver, "journal-asl");
        noIds(journal);
        assertThat(journal).contains("EX 10.3 / 10.31: Unpacking the 94mm").contains("81mm MTR in position");
        assertThat(career("Italian squad")).contains("EX 10.3 / 10.31: Unpacking the 94mm: eliminated, struck off "
                + "the roster").contains("struck off the roster (eliminated in EX 10.3");
        assertThat(strength("Italians")).isEqualTo("1, 0, 0");
        String journalPdf = pdf("/campaigns/" + campaign + "/journal.pdf");
        assertThat(journalPdf).contains("Campaign journal").contains("1 eliminated, 1 struck off the roster");
    }

    /**
     * Hex: German squad 1 fires its HMG twice (2d6 4 4, undone by the U.S. player's consent; then 4 3, both entered
     * by gerd) and is eliminated with its HMG (12.2); the second scenario starts without them.
     */
    @Test
    void hex_report_and_journal() throws Exception {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");
        advanceTo("gerd", s, 1, 1, "FP");
        Response first = action("gerd", s, Map.of("type", "fire", "unitId", "ger-sq-1", "weaponId", "ger-hmg-1",
                "targetHex", "E6", "range", 3, "dice", List.of(roll("2d6", 4, 4))));
        ok(first);
        String request = post("gerd", "/api/scenarios/" + s + "/undo", Map.of("actionId",
                first.at("/actionId").asText(), "reason", "meant the other hex")).at("/id").asText();
        ok(post("sam", "/api/scenarios/" + s + "/undo-requests/" + request + "/accept", Map.of()));
        ok(action("gerd", s, Map.of("type", "fire", "unitId", "ger-sq-1", "weaponId", "ger-hmg-1",
                "targetHex", "E6", "range", 3, "dice", List.of(roll("2d6", 4, 3)))));
        advanceTo("referee", s, 1, 2, "FP");
        ok(action("gerd", s, Map.of("type", "eliminate", "counterId", "ger-sq-1", "cause", "fire table")));
        conclude(s, "U.S. hold");
        String t = startPlan("referee", campaign, "counterattack");
        conclude(t, "German counterattack fails");

        logIn("gerd");
        driver.get(url("/scenarios/" + s + "/report"));
        String page = body();
        System.out.println(page);
        Browser.screenshot(driver, "82-report-hex");
        noIds(page);
        assertThat(summary("Germans")).isEqualTo("2 eliminated, 2 struck off the roster");
        assertThat(moments("Elimination")).hasSize(2);
        assertThat(moments("Undo by consent")).hasSize(1);
        assertThat(moments("Undo by consent").get(0)).contains("agreed by sam");
        // every die counts, the undone attack's too: gerd's 2d6, four dice in two rolls, faces 3 once and 4 three times
        WebElement dice = driver.findElement(By.cssSelector(".dice-chart[data-player='gerd'][data-kind='2d6']"));
        assertThat(dice.getAttribute("data-dice")).isEqualTo("4");
        assertThat(dice.getText()).contains("4 dice in 2 rolls (2 entered, 0 rolled by the server)")
                .contains("1: 0, 2: 0, 3: 1, 4: 3, 5: 0, 6: 0");
        String pdf = pdf("/scenarios/" + s + "/report.pdf");
        assertThat(pdf).contains("2 eliminated, 2 struck off the roster")
                .contains("4 dice in 2 rolls (2 entered, 0 rolled by the server)")
                .contains("1: 0, 2: 0, 3: 1, 4: 3, 5: 0, 6: 0");

        driver.get(url("/campaigns/" + campaign + "/journal"));
        String journal = body();
        System.out.println(journal);
        noIds(journal);
        assertThat(career("German squad 1")).contains("First clash: eliminated, struck off the roster");
        assertThat(driver.findElement(By.cssSelector("#journal-dice .dice-chart[data-player='gerd']"
                + "[data-kind='2d6']")).getAttribute("data-dice")).isEqualTo("4");
        String journalPdf = pdf("/campaigns/" + campaign + "/journal.pdf");
        assertThat(journalPdf).contains("First clash").contains("German counterattack fails")
                .contains("4 dice in 2 rolls");
    }

    /**
     * Skirmish: a German rifleman is killed in close combat and Pfc. Dunn is hit by artillery (hit location d6 5,
     * entered); his treatment roll between the scenarios (d6 4) is in his career and the campaign's dice; the second
     * scenario ends at once.
     */
    @Test
    void skirmish_report_and_journal() throws Exception {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        ok(action("referee", s, Map.of("type", "record-casualty", "counter", "de-rifle-1", "wound", "death",
                "cause", "close combat")));
        Response shell = action("referee", s, Map.of("type", "artillery-hit", "target", "us-rifle-1",
                "dice", List.of(roll("d6", 5))));
        System.out.println("SKIRMISH shell: " + shell.raw());
        ok(shell);
        conclude(s, "U.S. hold the ford");
        // between the scenarios: Dunn's treatment roll on the campaign's chart, d6 4 entered by his player
        ok(post("sam", "/api/campaigns/" + campaign + "/between/rolls", Map.of("counter", "us-rifle-1",
                "dice", List.of(roll("d6", 4)))));
        String t = startPlan("referee", campaign, "counterattack");
        conclude(t, "The mill is taken");

        logIn("sam");
        driver.get(url("/scenarios/" + s + "/report"));
        String page = body();
        System.out.println(page);
        Browser.screenshot(driver, "83-report-skirmish");
        noIds(page);
        assertThat(summary("Germans")).isEqualTo("1 eliminated, 1 struck off the roster");
        assertThat(summary("U.S.")).isEqualTo("1 walking wounded");
        assertThat(moments("Loss")).containsExactly("Pfc. Dunn: walking wounded");
        WebElement dice = driver.findElement(By.cssSelector(".dice-chart[data-side='U.S.'][data-kind='d6']"));
        assertThat(dice.getAttribute("data-dice")).isEqualTo("1");
        assertThat(dice.getText()).contains("1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 0");
        String pdf = pdf("/scenarios/" + s + "/report.pdf");
        assertThat(pdf).contains("1 eliminated, 1 struck off the roster").contains("1 walking wounded")
                .contains("1 die in 1 roll (1 entered, 0 rolled by the server)");

        driver.get(url("/campaigns/" + campaign + "/journal"));
        String journal = body();
        System.out.println(journal);
        noIds(journal);
        assertThat(career("Pfc. Dunn")).contains("Ambush at the ford: walking wounded")
                .contains("Between scenarios: Medical Treatment (campaign chart), d6 4:");
        // the campaign's dice: the referee's hit location in the scenario, sam's treatment roll between the two
        assertThat(driver.findElement(By.cssSelector("#journal-dice .dice-chart[data-player='sam'][data-kind='d6']"))
                .getAttribute("data-dice")).isEqualTo("1");
        assertThat(driver.findElement(By.cssSelector("#journal-dice .dice-chart[data-player='referee']"
                + "[data-kind='d6']")).getAttribute("data-dice")).isEqualTo("1");
        String journalPdf = pdf("/campaigns/" + campaign + "/journal.pdf");
        assertThat(journalPdf).contains("U.S. hold the ford").contains("The mill is taken")
                .contains("1 walking wounded");
    }

    private String body() {
        return driver.findElement(By.tagName("main")).getText();
    }

    /** No UUID and no enum constant on the page. */
    private static void noIds(String page) {
        assertThat(page).doesNotContainPattern("[0-9a-f]{8}-[0-9a-f]{4}-")
                .doesNotContain("ELIMINATION", "RULING", "ScenarioConcluded", "ActionTaken", "null");
    }

    /**
     * A moment's "in the audit" opens the part of the audit that begins with its action, whatever the turn's length;
     * then back to the report.
     */
    private void auditLinkOpensTheMomentsAction(String kind) {
        WebElement link = driver.findElement(By.cssSelector(".moment[data-kind='" + kind + "'] a.audit-link"));
        String anchor = link.getAttribute("href").replaceAll(".*#", "");
        assertThat(link.getAttribute("href")).contains("from=" + anchor.replace("action-", ""));
        String report = driver.getCurrentUrl();
        link.click();
        wait.until(d -> !d.findElements(By.cssSelector("main#audit li.audited")).isEmpty());
        assertThat(driver.findElements(By.cssSelector("main#audit li.audited")).get(0).getAttribute("id"))
                .isEqualTo(anchor);
        driver.get(report);
        wait.until(d -> !d.findElements(By.id("after-action")).isEmpty());
    }

    private String summary(String side) {
        return driver.findElement(By.cssSelector(".side-losses[data-side='" + side + "'] .summary")).getText();
    }

    private List<String> moments(String kind) {
        return driver.findElements(By.cssSelector(".moment[data-kind='" + kind + "'] .moment-what")).stream()
                .map(WebElement::getText).collect(Collectors.toList());
    }

    private String career(String counter) {
        return driver.findElement(By.cssSelector(".career[data-counter='" + counter + "']")).getText();
    }

    private String strength(String side) {
        return driver.findElement(By.cssSelector(".strength[data-side='" + side + "'] .strength-values")).getText();
    }

    /** The PDF at {@code path}, downloaded with this browser's session, as the text PDFBox reads back from it. */
    private String pdf(String path) throws IOException, InterruptedException {
        String cookies = driver.manage().getCookies().stream().map(c -> c.getName() + "=" + c.getValue())
                .collect(Collectors.joining("; "));
        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url(path)))
                .header("Cookie", cookies).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
        assertThat(response.headers().firstValue("Content-Disposition").orElse("")).contains("attachment");
        java.nio.file.Files.createDirectories(Browser.SCREENSHOTS);
        java.nio.file.Files.write(Browser.SCREENSHOTS.resolve(path.replaceAll("[^a-z.]+", "-")
                .replaceAll("^-", "") + ""), response.body());
        try (PDDocument document = Loader.loadPDF(response.body())) {
            // in the order of the document (not by position on the page, which mixes a table's columns)
            String text = new PDFTextStripper().getText(document).replaceAll("\\s+", " ");
            System.out.println("PDF " + path + " (" + document.getNumberOfPages() + " pages): " + text);
            return text;
        }
    }
}
