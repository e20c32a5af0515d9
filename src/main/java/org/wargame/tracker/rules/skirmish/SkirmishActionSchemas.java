package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.ActionField;
import org.wargame.tracker.rules.ActionField.Sides;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DieNeed;

import java.util.List;
import java.util.Set;

import static org.wargame.tracker.rules.ActionField.choice;
import static org.wargame.tracker.rules.ActionField.counter;
import static org.wargame.tracker.rules.ActionField.number;
import static org.wargame.tracker.rules.ActionField.text;
import static org.wargame.tracker.rules.ActionField.yesNo;

/** The skirmish game's actions as typed contracts: fields with their kinds, dice with their purpose. */
final class SkirmishActionSchemas {

    static final DieNeed TO_HIT = DieNeed.of(DiceKind.D20, "to hit (Chance to Hit)");
    static final DieNeed HIT_LOCATION = DieNeed.of(DiceKind.D6, "hit location");
    static final DieNeed SPOTTING_DISTANCE = DieNeed.of(DiceKind.D6, "spotting round distance");
    static final DieNeed RIDER_INJURY = DieNeed.only(DiceKind.D6, "rider injury", "when a mount is killed");

    static final List<String> WOUNDS = List.of("walking wounded", "litter case", "death");
    static final List<String> MOVEMENTS = List.of(FigureMovement.TURNED, FigureMovement.MOVED,
            FigureMovement.CRAWLED);

    private static final int MAX_RANGE_METRES = 100_000;

    static final List<ActionSchema> ALL = List.of(
            ActionSchema.of("designate-targets", "Designate targets", FireOrder.RULE, List.of(),
                    text("side", "Side designating", true),
                    new ActionField("targets", "Targets (all of the side's at once)", true, new ActionField.Group(
                            List.of(counter("firer", "Firer", true, Sides.OWN, "figure"),
                                    text("weapon", "Weapon", true),
                                    counter("target", "Target", false, Sides.ENEMY),
                                    number("template", "Template", false, 1, 3),
                                    yesNo("indirect", "Indirect fire of this turn's spotting rounds"),
                                    yesNo("firerMoved", "The firer moved this turn"))))),
            ActionSchema.of("fire", "Fire a designation", FireOrder.RULE, List.of(TO_HIT, HIT_LOCATION),
                    text("designation", "Designation", true),
                    number("rangeMetres", "Range in metres (head to head)", false, 0, MAX_RANGE_METRES),
                    choice("position", "Target's position (as recorded)", false, BodyPosition.labels()),
                    yesNo("crawled", "The target crawled"),
                    yesNo("firerAbove", "Firer above the target"),
                    yesNo("overheadProtection", "Target under overhead protection"),
                    yesNo("fromFront", "Shot from the direct front")),
            ActionSchema.of("artillery-hit", "Hit by artillery effects", "Artillery effects", List.of(HIT_LOCATION),
                    counter("target", "Man or animal hit", true, Sides.ANY),
                    choice("position", "His position (as recorded)", false, BodyPosition.labels()),
                    yesNo("crawled", "He crawled"),
                    yesNo("redZone", "In the red zone"),
                    yesNo("overheadProtection", "Under overhead protection"),
                    yesNo("fromFront", "From the direct front")),
            ActionSchema.of("record-casualty", "Record a casualty", "Casualties", List.of(RIDER_INJURY),
                    counter("counter", "Man or animal", true, Sides.ANY),
                    choice("wound", "Wound", false, WOUNDS),
                    choice("cause", "Cause", false, CasualtyCause.labels())),
            ActionSchema.of("unite-crew", "Unite a crew", WeaponUse.RULE, List.of(),
                    counter("gunner", "Gunner", true, Sides.OWN, "figure"),
                    counter("loader", "Loader", true, Sides.OWN, "figure")),
            ActionSchema.of("destroy-animal", "Destroy a litter-case animal", "Animals", List.of(),
                    counter("animal", "Animal", true, Sides.OWN, "animal")),
            ActionSchema.of("load-animal", "Load a pack animal again", AnimalHitLocationTable.RULE, List.of(),
                    counter("animal", "Pack animal", true, Sides.OWN, "animal")),
            ActionSchema.of("mount-animal", "Mount again", AnimalHitLocationTable.RULE, List.of(),
                    counter("animal", "Mount", true, Sides.OWN, "animal")),
            ActionSchema.of("indirect-mg-fire", "Indirect machine gun fire", IndirectMachineGunFire.RULE,
                    List.of(SPOTTING_DISTANCE),
                    counter("gunner", "Gunner", true, Sides.OWN, "figure"),
                    text("arrowDie", "Arrow die as rolled ('hit' or the direction)", false),
                    text("realRound", "Where the real spotting round is placed", false),
                    text("dummyRound", "Where the dummy spotting round is placed", false)),
            ActionSchema.of("place-spotting-rounds", "Place the spotting rounds (which is real is sealed)",
                    IndirectMachineGunFire.RULE, List.of(),
                    counter("gunner", "Gunner", true, Sides.OWN, "figure"),
                    text("firstRound", "Where one spotting round is placed (all see it)", true),
                    text("secondRound", "Where the other is placed (all see it)", true),
                    choice("real", "which spotting round is real", true, SpottingRounds.WHICH)),
            ActionSchema.of("resolve-spotting-rounds", "Roll for the spotting rounds (reveals the real one)",
                    IndirectMachineGunFire.RULE, List.of(SPOTTING_DISTANCE),
                    counter("gunner", "Gunner", true, Sides.OWN, "figure"),
                    text("arrowDie", "Arrow die as rolled ('hit' or the direction)", true)),
            ActionSchema.of("record-treatment", "Medical treatment", MedicalTreatment.RULE,
                    List.of(DieNeed.only(DiceKind.D6, "medical treatment (the campaign chart's die)",
                            "when the campaign has a Medical Treatment chart")),
                    counter("counter", "Wounded man or animal", true, Sides.ANY),
                    text("recovery", "Recovery read (only without the campaign's chart)", false)),
            ActionSchema.of("move", "Move", FigureMovement.RULE, List.of(),
                    counter("figure", "Man", true, Sides.OWN, "figure"),
                    choice("movement", "Movement", false, MOVEMENTS),
                    choice("position", "New position", false, BodyPosition.labels()),
                    text("aboard", "Vehicle he gets into ('none' to get out)", false)),
            ActionSchema.of("carry-litter-case", "Carry a litter case", "Litter cases", List.of(),
                    counter("casualty", "Litter case", true, Sides.OWN, "figure"),
                    new ActionField("bearers", "Bearers (non-injured men of his side)", true,
                            new ActionField.Counters(new ActionField.CounterRef(Set.of("figure"), Sides.OWN), 1))));

    private SkirmishActionSchemas() {
    }
}
