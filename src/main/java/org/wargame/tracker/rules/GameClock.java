package org.wargame.tracker.rules;

/**
 * Where a scenario stands in time: Game Turn, Player Turn (1 = the side that moves first), phase and, where the
 * rule set names one, the step inside the phase (ASL: Step 1.13B of the RPh). In a phase all sides play together
 * ({@link PhaseSequence#gameTurn}) the Player Turn is 0 and the phasing side is the side that moves first.
 */
public record GameClock(int gameTurn, int playerTurn, String phase, String step, String phasingSide) {

    /** True in the first Player Turn of a Game Turn: ASL's "initial RPh of a Game Turn" is this with phase RPh. */
    public boolean initialPlayerTurn() {
        return playerTurn == 1;
    }

    /** True in a phase all sides play together (a Game Turn that is not made of Player Turns). */
    public boolean allSides() {
        return playerTurn == PhaseSequence.ALL_SIDES;
    }

    public boolean isAt(String phaseCode, String stepCode) {
        return phase.equals(phaseCode) && (stepCode == null ? step == null : stepCode.equals(step));
    }

    public String label() {
        return "Turn " + gameTurn + ", " + (allSides() ? "all sides (" + phasingSide + " moves first)"
                : "Player Turn " + playerTurn + " (" + phasingSide + ")") + ", " + phase
                + (step == null ? "" : " Step " + step);
    }
}
