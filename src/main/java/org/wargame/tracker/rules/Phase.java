package org.wargame.tracker.rules;

import java.util.List;

/**
 * One phase of a Player Turn, with the steps a rule names inside it (none for most phases), and who acts in it:
 * the clock leaves a phase when every side that acts in it is done (see {@link Acting}).
 */
public record Phase(String code, String name, List<String> steps, Acting acting) {

    /**
     * Who acts in a phase, and so who must be done before the clock leaves it. {@code PHASING}: only the phasing side
     * (its advance ends the phase). {@code BOTH_SIDES}: the phasing side and the side it plays against (ASL's
     * Defensive First Fire in the MPh and the DFPh, hex Opportunity Fire and close assaults). {@code ALL_SIDES}: every
     * side together (the skirmish game's simultaneous phases). With two sides the last two are the same: every side
     * of the scenario says it is done.
     */
    public enum Acting { PHASING, BOTH_SIDES, ALL_SIDES }

    public Phase {
        steps = steps == null ? List.of() : List.copyOf(steps);
        acting = acting == null ? Acting.PHASING : acting;
    }

    public Phase(String code, String name, List<String> steps) {
        this(code, name, steps, Acting.PHASING);
    }

    /** A phase only the phasing side acts in. */
    public static Phase of(String code, String name, String... steps) {
        return new Phase(code, name, List.of(steps), Acting.PHASING);
    }

    /** A phase where the other side acts too. */
    public static Phase bothSides(String code, String name, String... steps) {
        return new Phase(code, name, List.of(steps), Acting.BOTH_SIDES);
    }

    /** A phase every side plays together. */
    public static Phase allSides(String code, String name, String... steps) {
        return new Phase(code, name, List.of(steps), Acting.ALL_SIDES);
    }

    /** True when more than the phasing side acts in this phase. */
    public boolean severalSidesAct() {
        return acting != Acting.PHASING;
    }
}
