package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseClosed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseOpened;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.GameTurnBegan;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The Game Turn of the skirmish game, as far as the text names it. It is not two Player Turns: the sides move one
 * after the other ("The side that moves first will designate fire second. The side that moves second will designate
 * fire first."), then both fire in one simultaneous fire phase, once per Game Turn (a weapon whose target was destroyed
 * "may not designate any other targets this turn"). So the Game Turn is: the artillery spotting round phase (all
 * sides: indirect MG spotting rounds), movement (each side in the scenario's order, the first moving first), VI.
 * Infantry Weapons Fire/ATGM Launch (all sides), close combat (all sides).
 *
 * <p>What happens by itself when the clock moves: a new Game Turn begins (its first mover is recorded); the fire
 * phase opens and closes ("Dead infantrymen are removed from the board at the end of this phase"); an animal that
 * charged dies when the close combat ends.
 */
final class TurnSequence {

    static final String RULE = "Turn sequence";
    static final String SPOT = "SPOT";
    static final String MOVE = "MOVE";
    static final String CC = "CC";

    private TurnSequence() {
    }

    /** The phases played by all sides together are those all sides act in: each side ends them. */
    static PhaseSequence phases() {
        return PhaseSequence.gameTurn(List.of(Phase.allSides(SPOT, "Artillery Spotting Round Phase"),
                Phase.of(MOVE, "Movement Phase (each side in turn)"),
                Phase.allSides(FireOrder.PHASE, "VI. Infantry Weapons Fire/ATGM Launch"),
                Phase.allSides(CC, "Close Combat Phase")), Set.of(MOVE));
    }

    static List<SkirmishEvent> clockAdvanced(SkirmishState state, GameClock from, GameClock to, Dice dice) {
        List<SkirmishEvent> events = new ArrayList<>();
        if (to.gameTurn() > from.gameTurn()) {
            events.add(new GameTurnBegan(to.gameTurn(), to.phasingSide()));
        }
        if (FireOrder.PHASE.equals(from.phase()) && !FireOrder.PHASE.equals(to.phase())) {
            List<String> removed = state.figures().stream().filter(f -> f.dead() && !f.removed()).map(Figure::id)
                    .toList();
            List<String> unfired = state.designations().stream()
                    .filter(d -> d.status() == DesignationStatus.PENDING).map(Designation::id).toList();
            events.add(new FirePhaseClosed(from.gameTurn(), removed, unfired));
        }
        if (CC.equals(from.phase()) && !CC.equals(to.phase())) {
            for (Animal animal : state.animals()) {
                if (animal.charged() && !animal.dead()) {
                    events.addAll(AnimalHits.diesAfterItsCloseCombat(state, animal, dice));
                }
            }
        }
        if (FireOrder.PHASE.equals(to.phase()) && !FireOrder.PHASE.equals(from.phase())) {
            events.add(new FirePhaseOpened(to.gameTurn(), to.playerTurn(), to.phasingSide(),
                    FireOrder.firstMover(state, to)));
        }
        return events;
    }
}
