package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.GameClock;

import java.util.List;

/**
 * What the API shows of a scenario: its clock, its counters as the rules see them, and what each may do now;
 * {@code decision}: what the players must decide at this step before the clock moves on (null: nothing);
 * {@code eventCount} is its version (a count; {@code events} is always a list in the API). The texts a player reads
 * ({@code decision}, {@code clockLabel}, the options' labels and reasons) name counters and sides by their names
 * ({@link IdNames}); {@code proposal}: the open proposal to conclude or reopen it (null: none); {@code serverDice}:
 * whether the server still rolls (not after a reopening: the seed was revealed). The machine fields keep ids
 * ({@code clock.phasingSide}, {@code counterId}, {@code request}) keep ids.
 */
public record ScenarioView(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                           List<Side> sides, GameClock clock, boolean concluded, String result,
                           String diceCommitment, int serverDiceRolled, long eventCount, List<CounterView> counters,
                           List<ActionOption> options, String decision, String clockLabel,
                           ScenarioState.Proposal proposal, boolean serverDice) {

    public static ScenarioView of(ScenarioState state) {
        List<CounterView> counters = state.counters();
        IdNames names = IdNames.of(counters, state.sides());
        return new ScenarioView(state.scenarioId(), state.campaignId(), state.name(), state.ruleSetId(),
                state.turnLimit(), state.sides(), state.clock(), state.concluded(), state.result(),
                state.diceCommitment(), state.serverRolls(), state.events(), counters,
                state.concluded() ? List.of() : state.ruleSet().options(state.rules(), state.clock()).stream()
                        .map(names::in).toList(),
                names.in(ScenarioService.decision(state)), names.in(state.clock().label()), state.proposal(),
                state.serverDiceOpen());
    }

    /** Counters' and sides' ids with their names. */
    public IdNames names() {
        return IdNames.of(counters, sides);
    }
}
