package org.wargame.tracker.web.api;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.CampaignFile;
import org.wargame.tracker.campaign.CampaignImport;
import org.wargame.tracker.campaign.CampaignPast;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.BetweenScenarios;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.ScenarioViews.ScenarioSummary;
import org.wargame.tracker.store.RecordedEvent;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Campaigns: list, import a campaign file, read one with its roster, its scenarios and its events. */
@RestController
@RequestMapping("/api/campaigns")
class CampaignController {

    private final CampaignViews views;
    private final CampaignImport campaignImport;
    private final Participants participants;
    private final ScenarioViews scenarios;
    private final CampaignPast past;
    private final EventPages pages;
    private final BetweenScenarios between;

    CampaignController(CampaignViews views, CampaignImport campaignImport, Participants participants,
                              ScenarioViews scenarios, CampaignPast past, EventPages pages,
                              BetweenScenarios between) {
        this.between = between;
        this.pages = pages;
        this.views = views;
        this.campaignImport = campaignImport;
        this.participants = participants;
        this.scenarios = scenarios;
        this.past = past;
    }

    /** The campaigns the caller may see: all for the referee, a player's own for a player. */
    @GetMapping
    public List<CampaignViews.CampaignSummary> list(Authentication auth) {
        return Participants.isReferee(auth) ? views.all() : views.of(auth.getName());
    }

    /** Imports a campaign file (YAML or JSON, same format as the files in campaigns/); referee only. */
    @PostMapping(consumes = {"application/yaml", MediaType.APPLICATION_JSON_VALUE})
    @ResponseStatus(HttpStatus.CREATED)
    public Map<String, String> importFile(@RequestBody String file, Authentication auth) {
        if (!Participants.isReferee(auth)) {
            throw new NotYourSide("only the referee imports campaigns");
        }
        CampaignFile parsed = campaignImport.parse(file);
        if (parsed.id() != null && views.exists(parsed.id())) {
            throw new Conflict("id", "campaign '" + parsed.id() + "' exists already");
        }
        return Map.of("campaignId", campaignImport.importFile(parsed, auth.getName()));
    }

    @GetMapping("/{campaignId}")
    public CampaignState campaign(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        return views.state(campaignId);
    }

    /** Time travel: the campaign (its roster) as it stood after its event number {@code after} (from 0). */
    @GetMapping("/{campaignId}/state")
    public CampaignState stateAfter(@PathVariable String campaignId,
                                    @org.springframework.web.bind.annotation.RequestParam long after,
                                    Authentication auth) {
        participants.actor(auth, campaignId);
        return past.after(campaignId, after);
    }

    /**
     * The roster now, or as it stood just after a scenario's hand-back ({@code after}: the scenario's id) or just
     * before it opened ({@code before}), from the record.
     */
    @GetMapping("/{campaignId}/roster")
    public Map<String, CampaignState.RosterCounter> roster(@PathVariable String campaignId,
                                                           @RequestParam(required = false) String after,
                                                           @RequestParam(required = false) String before,
                                                           Authentication auth) {
        participants.actor(auth, campaignId);
        if (after != null && before != null) {
            throw new org.wargame.tracker.refusal.FieldRefused("before", "give after or before, not both");
        }
        if (after != null || before != null) {
            String scenario = after != null ? after : before;
            org.wargame.tracker.refusal.RequestJson.requireId(after != null ? "after" : "before", scenario);
            return past.around(campaignId, scenario, after != null).roster();
        }
        return views.state(campaignId).roster();
    }

    /** The step between scenarios: who waits on a roll, the rolls taken, what each plan would change now. */
    public record Between(List<BetweenScenarios.Waiting> waiting,
                          List<org.wargame.tracker.campaign.CampaignEvent.BetweenScenariosRolled> rolled,
                          Map<String, List<BetweenScenarios.PlanChange>> plans) {
    }

    @GetMapping("/{campaignId}/between")
    public Between between(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        CampaignState state = views.state(campaignId);
        Map<String, List<BetweenScenarios.PlanChange>> plans = new java.util.LinkedHashMap<>();
        state.plans().forEach(p -> plans.put(p.id(), BetweenScenarios.planChanges(state, p)));
        return new Between(BetweenScenarios.waiting(state), past.betweenRolls(campaignId), plans);
    }

    /** A roll between scenarios: {@code counter}, optional {@code dice} entered (else the server rolls). */
    public record RollBody(String counter, List<org.wargame.tracker.scenario.EnteredRoll> dice) {
    }

    @PostMapping("/{campaignId}/between/rolls")
    public Map<String, CampaignState.RosterCounter> roll(@PathVariable String campaignId,
                                                         @RequestBody Map<String, Object> body, Authentication auth) {
        org.wargame.tracker.account.Actor actor = participants.actor(auth, campaignId);
        RollBody parsed = org.wargame.tracker.refusal.RequestJson.convert(body, RollBody.class);
        return between.roll(campaignId, parsed.counter(), parsed.dice() == null ? List.of() : parsed.dice(), actor)
                .roster();
    }

    @GetMapping("/{campaignId}/scenarios")
    public List<ScenarioSummary> scenarios(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        return scenarios.ofCampaign(campaignId);
    }

    /** The campaign's events, a page of at most 500 after {@code after} (see {@link EventPages}). */
    @GetMapping("/{campaignId}/events")
    public void events(@PathVariable String campaignId, @RequestParam(required = false) Long after,
                       @RequestParam(required = false) Integer limit, Authentication auth,
                       HttpServletResponse response) throws IOException {
        participants.actor(auth, campaignId);
        pages.write("/api/campaigns/" + campaignId + "/events", campaignId, after, limit, response);
    }

    /** A counter's whole history: the campaign's events and every scenario's events that name it, in order. */
    @GetMapping("/{campaignId}/counters/{counterId}/history")
    public List<RecordedEvent> counterHistory(@PathVariable String campaignId, @PathVariable String counterId,
                                              Authentication auth) {
        participants.actor(auth, campaignId);
        return past.ofCounter(campaignId, counterId);
    }
}
