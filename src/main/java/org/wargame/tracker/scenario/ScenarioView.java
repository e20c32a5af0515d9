package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.GameClock;

import java.util.List;

/**
 * What the API shows of a scenario: its clock, its counters as the rules see them, and what each may do now;
 * {@code decision}: what the players must decide at this step before the clock moves on (null: nothing);
 * {@code eventCount} is its version (a count; {@code events} is always a list in the API).
 */
public record ScenarioView(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                           List<Side> sides, GameClock clock, boolean concluded, String result,
                           String diceCommitment, int serverDiceRolled, long eventCount, List<CounterView> counters,
                           List<ActionOption> options, String decision) {

    public static ScenarioView of(ScenarioState state) {
        return new ScenarioView(state.scenarioId(), state.campaignId(), state.name(), state.ruleSetId(),
                state.turnLimit(), state.sides(), state.clock(), state.concluded(), state.result(),
                state.diceCommitment(), state.serverRolls(), state.events(), state.counters(),
                state.concluded() ? List.of() : state.ruleSet().options(state.rules(), state.clock()),
                ScenarioService.decision(state));
    }
}
