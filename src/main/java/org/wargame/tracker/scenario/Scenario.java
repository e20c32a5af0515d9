package org.wargame.tracker.scenario;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.scenario.DisputeReplay;
import org.wargame.tracker.scenario.HistoryCommand;
import org.wargame.tracker.scenario.UndoPolicy;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.ConcludeScenario;
import org.wargame.tracker.scenario.ScenarioCommand.StartScenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * One scenario of a campaign. Decides: checks who may act and asks the scenario's rule set what an action causes;
 * evolves: only folds events into {@link ScenarioState}. An action's events are applied together or not at all.
 */
@Aggregate(snapshotTriggerDefinition = "scenarioSnapshotTrigger", cache = "scenarioCache")
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
            throw new IllegalArgumentException("turnLimit: a scenario lasts at least one Game Turn");
        }
        if (command.sides() == null || command.sides().size() < 2) {
            throw new IllegalArgumentException("sides: a scenario needs two or more sides");
        }
        Set<String> sideIds = new HashSet<>();
        command.sides().forEach(s -> sideIds.add(s.id()));
        Set<String> counterIds = new HashSet<>();
        for (CounterDefinition counter : command.counters()) {
            if (!counterIds.add(counter.id())) {
                throw new IllegalArgumentException("counters: '" + counter.id() + "' is listed twice");
            }
            if (!sideIds.contains(counter.side())) {
                throw new IllegalArgumentException("counters: '" + counter.id() + "' belongs to unknown side '"
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
    public ScenarioState handle(TakeAction command, DiceSeeds seeds) {
        requireInPlay();
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = state.ruleSet();
        String side = ruleSet.actingSide(state.rules(), command.action());
        command.actor().requireMayActFor(side);
        ActionDice dice = new ActionDice(scenarioId, seeds.seedOf(scenarioId), state.serverRolls(), command.dice());
        List<RuleEvent> events = ruleSet.decide(state.rules(), state.clock(), command.action(), dice);
        dice.requireAllEnteredUsed();
        MetaData meta = MetaData.with("side", side);
        apply(new ActionTaken(command.actionId(), command.type(), command.request(), dice.rolled()), meta);
        events.forEach(event -> apply(event, meta));
        return state;
    }

    @CommandHandler
    public ScenarioState handle(AdvanceClock command, DiceSeeds seeds) {
        requireInPlay();
        command.actor().requireParticipant();
        GameClock from = state.clock();
        GameClock to = state.ruleSet().phases().next(from, state.sideOrder());
        if (to.gameTurn() > state.turnLimit()) {
            throw new IllegalStateException("clock: the scenario's last Game Turn (" + state.turnLimit()
                    + ") is over; conclude the scenario");
        }
        ActionDice dice = new ActionDice(scenarioId, seeds.seedOf(scenarioId), state.serverRolls(), command.dice());
        List<RuleEvent> events = state.ruleSet().clockAdvanced(state.rules(), from, to, dice);
        dice.requireAllEnteredUsed();
        MetaData meta = MetaData.with("side", command.actor().referee() ? "referee"
                : String.join(",", command.actor().sides()));
        apply(new ClockAdvanced(command.actionId(), from, to, dice.rolled()), meta);
        events.forEach(event -> apply(event, meta));
        return state;
    }

    @CommandHandler
    public ScenarioState handle(ConcludeScenario command, DiceSeeds seeds) {
        requireInPlay();
        command.actor().requireParticipant();
        byte[] seed = seeds.seedOf(scenarioId);
        apply(new ScenarioConcluded(state.campaignId(), command.result(), state.ruleSet().outcome(state.rules()),
                seed == null ? null : ActionDice.hex(seed)));
        return state;
    }

    /** Undo, consent, disputes and rulings: {@link UndoPolicy} decides, the events roll back through the fold. */
    @CommandHandler
    public ScenarioState handle(HistoryCommand command) {
        requireInPlay();
        MetaData meta = MetaData.with("side", command.actor().referee() ? "referee"
                : String.join(",", command.actor().sides()));
        String ruling = command.request() instanceof HistoryCommand.Resolve r ? r.disputeId() : null;
        for (DisputeReplay.Decided decided : UndoPolicy.decideAll(state, command)) {
            if (decided.replayOf() == null) {
                apply(decided.event(), meta);
            } else { // replayed by an upheld dispute: marked so, on behalf of the side that took it
                apply(decided.event(), meta.and(ActionMetaData.REPLAYED_BY, ruling)
                        .and(ActionMetaData.REPLAY_OF, decided.replayOf())
                        .and(ActionMetaData.SIDE, decided.side() == null ? meta.get(ActionMetaData.SIDE)
                                : decided.side()));
            }
        }
        return state;
    }

    @EventSourcingHandler
    void on(ScenarioStarted event) {
        scenarioId = event.scenarioId();
        state = ScenarioState.started(event);
    }

    @EventSourcingHandler
    void on(ScenarioEvent event) {
        if (!(event instanceof ScenarioStarted)) {
            state = state.evolve(event);
        }
    }

    @EventSourcingHandler
    void on(RuleEvent event) {
        state = state.evolve(event);
    }

    private void requireInPlay() {
        if (state.concluded()) {
            throw new IllegalStateException("scenario '" + state.name() + "' is concluded; nothing more can happen in it");
        }
    }

    public ScenarioState state() {
        return state;
    }
}
