package org.wargame.tracker.web.pages;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.account.FailedLogins;
import org.wargame.tracker.campaign.CampaignPast;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.campaign.CampaignState.ScenarioEntry;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;
import org.wargame.tracker.store.RecordedEvent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The campaign list (home page, with the latest wrong passwords given for the account), a campaign's page, starting
 * a scenario from a plan, and a counter's history.
 */
@Controller
public class CampaignPages {

    private final CampaignViews campaigns;
    private final Participants participants;
    private final ScenarioService scenarios;
    private final CampaignPast past;
    private final FailedLogins failedLogins;
    private final org.wargame.tracker.scenario.TableTalk talk;

    public CampaignPages(CampaignViews campaigns, Participants participants, ScenarioService scenarios,
                         CampaignPast past, FailedLogins failedLogins, org.wargame.tracker.scenario.TableTalk talk) {
        this.talk = talk;
        this.campaigns = campaigns;
        this.participants = participants;
        this.scenarios = scenarios;
        this.past = past;
        this.failedLogins = failedLogins;
    }

    /** A side with its roster counters, as the campaign page shows it. */
    public record SideRoster(Side side, boolean mine, List<CounterCard> counters) {
    }

    @GetMapping("/")
    public String home(Authentication auth, Model model) {
        boolean referee = Participants.isReferee(auth);
        model.addAttribute("referee", referee);
        model.addAttribute("campaigns", referee ? campaigns.all() : campaigns.of(auth.getName()));
        model.addAttribute("failedLogins", failedLogins.recent(auth.getName()));
        return "campaigns";
    }

    @GetMapping("/campaigns/{campaignId}")
    public String campaign(@PathVariable String campaignId, @RequestParam(required = false) String after,
                           @RequestParam(required = false) String before, Authentication auth, Model model) {
        Actor actor = participants.actor(auth, campaignId);
        CampaignState state = campaigns.state(campaignId);
        fill(model, state, actor);
        // the campaign in time: the roster as it stood just before or just after one of its scenarios
        String at = after != null ? after : before;
        if (at != null) {
            org.wargame.tracker.refusal.RequestJson.requireId(after != null ? "after" : "before", at);
            CampaignState then = past.around(campaignId, at, after != null);
            model.addAttribute("sides", sideRosters(then, actor));
            model.addAttribute("rosterAt", "Roster " + (after != null ? "after " : "before ") + name(state, at));
        }
        return "campaign";
    }

    /** Starts a scenario from one of the campaign file's plans and opens its page. */
    @PostMapping("/campaigns/{campaignId}/scenarios")
    public String start(@PathVariable String campaignId, @RequestParam(required = false) String plan,
                        Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = participants.actor(auth, campaignId);
        try {
            String id = scenarios.start(campaignId, new StartScenarioRequest(plan == null || plan.isBlank() ? null
                    : plan, null, null, null, null, null), actor);
            return "redirect:/scenarios/" + id;
        } catch (org.wargame.tracker.refusal.FieldRefused | org.wargame.tracker.refusal.RuleViolation
                 | org.wargame.tracker.refusal.Conflict e) {
            response.setStatus(HttpStatus.UNPROCESSABLE_ENTITY.value());
            model.addAttribute("startError", FormRefusals.message(e));
            model.addAttribute("chosenPlan", plan);
            fill(model, campaigns.state(campaignId), actor);
            return "campaign";
        }
    }

    /** A note of table talk between scenarios; a refused one is shown next to the form with what was typed. */
    @PostMapping("/campaigns/{campaignId}/notes")
    public String note(@PathVariable String campaignId, @RequestParam(required = false) String text,
                       Authentication auth, Model model, HttpServletResponse response) {
        Actor actor = participants.actor(auth, campaignId);
        try {
            talk.writeInCampaign(campaignId, actor, text, null);
            return "redirect:/campaigns/" + java.net.URLEncoder.encode(campaignId,
                    java.nio.charset.StandardCharsets.UTF_8) + "#talk";
        } catch (org.wargame.tracker.refusal.Refusal e) {
            response.setStatus(FormRefusals.status(e));
            model.addAttribute("noteError", FormRefusals.message(e));
            model.addAttribute("noteText", text);
            fill(model, campaigns.state(campaignId), actor);
            return "campaign";
        }
    }

    /** The most lines of a counter's history on one page: a long campaign's Gun shows its latest ones first. */
    static final int HISTORY_LINES = 200;

    /**
     * Which lines of a counter's history a page shows: {@code from} to {@code to} (from 0, {@code to} excluded) of
     * {@code total}, and where the earlier and later pages end (null at either end).
     */
    public record HistoryPart(int from, int to, int total, Integer earlier, Integer later) {
        static HistoryPart of(int total, Integer upTo) {
            int to = upTo == null ? total : Math.min(total, upTo);
            int from = Math.max(0, to - HISTORY_LINES);
            return new HistoryPart(from, to, total, from > 0 ? from : null,
                    to < total ? Math.min(total, to + HISTORY_LINES) : null);
        }

        public boolean whole() {
            return from == 0 && to == total;
        }
    }

    /**
     * Everything that happened to one roster counter, in the campaign and in every scenario: its latest
     * {@value #HISTORY_LINES} lines, oldest first, with links to the earlier and later ones ({@code upTo}: the line,
     * counted from 1, a page ends with).
     */
    @GetMapping("/campaigns/{campaignId}/counters/{counterId}")
    public String counter(@PathVariable String campaignId, @PathVariable String counterId,
                          @RequestParam(required = false) Integer upTo, Authentication auth, Model model) {
        participants.actor(auth, campaignId); // the same checks as the API's
        if (upTo != null && upTo < 1) {
            throw new org.wargame.tracker.refusal.FieldRefused("upTo", "the lines of a history are counted from 1, "
                    + "not " + upTo);
        }
        org.wargame.tracker.campaign.CounterLines.Part kept = past.ofCounter(campaignId, counterId, upTo,
                HISTORY_LINES);
        HistoryPart part = HistoryPart.of(kept.total(), upTo);
        List<RecordedEvent> events = kept.events();
        CampaignState state = campaigns.state(campaignId);
        Map<String, String> streamNames = new LinkedHashMap<>();
        streamNames.put(campaignId, "Campaign");
        state.scenarios().forEach(s -> streamNames.put(s.scenarioId(), s.name()));
        org.wargame.tracker.scenario.IdNames names = new org.wargame.tracker.scenario.IdNames(idNames(state));
        List<Map<String, Object>> lines = new ArrayList<>();
        for (RecordedEvent e : events) {
            lines.add(Map.of("line", EventLine.of(e).named(names), "stream", e.stream(),
                    "where", streamNames.getOrDefault(e.stream(), e.stream()),
                    "scenario", !e.stream().equals(campaignId), "when", e.timestamp().toString()));
        }
        RosterCounter rostered = state.roster().get(counterId);
        model.addAttribute("campaign", state);
        model.addAttribute("card", CounterCard.of(rostered, note(rostered, state), words(state)));
        model.addAttribute("lines", lines);
        model.addAttribute("part", part);
        model.addAttribute("idNames", names.byId());
        return "counter";
    }

    /** The campaign's rule set's words for its counters' cards. */
    private static org.wargame.tracker.rules.RuleSetWords words(CampaignState state) {
        return org.wargame.tracker.rules.RuleSets.byId(state.ruleSet()).words();
    }

    /** The roster's counters and the sides by their names, for texts built from ids. */
    private static Map<String, String> idNames(CampaignState state) {
        Map<String, String> names = new java.util.HashMap<>();
        state.roster().values().forEach(r -> names.put(r.counter().id(), r.counter().name()));
        state.sides().forEach(side -> names.put(side.id(), side.name()));
        // what the counters' data holds by id (a figure's weapons), as the rule set names it
        org.wargame.tracker.rules.RuleSetWords words = words(state);
        state.roster().values().forEach(r -> {
            org.wargame.tracker.rules.CounterDefinition c = r.counter();
            words.names(new org.wargame.tracker.rules.CounterView(c.id(), c.kind(), c.name(), c.side(),
                    c.nationality(), null, c.data(), c.state(), List.of(), false)).forEach(names::putIfAbsent);
        });
        return names;
    }

    private static List<SideRoster> sideRosters(CampaignState state, Actor actor) {
        List<SideRoster> sides = new ArrayList<>();
        for (Side side : state.sides()) {
            List<CounterCard> cards = state.roster().values().stream()
                    .filter(r -> side.id().equals(r.counter().side()))
                    .map(r -> CounterCard.of(r, note(r, state), words(state))).toList();
            sides.add(new SideRoster(side, actor.sides().contains(side.id()), cards));
        }
        return sides;
    }

    private void fill(Model model, CampaignState state, Actor actor) {
        model.addAttribute("notes", talk.inCampaign(state.campaignId()));
        model.addAttribute("campaign", state);
        model.addAttribute("sides", sideRosters(state, actor));
        model.addAttribute("actor", actor);
        model.addAttribute("chart", StrengthChart.of(state));
        model.addAttribute("leftOut", leftOut(state));
        // what starting each plan now would change since the last scenario (issue 26): left out and why, recoveries
        Map<String, List<org.wargame.tracker.scenario.BetweenScenarios.PlanChange>> changes = new LinkedHashMap<>();
        state.plans().forEach(p -> changes.put(p.name(),
                org.wargame.tracker.scenario.BetweenScenarios.planChanges(state, p)));
        model.addAttribute("planChanges", changes);
        model.addAttribute("idNames", idNames(state));
    }

    /** Per scenario, the plan's counters it started without because they were struck off earlier, in words. */
    private static Map<String, String> leftOut(CampaignState state) {
        Map<String, String> notes = new LinkedHashMap<>();
        for (ScenarioEntry scenario : state.scenarios()) {
            if (scenario.leftOut().isEmpty()) {
                continue;
            }
            List<String> names = new ArrayList<>();
            for (String id : scenario.leftOut()) {
                RosterCounter r = state.roster().get(id);
                names.add((r == null ? id : r.counter().name()) + (r == null || r.eliminatedIn() == null ? ""
                        : " (eliminated in " + name(state, r.eliminatedIn()) + ")"));
            }
            notes.put(scenario.scenarioId(), "Started without " + String.join(", ", names));
        }
        return notes;
    }

    private static String note(RosterCounter r, CampaignState state) {
        if (r.eliminated()) {
            return "eliminated in " + name(state, r.eliminatedIn());
        }
        if (r.inScenario() != null) {
            return "in play in " + name(state, r.inScenario());
        }
        return null;
    }

    private static String name(CampaignState state, String scenarioId) {
        return state.scenarios().stream().filter(s -> s.scenarioId().equals(scenarioId)).map(ScenarioEntry::name)
                .findFirst().orElse(String.valueOf(scenarioId));
    }
}
