package org.wargame.tracker.rules;

/**
 * Where a scenario stands in time: Game Turn, Player Turn (1 = the side that moves first), phase and, where the
 * rule set names one, the step inside the phase (ASL: Step 1.13B of the RPh).
 */
public record GameClock(int gameTurn, int playerTurn, String phase, String step, String phasingSide) {

    /** True in the first Player Turn of a Game Turn: ASL's "initial RPh of a Game Turn" is this with phase RPh. */
    public boolean initialPlayerTurn() {
        return playerTurn == 1;
    }

    public boolean isAt(String phaseCode, String stepCode) {
        return phase.equals(phaseCode) && (stepCode == null ? step == null : stepCode.equals(step));
    }

    public String label() {
        return "Turn " + gameTurn + ", Player Turn " + playerTurn + " (" + phasingSide + "), " + phase
                + (step == null ? "" : " Step " + step);
    }
}
