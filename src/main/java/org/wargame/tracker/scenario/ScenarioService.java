package org.wargame.tracker.scenario;

import org.springframework.stereotype.Service;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignCommand.OpenScenario;
import org.wargame.tracker.campaign.CampaignCommand.RecordScenarioOutcome;
import org.wargame.tracker.campaign.CampaignCommand.ReopenScenario;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.EndPhase;
import org.wargame.tracker.scenario.ScenarioCommand.StartScenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.store.ActionKey;
import org.wargame.tracker.store.Commands;

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
    private final SealedSecrets secrets;
    private final ScenarioProjection projection;

    public ScenarioService(Commands commands, CampaignViews campaigns, ScenarioViews scenarios, DiceSeeds seeds,
                           SealedSecrets secrets, ScenarioProjection projection) {
        this.projection = projection;
        this.commands = commands;
        this.campaigns = campaigns;
        this.scenarios = scenarios;
        this.seeds = seeds;
        this.secrets = secrets;
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
        if (turnLimit == null || turnLimit < 1 || turnLimit > ScenarioPlan.MAX_TURN_LIMIT) {
            throw new FieldRefused("turnLimit", ScenarioPlan.TURN_LIMIT_RANGE);
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

        // a plan's map gives each counter placed on a hex that hex's terrain
        org.wargame.tracker.rules.ScenarioMap map = plan == null ? null : plan.map();
        List<CounterDefinition> counters = map == null ? campaign.countersFor(placements, extra)
                : RuleSets.byId(campaign.ruleSet()).placedOn(map, campaign.countersFor(placements, extra));
        // a roster counter the rule set sits out between scenarios (a man out for scenarios) is left out
        List<String> rosterIds = counters.stream().map(CounterDefinition::id)
                .filter(campaign.roster()::containsKey).toList();
        // the plan's counters their side may set up hidden, of those taking part
        List<String> taking = counters.stream().map(CounterDefinition::id).toList();
        List<String> hideable = plan == null ? List.of() : plan.mayHide().stream().filter(taking::contains).toList();
        String scenarioId = UUID.randomUUID().toString();
        String actionId = UUID.randomUUID().toString();
        int limit = turnLimit;
        return commands.atomically(() -> {
            String commitment = seeds.commit(scenarioId);
            commands.send(new StartScenario(scenarioId, campaignId, name, campaign.ruleSet(), limit, sides, counters,
                    commitment, campaign.tables(), map, hideable), actor.account(), actionId);
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
        ScenarioViews.Header state = header(scenarioId);
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
        RuleSet<RuleState, RuleAction, RuleEvent> rules = RuleSets.byId(state.ruleSet());
        // a sealed value leaves the request here: the record gets its commitment, the table its content
        String sealedField = rules.sealedField((String) type);
        ScenarioCommand.NewSeal seal = null;
        SealedSecrets.Secret secret = null;
        if (sealedField != null && request.get(sealedField) != null) {
            ScenarioState now = scenarios.state(scenarioId);
            RuleAction full = RequestJson.convert(request, rules.actionType());
            rules.checkSealed(now.rules(), full);
            String content = sealedContent(request.remove(sealedField), sealedField);
            String sealId = UUID.randomUUID().toString();
            String salt = Commitment.salt();
            request.put("seal", sealId);
            seal = new ScenarioCommand.NewSeal(sealId, schema.field(sealedField).map(f -> f.label())
                    .orElse(sealedField), Commitment.of(salt, content));
            secret = new SealedSecrets.Secret(scenarioId, sealId, rules.actingSide(now.rules(), full), content, salt);
        }
        // a sealed choice the rules reveal with this action: its kept content goes into the request
        List<ScenarioCommand.Opening> reveals = List.of();
        String revealField = rules.revealField((String) type);
        if (revealField != null) {
            ScenarioState now = scenarios.state(scenarioId);
            String sealId = rules.revealedSeal(now.rules(), RequestJson.convert(request, rules.actionType()));
            ScenarioState.Seal known = sealId == null ? null : now.seal(sealId);
            if (known != null && known.revealed()) { // public already (the action undone and taken again)
                request.put(revealField, known.content());
                reveals = List.of(new ScenarioCommand.Opening(sealId, known.content(), known.salt()));
            } else if (sealId != null) {
                SealedSecrets.Secret kept = secrets.of(scenarioId, sealId);
                if (kept == null) {
                    throw new org.wargame.tracker.refusal.Conflict("the sealed choice this action reveals is not "
                            + "kept on this tracker (the history came from a player's export, without it): the "
                            + "referee's export brings it");
                }
                request.put(revealField, kept.content());
                reveals = List.of(new ScenarioCommand.Opening(sealId, kept.content(), kept.salt()));
            }
        }
        reveals = withHiddenRevealed(scenarioId, rules, request, reveals);
        // strictly: an unknown field, a null or 3.5 for a count is refused naming the field, never dropped or cut
        RuleAction action = RequestJson.convert(request, ruleSet.actionType());
        String actionId = ActionKey.newActionId(actor.account());
        TakeAction command = new TakeAction(scenarioId, actionId, actor, (String) type, action, request, dice,
                expectedVersion, seal, reveals);
        SealedSecrets.Secret keep = secret;
        ScenarioState after = inNames(scenarioId, () -> keep == null ? commands.send(command, actor.account(), actionId)
                : commands.atomically(() -> {
                    secrets.keep(keep);
                    return commands.<ScenarioState>send(command, actor.account(), actionId);
                }));
        return new ActionResult(actionId, firstEvent(actionId, after, state.events()), after);
    }

    /** The most characters of a sealed content and of what everybody reads about it. */
    public static final int MAX_SEALED = 2_000;
    public static final int MAX_LABEL = 120;

    /**
     * A side seals a choice ({@code side}: one of the actor's sides; the referee names it; a player of one side may
     * leave it out): the record gets the commitment and {@code label}, the content is kept beside it.
     */
    public ActionResult seal(String scenarioId, String side, String label, String content, Actor actor,
                             Long expectedVersion) {
        ScenarioState now = scenarios.state(scenarioId);
        String sealing = side;
        if (sealing == null) {
            List<String> mine = now.sideOrder().stream().filter(actor.sides()::contains).toList();
            if (actor.referee() || mine.size() != 1) {
                throw new FieldRefused("side", "required: the side that seals the choice");
            }
            sealing = mine.get(0);
        }
        if (!now.sideOrder().contains(sealing)) {
            throw new FieldRefused("side", "'" + sealing + "' is not a side of this scenario");
        }
        actor.requireMayActFor(sealing);
        String words = plain(label, "label", MAX_LABEL, "what everybody reads about the choice (\"SPOT\")");
        String text = sealedContent(content, "content");
        String sealId = UUID.randomUUID().toString();
        String salt = Commitment.salt();
        String actionId = ActionKey.newActionId(actor.account());
        SealedSecrets.Secret secret = new SealedSecrets.Secret(scenarioId, sealId, sealing, text, salt);
        String by = sealing;
        ScenarioState after = commands.atomically(() -> {
            secrets.keep(secret);
            return commands.<ScenarioState>send(new ScenarioCommand.SealChoice(scenarioId, actionId, actor, by,
                    new ScenarioCommand.NewSeal(sealId, words, Commitment.of(salt, text)), expectedVersion),
                    actor.account(), actionId);
        });
        return new ActionResult(actionId, now.events(), after);
    }

    /** The sealing side's player or the referee reveals a sealed choice from its kept content. */
    public ActionResult reveal(String scenarioId, String sealId, Actor actor, Long expectedVersion) {
        ScenarioState now = scenarios.state(scenarioId);
        ScenarioState.Seal seal = now.seal(sealId);
        if (seal == null) {
            throw new org.wargame.tracker.refusal.NotFound("this scenario has no sealed choice " + sealId);
        }
        actor.requireMayActFor(seal.side());
        SealedSecrets.Secret kept = secrets.of(scenarioId, sealId);
        if (kept == null && !seal.revealed()) {
            throw new org.wargame.tracker.refusal.Conflict("the content of '" + seal.label() + "' is not kept on "
                    + "this tracker (the history came from a player's export): the referee's export brings it");
        }
        String actionId = ActionKey.newActionId(actor.account());
        ScenarioCommand.Opening opening = kept == null ? new ScenarioCommand.Opening(sealId, seal.content(),
                seal.salt()) : new ScenarioCommand.Opening(sealId, kept.content(), kept.salt());
        // a hidden counter's reveal publishes what it did while hidden with it
        List<ScenarioCommand.Opening> with = new ArrayList<>();
        if (seal.hides() != null) {
            for (SealedSecrets.Secret note : secrets.ofHiddenUnit(scenarioId, seal.hides())) {
                ScenarioState.Seal noted = now.seal(note.sealId());
                if (noted != null && !noted.revealed()) {
                    with.add(new ScenarioCommand.Opening(note.sealId(), note.content(), note.salt()));
                }
            }
        }
        ScenarioState after = commands.send(new ScenarioCommand.RevealChoice(scenarioId, actionId, actor, opening,
                expectedVersion, with), actor.account(), actionId);
        return new ActionResult(actionId, now.events(), after);
    }

    /**
     * An action of a counter's own side that names it while it is set up hidden reveals it (it fires, it moves in
     * view): its position and what it did while hidden are published before what the action decides. The scenario's
     * state is read only when this instance does not hold it; a scenario with nothing hidden adds nothing. Any other
     * side's action naming it is refused by the scenario.
     */
    private List<ScenarioCommand.Opening> withHiddenRevealed(String scenarioId,
                                                             RuleSet<RuleState, RuleAction, RuleEvent> rules,
                                                             Map<String, Object> request,
                                                             List<ScenarioCommand.Opening> reveals) {
        ScenarioState now = projection.remembered(scenarioId);
        if (now == null) {
            now = scenarios.state(scenarioId);
        }
        if (now.hiddenCounters().isEmpty()) {
            return reveals;
        }
        List<ScenarioCommand.Opening> all = new ArrayList<>(reveals);
        String side = null;
        for (String counter : now.hiddenCounters()) {
            if (!Scenario.names(request, counter)) {
                continue;
            }
            if (side == null) {
                side = rules.actingSide(now.rules(), RequestJson.convert(request, rules.actionType()));
            }
            ScenarioState.Seal hiding = now.hiding(counter);
            if (hiding.side().equals(side)) {
                all.add(opening(scenarioId, hiding));
                for (SealedSecrets.Secret note : secrets.ofHiddenUnit(scenarioId, counter)) {
                    ScenarioState.Seal noted = now.seal(note.sealId());
                    if (noted != null && !noted.revealed()) {
                        all.add(new ScenarioCommand.Opening(note.sealId(), note.content(), note.salt()));
                    }
                }
            }
        }
        return all;
    }

    /** A seal's content and salt as kept here (or as revealed), refused when this tracker does not keep it. */
    private ScenarioCommand.Opening opening(String scenarioId, ScenarioState.Seal seal) {
        if (seal.revealed()) {
            return new ScenarioCommand.Opening(seal.sealId(), seal.content(), seal.salt());
        }
        SealedSecrets.Secret kept = secrets.of(scenarioId, seal.sealId());
        if (kept == null) {
            throw new org.wargame.tracker.refusal.Conflict("the content of '" + seal.label() + "' is not kept on "
                    + "this tracker (the history came from a player's export): the referee's export brings it");
        }
        return new ScenarioCommand.Opening(seal.sealId(), kept.content(), kept.salt());
    }

    /** What everybody reads of a note of what a hidden counter did. */
    public static final String HIDDEN_UNIT_ACTED = "a hidden unit acted";

    /**
     * A player of a counter's side sets it up hidden before the first action, where the plan lets it: its position
     * (a hex, or words in a game played on a table) is checked by the rules and sealed; the record gets the
     * commitment, the counter leaves the board until its reveal.
     */
    public ActionResult hide(String scenarioId, String counter, String position, Actor actor, Long expectedVersion) {
        ScenarioState now = scenarios.state(scenarioId);
        if (counter == null || counter.isBlank()) {
            throw new FieldRefused("counter", "required: the counter to set up hidden");
        }
        org.wargame.tracker.rules.CounterView view = now.counters().stream().filter(c -> c.id().equals(counter))
                .findFirst().orElseThrow(() -> new FieldRefused("counter", "this scenario has no such counter"));
        actor.requireMayActFor(view.side());
        String where = now.ruleSet().hiddenPosition("position", position, now.map());
        String sealId = UUID.randomUUID().toString();
        String salt = Commitment.salt();
        String actionId = ActionKey.newActionId(actor.account());
        SealedSecrets.Secret secret = new SealedSecrets.Secret(scenarioId, sealId, view.side(), where, salt);
        ScenarioState after = commands.atomically(() -> {
            secrets.keep(secret);
            return commands.<ScenarioState>send(new ScenarioCommand.HideCounter(scenarioId, actionId, actor, counter,
                    new ScenarioCommand.NewSeal(sealId, "where " + view.name() + " is set up hidden",
                            Commitment.of(salt, where)), expectedVersion), actor.account(), actionId);
        });
        return new ActionResult(actionId, now.events(), after);
    }

    /**
     * A player of a hidden counter's side notes what it did while hidden ("moved to the orchard, out of view"):
     * sealed like any choice, read by everybody as "a hidden unit acted", published with the counter's reveal.
     */
    public ActionResult hiddenActed(String scenarioId, String counter, String text, Actor actor, Long expectedVersion) {
        ScenarioState now = scenarios.state(scenarioId);
        if (counter == null || !now.hiddenCounters().contains(counter)) {
            throw new org.wargame.tracker.refusal.Conflict("that counter is not set up hidden in this scenario");
        }
        ScenarioState.Seal hiding = now.hiding(counter);
        actor.requireMayActFor(hiding.side());
        String content = sealedContent(text, "text");
        String sealId = UUID.randomUUID().toString();
        String salt = Commitment.salt();
        String actionId = ActionKey.newActionId(actor.account());
        SealedSecrets.Secret secret = new SealedSecrets.Secret(scenarioId, sealId, hiding.side(), content, salt,
                counter);
        ScenarioState after = commands.atomically(() -> {
            secrets.keep(secret);
            return commands.<ScenarioState>send(new ScenarioCommand.SealChoice(scenarioId, actionId, actor,
                    hiding.side(), new ScenarioCommand.NewSeal(sealId, HIDDEN_UNIT_ACTED, Commitment.of(salt,
                    content)), expectedVersion), actor.account(), actionId);
        });
        return new ActionResult(actionId, now.events(), after);
    }

    private static String sealedContent(Object raw, String field) {
        if (!(raw instanceof String text) || text.isBlank()) {
            throw new FieldRefused(field, "required: the sealed content, as text");
        }
        if (text.length() > MAX_SEALED) {
            throw new FieldRefused(field, "at most " + MAX_SEALED + " characters");
        }
        return text;
    }

    private static String plain(String text, String field, int max, String what) {
        if (text == null || text.isBlank()) {
            throw new FieldRefused(field, "required: " + what);
        }
        if (text.length() > max || text.chars().anyMatch(Character::isISOControl)) {
            throw new FieldRefused(field, "at most " + max + " characters on one line");
        }
        return text.strip();
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor) {
        return advance(scenarioId, dice, actor, null);
    }

    public ActionResult advance(String scenarioId, Object dice, Actor actor, Long expectedVersion) {
        return advance(scenarioId, dice, actor, expectedVersion, null, null);
    }

    /** One step of the clock; {@code confirm}: the kinds of what the request knowingly leaves behind. */
    private ActionResult step(String scenarioId, Object dice, Actor actor, Long expectedVersion, Object confirm) {
        ScenarioViews.Header state = header(scenarioId);
        boolean anyPlayer = campaigns.state(state.campaignId()).clockByAnyPlayer();
        String actionId = ActionKey.newActionId(actor.account());
        ScenarioState after = inNames(scenarioId, () -> commands.send(new AdvanceClock(scenarioId, actionId, actor,
                dice(dice), expectedVersion, anyPlayer, confirm(confirm)), actor.account(), actionId));
        return new ActionResult(actionId, firstEvent(actionId, after, state.events()), after);
    }

    /**
     * "End my phase": the actor's sides that act in the current phase are done; the last side's ends the phase and
     * moves the clock on.
     */
    public ActionResult endPhase(String scenarioId, Object dice, Actor actor, Long expectedVersion, Object confirm) {
        ScenarioViews.Header state = scenarios.header(scenarioId);
        String actionId = ActionKey.newActionId(actor.account());
        ScenarioState after = inNames(scenarioId, () -> commands.send(new EndPhase(scenarioId, actionId, actor,
                dice(dice), expectedVersion, confirm(confirm)), actor.account(), actionId));
        return new ActionResult(actionId, state.events(), after, waiting(after, "the clock moves on when each side "
                + "that acts in it has ended its phase"));
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

    /**
     * Why an advance to a target stopped before it, and whose move it is there ({@code waitingFor}: side names; an
     * empty list when nobody's move is awaited, as at the end of the last Game Turn).
     */
    public record Stopped(String why, List<String> waitingFor) {
    }

    /** The most steps one advance to a target takes (the referee's: 100 Game Turns of ASL are some 1,800). */
    static final int MAX_STEPS = 2_000;

    /**
     * Advances one step, or with a target step by step (each step its own action, undone one at a time) until the
     * target is reached, or the first step where a rule needs the players' decision, where leaving the phase would
     * leave something behind, or the end of the last Game Turn. A player's advance also stops where another side
     * must act (a phase several sides act in, the other side's phase) and at the end of the current Player Turn: one
     * request of a player never moves the clock into another Player Turn; the referee's goes on to the target. The
     * answer says where it stopped and why. The dice entered and {@code confirm} are for the first step.
     */
    public ActionResult advance(String scenarioId, Object dice, Actor actor, Long expectedVersion,
                                ClockTarget target, Object confirm) {
        if (target == null || !target.given()) {
            return step(scenarioId, dice, actor, expectedVersion, confirm);
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
        boolean bySide = !actor.referee() && !campaigns.state(now.campaignId()).clockByAnyPlayer();
        GameClock start = now.clock();
        ActionResult first = step(scenarioId, dice, actor, expectedVersion, confirm);
        ActionResult last = first;
        Stopped stopped = null;
        for (int step = 1; !target.reached(last.state().clock()); step++) {
            ScenarioState at = last.state();
            String decision = decision(at);
            if (decision != null) {
                stopped = waiting(at, "the rules wait for a decision: " + decision);
                break;
            }
            if (at.clock().gameTurn() == at.turnLimit() && lastStep(at)) {
                stopped = new Stopped("the last Game Turn is over: concluding is the players' call", List.of());
                break;
            }
            if (step >= MAX_STEPS) {
                stopped = waiting(at, "one request moves the clock at most " + MAX_STEPS + " steps");
                break;
            }
            if (bySide && (at.clock().gameTurn() != start.gameTurn() || at.clock().playerTurn() != start.playerTurn())) {
                stopped = waiting(at, "the end of the Player Turn: a player's request moves the clock at most to the "
                        + "end of the current Player Turn (the referee's goes further)");
                break;
            }
            if (bySide && (at.phase().severalSidesAct() || !actor.mayActFor(at.clock().phasingSide()))) {
                stopped = waiting(at, at.phase().severalSidesAct() ? "the clock moves on when each side that "
                        + "acts in it has ended its phase" : "their player moves the clock on");
                break;
            }
            try {
                last = step(scenarioId, null, actor, at.events(), null);
            } catch (org.wargame.tracker.refusal.Refusal refused) {
                // the steps taken are stored: answer with them and why the next was not (something would be left
                // behind, another player moved on meanwhile...)
                stopped = waiting(at, refused.getMessage());
                break;
            }
        }
        return new ActionResult(last.actionId(), first.firstEvent(), last.state(), stopped);
    }

    /**
     * The rules refuse in ids ("12.2: 'ger-sq-2' has a movement allowance of 3", "is of side 'british'"): a refusal
     * reaches the player with the counters and sides named as the campaign file names them. Only a refusal pays for
     * reading the names.
     */
    private ScenarioState inNames(String scenarioId, java.util.function.Supplier<ScenarioState> send) {
        try {
            return send.get();
        } catch (org.wargame.tracker.refusal.Refusal refused) {
            ScenarioState state;
            try {
                state = scenarios.state(scenarioId);
            } catch (RuntimeException unknown) {
                throw refused;
            }
            IdNames names = IdNames.of(state.counters(), state.sides());
            throw refused.inWords(names::in);
        }
    }

    /** Stopped at the scenario's clock now, for {@code why}, waiting for the sides whose move it is. */
    private static Stopped waiting(ScenarioState at, String why) {
        if (at.concluded()) {
            return null;
        }
        List<String> sides = at.waitingFor();
        String phase = at.phase().name();
        return new Stopped("stopped at the " + phase + " of Turn " + at.clock().gameTurn() + ": " + why
                + (sides.isEmpty() ? "" : "; waiting for " + at.sideNames(sides)),
                sides.stream().map(at::sideName).toList());
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
     * The header of an action or a clock step, from the state the projection folded last in this instance when it
     * holds one, else read from the row: an action costs no read for it. A scenario's campaign and rule set never
     * change; its event count is only {@link #firstEvent}'s fallback lower bound, as the row's was (another action
     * may come in between either way).
     */
    private ScenarioViews.Header header(String scenarioId) {
        ScenarioState known = projection.remembered(scenarioId);
        return known != null ? new ScenarioViews.Header(known.campaignId(), known.ruleSetId(), known.events())
                : scenarios.header(scenarioId);
    }

    /**
     * Where the action's events begin: the state says so when it is the last action; the header read before is only
     * a lower bound (another action, or a conflict's retry, may have come in between).
     */
    private static long firstEvent(String actionId, ScenarioState after, long before) {
        ScenarioState.LastAction last = after.lastAction();
        return last != null && actionId.equals(last.actionId()) ? last.at() : before;
    }

    /**
     * The action's id, the sequence number (from 0) of its first event, the scenario after it, and for the clock
     * where it stopped and whose move it is (null: not a clock's move, or an advance that reached its target).
     */
    public record ActionResult(String actionId, long firstEvent, ScenarioState state, Stopped stopped) {
        public ActionResult(String actionId, long firstEvent, ScenarioState state) {
            this(actionId, firstEvent, state, null);
        }
    }

    /** The words a request confirms what it leaves behind with: a list of short words ("unfired", "decision"). */
    private static List<String> confirm(Object raw) {
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List<?> list)) {
            throw new FieldRefused("confirm", "a list of what to leave behind: [\"unfired\", \"decision\", \"undo\"]");
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String word) || !word.matches("[a-z-]{1,32}")) {
                throw new FieldRefused("confirm[" + i + "]", "a word such as unfired, decision or undo");
            }
            words.add(word);
        }
        return words;
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
