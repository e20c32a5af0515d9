package org.wargame.tracker.rules;

import java.util.List;

/**
 * The order of phases (and their steps) in one Player Turn of a rule set. Every side has one Player Turn per Game
 * Turn, in the order the scenario gives; the clock moves through steps, then phases, then Player Turns, then Game
 * Turns.
 */
public record PhaseSequence(List<Phase> phases) {

    public PhaseSequence {
        if (phases == null || phases.isEmpty()) {
            throw new IllegalArgumentException("a phase sequence needs at least one phase");
        }
        phases = List.copyOf(phases);
    }

    public GameClock start(List<String> sideOrder) {
        Phase first = phases.get(0);
        return new GameClock(1, 1, first.code(), firstStep(first), sideOrder.get(0));
    }

    /** The clock position after {@code clock}; a new Game Turn begins after the last side's last phase. */
    public GameClock next(GameClock clock, List<String> sideOrder) {
        int phaseIndex = indexOf(clock.phase());
        Phase phase = phases.get(phaseIndex);
        int stepIndex = clock.step() == null ? -1 : phase.steps().indexOf(clock.step());
        if (stepIndex >= 0 && stepIndex + 1 < phase.steps().size()) {
            return new GameClock(clock.gameTurn(), clock.playerTurn(), phase.code(), phase.steps().get(stepIndex + 1),
                    clock.phasingSide());
        }
        if (phaseIndex + 1 < phases.size()) {
            Phase nextPhase = phases.get(phaseIndex + 1);
            return new GameClock(clock.gameTurn(), clock.playerTurn(), nextPhase.code(), firstStep(nextPhase),
                    clock.phasingSide());
        }
        Phase first = phases.get(0);
        if (clock.playerTurn() < sideOrder.size()) {
            return new GameClock(clock.gameTurn(), clock.playerTurn() + 1, first.code(), firstStep(first),
                    sideOrder.get(clock.playerTurn()));
        }
        return new GameClock(clock.gameTurn() + 1, 1, first.code(), firstStep(first), sideOrder.get(0));
    }

    public int indexOf(String phaseCode) {
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i).code().equals(phaseCode)) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown phase " + phaseCode);
    }

    private static String firstStep(Phase phase) {
        return phase.steps().isEmpty() ? null : phase.steps().get(0);
    }
}
