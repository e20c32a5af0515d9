package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.PlaceSpottingRounds;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ResolveSpottingRounds;
import org.wargame.tracker.rules.skirmish.SkirmishState.Spotting;

import java.util.List;

/**
 * The machine gun spotting rounds with the real one sealed (Infantry Weapons Rules, the paragraph after Machine
 * Fire at Tanks): "In the artillery spotting round phase place two machine gun spotting rounds - one real and one
 * dummy - just like with the artillery spotting rounds only with just one dummy. ... Roll an arrow die for direction
 * and a six sided die for distance; a 'hit' result is a hit."
 *
 * <p>Placing: both positions are shown to everybody; which of the two is real is the firer's secret (a sealed choice
 * of the scenario: only its commitment is in the record). Resolving: the arrow die (entered) and the d6 for distance
 * are rolled, the rules reveal the real round from its seal, and the gun's templates land there
 * ({@link SkirmishEvent.IndirectMgFireLanded}, with the real and the dummy round's positions): that turn's fire phase
 * may designate targets under them, as for {@code indirect-mg-fire}. Readings in docs/rules/skirmish.md.
 */
final class SpottingRounds {

    /** Which of the two placed rounds is real: the sealed value. */
    static final List<String> WHICH = List.of("first", "second");

    private SpottingRounds() {
    }

    static List<SkirmishEvent> place(SkirmishState state, GameClock clock, PlaceSpottingRounds a) {
        IndirectMachineGunFire.Firing firing = IndirectMachineGunFire.requireMayPlace(state, clock, a.gunner());
        if (a.real() != null) { // only the tracker's seal reaches the rules (a ruling's correction cannot name it)
            throw new FieldRefused("real", "which round is real is sealed when the rounds are placed; it is not "
                    + "part of the record");
        }
        if (a.seal() == null) {
            throw new FieldRefused("real", "required: which of the two rounds is the real one (first or second), "
                    + "sealed");
        }
        String first = IndirectMachineGunFire.placement(a.firstRound(), "firstRound", "one");
        String second = IndirectMachineGunFire.placement(a.secondRound(), "secondRound", "the other");
        RuleViolation.require(!first.equalsIgnoreCase(second), IndirectMachineGunFire.RULE, "place two spotting "
                + "rounds, at two places: both are at " + first);
        return List.of(new SkirmishEvent.SpottingRoundsPlaced(firing.gunner().id(), firing.weapon().id(),
                clock.gameTurn(), firing.templates().leaves(), first, second, a.seal()));
    }

    /** The sealed value, checked before it is sealed: first or second. */
    static void checkSealed(PlaceSpottingRounds a) {
        if (a.real() == null || !WHICH.contains(a.real())) {
            throw new FieldRefused("real", "first or second: which of the two rounds is the real one");
        }
    }

    /** The gunner's placed rounds of this Game Turn not resolved yet, or null. */
    static Spotting pending(SkirmishState state, int gameTurn, String gunner) {
        return state.spotting().stream().filter(p -> p.gunner().equals(gunner) && p.gameTurn() == gameTurn
                && !p.resolved()).findFirst().orElse(null);
    }

    static List<SkirmishEvent> resolve(SkirmishState state, GameClock clock, ResolveSpottingRounds a, Dice dice) {
        state.requireFigure(a.gunner(), "gunner");
        RuleViolation.require(TurnSequence.SPOT.equals(clock.phase()), IndirectMachineGunFire.RULE, "the arrow die "
                + "and the d6 of the spotting rounds are rolled in the Artillery Spotting Round Phase; the clock is at "
                + clock.label());
        Spotting placed = pending(state, clock.gameTurn(), a.gunner());
        RuleViolation.require(placed != null, IndirectMachineGunFire.RULE, a.gunner() + " has no spotting rounds "
                + "placed and not yet resolved this turn");
        boolean onTarget = IndirectMachineGunFire.onTarget(a.arrowDie());
        if (a.real() == null || !WHICH.contains(a.real())) { // filled from the seal by the tracker, never sent
            throw new IllegalStateException("the sealed choice of " + a.gunner() + "'s spotting rounds was not "
                    + "revealed with the action");
        }
        boolean firstIsReal = a.real().equals("first");
        DiceRoll distance = dice.roll(DiceKind.D6, "spotting round distance");
        return List.of(new SkirmishEvent.IndirectMgFireLanded(placed.gunner(), placed.weapon(), placed.gameTurn(),
                placed.templates(), a.arrowDie().trim(), distance, onTarget,
                firstIsReal ? placed.firstRound() : placed.secondRound(),
                firstIsReal ? placed.secondRound() : placed.firstRound()));
    }
}
