package org.wargame.tracker.scenario;

import org.wargame.tracker.account.Actor;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.stereotype.Service;
import org.wargame.tracker.campaign.CampaignCommand.OpenScenario;
import org.wargame.tracker.campaign.CampaignCommand.RecordScenarioOutcome;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.store.Commands;
import org.wargame.tracker.store.StoredJson;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.ConcludeScenario;
import org.wargame.tracker.scenario.ScenarioCommand.StartScenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The application service of scenarios, shared by the REST API and the pages so the two never disagree: start a
 * scenario from the campaign roster, take an action, advance the clock, conclude and hand the counters back.
 */
@Service
public class ScenarioService {

    private final Commands commands;
    private final CampaignViews campaigns;
    private final ScenarioViews scenarios;
    private final DiceSeeds seeds;

    public ScenarioService(Commands commands, CampaignViews campaigns, ScenarioViews scenarios, DiceSeeds seeds) {
        this.commands = commands;
        this.campaigns = campaigns;
        this.scenarios = scenarios;
        this.seeds = seeds;
    }

    /** Starts a scenario with roster counters (their carried state plus set-up) and scenario-only counters. */
    public String start(String campaignId, StartScenarioRequest request, Actor actor) {
        CampaignState campaign = campaigns.state(campaignId);
        ScenarioPlan plan = null;
        if (request.plan() != null) {
            plan = campaign.plan(request.plan());
            if (plan == null) {
                throw new IllegalArgumentException("plan: the campaign has no scenario plan '" + request.plan() + "'");
            }
        }
        String name = first(request.name(), plan == null ? null : plan.name());
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name: a scenario needs a name");
        }
        Integer turnLimit = request.turnLimit() != null ? request.turnLimit() : plan == null ? null : plan.turnLimit();
        if (turnLimit == null) {
            throw new IllegalArgumentException("turnLimit: required");
        }
        List<String> order = request.sideOrder() != null ? request.sideOrder()
                : plan != null && !plan.sideOrder().isEmpty() ? plan.sideOrder()
                : campaign.sides().stream().map(Side::id).toList();
        List<Side> sides = new ArrayList<>();
        for (String sideId : order) {
            Side side = campaign.side(sideId);
            if (side == null) {
                throw new IllegalArgumentException("sideOrder: the campaign has no side '" + sideId + "'");
            }
            sides.add(side);
        }
        List<Placement> placements = request.counters() != null ? request.counters()
                : plan == null ? List.of() : plan.counters();
        List<CounterDefinition> extra = request.extraCounters() != null ? request.extraCounters()
                : plan == null ? List.of() : plan.extraCounters();

        List<CounterDefinition> counters = campaign.countersFor(placements, extra);
        List<String> rosterIds = placements.stream().map(Placement::id).toList();
        String scenarioId = UUID.randomUUID().toString();
        String actionId = UUID.randomUUID().toString();
        int limit = turnLimit;
        return commands.atomically(() -> {
            String commitment = seeds.commit(scenarioId);
            commands.send(new StartScenario(scenarioId, campaignId, name, campaign.ruleSet(), limit, sides, counters,
                    commitment), actor.account(), actionId);
            commands.send(new OpenScenario(campaignId, scenarioId, name, rosterIds), actor.account(),
                    actionId);
            return scenarioId;
        });
    }

    /**
     * Takes an action: {@code body} is the action as the rule set names it ({@code type} and its fields), with
     * optional {@code dice}: the rolls entered by hand, in order; missing rolls are rolled by the server.
     */
    public ActionResult act(String scenarioId, Map<String, Object> body, Actor actor) {
        return act(scenarioId, body, actor, null);
    }

    public ActionResult act(String scenarioId, Map<String, Object> body, Actor actor, Long expectedVersion) {
        ScenarioViews.Header state = scenarios.header(scenarioId);
        Object type = body.get("type");
        if (!(type instanceof String)) {
            throw new IllegalArgumentException("type: the action's type is required");
        }
        Map<String, Object> request = new LinkedHashMap<>(body);
        List<EnteredRoll> dice = dice(request.remove("dice"));
        RuleSet<?, ?, ?> ruleSet = RuleSets.byId(state.ruleSet());
        RuleAction action;
        try {
            action = StoredJson.mapper().convertValue(request, ruleSet.actionType());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("type: '" + type + "' is not an action of rule set "
                    + state.ruleSet() + " or its fields are wrong: " + rootMessage(e));
        }
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.send(new TakeAction(scenarioId, actionId, actor, (String) type, action,
                request, dice, expectedVersion), actor.account(), actionId);
        return new ActionResult(actionId, state.events(), after);
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor) {
        return advance(scenarioId, dice, actor, null);
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor, Long expectedVersion) {
        ScenarioViews.Header state = scenarios.header(scenarioId);
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.send(new AdvanceClock(scenarioId, actionId, actor, dice(dice), expectedVersion),
                actor.account(), actionId);
        return new ActionResult(actionId, state.events(), after);
    }

    /** Concludes the scenario and hands every roster counter's end state back to the campaign, atomically. */
    public ActionResult conclude(String scenarioId, String result, Actor actor) {
        return conclude(scenarioId, result, actor, null);
    }

    public ActionResult conclude(String scenarioId, String result, Actor actor, Long expectedVersion) {
        ScenarioViews.Header before = scenarios.header(scenarioId);
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.atomically(() -> {
            ScenarioState concluded = commands.send(new ConcludeScenario(scenarioId, actor, result, expectedVersion), actor.account(),
                    actionId);
            commands.send(new RecordScenarioOutcome(concluded.campaignId(), scenarioId, result,
                    concluded.ruleSet().outcome(concluded.rules())), actor.account(), actionId);
            return concluded;
        });
        return new ActionResult(actionId, before.events(), after);
    }

    /** The action's id, the sequence number (from 0) of its first event, and the scenario after it. */
    public record ActionResult(String actionId, long firstEvent, ScenarioState state) {
    }

    private static List<EnteredRoll> dice(Object raw) {
        if (raw == null) {
            return List.of();
        }
        try {
            ObjectMapper mapper = StoredJson.mapper();
            return List.of(mapper.convertValue(raw, EnteredRoll[].class));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("dice: a list of {\"kind\": \"dr\", \"values\": [3]}: "
                    + rootMessage(e));
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        String message = t.getMessage();
        int cut = message == null ? -1 : message.indexOf(" at [Source");
        return cut > 0 ? message.substring(0, cut) : message;
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
