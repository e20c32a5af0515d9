package org.wargame.tracker.rules;

import java.util.List;
import java.util.Set;

/**
 * The order of phases (and their steps) in a Game Turn of a rule set, in one of two shapes:
 * <ul>
 * <li><b>Player Turns</b> ({@link #PhaseSequence(List)}, ASL and hex): every side has one Player Turn per Game Turn,
 * in the order the scenario gives, and each Player Turn goes through every phase; the clock moves through steps,
 * then phases, then Player Turns, then Game Turns.</li>
 * <li><b>A Game Turn of its own</b> ({@link #gameTurn}): the phases are played once per Game Turn. A phase named in
 * {@code bySide} is played by each side in turn, in the scenario's order (Player Turn 1, 2, ..., the phasing side
 * that side); every other phase is played by all sides together (Player Turn 0; the phasing side is then the side
 * that moves first, the first in the order).</li>
 * </ul>
 *
 * @param phases      the phases in order
 * @param playerTurns true for the Player Turns shape
 * @param bySide      in a Game Turn of its own, the phases the sides play one after the other
 */
public record PhaseSequence(List<Phase> phases, boolean playerTurns, Set<String> bySide) {

    /** Player Turn number of a phase all sides play together. */
    public static final int ALL_SIDES = 0;

    public PhaseSequence {
        if (phases == null || phases.isEmpty()) {
            throw new IllegalArgumentException("a phase sequence needs at least one phase");
        }
        phases = List.copyOf(phases);
        bySide = bySide == null ? Set.of() : Set.copyOf(bySide);
        if (playerTurns && !bySide.isEmpty()) {
            throw new IllegalArgumentException("in Player Turns every phase is played by each side");
        }
        for (String code : bySide) {
            if (phases.stream().noneMatch(p -> p.code().equals(code))) {
                throw new IllegalArgumentException("unknown phase " + code);
            }
        }
    }

    /** Player Turns: each side in turn plays every phase. */
    public PhaseSequence(List<Phase> phases) {
        this(phases, true, Set.of());
    }

    /** A Game Turn of its own: each phase once, by all sides together except those the sides play in turn. */
    public static PhaseSequence gameTurn(List<Phase> phases, Set<String> bySide) {
        return new PhaseSequence(phases, false, bySide);
    }

    public GameClock start(List<String> sideOrder) {
        return enter(1, phases.get(0), sideOrder);
    }

    /** The clock position after {@code clock}; a new Game Turn begins after the last phase of the Game Turn. */
    public GameClock next(GameClock clock, List<String> sideOrder) {
        int phaseIndex = indexOf(clock.phase());
        Phase phase = phases.get(phaseIndex);
        int stepIndex = clock.step() == null ? -1 : phase.steps().indexOf(clock.step());
        if (stepIndex >= 0 && stepIndex + 1 < phase.steps().size()) {
            return new GameClock(clock.gameTurn(), clock.playerTurn(), phase.code(), phase.steps().get(stepIndex + 1),
                    clock.phasingSide());
        }
        if (!playerTurns && bySide.contains(phase.code()) && clock.playerTurn() >= 1
                && clock.playerTurn() < sideOrder.size()) {
            return new GameClock(clock.gameTurn(), clock.playerTurn() + 1, phase.code(), firstStep(phase),
                    sideOrder.get(clock.playerTurn()));
        }
        if (phaseIndex + 1 < phases.size()) {
            Phase nextPhase = phases.get(phaseIndex + 1);
            return playerTurns
                    ? new GameClock(clock.gameTurn(), clock.playerTurn(), nextPhase.code(), firstStep(nextPhase),
                    clock.phasingSide())
                    : enter(clock.gameTurn(), nextPhase, sideOrder);
        }
        Phase first = phases.get(0);
        if (playerTurns && clock.playerTurn() < sideOrder.size()) {
            return new GameClock(clock.gameTurn(), clock.playerTurn() + 1, first.code(), firstStep(first),
                    sideOrder.get(clock.playerTurn()));
        }
        return enter(clock.gameTurn() + 1, first, sideOrder);
    }

    /** The clock at the start of {@code phase}: the first side's, or all sides' in a phase they play together. */
    private GameClock enter(int gameTurn, Phase phase, List<String> sideOrder) {
        int playerTurn = playerTurns || bySide.contains(phase.code()) ? 1 : ALL_SIDES;
        return new GameClock(gameTurn, playerTurn, phase.code(), firstStep(phase), sideOrder.get(0));
    }

    public int indexOf(String phaseCode) {
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i).code().equals(phaseCode)) {
                return i;
            }
        }
        throw new IllegalArgumentException("unknown phase " + phaseCode);
    }

    /** The phase the clock stands in. */
    public Phase phaseAt(GameClock clock) {
        return phases.get(indexOf(clock.phase()));
    }

    private static String firstStep(Phase phase) {
        return phase.steps().isEmpty() ? null : phase.steps().get(0);
    }
}
