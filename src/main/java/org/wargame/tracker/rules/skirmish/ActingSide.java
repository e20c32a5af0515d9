package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;

/**
 * On whose behalf an action is taken (each action says it in {@link SkirmishAction#actingSide}): the side that
 * designates or fires, the owner of the man, animal or weapon the action is about (a wound is recorded by the
 * wounded man's side, an animal destroyed by its owner).
 */
final class ActingSide {

    private ActingSide() {
    }

    static String of(SkirmishState state, DesignateTargets action) {
        if (action.side() == null) {
            throw new FieldRefused("side", "missing");
        }
        return action.side();
    }

    static String sideOf(SkirmishState state, String id, String field) {
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
