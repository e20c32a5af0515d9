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
import org.wargame.tracker.campaign.CampaignEvent.BetweenScenariosRolled;
import org.wargame.tracker.campaign.CampaignPast;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.scenario.BetweenScenarios;
import org.wargame.tracker.scenario.EnteredRoll;

import java.util.ArrayList;
import java.util.List;

/**
 * The campaign's "between scenarios" page: who waits on a roll (a Medical Treatment roll) with a form to take it (the
 * die entered, or left to the server), the rolls taken, and what each plan would change if started now.
 */
@Controller
public class BetweenPages {

    private final CampaignViews campaigns;
    private final Participants participants;
    private final BetweenScenarios between;
    private final CampaignPast past;

    public BetweenPages(CampaignViews campaigns, Participants participants, BetweenScenarios between,
                        CampaignPast past) {
        this.campaigns = campaigns;
        this.participants = participants;
        this.between = between;
        this.past = past;
    }

    /** One waiting counter as the page shows it: whether the viewer may roll for it. */
    public record WaitingRow(String counterId, String name, String sideName, String why, boolean mine) {
    }

    /** A roll taken, in words. */
    public record RollRow(String name, String after, String die, String result, boolean struckOff, String by) {
    }

    /** A plan and what starting it now would change. */
    public record PlanRow(String name, List<BetweenScenarios.PlanChange> changes) {
    }

    @GetMapping("/campaigns/{campaignId}/between")
    public String page(@PathVariable String campaignId, Authentication auth, Model model) {
        Actor actor = participants.actor(auth, campaignId);
        fill(model, campaigns.state(campaignId), actor);
        return "between";
    }

    /** Takes the roll a counter waits on; {@code die}: the face rolled at the table (blank: the server rolls). */
    @PostMapping("/campaigns/{campaignId}/between/rolls")
    public String roll(@PathVariable String campaignId, @RequestParam(required = false) String counter,
                       @RequestParam(required = false) String die, Authentication auth, Model model,
                       HttpServletResponse response) {
        Actor actor = participants.actor(auth, campaignId);
        try {
            between.roll(campaignId, counter, entered(die), actor);
            return "redirect:/campaigns/" + campaignId + "/between#rolled";
        } catch (Refusal e) {
            response.setStatus(FormRefusals.status(e));
            model.addAttribute("rollError", FormRefusals.message(e));
            model.addAttribute("rollCounter", counter);
            fill(model, campaigns.state(campaignId), actor);
            return "between";
        }
    }

    private static List<EnteredRoll> entered(String die) {
        if (die == null || die.isBlank()) {
            return List.of();
        }
        if (!die.trim().matches("[0-9]{1,2}")) {
            throw new FieldRefused("dice", "'" + (die.length() > 8 ? die.substring(0, 8) + "…" : die)
                    + "' is not a die's face");
        }
        return List.of(new EnteredRoll(null, List.of(Integer.parseInt(die.trim()))));
    }

    private void fill(Model model, CampaignState state, Actor actor) {
        List<WaitingRow> waiting = new ArrayList<>();
        for (BetweenScenarios.Waiting w : BetweenScenarios.waiting(state)) {
            waiting.add(new WaitingRow(w.counterId(), w.name(), sideName(state, w.side()), w.why(),
                    actor.mayActFor(w.side())));
        }
        List<RollRow> rolled = new ArrayList<>();
        for (BetweenScenariosRolled r : past.betweenRolls(state.campaignId())) {
            var c = state.roster().get(r.counterId());
            rolled.add(new RollRow(c == null ? r.counterId() : c.counter().name(), scenarioName(state,
                    r.afterScenario()), r.roll().kind() + " " + r.roll().total() + " (" + ("server"
                    .equals(r.roll().source()) ? "rolled by the tracker" : "rolled at the table") + ")", r.result(),
                    r.struckOff(), r.rolledBy()));
        }
        List<PlanRow> plans = new ArrayList<>();
        for (ScenarioPlan plan : state.plans()) {
            plans.add(new PlanRow(plan.name(), BetweenScenarios.planChanges(state, plan)));
        }
        model.addAttribute("campaign", state);
        model.addAttribute("waiting", waiting);
        model.addAttribute("rolled", rolled);
        model.addAttribute("plans", plans);
    }

    private static String sideName(CampaignState state, String sideId) {
        return state.side(sideId) == null ? sideId : state.side(sideId).name();
    }

    private static String scenarioName(CampaignState state, String scenarioId) {
        return state.scenarios().stream().filter(s -> s.scenarioId().equals(scenarioId))
                .map(CampaignState.ScenarioEntry::name).findFirst().orElse("an earlier scenario");
    }
}
