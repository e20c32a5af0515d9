package org.wargame.tracker.scenario;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.serialization.Revision;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.StaleVersion;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.StartScenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;


/**
 * One scenario of a campaign. Decides: checks who may act and asks the scenario's rule set what an action causes;
 * evolves: only folds events into {@link ScenarioState}. An action's events are applied together or not at all.
 */
@Aggregate(snapshotTriggerDefinition = "scenarioSnapshotTrigger", cache = "scenarioCache",
        snapshotFilter = "scenarioSnapshotFilter")
@Revision(ScenarioState.FOLD_REVISION) // snapshots of another fold are skipped and the events folded instead
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
public class Scenario {

    @AggregateIdentifier
    private String scenarioId;
    private ScenarioState state;

    protected Scenario() {
        // for Axon and for snapshots
    }

    @CommandHandler
    public Scenario(StartScenario command) {
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = RuleSets.byId(command.ruleSet());
        if (command.turnLimit() < 1) {
            throw new FieldRefused("turnLimit", "a scenario lasts at least one Game Turn");
        }
        if (command.sides() == null || command.sides().size() < 2) {
            throw new FieldRefused("sides", "a scenario needs two or more sides");
        }
        Set<String> sideIds = new HashSet<>();
        command.sides().forEach(s -> sideIds.add(s.id()));
        Set<String> counterIds = new HashSet<>();
        for (CounterDefinition counter : command.counters()) {
            if (!counterIds.add(counter.id())) {
                throw new FieldRefused("counters", "'" + counter.id() + "' is listed twice");
            }
            if (!sideIds.contains(counter.side())) {
                throw new FieldRefused("counters", "'" + counter.id() + "' belongs to unknown side '"
                        + counter.side() + "'");
            }
            ruleSet.validate(counter);
        }
        // refuses a set-up the rules do not allow, before anything is stored
        ruleSet.setUp(command.counters(), command.tables());
        List<String> order = command.sides().stream().map(Side::id).toList();
        apply(new ScenarioStarted(command.scenarioId(), command.campaignId(), command.name(), command.ruleSet(),
                command.turnLimit(), command.sides(), command.counters(), ruleSet.phases().start(order),
                command.diceCommitment(), command.tables()));
    }

    @CommandHandler
    public ScenarioState handle(TakeAction command, DiceSeeds seeds, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = state.ruleSet();
        String side = ruleSet.actingSide(state.rules(), command.action());
        command.actor().requireMayActFor(side);
        ActionDice dice = new ActionDice(scenarioId, serverSeed(seeds), state.serverRolls(), command.dice());
        List<RuleEvent> events = ruleSet.decide(state.rules(), state.clock(), command.action(), dice);
        dice.requireAllEnteredUsed();
        MetaData meta = MetaData.with(ActionMetaData.SIDE, side);
        record(new ActionTaken(command.actionId(), command.type(), command.request(), dice.rolled()), meta);
        events.forEach(event -> record(event, meta));
        return state;
    }

    @CommandHandler
    public ScenarioState handle(AdvanceClock command, DiceSeeds seeds, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        command.actor().requireParticipant();
        GameClock from = state.clock();
        GameClock to = state.ruleSet().phases().next(from, state.sideOrder());
        if (to.gameTurn() > state.turnLimit()) {
            throw new Conflict("the scenario's last Game Turn (" + state.turnLimit()
                    + ") is over; conclude the scenario");
        }
        ActionDice dice = new ActionDice(scenarioId, serverSeed(seeds), state.serverRolls(), command.dice());
        List<RuleEvent> events = state.ruleSet().clockAdvanced(state.rules(), from, to, dice);
        dice.requireAllEnteredUsed();
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        record(new ClockAdvanced(command.actionId(), from, to, dice.rolled()), meta);
        events.forEach(event -> record(event, meta));
        return state;
    }

    /**
     * Conclude or reopen, by the referee at once or by one side's proposal and the other's consent
     * ({@link ConclusionPolicy}); the conclusion reveals the dice seed and hands every counter's end state over.
     */
    @CommandHandler
    public ScenarioState handle(ConclusionCommand command, DiceSeeds seeds, ScenarioLog log) {
        requireVersion(command.expectedVersion(), log);
        command.actor().requireParticipant();
        byte[] seed = seeds.seedOf(scenarioId);
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        ConclusionPolicy.decide(state, command, seed == null ? null : ActionDice.hex(seed))
                .forEach(event -> record(event, meta));
        return state;
    }

    /**
     * Undo, consent, disputes and rulings, reaching any action in force: {@link UndoPolicy} decides with the
     * scenario's record, the events roll back through the fold.
     */
    @CommandHandler
    public ScenarioState handle(HistoryCommand command, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        HistoryCommand.Request request = command.request();
        String by = request instanceof HistoryCommand.Resolve r ? r.disputeId()
                : request instanceof HistoryCommand.AcceptUndo a ? a.requestId()
                : request instanceof HistoryCommand.Undo u ? u.requestId() : null;
        for (Replay.Decided decided : UndoPolicy.decideAll(state, log, command)) {
            if (decided.replayOf() == null) {
                record(decided.event(), meta);
            } else { // re-decided after the roll-back: marked so, on behalf of the side that took it
                record(decided.event(), meta.and(ActionMetaData.REPLAYED_BY, by)
                        .and(ActionMetaData.REPLAY_OF, decided.replayOf())
                        .and(ActionMetaData.SIDE, decided.side() == null ? meta.get(ActionMetaData.SIDE)
                                : decided.side()));
            }
        }
        return state;
    }

    /** Applies an event with the game clock at which it happens (a clock advance happens at the clock it reaches). */
    private void record(Object event, MetaData meta) {
        GameClock at = event instanceof ClockAdvanced advanced ? advanced.to() : state.clock();
        apply(event, meta.mergedWith(ActionMetaData.clock(at)));
    }

    @EventSourcingHandler
    void on(ScenarioStarted event) {
        scenarioId = event.scenarioId();
        state = ScenarioState.started(event);
    }

    /** A roll-back asks {@code past} (handed in, see {@link ScenarioLogs}) for the state it returns to. */
    @EventSourcingHandler
    void on(ScenarioEvent event, @MetaDataValue(ActionMetaData.SIDE) String side, ScenarioPast past) {
        if (!(event instanceof ScenarioStarted)) {
            state = state.evolve(new FoldInput.Core(event, side), past);
        }
    }

    @EventSourcingHandler
    void on(RuleEvent event) {
        state = state.evolve(new FoldInput.Rule(event));
    }

    /** The seed of the server's dice, or null (entered dice only) once it was revealed and the scenario reopened. */
    private byte[] serverSeed(DiceSeeds seeds) {
        return state.serverDiceOpen() ? seeds.seedOf(scenarioId) : null;
    }

    private void requireInPlay() {
        if (state.concluded()) {
            throw new Conflict("scenario '" + state.name() + "' is concluded; nothing more can happen in it");
        }
    }

    /**
     * Refuses a command sent on a view of the scenario that is no longer the latest, saying what changed since
     * (two players at one scenario: the second click must not act on what the first changed).
     */
    private void requireVersion(Long expected, ScenarioLog log) {
        if (expected == null || expected == state.events()) {
            return;
        }
        if (expected > state.events() || expected < 1) {
            throw new Conflict("expectedVersion", "the scenario has " + state.events() + " events, not " + expected
                    + "; reload it");
        }
        GameClock then = log.stateAt(expected).clock();
        long since = state.events() - expected;
        String what = then.equals(state.clock()) ? since + (since == 1 ? " event was" : " events were")
                + " recorded since (" + state.clock().phase() + " of Turn " + state.clock().gameTurn() + ")"
                : "the clock moved from " + then.phase() + " of Turn " + then.gameTurn() + " ("
                + state.sideName(then.phasingSide()) + ") to " + state.clock().phase() + " of Turn "
                + state.clock().gameTurn() + " (" + state.sideName(state.clock().phasingSide()) + ")";
        throw new StaleVersion("the scenario changed since you looked: " + what + "; nothing was done",
                state.events());
    }

    private static String actingFor(Actor actor) {
        return actor.referee() ? "referee" : String.join(",", actor.sides());
    }

    public ScenarioState state() {
        return state;
    }
}
