package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishAction.CarryLitterCase;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Move;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DestroyAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.IndirectMgFire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishAction.UniteCrew;

/**
 * On whose behalf an action is taken: the side that designates or fires, the owner of the man, animal or weapon the
 * action is about (a wound is recorded by the wounded man's side, an animal destroyed by its owner).
 */
final class ActingSide {

    private ActingSide() {
    }

    static String of(SkirmishState state, SkirmishAction action) {
        if (action instanceof DesignateTargets a) {
            if (a.side() == null) {
                throw new FieldRefused("side", "missing");
            }
            return a.side();
        }
        if (action instanceof Fire a) {
            return InfantryFire.designation(state, a.designation()).side();
        }
        if (action instanceof ArtilleryHit a) {
            return sideOf(state, a.target(), "target");
        }
        if (action instanceof RecordCasualty a) {
            return sideOf(state, a.counter(), "counter");
        }
        if (action instanceof UniteCrew a) {
            return state.requireFigure(a.gunner(), "gunner").side();
        }
        if (action instanceof DestroyAnimal a) {
            return state.requireAnimal(a.animal(), "animal").side();
        }
        if (action instanceof IndirectMgFire a) {
            return state.requireFigure(a.gunner(), "gunner").side();
        }
        if (action instanceof RecordTreatment a) {
            return sideOf(state, a.counter(), "counter");
        }
        if (action instanceof Move a) {
            return state.requireFigure(a.figure(), "figure").side();
        }
        if (action instanceof CarryLitterCase a) {
            return state.requireFigure(a.casualty(), "casualty").side();
        }
        throw new FieldRefused("type", "not an action of rule set skirmish");
    }

    private static String sideOf(SkirmishState state, String id, String field) {
        if (id == null) {
            throw new FieldRefused(field, "missing");
        }
        String side = state.sideOf(id);
        if (side == null) {
            throw new FieldRefused(field, "no counter '" + id + "' in this scenario");
        }
        return side;
    }
}
