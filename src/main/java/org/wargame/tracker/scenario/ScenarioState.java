package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.scenario.UndoLedger;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.List;

/**
 * A scenario as its events made it: the clock, the rule state of every counter, how many server dice were rolled.
 * Pure and immutable: the aggregate, the read model and time travel all fold events with {@link #evolve}.
 */
public record ScenarioState(String scenarioId, String campaignId, String name, String ruleSetId, int turnLimit,
                            List<Side> sides, GameClock clock, boolean concluded, String result, RuleState rules,
                            int serverRolls, String diceCommitment, long events, UndoLedger ledger) {

    public ScenarioState {
        ledger = ledger == null ? UndoLedger.EMPTY : ledger; // read models written before undo existed
    }

    public static ScenarioState started(ScenarioStarted e) {
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = RuleSets.byId(e.ruleSet());
        return new ScenarioState(e.scenarioId(), e.campaignId(), e.name(), e.ruleSet(), e.turnLimit(), e.sides(),
                e.clock(), false, null, ruleSet.setUp(e.counters(), e.tables()), 0, e.diceCommitment(), 1, UndoLedger.EMPTY);
    }

    /** Applies one event of the scenario's stream (a core event or one of its rule set's). */
    public ScenarioState evolve(Object event) {
        if (event instanceof ScenarioStarted started) {
            return started(started);
        }
        if (event instanceof ActionTaken taken) {
            return with(clock, concluded, result, rules, serverDiceAfter(serverRolls, taken.dice()))
                    .withLedger(ledger.taken(taken.actionId(), taken.type(), taken.request(), taken.dice(), null,
                            this));
        }
        if (event instanceof ClockAdvanced advanced) {
            return with(advanced.to(), concluded, result, rules, serverDiceAfter(serverRolls, advanced.dice()))
                    .withLedger(ledger.taken(advanced.actionId(), UndoLedger.CLOCK, null, advanced.dice(),
                            advanced.to(), this));
        }
        if (UndoLedger.concerns(event)) {
            return ledger.evolve(this, (ScenarioEvent) event);
        }
        if (event instanceof ScenarioConcluded done) {
            return with(clock, true, done.result(), rules, serverRolls);
        }
        if (event instanceof RuleEvent ruleEvent) {
            return with(clock, concluded, result, ruleSet().evolve(rules, ruleEvent), serverRolls);
        }
        return with(clock, concluded, result, rules, serverRolls); // events of other families leave it as it is
    }

    public RuleSet<RuleState, RuleAction, RuleEvent> ruleSet() {
        return RuleSets.byId(ruleSetId);
    }

    public List<CounterView> counters() {
        return ruleSet().counters(rules);
    }

    public List<String> sideOrder() {
        return sides.stream().map(Side::id).toList();
    }

    /**
     * The server dice used after these rolls: past the highest die number among them. A roll replayed by an upheld
     * dispute carries its original number, below the count, so it is not counted twice (nothing is re-rolled).
     */
    private static int serverDiceAfter(int used, List<DiceRoll> dice) {
        int next = used;
        for (DiceRoll d : dice) {
            if (DiceRoll.SERVER.equals(d.source())) {
                next = d.index() == null ? next + d.values().size() : Math.max(next, d.index() + d.values().size());
            }
        }
        return next;
    }

    private ScenarioState with(GameClock clock, boolean concluded, String result, RuleState rules, int serverRolls) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events + 1, ledger);
    }

    public ScenarioState withLedger(UndoLedger ledger) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events, ledger);
    }

    /**
     * This state as the one to return to, with the record kept going: the event count and the server dice used
     * carry on (a die once rolled is never rolled again), and the ledger is the given one.
     */
    public ScenarioState restoredFrom(ScenarioState before, UndoLedger ledger) {
        return new ScenarioState(before.scenarioId, before.campaignId, before.name, before.ruleSetId, before.turnLimit,
                before.sides, before.clock, before.concluded, before.result, before.rules, serverRolls,
                before.diceCommitment, events + 1, ledger);
    }
}
