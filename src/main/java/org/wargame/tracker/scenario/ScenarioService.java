package org.wargame.tracker.scenario;

import org.wargame.tracker.refusal.FieldRefused;

import org.wargame.tracker.account.Actor;

import org.springframework.stereotype.Service;
import org.wargame.tracker.campaign.CampaignCommand.OpenScenario;
import org.wargame.tracker.campaign.CampaignCommand.RecordScenarioOutcome;
import org.wargame.tracker.campaign.CampaignCommand.ReopenScenario;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.store.Commands;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
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

    /** A started scenario, and the plan's counters it started without because they were struck off earlier. */
    public record Started(String scenarioId, List<CampaignState.StruckOff> leftOut) {
    }

    /** Starts a scenario with roster counters (their carried state plus set-up) and scenario-only counters. */
    public String start(String campaignId, StartScenarioRequest request, Actor actor) {
        return begin(campaignId, request, actor).scenarioId();
    }

    /**
     * Starts a scenario; a plan's roster counters that were eliminated in an earlier scenario are left out and
     * listed in the answer (counters the request names itself are still refused when struck off).
     */
    public Started begin(String campaignId, StartScenarioRequest request, Actor actor) {
        CampaignState campaign = campaigns.state(campaignId);
        ScenarioPlan plan = null;
        if (request.plan() != null) {
            plan = campaign.plan(request.plan());
            if (plan == null) {
                throw new FieldRefused("plan", "the campaign has no scenario plan '" + request.plan() + "'");
            }
        }
        String name = first(request.name(), plan == null ? null : plan.name());
        if (name == null || name.isBlank()) {
            throw new FieldRefused("name", "a scenario needs a name");
        }
        Integer turnLimit = request.turnLimit() != null ? request.turnLimit() : plan == null ? null : plan.turnLimit();
        if (turnLimit == null || turnLimit < 1) {
            throw new FieldRefused("turnLimit", "required: a whole number of Game Turns, at least 1");
        }
        List<String> order = request.sideOrder() != null ? request.sideOrder()
                : plan != null && !plan.sideOrder().isEmpty() ? plan.sideOrder()
                : campaign.sides().stream().map(Side::id).toList();
        List<Side> sides = new ArrayList<>();
        for (String sideId : order) {
            Side side = campaign.side(sideId);
            if (side == null) {
                throw new FieldRefused("sideOrder", "the campaign has no side '" + sideId + "'");
            }
            sides.add(side);
        }
        List<Placement> planned = request.counters() != null ? request.counters()
                : plan == null ? List.of() : plan.counters();
        List<CampaignState.StruckOff> leftOut = request.counters() != null ? List.of()
                : campaign.struckOff(planned);
        List<String> leftOutIds = leftOut.stream().map(CampaignState.StruckOff::id).toList();
        List<Placement> placements = planned.stream().filter(p -> !leftOutIds.contains(p.id())).toList();
        List<CounterDefinition> extra = request.extraCounters() != null ? request.extraCounters()
                : plan == null ? List.of() : plan.extraCounters();

        List<CounterDefinition> counters = campaign.countersFor(placements, extra);
        // a roster counter the rule set sits out between scenarios (a man out for scenarios) is left out
        List<String> rosterIds = counters.stream().map(CounterDefinition::id)
                .filter(campaign.roster()::containsKey).toList();
        String scenarioId = UUID.randomUUID().toString();
        String actionId = UUID.randomUUID().toString();
        int limit = turnLimit;
        return commands.atomically(() -> {
            String commitment = seeds.commit(scenarioId);
            commands.send(new StartScenario(scenarioId, campaignId, name, campaign.ruleSet(), limit, sides, counters,
                    commitment, campaign.tables()), actor.account(), actionId);
            commands.send(new OpenScenario(campaignId, scenarioId, name, rosterIds, leftOutIds), actor.account(),
                    actionId);
            return new Started(scenarioId, leftOut);
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
            throw new FieldRefused("type", "the action's type is required, as text");
        }
        Map<String, Object> request = new LinkedHashMap<>(body);
        List<EnteredRoll> dice = dice(request.remove("dice"));
        RuleSet<?, ?, ?> ruleSet = RuleSets.byId(state.ruleSet());
        // the rule set's typed contract first: unknown fields, wrong types, closed lists, ranges, required fields
        ActionSchema schema = ruleSet.actionSchema((String) type);
        if (schema == null) {
            throw new FieldRefused("type", "'" + type + "' is not an action of " + ruleSet.title() + " ("
                    + String.join(", ", ruleSet.actionSchemas().stream().map(ActionSchema::type).toList()) + ")");
        }
        schema.check(request);
        // strictly: an unknown field, a null or 3.5 for a count is refused naming the field, never dropped or cut
        RuleAction action = RequestJson.convert(request, ruleSet.actionType());
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.send(new TakeAction(scenarioId, actionId, actor, (String) type, action,
                request, dice, expectedVersion), actor.account(), actionId);
        return new ActionResult(actionId, firstEvent(actionId, after, state.events()), after);
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor) {
        return advance(scenarioId, dice, actor, null);
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor, Long expectedVersion) {
        ScenarioViews.Header state = scenarios.header(scenarioId);
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.send(new AdvanceClock(scenarioId, actionId, actor, dice(dice), expectedVersion),
                actor.account(), actionId);
        return new ActionResult(actionId, firstEvent(actionId, after, state.events()), after);
    }

    /**
     * Where an advance stops: a phase or step code ({@code to}: "MPh", "1.13B"), and optionally a Game Turn and a
     * Player Turn; the first clock position at or after the next step that matches every part given.
     */
    public record ClockTarget(String to, Integer gameTurn, Integer playerTurn) {
        public boolean given() {
            return to != null || gameTurn != null || playerTurn != null;
        }

        boolean reached(GameClock clock) {
            return (to == null || to.equals(clock.phase()) || to.equals(clock.step()))
                    && (gameTurn == null || gameTurn == clock.gameTurn())
                    && (playerTurn == null || playerTurn == clock.playerTurn());
        }
    }

    /** The most steps one advance to a target takes (a whole scenario of ASL is some hundreds). */
    static final int MAX_STEPS = 2_000;

    /**
     * Advances step by step (each step its own action, undone one at a time) until the target is reached, or the
     * first step where a rule needs the players' decision, or the end of the last Game Turn. The dice entered are
     * for the first step.
     */
    public ActionResult advance(String scenarioId, Object dice, Actor actor, Long expectedVersion,
                                ClockTarget target) {
        if (target == null || !target.given()) {
            return advance(scenarioId, dice, actor, expectedVersion);
        }
        ScenarioState now = scenarios.state(scenarioId);
        PhaseSequence phases = now.ruleSet().phases();
        if (target.to() != null && phases.phases().stream().noneMatch(p -> p.code().equals(target.to())
                || p.steps().contains(target.to()))) {
            throw new FieldRefused("to", "'" + target.to() + "' is not a phase or step of " + now.ruleSet().title()
                    + " (" + String.join(", ", phases.phases().stream().map(Phase::code).toList()) + ")");
        }
        if (target.gameTurn() != null && (target.gameTurn() < now.clock().gameTurn()
                || target.gameTurn() > now.turnLimit())) {
            throw new FieldRefused("gameTurn", "from the current Game Turn " + now.clock().gameTurn() + " to the last, "
                    + now.turnLimit());
        }
        if (target.playerTurn() != null && (target.playerTurn() < 0 || target.playerTurn() > now.sides().size())) {
            throw new FieldRefused("playerTurn", "from 0 to " + now.sides().size());
        }
        ActionResult first = advance(scenarioId, dice, actor, expectedVersion);
        ActionResult last = first;
        for (int step = 1; step < MAX_STEPS && !target.reached(last.state().clock())
                && decision(last.state()) == null; step++) {
            if (last.state().clock().gameTurn() == last.state().turnLimit() && lastStep(last.state())) {
                break; // the end of the last Game Turn: concluding is the players' call
            }
            try {
                last = advance(scenarioId, null, actor, last.state().events());
            } catch (org.wargame.tracker.refusal.Refusal stopped) {
                break; // the steps taken are stored: answer with them (another player moved on meanwhile...)
            }
        }
        return new ActionResult(last.actionId(), first.firstEvent(), last.state());
    }

    /** Why the players must decide at the scenario's clock now, or null. */
    public static String decision(ScenarioState state) {
        return state.concluded() ? null : state.ruleSet().decisionNeeded(state.rules(), state.clock());
    }

    private static boolean lastStep(ScenarioState state) {
        GameClock next = state.ruleSet().phases().next(state.clock(), state.sides().stream().map(Side::id).toList());
        return next.gameTurn() > state.clock().gameTurn();
    }

    /**
     * Concludes the scenario (the referee) or proposes to (a player: the other side answers). When it ends, every
     * roster counter's end state is handed back to the campaign in the same unit of work.
     */
    public ActionResult conclude(String scenarioId, String result, Actor actor) {
        return conclude(scenarioId, result, actor, null);
    }

    public ActionResult conclude(String scenarioId, String result, Actor actor, Long expectedVersion) {
        return ending(scenarioId, actor, new ConclusionCommand.Conclude(UUID.randomUUID().toString(), result),
                expectedVersion);
    }

    /**
     * Reopens a concluded scenario (the referee) or proposes to (a player). Refused, with the counters, while a
     * later scenario of the campaign uses one of its counters; the campaign undoes the hand-back in the same unit.
     */
    public ActionResult reopen(String scenarioId, String reason, Actor actor, Long expectedVersion) {
        ScenarioState now = scenarios.state(scenarioId);
        if (now.concluded()) { // asked first, so that no proposal is made that could never be accepted
            requireReopenable(now);
        }
        return ending(scenarioId, actor, new ConclusionCommand.Reopen(UUID.randomUUID().toString(), reason),
                expectedVersion);
    }

    /** Accepts the open proposal (to conclude or to reopen). */
    public ActionResult accept(String scenarioId, String proposalId, Actor actor) {
        return ending(scenarioId, actor, new ConclusionCommand.Accept(proposalId), null);
    }

    public ActionResult decline(String scenarioId, String proposalId, String reason, Actor actor) {
        return ending(scenarioId, actor, new ConclusionCommand.Decline(proposalId, reason), null);
    }

    public ActionResult withdraw(String scenarioId, String proposalId, Actor actor) {
        return ending(scenarioId, actor, new ConclusionCommand.Withdraw(proposalId), null);
    }

    /** Each counter's end state as it would go back to the roster if the scenario were concluded now. */
    public static List<org.wargame.tracker.rules.CounterOutcome> handBack(ScenarioState state) {
        return state.ruleSet().outcome(state.rules());
    }

    private void requireReopenable(ScenarioState state) {
        List<CampaignState.UsedLater> used = campaigns.state(state.campaignId()).usedAfter(state.scenarioId(),
                counterIds(state));
        if (!used.isEmpty()) {
            throw new org.wargame.tracker.refusal.Conflict("scenario '" + state.name() + "' cannot be reopened: a"
                    + " later scenario uses " + (used.size() == 1 ? "one of its counters: " : used.size()
                    + " of its counters: ") + String.join("; ", used.stream()
                    .map(u -> u.name() + " (in " + u.scenario() + ")").toList()));
        }
    }

    private static List<String> counterIds(ScenarioState state) {
        return handBack(state).stream().map(org.wargame.tracker.rules.CounterOutcome::id).toList();
    }

    /** One command about the end; what it changed in the scenario's ending goes to the campaign in the same unit. */
    private ActionResult ending(String scenarioId, Actor actor, ConclusionCommand.Request request, Long expected) {
        ScenarioViews.Header before = scenarios.header(scenarioId);
        String actionId = UUID.randomUUID().toString();
        ScenarioState after = commands.atomically(() -> {
            ScenarioState state = commands.send(new ConclusionCommand(scenarioId, actor, request, expected),
                    actor.account(), actionId);
            // only a conclusion leaves a Conclude or an Accept concluded, only a reopening leaves a Reopen or an
            // Accept in play (a proposal changes neither)
            boolean concluding = request instanceof ConclusionCommand.Conclude
                    || request instanceof ConclusionCommand.Accept;
            boolean reopening = request instanceof ConclusionCommand.Reopen
                    || request instanceof ConclusionCommand.Accept;
            if (concluding && state.concluded()) {
                commands.send(new RecordScenarioOutcome(state.campaignId(), scenarioId, state.result(),
                        handBack(state)), actor.account(), actionId);
            } else if (reopening && !state.concluded()) {
                commands.send(new ReopenScenario(state.campaignId(), scenarioId, counterIds(state),
                        actor.account(), null), actor.account(), actionId);
            }
            return state;
        });
        return new ActionResult(actionId, before.events(), after);
    }

    /**
     * Where the action's events begin: the state says so when it is the last action; the header read before is only
     * a lower bound (another action, or a conflict's retry, may have come in between).
     */
    private static long firstEvent(String actionId, ScenarioState after, long before) {
        ScenarioState.LastAction last = after.lastAction();
        return last != null && actionId.equals(last.actionId()) ? last.at() : before;
    }

    /** The action's id, the sequence number (from 0) of its first event, and the scenario after it. */
    public record ActionResult(String actionId, long firstEvent, ScenarioState state) {
    }

    private static List<EnteredRoll> dice(Object raw) {
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List<?>)) {
            throw new FieldRefused("dice", "a list of rolls: [{\"kind\": \"dr\", \"values\": [3]}]");
        }
        try {
            return List.of(RequestJson.convert(raw, EnteredRoll[].class));
        } catch (FieldRefused e) {
            throw e.field().equals("body") ? new FieldRefused("dice", e.reason()) : e.under("dice");
        }
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }
}
