package org.wargame.tracker.web;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.history.EventHistory;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleViolation;
import org.wargame.tracker.scenario.Actor;
import org.wargame.tracker.scenario.Actor.NotYourSide;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioService.ActionResult;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    public ScenarioPages(ScenarioService service, ScenarioViews scenarios, CampaignViews campaigns,
                         Participants participants, EventHistory history, Timeline timeline) {
        this.service = service;
        this.scenarios = scenarios;
        this.campaigns = campaigns;
        this.participants = participants;
        this.history = history;
        this.timeline = timeline;
    }

    /** One option as a form: a stable key to route errors back to it, and its ready request as JSON. */
    public record OptionForm(String key, ActionOption option, String requestJson, boolean mayAct) {
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
    }

    @GetMapping("/scenarios/{scenarioId}")
    public String scenario(@PathVariable String scenarioId, Authentication auth, Model model) {
        Actor actor = actor(auth, scenarioId);
        fill(model, scenarios.state(scenarioId), actor);
        return "scenario";
    }

    @PostMapping("/scenarios/{scenarioId}/advance")
    public String advance(@PathVariable String scenarioId, Authentication auth, Model model,
                          HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return run(scenarioId, actor, model, response, "clock", () -> service.advance(scenarioId, null, actor));
    }

    @PostMapping("/scenarios/{scenarioId}/conclude")
    public String conclude(@PathVariable String scenarioId, @RequestParam(required = false) String result,
                           Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        return run(scenarioId, actor, model, response, "conclude", () -> service.conclude(scenarioId,
                result == null || result.isBlank() ? null : result.trim(), actor));
    }

    /** Takes the action of one option form: its request, the fields filled in and the dice entered. */
    @PostMapping("/scenarios/{scenarioId}/actions")
    public String act(@PathVariable String scenarioId, @RequestParam Map<String, String> form, Authentication auth,
                      Model model, HttpServletResponse response) {
        Actor actor = actor(auth, scenarioId);
        String key = form.getOrDefault("option", "");
        model.addAttribute("posted", form);
        return run(scenarioId, actor, model, response, key, () -> service.act(scenarioId, ActionForm.body(form),
                actor));
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
        model.addAttribute("places", places(state.counters(), List.of(), null));
        return "timeline";
    }

    private String run(String scenarioId, Actor actor, Model model, HttpServletResponse response, String key,
                       Supplier<ActionResult> work) {
        try {
            ActionResult result = work.get();
            model.addAttribute("outcome", history.stream(scenarioId, result.firstEvent()).stream()
                    .map(EventLine::of).toList());
            model.asMap().remove("posted"); // a done action leaves its form empty again
            fill(model, result.state(), actor);
        } catch (RuleViolation | IllegalArgumentException | IllegalStateException | NotYourSide e) {
            response.setStatus(HttpStatus.UNPROCESSABLE_ENTITY.value());
            model.addAttribute("refusal", refusal(key, e));
            fill(model, scenarios.state(scenarioId), actor);
        }
        return "scenario";
    }

    /** A message "field: ..." goes next to that field; a rule's "10.11: ..." goes with the whole action. */
    static Refusal refusal(String key, RuntimeException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof RuleViolation || e instanceof NotYourSide) {
            return new Refusal(key, null, message);
        }
        int colon = message.indexOf(':');
        String field = colon > 0 ? message.substring(0, colon).trim() : null;
        if (field != null && (field.isEmpty() || !field.matches("[A-Za-z][A-Za-z0-9_.-]*"))) {
            field = null; // a rule section such as "10.11" or free text
        }
        return new Refusal(key, field, message);
    }

    private void fill(Model model, ScenarioState state, Actor actor) {
        ScenarioView view = ScenarioView.of(state);
        model.addAttribute("scenario", view);
        model.addAttribute("actor", actor);
        model.addAttribute("campaignName", campaigns.state(state.campaignId()).name());
        model.addAttribute("places", places(view.counters(), view.options(), actor));
        List<OptionForm> general = new ArrayList<>();
        for (ActionOption o : view.options()) {
            if (o.counterId() == null || view.counters().stream().noneMatch(c -> c.id().equals(o.counterId()))) {
                general.add(form(o, null, actor));
            }
        }
        model.addAttribute("general", general);
    }

    private static List<Place> places(List<CounterView> counters, List<ActionOption> options, Actor actor) {
        Map<String, List<CounterRow>> byPlace = new LinkedHashMap<>();
        counters.stream()
                .sorted((a, b) -> place(a).compareTo(place(b)))
                .forEach(c -> byPlace.computeIfAbsent(place(c), k -> new ArrayList<>())
                        .add(new CounterRow(CounterCard.of(c), options.stream()
                                .filter(o -> c.id().equals(o.counterId()))
                                .map(o -> form(o, c.side(), actor)).toList())));
        List<Place> places = new ArrayList<>();
        byPlace.forEach((location, rows) -> places.add(new Place(location, rows)));
        return places;
    }

    private static String place(CounterView c) {
        return c.location() == null || c.location().isBlank() ? "(off board)" : c.location();
    }

    private static OptionForm form(ActionOption o, String side, Actor actor) {
        boolean mayAct = actor == null || side == null || actor.mayActFor(side);
        return new OptionForm(o.counterId() + "|" + o.action(), o, ActionForm.json(o.request()), mayAct);
    }

    private Actor actor(Authentication auth, String scenarioId) {
        return participants.actor(auth, scenarios.campaignOf(scenarioId));
    }
}
