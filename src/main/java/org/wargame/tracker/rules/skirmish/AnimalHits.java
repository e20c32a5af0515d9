package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DestroyAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalCharged;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalHit;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;

import java.util.ArrayList;
import java.util.List;

/**
 * ANIMAL HIT LOCATION and the paragraphs under it: the d6 gives the location and effect; a shoulders hit sends the
 * animal "charging the attacker ... conducting a close combat and then dying. The animal will die even if it wins the
 * close combat."; "Owner may destroy 'Litter case' animals."
 */
final class AnimalHits {

    private AnimalHits() {
    }

    static List<SkirmishEvent> hit(SkirmishState state, Animal animal, DiceRoll d6, String attacker, String cause,
                                   CasualtyCause kind, String designation, Dice dice) {
        AnimalHitLocationTable.Row row = AnimalHitLocationTable.read(d6.total());
        List<SkirmishEvent> events = new ArrayList<>();
        events.add(new AnimalHit(animal.id(), cause, d6, row.location(), row.effectText()));
        if (row.charges()) {
            events.add(new AnimalCharged(animal.id(), attacker));
            return events;
        }
        events.addAll(Casualties.woundAnimal(state, animal, row.effect(), cause, kind, designation, dice));
        return events;
    }

    /** The close combat phase ends: an animal that charged dies, whatever the close combat's result. */
    static List<SkirmishEvent> diesAfterItsCloseCombat(SkirmishState state, Animal animal, Dice dice) {
        String charged = animal.chargingAt() == null ? "charged" : "charged " + animal.chargingAt();
        return Casualties.woundAnimal(state, animal, Wound.DEATH, charged + ", fought a close combat and died",
                CasualtyCause.CLOSE_COMBAT, null, dice);
    }

    static List<SkirmishEvent> destroyByOwner(SkirmishState state, DestroyAnimal a) {
        Animal animal = state.requireAnimal(a.animal(), "animal");
        RuleViolation.require(animal.wound() == Wound.LITTER_CASE, AnimalHitLocationTable.RULE, "the owner may "
                + "destroy 'litter case' animals; " + animal.id() + " is "
                + (animal.wound() == null ? "unhurt" : animal.wound().marker()));
        return List.of(new AnimalDestroyed(animal.id(), animal.side()));
    }
}
