package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.List;

/**
 * Artillery effects on a man or an animal: whether artillery hits is the artillery rules' (not in this text); a hit is
 * read on the hit location charts with shrapnel against soft body armour and "a +1 hit location modifier for
 * artillery effects in the red zone". Cover does not stop it: the text protects covered locations "from small arms
 * fire" only.
 */
final class ArtilleryEffects {

    static final String CAUSE = "artillery effects";

    private ArtilleryEffects() {
    }

    static List<SkirmishEvent> hit(SkirmishState state, ArtilleryHit a, Dice dice) {
        if (a.target() == null) {
            throw new FieldRefused("target", "missing");
        }
        var figure = state.figure(a.target());
        if (figure.isPresent()) {
            Figure target = figure.get();
            RuleViolation.require(!target.dead(), HitLocationTable.RULE, target.id() + " is dead");
            BodyPosition.Row position = BodyPosition.ofTarget(target, a.position(), a.crawled(), false);
            DiceRoll d6 = dice.roll(DiceKind.D6, "hit location");
            List<HitLocationModifier> modifiers = ArmourModifiers.of(target.armour(), null, true,
                    Boolean.TRUE.equals(a.redZone()));
            return FigureHits.hit(state, target, d6, modifiers, position, Boolean.TRUE.equals(a.fromFront()), CAUSE,
                    CasualtyCause.ARTILLERY, null, false);
        }
        Animal animal = state.requireAnimal(a.target(), "target");
        RuleViolation.require(!animal.dead(), AnimalHitLocationTable.RULE, animal.id() + " is dead");
        DiceRoll d6 = dice.roll(DiceKind.D6, "animal hit location");
        return AnimalHits.hit(state, animal, d6, null, CAUSE, CasualtyCause.ARTILLERY, null, dice);
    }
}
