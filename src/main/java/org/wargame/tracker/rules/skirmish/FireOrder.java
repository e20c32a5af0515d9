package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TargetsDesignated;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.List;

/**
 * VI. INFANTRY WEAPONS FIRE/ATGM LAUNCH, the order of fire: "The side that moves first will designate fire second. The
 * side that moves second will designate fire first." "All infantry weapons fire/ATGM targets must be designated at the
 * beginning of this phase." "Elite troops that are three levels above the 'target' troops fire first. Only the
 * survivors may return fire."
 *
 * <p>Readings: one fire phase per Game Turn ({@link TurnSequence}); the side that moves first is the first side of
 * the scenario's order (the phasing side of the clock in the fire phase all sides play); otherwise fire is
 * simultaneous (a man killed in the phase still fires his designated shot: "Dead infantrymen are removed from the
 * board at the end of this phase"), except that a man killed by troops that fire first does not fire.
 */
public final class FireOrder {

    public static final String RULE = "VI. Infantry Weapons Fire";
    public static final String PHASE = "FIRE";
    public static final int FIRE_FIRST_LEVELS = 3;

    private FireOrder() {
    }

    /** A side designates all its targets for this fire phase. */
    static List<SkirmishEvent> designate(SkirmishState state, GameClock clock, DesignateTargets a) {
        if (a.side() == null) {
            throw new FieldRefused("side", "missing");
        }
        if (!state.sides().contains(a.side())) {
            throw new FieldRefused("side", "no side '" + a.side() + "' in this scenario");
        }
        requireMayDesignate(state, clock, a.side());
        List<Designation> designations = WeaponUse.designate(state, clock, a.side(),
                a.targets() == null ? List.of() : a.targets(), state.designations().size() + 1);
        return List.of(new TargetsDesignated(a.side(), clock.gameTurn(), designations));
    }

    /** The side that moved first in the clock's Game Turn. */
    public static String firstMover(SkirmishState state, GameClock clock) {
        if (clock.allSides() || clock.playerTurn() == 1) {
            return clock.phasingSide();
        }
        return state.gameTurn() == clock.gameTurn() && state.firstMover() != null ? state.firstMover()
                : clock.phasingSide();
    }

    /** The sides that designate in this fire phase: every side with a man still on the board. */
    public static List<String> designatingSides(SkirmishState state) {
        return state.sides().stream().filter(side -> state.figures().stream()
                .anyMatch(f -> f.side().equals(side) && !f.removed())).toList();
    }

    public static void requireMayDesignate(SkirmishState state, GameClock clock, String side) {
        RuleViolation.require(PHASE.equals(clock.phase()), RULE, "targets are designated at the beginning of the "
                + "Infantry Weapons Fire phase; the clock is at " + clock.label());
        RuleViolation.require(state.shotsResolved() == 0, RULE, "all targets must be designated at the beginning of "
                + "this phase; the first shot has been fired");
        RuleViolation.require(!state.designatedBy().contains(side), RULE, "side '" + side
                + "' has already designated its targets this phase");
        String first = firstMover(state, clock);
        if (side.equals(first)) {
            List<String> waiting = designatingSides(state).stream()
                    .filter(s -> !s.equals(first) && !state.designatedBy().contains(s)).toList();
            RuleViolation.require(waiting.isEmpty(), RULE, "the side that moves first (" + first
                    + ") designates fire second; waiting for " + String.join(", ", waiting));
        }
    }

    /** True when every side has designated: fire may begin. */
    public static boolean designationComplete(SkirmishState state) {
        return state.designatedBy().containsAll(designatingSides(state));
    }

    /** "Elite troops that are three levels above the 'target' troops fire first." */
    public static boolean firesFirst(Figure firer, Figure target) {
        return firer.elite() - target.elite() >= FIRE_FIRST_LEVELS;
    }

    public static void requireMayFire(SkirmishState state, GameClock clock, Designation designation) {
        RuleViolation.require(PHASE.equals(clock.phase()), RULE, "infantry weapons fire in the Infantry Weapons Fire "
                + "phase; the clock is at " + clock.label());
        RuleViolation.require(designationComplete(state), RULE, "fire begins when every side has designated its "
                + "targets; waiting for " + String.join(", ", designatingSides(state).stream()
                .filter(s -> !state.designatedBy().contains(s)).toList()));
        switch (designation.status()) {
            case FIRED -> throw new RuleViolation(RULE, "designation " + designation.id() + " has already fired");
            case SPENT -> throw new RuleViolation(RULE, "designation " + designation.id() + " is spent: an earlier "
                    + "shot destroyed its target, so this weapon counts as having fired at it with no effect");
            case CANCELLED -> throw new RuleViolation(RULE, "designation " + designation.id() + " is cancelled: its "
                    + "firer was killed by troops firing first; only the survivors may return fire");
            default -> { }
        }
        Figure firer = state.requireFigure(designation.firer(), "designation.firer");
        List<String> first = state.designations().stream()
                .filter(d -> d.status() == DesignationStatus.PENDING && d.target().equals(firer.id()))
                .filter(d -> state.figure(d.firer()).map(f -> firesFirst(f, firer)).orElse(false))
                .map(Designation::id).toList();
        RuleViolation.require(first.isEmpty(), RULE, "elite troops three levels above " + firer.id()
                + " fire first (" + String.join(", ", first) + "); only the survivors may return fire");
    }
}
