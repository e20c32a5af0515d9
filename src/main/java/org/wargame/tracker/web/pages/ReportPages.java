package org.wargame.tracker.web.pages;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.thymeleaf.context.WebContext;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.web.servlet.JakartaServletWebApplication;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.report.AfterActionReports;
import org.wargame.tracker.report.CampaignJournal;
import org.wargame.tracker.report.Luck;
import org.wargame.tracker.report.ScenarioReport;
import org.wargame.tracker.rules.RuleSets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A scenario's after-action report and the campaign journal, each as a page (which prints as one clean document)
 * and as a PDF download: the same template rendered for print, laid out by {@link PrintedPdf}. The reports are
 * told by {@link AfterActionReports}; this only renders them.
 */
@Controller
public class ReportPages {

    private final AfterActionReports reports;
    private final Participants participants;
    private final SpringTemplateEngine templates;

    public ReportPages(AfterActionReports reports, Participants participants, SpringTemplateEngine templates) {
        this.reports = reports;
        this.participants = participants;
        this.templates = templates;
    }

    /** One kind of dice of one player with its chart. */
    public record LuckChart(Luck luck, DiceChart chart) {
    }

    /** A counter's career with its carried state in its rule set's words ("Low Ammo markers: 1"). */
    public record CareerView(CampaignJournal.Career career, String state) {
    }

    /** A report with its dice charts, as the templates draw it. */
    public record ReportView(ScenarioReport report, List<LuckChart> dice) {
    }

    @GetMapping("/scenarios/{scenarioId}/report")
    public String report(@PathVariable String scenarioId, Authentication auth, Model model) {
        participants.actor(auth, reports.campaignOf(scenarioId));
        model.addAllAttributes(reportModel(reports.scenario(scenarioId), false));
        return "report";
    }

    @GetMapping("/scenarios/{scenarioId}/report.pdf")
    public ResponseEntity<byte[]> reportPdf(@PathVariable String scenarioId, Authentication auth,
                                            HttpServletRequest request, HttpServletResponse response) {
        participants.actor(auth, reports.campaignOf(scenarioId));
        ScenarioReport report = reports.scenario(scenarioId);
        return pdf("report", reportModel(report, true), "After-action report " + report.name(), request, response);
    }

    @GetMapping("/campaigns/{campaignId}/journal")
    public String journal(@PathVariable String campaignId, Authentication auth, Model model) {
        participants.actor(auth, campaignId);
        model.addAllAttributes(journalModel(reports.journal(campaignId), false));
        return "journal";
    }

    @GetMapping("/campaigns/{campaignId}/journal.pdf")
    public ResponseEntity<byte[]> journalPdf(@PathVariable String campaignId, Authentication auth,
                                             HttpServletRequest request, HttpServletResponse response) {
        participants.actor(auth, campaignId);
        CampaignJournal journal = reports.journal(campaignId);
        return pdf("journal", journalModel(journal, true), "Campaign journal " + journal.campaign().name(), request,
                response);
    }

    private static Map<String, Object> reportModel(ScenarioReport report, boolean pdf) {
        Map<String, Object> model = new HashMap<>();
        model.put("view", view(report));
        model.put("pdf", pdf);
        return model;
    }

    private static Map<String, Object> journalModel(CampaignJournal journal, boolean pdf) {
        Map<String, Object> model = new HashMap<>();
        model.put("journal", journal);
        model.put("views", journal.reports().stream().map(ReportPages::view).toList());
        model.put("dice", charts(journal.dice()));
        model.put("chart", StrengthChart.of(journal.campaign()));
        org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet = RuleSets.byId(journal.campaign().ruleSet());
        model.put("ruleSetTitle", ruleSet.title());
        Map<String, String> names = new HashMap<>();
        journal.campaign().roster().values().forEach(r -> names.put(r.counter().id(), r.counter().name()));
        journal.campaign().sides().forEach(s -> names.put(s.id(), s.name()));
        model.put("careers", journal.careers().stream().map(k -> new CareerView(k, String.join("; ",
                StateWords.of(ruleSet.words(), k.state(), names, null)))).toList());
        model.put("pdf", pdf);
        return model;
    }

    private static ReportView view(ScenarioReport report) {
        return new ReportView(report, charts(report.dice()));
    }

    private static List<LuckChart> charts(List<Luck> dice) {
        return dice.stream().map(l -> new LuckChart(l, DiceChart.of(l.distribution()))).toList();
    }

    /** The template rendered for print (its style sheet inside it), laid out as a PDF to download. */
    private ResponseEntity<byte[]> pdf(String template, Map<String, Object> model, String title,
                                       HttpServletRequest request, HttpServletResponse response) {
        model.put("printCss", PRINT_CSS);
        WebContext context = new WebContext(JakartaServletWebApplication.buildApplication(
                request.getServletContext()).buildExchange(request, response), Locale.ENGLISH, model);
        byte[] pdf = PrintedPdf.of(templates.process(template, context), title);
        String file = title.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("(^-|-$)", "").toLowerCase(Locale.ROOT)
                + ".pdf";
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_PDF)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(file).build()
                        .toString())
                .body(pdf);
    }

    /** The print style sheet the pages link to, put inside the PDF's document (its layout fetches nothing). */
    private static final String PRINT_CSS = read("static/css/report.css");

    private static String read(String resource) {
        try (var in = new ClassPathResource(resource).getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
