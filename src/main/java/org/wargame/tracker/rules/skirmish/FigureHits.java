package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.ArrayList;
import java.util.List;

/**
 * A hit on a man: INFANTRY TARGET HIT LOCATIONS CHART (the d6 with its modifiers gives the location and its effect)
 * and HARD COVER or BODY POSITION ("Infantrymen behind hard cover or less exposed positions are protected from small
 * arms fire if the body location hit was covered").
 */
final class FigureHits {

    private FigureHits() {
    }

    static List<SkirmishEvent> hit(SkirmishState state, Figure target, DiceRoll d6, List<HitLocationModifier> modifiers,
                                   String position, boolean crawled, boolean fromFront, String cause,
                                   String designation, boolean firedFirst) {
        BodyPosition.Row row = BodyPosition.parse(position, crawled);
        HitLocationTable.Result result = HitLocationTable.read(d6.total(), modifiers, fromFront);
        List<SkirmishEvent> events = new ArrayList<>();
        if (result.noEffect()) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(),
                    row.label(), "no effect"));
            return events;
        }
        if (!row.exposes(result.row().roll())) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(),
                    row.label(), "covered: no hit"));
            return events;
        }
        Wound wound = result.row().effect();
        events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(), row.label(),
                wound == Wound.DEATH ? "death" : wound.marker()));
        events.addAll(Casualties.woundFigure(state, target, wound, cause, designation, firedFirst));
        return events;
    }
}
