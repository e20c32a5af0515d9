package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

/**
 * Soldiers and Their Pets: "I give troops with an animal mascot a morale bonus." "Troops feel better when the have a
 * little fuzzy friend with them." The text gives no size for the bonus: the tracker marks the figures that have it
 * (their mascot animal is in the scenario and alive) and the campaign's morale rules apply it.
 */
public final class Mascot {

    public static final String RULE = "Soldiers and Their Pets";
    public static final String MARKER = "mascot morale bonus";

    private Mascot() {
    }

    public static boolean moraleBonus(SkirmishState state, Figure figure) {
        return figure.mascot() != null && !figure.dead() && state.animal(figure.mascot())
                .map(a -> !a.dead() && "mascot".equals(a.role())).orElse(false);
    }
}
