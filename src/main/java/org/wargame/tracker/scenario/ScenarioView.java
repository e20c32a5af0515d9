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
 * ({@link IdNames}); the machine fields ({@code clock.phasingSide}, {@code counterId}, {@code request}) keep ids.
 * {@code proposal}: the open proposal to conclude or reopen it (null: none); {@code serverDice}: whether the server
 * still rolls (not after a reopening: the seed was revealed).
 * Who moves the clock on: {@code acting}, who acts in the phase ({@code PHASING}, {@code BOTH_SIDES},
 * {@code ALL_SIDES}); {@code waitingFor}, the sides (ids) whose move ends the phase (the phasing side, or the sides
 * that act in it and have not ended it yet); {@code done}, those that have; {@code leaving}, what an advance now
 * would leave behind (each kind to repeat in {@code confirm}); {@code map}, the plan's map (null: none).
 * {@code seals}: the sealed choices, as the viewer may
 * see them ({@link Visibility}: the commitment for everybody, the content once revealed or for its own side).
 */
public record ScenarioView(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                           List<Side> sides, GameClock clock, boolean concluded, String result,
                           String diceCommitment, int serverDiceRolled, long eventCount, List<CounterView> counters,
                           List<ActionOption> options, String decision, String clockLabel,
                           ScenarioState.Proposal proposal, boolean serverDice,
                           org.wargame.tracker.rules.Phase.Acting acting, List<String> waitingFor, List<String> done,
                           List<org.wargame.tracker.refusal.LeftBehind.Left> leaving,
                           org.wargame.tracker.rules.ScenarioMap map, List<Visibility.SealView> seals) {

    public static ScenarioView of(ScenarioState state) {
        List<CounterView> counters = state.counters();
        IdNames names = IdNames.of(counters, state.sides());
        String decision = ScenarioService.decision(state); // asked once: the view and what a step would leave
        return new ScenarioView(state.scenarioId(), state.campaignId(), state.name(), state.ruleSetId(),
                state.turnLimit(), state.sides(), state.clock(), state.concluded(), state.result(),
                state.diceCommitment(), state.serverRolls(), state.events(), counters,
                state.concluded() ? List.of() : state.ruleSet().options(state.rules(), state.clock()).stream()
                        .map(names::in).toList(),
                names.in(decision), names.in(state.clock().label()), state.proposal(),
                state.serverDiceOpen(), state.phase().acting(),
                state.waitingFor(), state.done(), state.concluded() ? List.of() : Scenario.leftBehind(state,
                        state.clock(), state.ruleSet().phases().next(state.clock(), state.sideOrder()), decision)
                        .stream()
                        .map(l -> new org.wargame.tracker.refusal.LeftBehind.Left(l.kind(), names.in(l.what())))
                        .toList(), state.map(), Visibility.publicSeals(state));
    }

    /** This view with the seals as {@code viewer} may see them ({@link Visibility}). */
    public ScenarioView seenBy(Viewer viewer, ScenarioState state, SealedSecrets secrets) {
        return new ScenarioView(scenarioId, campaignId, name, ruleSet, turnLimit, sides, clock, concluded, result,
                diceCommitment, serverDiceRolled, eventCount, counters, options, decision, clockLabel, proposal,
                serverDice, acting, waitingFor, done, leaving, map, Visibility.seals(viewer, state, secrets));
    }

    /** Counters' and sides' ids with their names. */
    public IdNames names() {
        return IdNames.of(counters, sides);
    }
}
