package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.ArrayList;
import java.util.List;

/**
 * A hit on a man: INFANTRY TARGET HIT LOCATIONS CHART (the d6 with its modifiers gives the location and its effect)
 * and HARD COVER or BODY POSITION: "Infantrymen behind hard cover or less exposed positions are protected from small
 * arms fire if the body location hit was covered". Cover counts against small arms only (see {@link CasualtyCause}):
 * an artillery or grenade hit on a covered location is a hit.
 */
final class FigureHits {

    private FigureHits() {
    }

    /**
     * @param position the man's recorded position (null: none recorded, which only a hit cover cannot stop may meet)
     * @param cause    what hit him in words
     * @param kind     the cause from the text's closed list
     */
    static List<SkirmishEvent> hit(SkirmishState state, Figure target, DiceRoll d6, List<HitLocationModifier> modifiers,
                                   BodyPosition.Row position, boolean fromFront, String cause, CasualtyCause kind,
                                   String designation, boolean firedFirst) {
        HitLocationTable.Result result = HitLocationTable.read(d6.total(), modifiers, fromFront);
        String where = position == null ? null : position.label();
        List<SkirmishEvent> events = new ArrayList<>();
        if (result.noEffect()) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(), where,
                    "no effect"));
            return events;
        }
        if (kind.coverProtects() && position != null && !position.exposes(result.row().roll())) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(), where,
                    "covered: no hit"));
            return events;
        }
        Wound wound = result.row().effect();
        events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(), where,
                wound == Wound.DEATH ? "death" : wound.marker()));
        events.addAll(Casualties.woundFigure(state, target, wound, cause, kind, designation, firedFirst));
        return events;
    }
}
