package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.CarryLitterCase;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LitterCaseCarried;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * INFANTRY TARGET HIT LOCATIONS CHART, the paragraph under it: "During the next turn, litter cases may be given
 * assistance by non-injured infantrymen." A litter case does not move by himself; his side's non-injured men carry
 * him in its part of the Movement Phase, from the Game Turn after his wound.
 *
 * <p>Reading of the number of bearers: the text gives "non-injured infantrymen", in the plural, and no number; one man
 * alone is not "infantrymen", so a litter case takes {@value #BEARERS} or more bearers.
 */
final class LitterCases {

    static final int BEARERS = 2;
    static final String CARRYING = "carried a litter case";

    private LitterCases() {
    }

    static List<SkirmishEvent> carry(SkirmishState state, GameClock clock, CarryLitterCase a) {
        Figure casualty = state.requireFigure(a.casualty(), "casualty");
        String rule = HitLocationTable.RULE;
        RuleViolation.require(casualty.wound() == Wound.LITTER_CASE && !casualty.removed(), rule, casualty.id()
                + " is not a litter case" + (casualty.wound() == null ? "" : " (" + casualty.wound().marker() + ")"));
        FigureMovement.requireMovementPhaseOf(clock, casualty.side(), "the litter case " + casualty.id());
        RuleViolation.require(state.gameTurn() > casualty.woundedTurn(), rule, "litter cases may be given "
                + "assistance during the next turn: " + casualty.id() + " was wounded in this Game Turn ("
                + casualty.woundedTurn() + ")");
        RuleViolation.require(casualty.litter() == null || casualty.litter().gameTurn() != state.gameTurn(), rule,
                casualty.id() + " has been carried this turn");
        List<String> bearers = a.bearers() == null ? List.of() : a.bearers();
        if (bearers.size() < BEARERS) {
            throw new RuleViolation(rule, "bearers", "litter cases are given assistance by non-injured infantrymen: "
                    + "name " + BEARERS + " or more bearers");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < bearers.size(); i++) {
            Figure bearer = state.requireFigure(bearers.get(i), "bearers[" + i + "]");
            FieldRefused.require(seen.add(bearer.id()), "bearers[" + i + "]", bearer.id() + " is named twice");
            FieldRefused.require(!bearer.id().equals(casualty.id()), "bearers[" + i + "]", "a litter case does not "
                    + "carry himself");
            RuleViolation.require(bearer.side().equals(casualty.side()), rule, bearer.id() + " is not of side "
                    + casualty.side());
            RuleViolation.require(bearer.wound() == null && !bearer.removed(), rule, "litter cases are given "
                    + "assistance by non-injured infantrymen; " + bearer.id() + " is "
                    + (bearer.wound() == null ? "off the board" : bearer.wound().marker()));
            RuleViolation.require(bearer.aboard() == null, rule, bearer.id() + " is aboard " + bearer.aboard());
            RuleViolation.require(!carriedThisTurn(state, bearer), rule, bearer.id() + " already carries a litter "
                    + "case this turn");
        }
        return List.of(new LitterCaseCarried(casualty.id(), bearers, state.gameTurn()));
    }

    private static boolean carriedThisTurn(SkirmishState state, Figure bearer) {
        return state.figures().stream().anyMatch(f -> f.litter() != null && f.litter().gameTurn() == state.gameTurn()
                && f.litter().bearers().contains(bearer.id()));
    }
}
