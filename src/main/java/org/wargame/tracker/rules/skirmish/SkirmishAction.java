package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
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
        @JsonSubTypes.Type(value = SkirmishAction.PlaceSpottingRounds.class, name = "place-spotting-rounds"),
        @JsonSubTypes.Type(value = SkirmishAction.ResolveSpottingRounds.class, name = "resolve-spotting-rounds"),
        @JsonSubTypes.Type(value = SkirmishAction.RecordTreatment.class, name = "record-treatment"),
        @JsonSubTypes.Type(value = SkirmishAction.Move.class, name = "move"),
        @JsonSubTypes.Type(value = SkirmishAction.CarryLitterCase.class, name = "carry-litter-case"),
        @JsonSubTypes.Type(value = SkirmishAction.LoadAnimal.class, name = "load-animal"),
        @JsonSubTypes.Type(value = SkirmishAction.MountAnimal.class, name = "mount-animal")
})
public sealed interface SkirmishAction extends RuleAction permits SkirmishAction.DesignateTargets,
        SkirmishAction.Fire, SkirmishAction.ArtilleryHit, SkirmishAction.RecordCasualty, SkirmishAction.UniteCrew,
        SkirmishAction.DestroyAnimal, SkirmishAction.IndirectMgFire, SkirmishAction.PlaceSpottingRounds,
        SkirmishAction.ResolveSpottingRounds, SkirmishAction.RecordTreatment,
        SkirmishAction.Move, SkirmishAction.CarryLitterCase, SkirmishAction.LoadAnimal, SkirmishAction.MountAnimal {

    /** The side on whose behalf this action is taken: the owner of the counter it is about. */
    String actingSide(SkirmishState state);

    /**
     * The events this action causes under the rules, or a refusal. Each action decides in its own method so that
     * the dispatch is checked by the compiler: a new action does not compile until it says what it does.
     */
    List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice);

    /**
     * A side designates its targets at the start of the fire phase (an empty list: it fires at nothing).
     *
     * @param template   for a template weapon, which of its templates covers this target (1, 2, 3)
     * @param indirect   fire of a tripod MG's indirect templates that landed in this turn's spotting round phase
     * @param firerMoved optional: the firer moved this turn; checked against his recorded movement
     */
    record DesignateTargets(String side, List<Target> targets) implements SkirmishAction {
        public record Target(String firer, String weapon, String target, Integer template, Boolean indirect,
                             Boolean firerMoved) {
        }

        @Override
        public String actingSide(SkirmishState state) {
            return ActingSide.of(state, this);
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return FireOrder.designate(state, clock, this);
        }
    }

    /**
     * Fires one designation. {@code rangeMetres} is measured head to head; the target man's position is the one
     * recorded ({@code position}, with {@code crawled}, may name it, and a different one is refused);
     * {@code fromFront}: the shot came from the direct front (a head hit is a face hit).
     */
    record Fire(String designation, Integer rangeMetres, String position, Boolean crawled, Boolean firerAbove,
                Boolean overheadProtection, Boolean fromFront) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return InfantryFire.designation(state, designation).side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return InfantryFire.fire(state, clock, this, dice);
        }
    }

    /**
     * Artillery effects hit a man or an animal (whether they hit is the artillery rules'): the tracker reads where.
     * {@code position} may name the man's recorded position; cover does not stop artillery.
     */
    record ArtilleryHit(String target, String position, Boolean crawled, Boolean redZone, Boolean overheadProtection,
                        Boolean fromFront) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return ActingSide.sideOf(state, target, "target");
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return ArtilleryEffects.hit(state, this, dice);
        }
    }

    /**
     * A wound dealt outside infantry fire. {@code cause} is one of the text's causes ({@link CasualtyCause}: small
     * arms, explosive, incendiary, artillery, stabbed, chemical weapon, fall from a killed mount, close combat);
     * stabbed, chemical weapon and a fall from a killed mount spare the weapons of a killed man.
     */
    record RecordCasualty(String counter, String wound, String cause) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return ActingSide.sideOf(state, counter, "counter");
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return Casualties.record(state, this, dice);
        }
    }

    /** "Survivors from weapons of the same type may unite to operate the weapon again if one is a loader and the other is a firer." */
    record UniteCrew(String gunner, String loader) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(gunner, "gunner").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return SurvivorsUnite.unite(state, this);
        }
    }

    /** "Owner may destroy 'Litter case' animals." */
    record DestroyAnimal(String animal) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireAnimal(animal, "animal").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return AnimalHits.destroyByOwner(state, this);
        }
    }

    /** A pack animal fit to carry takes its load again (after a wound that dropped it has healed). */
    record LoadAnimal(String animal) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireAnimal(animal, "animal").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return AnimalLoads.load(state, clock, this);
        }
    }

    /** A mount fit to carry takes its rider again (after a wound that dismounted him has healed). */
    record MountAnimal(String animal) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireAnimal(animal, "animal").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return AnimalLoads.mount(state, clock, this);
        }
    }

    /**
     * A tripod MG's indirect fire in the Artillery Spotting Round Phase; {@code arrowDie} as rolled at the table;
     * {@code realRound} and {@code dummyRound} where the players placed the two spotting rounds (their words).
     */
    record IndirectMgFire(String gunner, String arrowDie, String realRound, String dummyRound)
            implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(gunner, "gunner").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return IndirectMachineGunFire.fire(state, clock, this, dice);
        }
    }

    /**
     * A tripod MG's two spotting rounds placed in the Artillery Spotting Round Phase, where everybody sees them
     * ({@code firstRound}, {@code secondRound}: the players' words); which one is real ({@code real}: first or
     * second) is sealed: the tracker takes it out of the request before anything is recorded and keeps it beside the
     * record, putting the seal's id in {@code seal} (so {@code real} is null in every recorded request).
     */
    record PlaceSpottingRounds(String gunner, String firstRound, String secondRound, String real, String seal)
            implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(gunner, "gunner").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return SpottingRounds.place(state, clock, this);
        }
    }

    /**
     * The arrow die ({@code arrowDie}, as rolled at the table) and the d6 for distance of the gunner's placed spotting
     * rounds; the rules reveal which was real: the tracker fills {@code real} from the sealed choice (the players
     * cannot send it).
     */
    record ResolveSpottingRounds(String gunner, String arrowDie, String real) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(gunner, "gunner").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return SpottingRounds.resolve(state, clock, this, dice);
        }
    }

    /**
     * A roll on the campaign's Medical Treatment chart for a wounded man or animal (its die entered or rolled); a
     * campaign without a chart gives the {@code recovery} its players read instead.
     */
    record RecordTreatment(String counter, String recovery) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return ActingSide.sideOf(state, counter, "counter");
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return MedicalTreatment.record(state, this, dice);
        }
    }

    /**
     * A man's movement in his side's part of the Movement Phase, as far as the rules need it: {@code movement}
     * ({@code turned}: changed direction only, stationary; {@code moved}; {@code crawled}), his new {@code position}
     * (a row of the Hard Cover or Body Position table, kept until he takes another), the vehicle he gets into
     * ({@code aboard}, {@code none} to get out). A man with no recorded position may have it recorded at any time.
     */
    record Move(String figure, String movement, String position, String aboard) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(figure, "figure").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return FigureMovement.move(state, clock, this);
        }
    }

    /** Non-injured men of his side carry a litter case ("During the next turn, litter cases may be given assistance"). */
    record CarryLitterCase(String casualty, List<String> bearers) implements SkirmishAction {
        @Override
        public String actingSide(SkirmishState state) {
            return state.requireFigure(casualty, "casualty").side();
        }

        @Override
        public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, Dice dice) {
            return LitterCases.carry(state, clock, this);
        }
    }
}
