package org.wargame.tracker.web.pages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.wargame.tracker.account.Accounts;
import org.wargame.tracker.campaign.CampaignFile;
import org.wargame.tracker.campaign.CampaignImport;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.history.CampaignShelf;
import org.wargame.tracker.history.CampaignStreams;
import org.wargame.tracker.history.DiceStatistics;
import org.wargame.tracker.history.HistoryTransfer;
import org.wargame.tracker.history.ReadModelRebuild;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.ChainVerification;
import org.wargame.tracker.store.EventChain;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.Quarantine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The referee's console: verify the hash chain (the first broken link named) and check receipts, rebuild the read
 * models with a live progress bar, the dice statistics of a campaign per side and player with a chart, export and
 * import of a campaign (its history, or a new campaign file), and the accounts. Built over the same services as the
 * API's controllers, never over the controllers; the referee only (403 page for
 * anybody else). Every form answers the console again, with the outcome or the refusal next to the form.
 */
@Controller
public class ConsolePages {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChainVerification verification;
    private final ReadModelRebuild rebuild;
    private final HistoryTransfer transfer;
    private final CampaignViews campaigns;
    private final CampaignImport campaignImport;
    private final ScenarioViews scenarios;
    private final EventHistory history;
    private final Accounts accounts;
    private final CampaignStreams streams;
    private final EventChain chain;
    private final CampaignShelf shelf;
    private final Quarantine quarantine;
    private final org.wargame.tracker.campaign.Participants participants;
    private final org.wargame.tracker.scenario.Viewers viewers;

    /** The streams whose heads the console offers as receipts to keep, at most. */
    static final int RECEIPTS_SHOWN = 1000;

    public ConsolePages(ChainVerification verification, ReadModelRebuild rebuild, HistoryTransfer transfer,
                        CampaignViews campaigns, CampaignImport campaignImport, ScenarioViews scenarios,
                        EventHistory history, Accounts accounts, CampaignStreams streams, EventChain chain,
                        CampaignShelf shelf, Quarantine quarantine,
                        org.wargame.tracker.campaign.Participants participants,
                        org.wargame.tracker.scenario.Viewers viewers) {
        this.participants = participants;
        this.viewers = viewers;
        this.quarantine = quarantine;
        this.chain = chain;
        this.shelf = shelf;
        this.verification = verification;
        this.rebuild = rebuild;
        this.transfer = transfer;
        this.campaigns = campaigns;
        this.campaignImport = campaignImport;
        this.scenarios = scenarios;
        this.history = history;
        this.accounts = accounts;
        this.streams = streams;
    }

    /** The outcome of a form: which form ({@code key}), whether it was refused, and what to say. */
    public record Said(String key, boolean refused, String message) {
    }

    /** A campaign offered for download, with what a referee needs to choose it, in words. */
    public record ExportRow(String campaignId, String name, String ruleSet, String scenarios, long events,
                            String lastChange) {
        static ExportRow of(CampaignShelf.Entry e) {
            String ruleSet = RuleSets.all().stream().filter(r -> r.id().equals(e.ruleSet()))
                    .map(r -> r.title()).findFirst().orElse(e.ruleSet());
            String scenarios = e.scenarios() == 0 ? "none yet" : e.scenarios() + (e.inPlay() == 0 ? ""
                    : " (" + e.inPlay() + " in play)");
            String last = e.lastChange() == null ? "unknown" : LAST_CHANGE.format(e.lastChange());
            return new ExportRow(e.campaignId(), e.name(), ruleSet, scenarios, e.events(), last);
        }
    }

    private static final java.time.format.DateTimeFormatter LAST_CHANGE = java.time.format.DateTimeFormatter
            .ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(java.time.ZoneOffset.UTC);

    /** The first broken link in words: where (campaign or scenario by name), which event, why. */
    public record BrokenLink(String where, long event, String reason) {
    }

    /** A record held read-only because a rebuild could not replay it: which, at which event, why, since when. */
    public record HeldRecord(String where, long event, String reason, String since) {
    }

    /** A receipt checked, with the stream named. */
    public record ReceiptLine(String where, long event, boolean ok, String reason) {
    }

    /** One distribution of dice with its chart. */
    public record DiceRow(String side, String player, DiceStatistics.Distribution d, DiceChart chart) {
        public String fair() {
            return d.dice() == 0 ? "no dice yet" : d.pValue() < 0.01 ? "unusual: worth a look"
                    : "consistent with fair dice";
        }
    }

    @GetMapping("/console")
    public String console(@RequestParam(required = false) String verify,
                          @RequestParam(required = false) String dice, Authentication auth, Model model) {
        referee(auth);
        if (verify != null && !verify.isBlank()) {
            verified(verify, model);
        }
        fill(model, dice);
        return "console";
    }

    /** The rebuild's progress bar, asked for again every half second by the page while it runs. */
    @GetMapping("/console/rebuild")
    public String rebuildProgress(Authentication auth, Model model) {
        referee(auth);
        model.addAttribute("rebuild", rebuild.progress());
        model.addAttribute("quarantined", held());
        return "console :: rebuild";
    }

    @PostMapping("/console/rebuild")
    public String startRebuild(@RequestParam(required = false) String force, Authentication auth, Model model,
                               HttpServletResponse response) {
        referee(auth);
        return answer(model, response, "rebuild", () -> {
            ReadModelRebuild.Progress p = rebuild.start(auth.getName(), "on".equals(force) || "true".equals(force));
            return "Rebuild started: " + p.eventsTotal() + " events to replay.";
        });
    }

    @PostMapping("/console/receipts")
    public String receipts(@RequestParam(required = false) String receipts, Authentication auth, Model model,
                           HttpServletResponse response) {
        referee(auth);
        model.addAttribute("receiptsText", receipts);
        return answer(model, response, "receipts", () -> {
            List<EventChain.Receipt> list = parseReceipts(receipts);
            List<ReceiptLine> lines = verification.receipts(list).stream().map(c -> new ReceiptLine(
                    where(c.receipt().stream()), c.receipt().sequence() + 1, c.ok(), c.reason())).toList();
            model.addAttribute("receiptLines", lines);
            long good = lines.stream().filter(ReceiptLine::ok).count();
            return good + " of " + lines.size() + " receipts are still on the chain.";
        });
    }

    /**
     * The campaign's history as JSON Lines (the same file as {@code GET /api/campaigns/{id}/export}): the kept
     * contents of its sealed choices go with it only when {@code Visibility} lets this referee read them all (not a
     * blind referee), as the API's export.
     */
    @GetMapping("/console/campaigns/{campaignId}/export")
    public void export(@PathVariable String campaignId, Authentication auth, HttpServletResponse response)
            throws IOException {
        referee(auth);
        var actor = participants.actor(auth, campaignId); // refuses an unknown campaign
        boolean secrets = org.wargame.tracker.scenario.Visibility.exportsSecrets(viewers.of(actor, campaignId));
        List<String> streams = this.streams.of(campaignId);
        response.setHeader("Content-Disposition", "attachment; filename=\"" + campaignId + ".history.jsonl\"");
        response.setContentType("application/x-ndjson");
        transfer.export(campaignId, streams, response.getOutputStream(),
                new HistoryTransfer.Including(false, false, secrets));
    }

    @PostMapping("/console/import")
    public String importHistory(@RequestParam(required = false) MultipartFile history, Authentication auth,
                                Model model, HttpServletResponse response) {
        referee(auth);
        return answer(model, response, "import", () -> {
            if (history == null || history.isEmpty()) {
                throw new FieldRefused("history", "choose an exported history file (.jsonl)");
            }
            try (InputStream in = history.getInputStream()) {
                HistoryTransfer.ImportResult r = transfer.importHistory(in);
                return "Imported " + name(r.campaignId()) + ": " + r.events() + " events in " + r.streams()
                        + " streams.";
            } catch (IOException e) {
                throw new FieldRefused("history", "the file could not be read");
            }
        });
    }

    @PostMapping("/console/campaigns")
    public String importCampaign(@RequestParam(required = false) MultipartFile file, Authentication auth,
                                 Model model, HttpServletResponse response) {
        referee(auth);
        return answer(model, response, "campaign", () -> {
            if (file == null || file.isEmpty()) {
                throw new FieldRefused("file", "choose a campaign file (.yaml)");
            }
            String text;
            try {
                text = new String(file.getBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new FieldRefused("file", "the file could not be read");
            }
            CampaignFile parsed = campaignImport.parse(text);
            if (parsed.id() != null && campaigns.exists(parsed.id())) {
                throw new Conflict("id", "campaign '" + parsed.id() + "' exists already");
            }
            String id = campaignImport.importFile(parsed, auth.getName());
            return "Campaign " + name(id) + " imported.";
        });
    }

    @PostMapping("/console/accounts")
    public String createAccount(@RequestParam(required = false) String username,
                                @RequestParam(required = false) String password,
                                @RequestParam(required = false) String role, Authentication auth, Model model,
                                HttpServletResponse response) {
        referee(auth);
        model.addAttribute("newUsername", username);
        return answer(model, response, "create", () -> {
            accounts.create(username == null ? null : username.trim(), password,
                    role == null || role.isBlank() ? Accounts.PLAYER : role);
            model.addAttribute("newUsername", null);
            return "Account " + username.trim() + " created.";
        });
    }

    /** Any of: enable or disable, change the role, reset the password (a field left out stays as it is). */
    @PostMapping("/console/accounts/{username}")
    public String changeAccount(@PathVariable String username, @RequestParam(required = false) String enabled,
                                @RequestParam(required = false) String role,
                                @RequestParam(required = false) String password, Authentication auth, Model model,
                                HttpServletResponse response) {
        referee(auth);
        return answer(model, response, "account-" + username, () -> {
            Boolean on = enabled == null || enabled.isBlank() ? null : Boolean.valueOf(enabled);
            String newRole = role == null || role.isBlank() ? null : role;
            String newPassword = password == null || password.isEmpty() ? null : password;
            if (on == null && newRole == null && newPassword == null) {
                throw new FieldRefused("password", "type a new password");
            }
            Accounts.Account a = accounts.change(username, on, newRole, newPassword, auth.getName());
            return newPassword != null ? "Password of " + a.username() + " reset: tell them the new one."
                    : on != null ? a.username() + " is " + (a.enabled() ? "enabled" : "disabled") + " now."
                    : a.username() + " is " + words(a.role()) + " now.";
        });
    }

    /** The campaign whose dice the console showed, sent back by its forms (none: the first). */
    private static String diceShown() {
        org.springframework.web.context.request.RequestAttributes attributes =
                org.springframework.web.context.request.RequestContextHolder.getRequestAttributes();
        if (attributes instanceof org.springframework.web.context.request.ServletRequestAttributes servlet) {
            return servlet.getRequest().getParameter("dice");
        }
        return null;
    }

    private String answer(Model model, HttpServletResponse response, String key, Supplier<String> work) {
        try {
            model.addAttribute("said", new Said(key, false, work.get()));
        } catch (org.wargame.tracker.refusal.Refusal e) {
            // 422 (409 for a conflict) with the console showing why: htmx swaps those in (see fragments.html)
            response.setStatus(FormRefusals.status(e));
            model.addAttribute("said", new Said(key, true, FormRefusals.message(e)));
        }
        fill(model, diceShown());
        return "console";
    }

    private void verified(String what, Model model) {
        ChainVerification.Report report;
        String scope;
        if ("all".equals(what)) {
            report = verification.all();
            scope = "the whole store";
        } else {
            if (!campaigns.exists(what)) {
                throw new org.wargame.tracker.refusal.NotFound("campaign '" + what + "' does not exist");
            }
            report = verification.streams(streams.of(what));
            scope = campaigns.state(what).name();
        }
        model.addAttribute("verifyScope", scope);
        model.addAttribute("verifyChoice", what);
        model.addAttribute("report", report);
        if (report.firstBroken() != null) {
            ChainVerification.Broken b = report.firstBroken();
            model.addAttribute("broken", new BrokenLink(where(b.stream()), b.sequence() + 1, b.reason()));
        }
        // the receipts to keep: the head of each stream checked, ready to paste back later
        List<EventChain.Receipt> heads = new ArrayList<>();
        report.heads().keySet().stream().limit(RECEIPTS_SHOWN).forEach(stream -> {
            EventChain.Receipt head = chain.head(stream);
            if (head != null) {
                heads.add(head);
            }
        });
        try {
            model.addAttribute("headsJson", JSON.writerWithDefaultPrettyPrinter().writeValueAsString(heads));
        } catch (IOException e) {
            model.addAttribute("headsJson", "");
        }
    }

    private void fill(Model model, String diceCampaign) {
        List<CampaignViews.CampaignSummary> all = campaigns.all();
        model.addAttribute("campaigns", all);
        model.addAttribute("exports", shelf.all().stream().map(ExportRow::of).toList());
        model.addAttribute("accounts", accounts.all());
        model.addAttribute("rebuild", rebuild.progress());
        model.addAttribute("quarantined", held());
        model.addAttribute("importProgress", transfer.progress());
        String chosen = diceCampaign != null && campaigns.exists(diceCampaign) ? diceCampaign
                : all.isEmpty() ? null : all.get(0).campaignId();
        model.addAttribute("diceCampaign", chosen);
        model.addAttribute("dice", chosen == null ? List.of() : dice(chosen));
    }

    private List<HeldRecord> held() {
        return quarantine.all().stream().map(h -> new HeldRecord(where(h.stream()), h.sequence() + 1, h.reason(),
                LAST_CHANGE.format(h.since()))).toList();
    }

    private List<DiceRow> dice(String campaignId) {
        DiceStatistics.Tally tally = new DiceStatistics.Tally();
        scenarios.ofCampaign(campaignId).forEach(s -> history.forEach(s.scenarioId(), 0, Long.MAX_VALUE, tally));
        CampaignState campaign = campaigns.state(campaignId);
        Map<String, String> sides = new LinkedHashMap<>();
        for (Side s : campaign.sides()) {
            sides.put(s.id(), s.name());
        }
        return tally.distributions().stream()
                .sorted(java.util.Comparator.comparing(DiceStatistics.Distribution::side,
                                java.util.Comparator.nullsLast(String::compareTo))
                        .thenComparing(DiceStatistics.Distribution::account,
                                java.util.Comparator.nullsLast(String::compareTo))
                        .thenComparing(DiceStatistics.Distribution::kind))
                .map(d -> new DiceRow(d.side() == null || "null".equals(d.side()) ? "(no side)"
                        : sides.getOrDefault(d.side(), d.side()),
                        d.account() == null || "null".equals(d.account()) ? "(server)" : d.account(), d,
                        DiceChart.of(d)))
                .toList();
    }

    /** A stream by its name: a campaign's, or a scenario's with its campaign. */
    private String where(String stream) {
        if (campaigns.exists(stream)) {
            return "campaign " + campaigns.state(stream).name();
        }
        if (scenarios.exists(stream)) {
            String campaign = scenarios.campaignOf(stream);
            String scenario = scenarios.ofCampaign(campaign).stream()
                    .filter(s -> s.scenarioId().equals(stream)).map(ScenarioViews.ScenarioSummary::name)
                    .findFirst().orElse("a scenario");
            return "scenario " + scenario + " of " + campaigns.state(campaign).name();
        }
        return "a stream no campaign knows";
    }

    private String name(String campaignId) {
        return campaignId != null && campaigns.exists(campaignId) ? campaigns.state(campaignId).name() : "the campaign";
    }

    static String words(String role) {
        return Accounts.REFEREE.equals(role) ? "a referee" : "a player";
    }

    /** Receipts as the API takes them: a list, or {"receipts": [...]}, each {stream, sequence, hash}. */
    static List<EventChain.Receipt> parseReceipts(String text) {
        if (text == null || text.isBlank()) {
            throw new FieldRefused("receipts", "paste the receipts you kept: [{\"stream\", \"sequence\", \"hash\"}]");
        }
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (IOException e) {
            throw new FieldRefused("receipts", "not JSON: paste the receipts as they were given");
        }
        if (node != null && node.isObject() && node.has("receipts")) {
            node = node.get("receipts");
        }
        if (node == null || !node.isArray() || node.isEmpty() || node.size() > 1000) {
            throw new FieldRefused("receipts", "a list of 1 to 1000 receipts: [{\"stream\", \"sequence\", \"hash\"}]");
        }
        List<EventChain.Receipt> list = new ArrayList<>();
        for (JsonNode r : node) {
            if (!r.isObject() || !r.path("stream").isTextual() || !r.path("hash").isTextual()
                    || !r.path("sequence").canConvertToLong()) {
                throw new FieldRefused("receipts", "each receipt needs stream, sequence and hash");
            }
            list.add(new EventChain.Receipt(r.get("stream").asText(), r.get("sequence").asLong(),
                    r.get("hash").asText()));
        }
        return list;
    }

    private static void referee(Authentication auth) {
        if (!Participants.isReferee(auth)) {
            throw new NotYourSide("only the referee uses the console");
        }
    }
}
