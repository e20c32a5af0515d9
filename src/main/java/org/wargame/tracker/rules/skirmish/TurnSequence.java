package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseClosed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseOpened;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.ArrayList;
import java.util.List;

/**
 * The turn of the skirmish game, as far as the text names it: the artillery spotting round phase (indirect MG
 * spotting rounds), movement, VI. Infantry Weapons Fire/ATGM Launch and close combat; and what happens by itself when
 * the clock moves: the fire phase opens and closes ("Dead infantrymen are removed from the board at the end of this
 * phase"), and an animal that charged dies when the close combat ends.
 */
final class TurnSequence {

    static final String SPOT = "SPOT";
    static final String MOVE = "MOVE";
    static final String CC = "CC";

    private TurnSequence() {
    }

    static PhaseSequence phases() {
        return new PhaseSequence(List.of(Phase.of(SPOT, "Artillery Spotting Round Phase"),
                Phase.of(MOVE, "Movement Phase"),
                Phase.of(FireOrder.PHASE, "VI. Infantry Weapons Fire/ATGM Launch"),
                Phase.of(CC, "Close Combat Phase")));
    }

    static List<SkirmishEvent> clockAdvanced(SkirmishState state, GameClock from, GameClock to, Dice dice) {
        List<SkirmishEvent> events = new ArrayList<>();
        if (FireOrder.PHASE.equals(from.phase()) && !FireOrder.PHASE.equals(to.phase())) {
            List<String> removed = state.figures().stream().filter(f -> f.dead() && !f.removed()).map(Figure::id)
                    .toList();
            List<String> unfired = state.designations().stream()
                    .filter(d -> d.status() == DesignationStatus.PENDING).map(Designation::id).toList();
            events.add(new FirePhaseClosed(from.gameTurn(), removed, unfired));
        }
        if (CC.equals(from.phase()) && !CC.equals(to.phase())) {
            for (Animal animal : state.animals()) {
                if (animal.chargingAt() != null && !animal.dead()) {
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
