package org.wargame.tracker.web.pages;



import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioRecord;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioService.ActionResult;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventHistory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The scenario at the table: the clock and its advance button, the counters in play by location with the actions the
 * rules allow now (or refuse, with the rule), the outcome of the last action, and the timeline with time travel. Every
 * change goes through {@link ScenarioService}, the same application service as the REST API.
 */
@Controller
public class ScenarioPages {

    private final ScenarioService service;
    private final ScenarioViews scenarios;
    private final CampaignViews campaigns;
    private final Participants participants;
    private final EventHistory history;
    private final Timeline timeline;
    private final HistoryActions historyActions;
    private final ScenarioRecord record;

    /** How many of the latest events the scenario page offers to dispute (older ones: from the timeline). */
    private static final int RECENT = 300;

    public ScenarioPages(ScenarioService service, ScenarioViews scenarios, CampaignViews campaigns,
                         Participants participants, EventHistory history, Timeline timeline,
                         HistoryActions historyActions, ScenarioRecord record,
                         org.wargame.tracker.scenario.SealedSecrets secrets,
                         org.wargame.tracker.scenario.Viewers viewers) {
        this.viewers = viewers;
        this.secrets = secrets;
        this.historyActions = historyActions;
        this.record = record;
        this.service = service;
        this.scenarios = scenarios;
        this.campaigns = campaigns;
        this.participants = participants;
        this.history = history;
        this.timeline = timeline;
    }

    private final org.wargame.tracker.scenario.SealedSecrets secrets;
    private final org.wargame.tracker.scenario.Viewers viewers;

    /** Seals a choice of the actor's side from the page (the API's rules: {@code POST /api/.../seals}). */
    @PostMapping("/scenarios/{scenarioId}/seals")
    public String seal(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                       Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        String side = form.get("side") == null || form.get("side").isBlank() ? null : form.get("side");
        return run(scenarioId, actor, model, response, "seal", () -> service.seal(scenarioId, side,
                form.get("label"), form.get("content"), actor, version(form.get("expectedVersion"))));
    }

    @PostMapping("/scenarios/{scenarioId}/seals/{sealId}/reveal")
    public String reveal(@PathVariable String scenarioId, @PathVariable String sealId,
                         @RequestParam Map<String, String> form, Authentication auth, Model model,
                         HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return run(scenarioId, actor, model, response, "seal-" + sealId, () -> service.reveal(scenarioId, sealId,
                actor, version(form.get("expectedVersion"))));
    }

    /** Sets a counter of the actor's side up hidden from the page (the API's rules: {@code POST /api/.../hidden}). */
    @PostMapping("/scenarios/{scenarioId}/hidden")
    public String hide(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                       Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return run(scenarioId, actor, model, response, "hide", () -> service.hide(scenarioId, form.get("counter"),
                form.get("where"), actor, version(form.get("expectedVersion"))));
    }

    /** Notes what a hidden counter of the actor's side did (read by the others as "a hidden unit acted"). */
    @PostMapping("/scenarios/{scenarioId}/hidden/acted")
    public String hiddenActed(@PathVariable String scenarioId, @RequestParam Map<String, String> form,
                              Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return run(scenarioId, actor, model, response, "acted", () -> service.hiddenActed(scenarioId,
                form.get("counter"), form.get("text"), actor, version(form.get("expectedVersion"))));
    }

    /** A counter the viewer may set up hidden, or one of the viewer's side that is hidden: its id and name. */
    public record HiddenChoice(String id, String name) {
    }

    /** A sealed choice on the page: what this viewer sees of it, and whether this viewer may reveal it. */
    public record SealRow(org.wargame.tracker.scenario.Visibility.SealView seal, boolean mayReveal) {
    }

    /** One option as a form: a stable key to route errors back to it, and its ready request as JSON. */
    public record OptionForm(String key, ActionOption option, String requestJson, boolean mayAct,
                             List<FormInputs.Input> inputs, List<FormInputs.DieInput> dice) {
        /** A prefix for the ids of the form's inputs, unique on the page. */
        public String domId() {
            return "opt-" + key.replaceAll("[^A-Za-z0-9]", "-");
        }
    }

    /** A counter in play with its options. */
    public record CounterRow(CounterCard card, List<OptionForm> options) {
    }

    /** The counters at one location. */
    public record Place(String location, List<CounterRow> counters) {
    }

    /** Why a posted form was refused: which form, which field (null: the whole action) and the message. */
    public record Refusal(String key, String field, String message) {
        public boolean on(String formKey, String fieldName) {
            return key.equals(formKey) && (fieldName == null ? field == null : fieldName.equals(field));
        }

        /** {@link #on}, or about a part of that field ({@code corrected.result} is about {@code corrected}). */
        public boolean about(String formKey, String fieldName) {
            return on(formKey, fieldName) || key.equals(formKey) && fieldName != null && fieldName.equals(top());
        }

        /** The form's field the refusal is about: {@code corrected} for {@code corrected.result}. */
        public String top() {
            return field == null ? null : field.split("[.\\[]", 2)[0];
        }
    }

    /** A pending undo request as the page shows it: the action in words, and whether this player may answer it. */
    public record RequestRow(UndoRequested request, String action, boolean mayAnswer, boolean mine) {
        public String key() {
            return "request-" + request.requestId();
        }
    }

    /** An open dispute with the action it is about, in words. */
    /** {@code request}: the disputed action's fields as JSON, for the referee to correct (null: none to correct). */
    public record DisputeRow(ActionDisputed dispute, String action, String request, CorrectionForm correction) {
        public String key() {
            return "resolve-" + dispute.disputeId();
        }
    }

    /** The last action, which "Undo" would take back: in words, whether a die decided it, and if this actor may. */
    public record LastAction(String actionId, String words, boolean diced, String side, boolean mayUndo) {
    }

    /** How many events a page redrawn live ({@code since}) lists under "What happened" at most: the latest. */
    static final int SINCE_AT_MOST = 50;

    /**
     * The scenario; with {@code since} (the version a page showed, sent by its live update, see static/js/live.js),
     * "What happened" lists the events stored after it, the latest {@value #SINCE_AT_MOST} at most.
     */
    @GetMapping("/scenarios/{scenarioId}")
    public String scenario(@PathVariable String scenarioId, @RequestParam(required = false) String counter,
                           @RequestParam(required = false) Long since, Authentication auth, Model model) {
        Actor actor = actor(auth, scenarioId);
        ScenarioState state = scenarios.state(scenarioId);
        if (since != null && since >= 0 && since < state.events()) {
            long from = Math.max(since, state.events() - SINCE_AT_MOST);
            Map<String, String> names = names(state);
            List<EventLine> lines = EventLines.of(history.stream(scenarioId, from), names,
                    () -> history.stream(scenarioId, 0));
            model.addAttribute("outcome", lines);
            // another's action, live: a short notice of its result
            model.addAttribute("result", ResultLine.of(lines, null, null, state.ruleSet().words(), names, true));
        }
        model.addAttribute("selected", counter);
        fill(model, state, actor);
        return "scenario";
    }

    /** A reload of the address a form without htmx posted to shows the scenario (these paths take only POST). */
    @GetMapping({"/scenarios/{scenarioId}/advance", "/scenarios/{scenarioId}/done", "/scenarios/{scenarioId}/conclude",
            "/scenarios/{scenarioId}/reopen", "/scenarios/{scenarioId}/proposals/{proposalId}/{answer}",
            "/scenarios/{scenarioId}/actions", "/scenarios/{scenarioId}/undo", "/scenarios/{scenarioId}/notes"})
    public String reload(@PathVariable String scenarioId) {
        return "redirect:/scenarios/" + java.net.URLEncoder.encode(scenarioId, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The regions of the scenario page, each drawn alone (a counter's panel, or one region redrawn). */
    static final Set<String> FRAGMENTS = Set.of("clock", "board", "panel", "requests", "happened");

    @GetMapping("/scenarios/{scenarioId}/fragments/{name}")
    public String fragment(@PathVariable String scenarioId, @PathVariable String name,
                           @RequestParam(required = false) String counter, Authentication auth, Model model) {
        Actor actor = actor(auth, scenarioId);
        if (!FRAGMENTS.contains(name)) {
            throw new org.wargame.tracker.refusal.NotFound("no part '" + name + "' of the scenario page");
        }
        model.addAttribute("selected", counter);
        fill(model, scenarios.state(scenarioId), actor);
        return "scenario :: " + name;
    }

    /**
     * One step, or ({@code to}: a phase or step code) step by step until there or until it stops (a decision, another
     * side's move); {@code confirm}: the boxes ticked to leave behind what the form listed (unfired shots...).
     */
    @PostMapping("/scenarios/{scenarioId}/advance")
    public String advance(@PathVariable String scenarioId, @RequestParam(required = false) String expectedVersion,
                          @RequestParam(required = false) String to, @RequestParam(required = false) String selected,
                          @RequestParam(required = false) List<String> confirm,
                          Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("selected", blankToNull(selected));
        String target = blankToNull(to);
        return run(scenarioId, actor, model, response, "clock", () -> stopped(model, service.advance(scenarioId,
                null, actor, version(expectedVersion), new ScenarioService.ClockTarget(target, null, null),
                confirm)));
    }

    /** "End my phase" in a phase several sides act in; the last side's moves the clock on. */
    @PostMapping("/scenarios/{scenarioId}/done")
    public String done(@PathVariable String scenarioId, @RequestParam(required = false) String expectedVersion,
                       @RequestParam(required = false) String selected,
                       @RequestParam(required = false) List<String> confirm,
                       Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("selected", blankToNull(selected));
        return run(scenarioId, actor, model, response, "clock", () -> stopped(model, service.endPhase(scenarioId,
                null, actor, version(expectedVersion), confirm)));
    }

    /** Where an advance stopped, and why, for the clock's panel. */
    private static ActionResult stopped(Model model, ActionResult result) {
        if (result.stopped() != null) {
            model.addAttribute("clockStopped", result.stopped().why());
        }
        return result;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    /**
     * Conclude (the referee) or propose to (a player): the first post shows what goes back to the roster and asks to
     * confirm; only the post with {@code confirm=yes} is sent.
     */
    @PostMapping("/scenarios/{scenarioId}/conclude")
    public String conclude(@PathVariable String scenarioId, @RequestParam(required = false) String result,
                           @RequestParam(required = false) String confirm,
                           @RequestParam(required = false) String expectedVersion, Authentication auth, Model model,
                           HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        String text = result == null || result.isBlank() ? null : result.trim();
        if (text != null && !"yes".equals(confirm)) {
            ScenarioState state = scenarios.state(scenarioId);
            if (!state.concluded()) {
                model.addAttribute("confirmConclude", text);
                fill(model, state, actor);
                return "scenario";
            }
        }
        return run(scenarioId, actor, model, response, "conclude", () -> service.conclude(scenarioId, text, actor,
                version(expectedVersion)));
    }

    /** Reopen a concluded scenario (the referee) or propose to (a player). */
    @PostMapping("/scenarios/{scenarioId}/reopen")
    public String reopen(@PathVariable String scenarioId, @RequestParam(required = false) String reason,
                         @RequestParam(required = false) String expectedVersion, Authentication auth, Model model,
                         HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return run(scenarioId, actor, model, response, "reopen", () -> service.reopen(scenarioId,
                blankToNull(reason), actor, version(expectedVersion)));
    }

    /** Accept, decline or withdraw the open proposal to conclude or to reopen. */
    @PostMapping("/scenarios/{scenarioId}/proposals/{proposalId}/{answer}")
    public String answer(@PathVariable String scenarioId, @PathVariable String proposalId,
                         @PathVariable String answer, @RequestParam(required = false) String reason,
                         Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return run(scenarioId, actor, model, response, "ending", () -> switch (answer) {
            case "accept" -> service.accept(scenarioId, proposalId, actor);
            case "decline" -> service.decline(scenarioId, proposalId, blankToNull(reason), actor);
            case "withdraw" -> service.withdraw(scenarioId, proposalId, actor);
            default -> throw new org.wargame.tracker.refusal.NotFound("no answer '" + answer + "' to a proposal");
        });
    }

    /** A counter as it goes back to the roster: its name, its side's name and its end state in words. */
    public record HandBackRow(String name, String sideName, boolean struckOff, String words) {
    }

    /**
     * The open proposal in words: what ({@code kind}), by which side and player, its result or reason, and whether
     * the viewer may answer it (the other side, the referee) or withdraw it (the proposing side).
     */
    public record ProposalRow(String proposalId, String kind, String sideNames, String proposedBy, String text,
                              boolean mayAnswer, boolean mayWithdraw) {
    }

    /**
     * What goes back to the roster, counter by counter; a wounded man who will wait on a roll between scenarios says
     * so (issue 26: "who waits on a treatment roll").
     */
    private static List<HandBackRow> handBack(ScenarioState state, Map<String, Object> tables) {
        Map<String, CounterView> byId = new LinkedHashMap<>();
        state.counters().forEach(c -> byId.put(c.id(), c));
        List<HandBackRow> rows = new ArrayList<>();
        for (org.wargame.tracker.rules.CounterOutcome o : ScenarioService.handBack(state)) {
            CounterView c = byId.get(o.id());
            String words = o.eliminated() ? "struck off the roster"
                    : "back to the roster" + (o.state().isEmpty() ? "" : ": " + String.join(", ",
                    StateWords.of(state.ruleSet().words(), o.state(), names(state), null)));
            String waits = o.eliminated() || c == null ? null : state.ruleSet().waitsBetweenScenarios(
                    new org.wargame.tracker.rules.CounterDefinition(o.id(), c.kind(), c.name(), c.side(), null,
                            Map.of(), o.state()), tables);
            if (waits != null) {
                words += "; " + waits;
            }
            rows.add(new HandBackRow(c == null ? o.id() : c.name(), c == null ? "" : state.sideName(c.side()),
                    o.eliminated(), words));
        }
        return rows;
    }

    private static ProposalRow proposal(ScenarioState state, Actor actor) {
        ScenarioState.Proposal p = state.proposal();
        if (p == null) {
            return null;
        }
        List<String> proposers = p.side() == null ? List.of() : List.of(p.side().split(","));
        boolean other = actor.referee() || !actor.account().equals(p.proposedBy()) && state.sideOrder().stream()
                .anyMatch(s -> actor.sides().contains(s) && !proposers.contains(s));
        boolean own = actor.account().equals(p.proposedBy()) || proposers.stream().anyMatch(actor.sides()::contains);
        return new ProposalRow(p.proposalId(), p.kind(), String.join(" and ",
                proposers.stream().map(state::sideName).toList()), p.proposedBy(), p.text(), other, own);
    }

    /** Takes the action of one option form: its request, the fields filled in and the dice entered. */
    @PostMapping("/scenarios/{scenarioId}/actions")
    public String act(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                      Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        String key = form.getOrDefault("option", "");
        model.addAttribute("posted", form);
        model.addAttribute("selected", blankToNull(form.get("selected")));
        Map<String, String> fields = new java.util.LinkedHashMap<>(form);
        Long expected = version(fields.remove("expectedVersion"));
        org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet = org.wargame.tracker.rules.RuleSets.byId(
                scenarios.header(scenarioId).ruleSet());
        return run(scenarioId, actor, model, response, key, () -> service.act(scenarioId,
                ActionForm.body(fields, ruleSet::actionSchema), actor, expected));
    }

    /** Undo the last action: at once when no die decided it (or for the referee), else a request for consent. */
    @PostMapping("/scenarios/{scenarioId}/undo")
    public String undo(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                       Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return runHistory(scenarioId, actor, model, response, "undo",
                () -> historyActions.undo(scenarioId, actor, form.get("actionId"), form.get("reason"),
                        version(form.get("expectedVersion"))));
    }

    @PostMapping("/scenarios/{scenarioId}/undo-requests/{requestId}/accept")
    public String accept(@PathVariable String scenarioId, @PathVariable String requestId, Authentication auth,
                         Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return runHistory(scenarioId, actor, model, response, "request-" + requestId,
                () -> historyActions.accept(scenarioId, actor, requestId));
    }

    @PostMapping("/scenarios/{scenarioId}/undo-requests/{requestId}/refuse")
    public String refuse(@PathVariable String scenarioId, @PathVariable String requestId,
                         @RequestParam Map<String, String> form, Authentication auth, Model model,
                         HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return runHistory(scenarioId, actor, model, response, "request-" + requestId,
                () -> historyActions.refuse(scenarioId, actor, requestId, form.get("reason")));
    }

    /** Contest an action; from the timeline ({@code back=timeline}) the answer is the timeline again. */
    @PostMapping("/scenarios/{scenarioId}/disputes")
    public String dispute(@PathVariable String scenarioId, @RequestParam Map<String, String> form,
                          Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        String actionId = form.getOrDefault("actionId", "");
        String key = "dispute-" + actionId;
        model.addAttribute("posted", form);
        if ("timeline".equals(form.get("back"))) {
            try {
                HistoryActions.Done done = historyActions.dispute(scenarioId, actor, actionId, form.get("reason"));
                model.addAttribute("notice", done.notice());
                model.asMap().remove("posted");
            } catch (org.wargame.tracker.refusal.Refusal e) {
                response.setStatus(FormRefusals.status(e));
                model.addAttribute("refusal", refusal(key, e));
            }
            Long at = null;
            try {
                at = form.get("at") == null || form.get("at").isBlank() ? null : Long.valueOf(form.get("at"));
            } catch (NumberFormatException ignored) {
                // the latest then
            }
            return timeline(scenarioId, at, auth, model);
        }
        return runHistory(scenarioId, actor, model, response, key,
                () -> historyActions.dispute(scenarioId, actor, actionId, form.get("reason")));
    }

    /** A note of table talk ({@code text}; {@code about}: the action it is about, blank for none). */
    @PostMapping("/scenarios/{scenarioId}/notes")
    public String note(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                       Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return runHistory(scenarioId, actor, model, response, "note", () -> {
            HistoryActions.Done done = historyActions.note(scenarioId, actor, form.get("text"), form.get("about"));
            return new HistoryActions.Done(done.outcome(), done.notice(), new ActionResult(null,
                    done.result().firstEvent(), scenarios.state(scenarioId)));
        });
    }

    /** The referee's ruling: {@code upheld} true rolls back to before the action, false lets it stand. */
    @PostMapping("/scenarios/{scenarioId}/disputes/{disputeId}/resolve")
    public String resolve(@PathVariable String scenarioId, @PathVariable String disputeId,
                          @RequestParam Map<String, String> form, Authentication auth, Model model,
                          HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        model.addAttribute("posted", form);
        return runHistory(scenarioId, actor, model, response, "resolve-" + disputeId, () -> {
            // the correction as the disputed action's own form: its fields read as that action's request
            ScenarioState state = scenarios.state(scenarioId);
            ScenarioLog.TakenAction taken = state.disputes().stream().filter(d -> d.disputeId().equals(disputeId))
                    .findFirst().flatMap(d -> record.log(scenarioId).inForce(d.actionId(), d.actionAt()))
                    .orElse(null);
            Map<String, Object> corrected = "true".equals(form.get("upheld"))
                    ? CorrectionForm.corrected(form, taken, state.ruleSet()) : null;
            return historyActions.resolve(scenarioId, actor, disputeId, form.get("upheld"), form.get("ruling"),
                    form.get("rule"), form.get("correction"), form.get("corrected"), corrected);
        });
    }

    /** The scenario as it stood after event {@code at} (all events when absent), with every event by turn. */
    @GetMapping("/scenarios/{scenarioId}/timeline")
    public String timeline(@PathVariable String scenarioId, @RequestParam(required = false) Long at,
                           Authentication auth, Model model) {
        actor(auth, scenarioId);
        Timeline.Travel travel = timeline.travel(scenarioId, at);
        ScenarioState state = travel.state();
        model.addAttribute("travel", travel);
        model.addAttribute("scenario", ScenarioView.of(state));
        model.addAttribute("campaignName", campaigns.state(state.campaignId()).name());
        model.addAttribute("places", places(markersNamed(state.counters(), names(state)), List.of(), null,
                state.ruleSet()));
        model.addAttribute("idNames", names(state));
        model.addAttribute("concluded", scenarios.state(scenarioId).concluded());
        return "timeline";
    }

    private String runHistory(String scenarioId, Actor actor, Model model, HttpServletResponse response, String key,
                              Supplier<HistoryActions.Done> work) {
        return run(scenarioId, actor, model, response, key, () -> {
            HistoryActions.Done done = work.get();
            model.addAttribute("notice", done.notice());
            model.addAttribute("noticeKind", done.outcome());
            return done.result();
        });
    }

    private String run(String scenarioId, Actor actor, Model model, HttpServletResponse response, String key,
                       Supplier<ActionResult> work) {
        List<CounterView> before;
        try {
            before = scenarios.state(scenarioId).counters();
        } catch (RuntimeException unknown) {
            before = null; // the work says why
        }
        try {
            ActionResult result = work.get();
            Map<String, String> names = names(result.state());
            List<EventLine> lines = EventLines.of(history.stream(scenarioId, result.firstEvent()), names,
                    () -> history.stream(scenarioId, 0));
            model.addAttribute("outcome", lines);
            // the result where the eye is: at the top of the acting player's view
            model.addAttribute("result", ResultLine.of(lines, before, result.state().counters(),
                    result.state().ruleSet().words(), names, false));
            model.asMap().remove("posted"); // a done action leaves its form empty again
            fill(model, result.state(), actor);
        } catch (org.wargame.tracker.refusal.Refusal e) {
            response.setStatus(FormRefusals.status(e));
            ScenarioState state = scenarios.state(scenarioId);
            model.addAttribute("refusal", e instanceof org.wargame.tracker.refusal.LeftBehind left
                    ? leftBehind(key, left, state) : refusal(key, e));
            fill(model, state, actor);
        }
        return "scenario";
    }

    /**
     * A refused advance in the page's words: the API's message names counters by id and the {@code confirm} field's
     * values; a player reads the counters' names and ticks the boxes listed above the button.
     */
    private static Refusal leftBehind(String key, org.wargame.tracker.refusal.LeftBehind left, ScenarioState state) {
        org.wargame.tracker.scenario.IdNames names = new org.wargame.tracker.scenario.IdNames(names(state));
        return new Refusal(key, FormRefusals.field(left), "The clock did not move on: leaving the "
                + state.phase().name() + " would leave " + String.join("; ", left.left().stream()
                .map(l -> names.in(l.what())).toList()) + ". Tick what you leave behind knowingly, then advance.");
    }

    /** A refusal about a field goes next to that field (the refusal names it); any other with the whole action. */
    static Refusal refusal(String key, org.wargame.tracker.refusal.Refusal e) {
        return new Refusal(key, FormRefusals.field(e), FormRefusals.message(e));
    }

    /**
     * The counters with their markers in names: the rules write a marker from ids ("under ger-sq-1") that the API
     * keeps; a page says "under German squad 1".
     */
    static List<CounterView> markersNamed(List<CounterView> counters, Map<String, String> names) {
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(names);
        return counters.stream().map(c -> c.markers() == null || c.markers().isEmpty() ? c
                : new CounterView(c.id(), c.kind(), c.name(), c.side(), c.nationality(), c.location(), c.data(),
                c.state(), c.markers().stream().map(ids::in).toList(), c.eliminated())).toList();
    }

    void fill(Model model, ScenarioState state, Actor actor) {
        ScenarioView view = ScenarioView.of(state);
        Map<String, String> idNames = names(state);
        List<CounterView> shown = markersNamed(view.counters(), idNames);
        model.addAttribute("idNames", idNames);
        model.addAttribute("scenario", view);
        // hidden information as this viewer may see it (Visibility decides, as for the API)
        org.wargame.tracker.scenario.Viewer viewer = viewers.of(actor, state.campaignId());
        model.addAttribute("seals", org.wargame.tracker.scenario.Visibility.seals(viewer, state, secrets).stream()
                .map(v -> new SealRow(v, !v.revealed() && actor.mayActFor(v.side()))).toList());
        model.addAttribute("mySides", state.sides().stream().filter(side -> actor.sides().contains(side.id()))
                .toList());
        // hidden set-up: what this viewer may still hide (before the first action), and its side's hidden counters
        boolean settingUp = !state.concluded() && state.lastAction() == null;
        model.addAttribute("hideable", settingUp ? view.counters().stream().filter(c -> state.hideable()
                .contains(c.id()) && state.hiding(c.id()) == null && actor.mayActFor(c.side()))
                .map(c -> new HiddenChoice(c.id(), c.name())).toList() : List.of());
        model.addAttribute("myHidden", state.concluded() ? List.of() : view.counters().stream()
                .filter(c -> state.hiddenCounters().contains(c.id()) && actor.mayActFor(c.side()))
                .map(c -> new HiddenChoice(c.id(), c.name())).toList());
        model.addAttribute("hiddenOnHexes", state.ruleSet().words().move() != null);
        model.addAttribute("actor", actor);
        model.addAttribute("campaignName", campaigns.state(state.campaignId()).name());
        org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet = state.ruleSet();
        model.addAttribute("places", places(shown, view.options(), actor, ruleSet));
        List<OptionForm> general = new ArrayList<>();
        for (ActionOption o : view.options()) {
            if (o.counterId() == null || view.counters().stream().noneMatch(c -> c.id().equals(o.counterId()))) {
                general.add(form(o, null, actor, ruleSet, view.counters()));
            }
        }
        model.addAttribute("general", general);
        table(model, state, view, shown, actor, ruleSet);

        ScenarioLog log = record.log(state.scenarioId());
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(names(state));
        ScenarioState.LastAction last = state.lastAction();
        if (last != null && !view.concluded()) {
            String side = last.side();
            boolean may = actor.referee() || side == null || actor.mayActFor(side);
            model.addAttribute("lastAction", new LastAction(last.actionId(),
                    HistoryActions.describe(log.inForce(last.actionId(), last.at()).orElse(null), ids),
                    last.diced() && !actor.referee(), side, may));
        }
        model.addAttribute("requests", state.requests().stream().map(r -> new RequestRow(r,
                HistoryActions.describe(log.inForce(r.actionId(), r.actionAt()).orElse(null), ids),
                HistoryActions.mayAnswer(actor, r), actor.account().equals(r.requestedBy()))).toList());
        model.addAttribute("disputes", state.disputes().stream().map(d -> {
            ScenarioLog.TakenAction taken = log.inForce(d.actionId(), d.actionAt()).orElse(null);
            return new DisputeRow(d, HistoryActions.describe(taken, ids), HistoryActions.requestToCorrect(taken),
                    actor.referee() ? CorrectionForm.of(taken, state.ruleSet(), view.counters(), ids) : null);
        }).toList());
        // the actions the page shows (the latest ones) may be disputed; older ones from the timeline
        Set<String> disputable = new HashSet<>();
        log.inForceFrom(Math.max(0, state.events() - RECENT)).forEach(a -> disputable.add(a.actionId()));
        state.disputes().forEach(d -> disputable.remove(d.actionId()));
        // a concluded scenario's actions stay disputable for the period its campaign file sets (issue 26, item 5)
        model.addAttribute("disputable", !view.concluded() || historyActions.disputableAfterTheEnd(state)
                ? disputable : Set.of());
        // the end of the scenario: what goes back to the roster, the open proposal, who may reopen
        model.addAttribute("handBack", view.concluded() ? List.of() : handBack(state,
                campaigns.state(state.campaignId()).tables()));
        model.addAttribute("proposal", proposal(state, actor));
        model.addAttribute("mayReopen", view.concluded() && (actor.referee()
                || state.sideOrder().stream().anyMatch(actor.sides()::contains)));
    }


    /**
     * Who may move the clock on now, in words, and which of the two buttons this player has: "Advance the clock"
     * (the phasing side's player in a phase only it acts in, the referee always, anyone with {@code clock:
     * any-player}) and "End my phase" (a side waited for in a phase several sides act in).
     */
    private void clockRights(Model model, ScenarioState state, Actor actor) {
        if (state.concluded()) {
            return;
        }
        boolean anyPlayer = campaigns.state(state.campaignId()).clockByAnyPlayer();
        org.wargame.tracker.rules.Phase phase = state.phase();
        List<String> waiting = state.waitingFor();
        boolean several = phase.severalSidesAct();
        boolean mayEnd = several && waiting.stream().anyMatch(actor::mayActFor);
        boolean mayAdvance = actor.referee() || anyPlayer || (!several && actor.mayActFor(state.clock().phasingSide()));
        String who;
        if (anyPlayer) {
            who = "Any player moves the clock on at this table.";
        } else if (several) {
            who = (phase.acting() == org.wargame.tracker.rules.Phase.Acting.ALL_SIDES ? "All sides" : "Both sides")
                    + " act in the " + phase.name() + ": it ends when each has ended its phase"
                    + (state.done().isEmpty() ? "" : " (" + state.sideNames(state.done()) + " "
                    + (state.done().size() == 1 ? "has" : "have") + " ended it)")
                    + ". Waiting for " + state.sideNames(waiting) + "; the referee may move the clock on.";
        } else {
            who = "It is " + org.wargame.tracker.scenario.Scenario.possessive(state.sideName(state.clock().phasingSide())) + " " + phase.name()
                    + ": their player (or the referee) moves the clock on.";
        }
        model.addAttribute("clockWho", who);
        model.addAttribute("mayAdvance", mayAdvance);
        model.addAttribute("mayEndPhase", mayEnd);
    }

    /** The clock in words, the board, the selected counter's panel and what happened lately. */
    public record ClockWords(String sideName, String phaseName, String turn, boolean yourTurn, String whoseTurn) {
    }

    /** The panel of the counter chosen on the board: its card, its state in words and its options. */
    public record Panel(CounterCard card, String sideName, String hex, List<String> words, List<OptionForm> options,
                        List<CounterCard> alsoHere) {
    }

    private void table(Model model, ScenarioState state, ScenarioView view, List<CounterView> shown, Actor actor,
                       org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet) {
        Map<String, String> sideNames = new LinkedHashMap<>();
        view.sides().forEach(side -> sideNames.put(side.id(), side.name()));
        model.addAttribute("sideNames", sideNames);
        var clock = view.clock();
        String sideName = sideNames.getOrDefault(clock.phasingSide(), clock.phasingSide());
        String phaseName = ruleSet.phases().phases().stream().filter(p -> p.code().equals(clock.phase()))
                .map(org.wargame.tracker.rules.Phase::name).findFirst().orElse(clock.phase());
        boolean yours = !view.concluded() && (clock.allSides() ? actor.referee() || view.sides().stream()
                .anyMatch(side -> actor.mayActFor(side.id())) : actor.mayActFor(clock.phasingSide()));
        String possessive = sideName + (sideName.endsWith("s") ? "'" : "'s");
        String whose = view.concluded() ? "Concluded" : clock.allSides() ? "All sides play this phase"
                : actor.referee() ? possessive + " turn (you act for every side)"
                : yours ? "Your turn" : possessive + " turn";
        model.addAttribute("clockWords", new ClockWords(sideName, phaseName, "Turn " + clock.gameTurn() + " of "
                + view.turnLimit() + (clock.allSides() ? "" : ", Player Turn " + clock.playerTurn()), yours,
                whose));
        model.addAttribute("phases", ruleSet.phases().phases());
        clockRights(model, state, actor);
        var words = ruleSet.words();
        boolean hexBoard = words.board(view.counters()) == org.wargame.tracker.rules.RuleSetWords.BoardKind.HEX_GRID;
        model.addAttribute("board", Board.of(words, shown, sideNames, view.map()));
        Object selectedId = model.getAttribute("selected");
        CounterView chosen = selectedId == null ? null : shown.stream()
                .filter(c -> c.id().equals(selectedId)).findFirst().orElse(null);
        if (chosen != null) {
            List<OptionForm> forms = view.options().stream().filter(o -> chosen.id().equals(o.counterId()))
                    .map(o -> onMap(form(o, chosen.side(), actor, ruleSet, view.counters()), words.move(),
                            view.map())).toList();
            model.addAttribute("panel", new Panel(CounterCard.of(chosen, words),
                    sideNames.getOrDefault(chosen.side(), chosen.side()), hexBoard ? chosen.location() : null,
                    StateWords.of(words, chosen.state(), names(state),
                    new org.wargame.tracker.rules.RuleSetWords.Now(clock.gameTurn(), clock.playerTurn(),
                            view.sides().stream().map(side -> side.name()).toList())), forms,
                    shown.stream().filter(c -> hexBoard && !c.id().equals(chosen.id()) && !c.eliminated()
                            && chosen.location() != null && chosen.location().equals(c.location()))
                            .map(c -> CounterCard.of(c, words)).toList()));
        }
        model.addAttribute("happened", happened(state));
        model.addAttribute("threads", historyActions.threads(state.scenarioId()));
    }

    /** The events of the last two Player Turns that have any, newest first, at most 12. */
    private List<EventLine> happened(ScenarioState state) {
        List<org.wargame.tracker.store.RecordedEvent> recent = history.stream(state.scenarioId(),
                Math.max(0, state.events() - 60));
        List<String> turns = new ArrayList<>();
        List<org.wargame.tracker.store.RecordedEvent> shown = new ArrayList<>();
        for (int i = recent.size() - 1; i >= 0 && shown.size() < 12; i--) {
            org.wargame.tracker.store.RecordedEvent e = recent.get(i);
            String turn = e.clock() == null ? "" : e.clock().gameTurn() + "/" + e.clock().playerTurn();
            if (!turns.contains(turn)) {
                if (turns.size() == 2) {
                    break;
                }
                turns.add(turn);
            }
            shown.add(e);
        }
        return EventLines.of(shown, names(state), () -> history.stream(state.scenarioId(), 0));
    }

    /** Counters' and sides' ids with their names, so that what happened reads in the players' words. */
    private static Map<String, String> names(ScenarioState state) {
        return org.wargame.tracker.scenario.IdNames.of(state.counters(), state.sides()).byId();
    }

    private static List<Place> places(List<CounterView> counters, List<ActionOption> options, Actor actor,
                                      org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet) {
        Map<String, List<CounterRow>> byPlace = new LinkedHashMap<>();
        counters.stream()
                .sorted((a, b) -> place(a).compareTo(place(b)))
                .forEach(c -> byPlace.computeIfAbsent(place(c), k -> new ArrayList<>())
                        .add(new CounterRow(CounterCard.of(c, ruleSet.words()), options.stream()
                                .filter(o -> c.id().equals(o.counterId()))
                                .map(o -> form(o, c.side(), actor, ruleSet, counters)).toList())));
        List<Place> places = new ArrayList<>();
        byPlace.forEach((location, rows) -> places.add(new Place(location, rows)));
        return places;
    }

    private static String place(CounterView c) {
        return c.location() == null || c.location().isBlank() ? "(off board)" : c.location();
    }

    private static OptionForm form(ActionOption o, String side, Actor actor,
                                   org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet, List<CounterView> counters) {
        boolean mayAct = actor == null || side == null || actor.mayActFor(side);
        // one key per option on the page: a counter may have two options of one action (fire, fire with its Gun)
        String key = o.counterId() + "|" + o.action() + (o.request().containsKey("weapon") ? "|"
                + o.request().get("weapon") : "") + (o.request().get("targets") instanceof List<?> t && !t.isEmpty()
                && t.get(0) instanceof Map<?, ?> m && m.get("weapon") != null ? "|" + m.get("weapon") : "")
                + (o.request().containsKey("designation") ? "|" + o.request().get("designation") : "")
                + (o.request().containsKey("weaponId") ? "|" + o.request().get("weaponId") : "")
                + (o.request().containsKey("context") ? "|" + o.request().get("context") : "");
        return new OptionForm(key, o, ActionForm.json(o.request()), mayAct,
                FormInputs.inputs(o, ruleSet.actionSchema(o.action()), counters), FormInputs.dice(o));
    }

    /**
     * A move's form on a scenario with a map: without the fields the map fills (the hex's terrain), which the server
     * takes from the map; the page shows the map's terrain of the hex clicked instead.
     */
    private static OptionForm onMap(OptionForm form, org.wargame.tracker.rules.RuleSetWords.MoveFields move,
                                    org.wargame.tracker.rules.ScenarioMap map) {
        if (map == null || move == null || !move.action().equals(form.option().action())) {
            return form;
        }
        return new OptionForm(form.key(), form.option(), form.requestJson(), form.mayAct(), form.inputs().stream()
                .filter(in -> !move.fromMap().contains(in.path())).toList(), form.dice());
    }

    /** The version a page showed, sent back with every form so a stale page cannot act (null: not sent). */
    static Long version(String expectedVersion) {
        if (expectedVersion == null || expectedVersion.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(expectedVersion.trim());
        } catch (NumberFormatException e) {
            throw new org.wargame.tracker.refusal.FieldRefused("expectedVersion", "not a version of this scenario");
        }
    }

    private Actor actor(Authentication auth, String scenarioId) {
        return participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
    }
}
