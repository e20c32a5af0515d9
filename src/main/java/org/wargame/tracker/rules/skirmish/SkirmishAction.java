package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.RuleAction;

import java.util.List;

/**
 * The skirmish rule set's actions. The players measure on the table; an action carries what they measured and saw
 * (range in metres, cover or body position, firer above, overhead protection, red zone) and the tracker computes.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = SkirmishAction.DesignateTargets.class, name = "designate-targets"),
        @JsonSubTypes.Type(value = SkirmishAction.Fire.class, name = "fire"),
        @JsonSubTypes.Type(value = SkirmishAction.ArtilleryHit.class, name = "artillery-hit"),
        @JsonSubTypes.Type(value = SkirmishAction.RecordCasualty.class, name = "record-casualty"),
        @JsonSubTypes.Type(value = SkirmishAction.UniteCrew.class, name = "unite-crew"),
        @JsonSubTypes.Type(value = SkirmishAction.DestroyAnimal.class, name = "destroy-animal"),
        @JsonSubTypes.Type(value = SkirmishAction.IndirectMgFire.class, name = "indirect-mg-fire"),
        @JsonSubTypes.Type(value = SkirmishAction.RecordTreatment.class, name = "record-treatment")
})
public sealed interface SkirmishAction extends RuleAction permits SkirmishAction.DesignateTargets,
        SkirmishAction.Fire, SkirmishAction.ArtilleryHit, SkirmishAction.RecordCasualty, SkirmishAction.UniteCrew,
        SkirmishAction.DestroyAnimal, SkirmishAction.IndirectMgFire, SkirmishAction.RecordTreatment {

    /**
     * A side designates its targets at the start of the fire phase (an empty list: it fires at nothing).
     *
     * @param template   for a template weapon, which of its templates covers this target (1, 2, 3)
     * @param indirect   fire of a tripod MG's indirect templates that landed in this turn's spotting round phase
     * @param firerMoved the firer moved this turn (walking wounded who move may not fire)
     */
    record DesignateTargets(String side, List<Target> targets) implements SkirmishAction {
        public record Target(String firer, String weapon, String target, Integer template, Boolean indirect,
                             Boolean firerMoved) {
        }
    }

    /**
     * Fires one designation. {@code rangeMetres} is measured head to head; {@code position} is the target's row of the
     * Hard Cover or Body Position table (needed for a man); {@code crawled}: a kneeling figure that moved at crawling
     * speed; {@code fromFront}: the shot came from the direct front (a head hit is a face hit).
     */
    record Fire(String designation, Integer rangeMetres, String position, Boolean crawled, Boolean firerAbove,
                Boolean overheadProtection, Boolean fromFront) implements SkirmishAction {
    }

    /** Artillery effects hit a man or an animal (whether they hit is the artillery rules'): the tracker reads where. */
    record ArtilleryHit(String target, String position, Boolean crawled, Boolean redZone, Boolean overheadProtection,
                        Boolean fromFront) implements SkirmishAction {
    }

    /**
     * A wound dealt outside infantry fire (close combat, stabbing, chemical weapons...). {@code cause} "stabbed" or
     * "chemical" spares the weapons of a killed man.
     */
    record RecordCasualty(String counter, String wound, String cause) implements SkirmishAction {
    }

    /** "Survivors from weapons of the same type may unite to operate the weapon again if one is a loader and the other is a firer." */
    record UniteCrew(String gunner, String loader) implements SkirmishAction {
    }

    /** "Owner may destroy 'Litter case' animals." */
    record DestroyAnimal(String animal) implements SkirmishAction {
    }

    /** A tripod MG's indirect fire in the Artillery Spotting Round Phase; {@code arrowDie} as rolled at the table. */
    record IndirectMgFire(String gunner, String arrowDie) implements SkirmishAction {
    }

    /** The recovery state the campaign's medical treatment chart gives a wounded man or animal. */
    record RecordTreatment(String counter, String recovery) implements SkirmishAction {
    }
}
