package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.ActionField.Sides;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DieNeed;

import java.util.List;

import static org.wargame.tracker.rules.ActionField.choice;
import static org.wargame.tracker.rules.ActionField.counter;
import static org.wargame.tracker.rules.ActionField.text;
import static org.wargame.tracker.rules.ActionField.yesNo;

/** The actions of the Animal-Pack rules as typed contracts: fields with their kinds, dice with their purpose. */
final class AnimalPackActionSchemas {

    static final DieNeed ORIGINAL_DR = DieNeed.only(DiceKind.DR, "Original DR of the Gun, against its B# and X#",
            "when a Gun fires");
    static final DieNeed VULNERABILITY_DR = DieNeed.only(DiceKind.DR_SMALL, "10.4 table dr for the Gun it carries",
            "when a Mule with a Gun is hit");
    static final DieNeed COVERED_ARC_DR = DieNeed.only(DiceKind.DR_SMALL, "10.4 random Covered Arc of the Gun",
            "only when the 10.4 result unloads the Gun");
    static final DieNeed RALLY_DR = DieNeed.of(DiceKind.DR, "rally DR");
    static final DieNeed REPAIR_DR = DieNeed.of(DiceKind.DR_SMALL, "repair dr");

    private static final String[] PERSONNEL = {"squad", "half-squad", "crew", "leader"};
    private static final String[] GUNS = {"gun", "support-weapon"};

    static final List<ActionSchema> ALL = List.of(
            ActionSchema.of("become-pack-ti", "Become Pack-TI", "10.11", List.of(),
                    counter("crew", "Crew (with its Gun and Mule)", true, Sides.OWN, PERSONNEL)),
            ActionSchema.of("reverse-packing", "Reverse (Un)Packing", "10.33", List.of(),
                    counter("crew", "Crew", true, Sides.OWN, PERSONNEL)),
            ActionSchema.of("take-possession", "Take possession of a Gun", "10.11", List.of(),
                    counter("counter", "Unit", true, Sides.OWN, PERSONNEL),
                    counter("gun", "Gun", true, Sides.ANY, GUNS)),
            ActionSchema.of("fire", "Fire", Sections.FIRE, List.of(ORIGINAL_DR),
                    counter("firer", "Firer", true, Sides.OWN, PERSONNEL),
                    counter("target", "Target", true, Sides.ENEMY),
                    counter("weapon", "Gun fired", false, Sides.OWN, GUNS),
                    text("fireType", "Kind of fire (Prep Fire, Defensive First Fire, Close Combat...)", false),
                    text("result", "Result read from your chart (NMC, 1MC, KIA, no effect...)", true)),
            ActionSchema.of("casualty", "Casualty", Sections.FIRE, List.of(VULNERABILITY_DR, COVERED_ARC_DR),
                    counter("counter", "Counter hit", true, Sides.ANY),
                    choice("result", "Result", true, "pin", "break", "casualty-reduction", "eliminate")),
            ActionSchema.of("move", "Move", Sections.MOVEMENT, List.of(),
                    counter("counter", "Counter", true, Sides.OWN),
                    text("hex", "To hex", true),
                    text("terrain", "Terrain of that hex", false),
                    yesNo("prohibitsGuns", "Terrain prohibited to Guns (10.31)")),
            ActionSchema.of("rally", "Rally", Sections.RALLY, List.of(RALLY_DR),
                    counter("counter", "Broken unit", true, Sides.OWN),
                    choice("result", "Result read from your chart", false, RallyAttempt.RALLIED, RallyAttempt.FAILED)),
            ActionSchema.of("repair-gun", "Repair a Gun", Sections.GUNS, List.of(REPAIR_DR),
                    counter("gun", "Malfunctioned Gun", true, Sides.OWN, GUNS),
                    choice("result", "Result read from your chart", false, GunRepair.RESULTS)));

    private AnimalPackActionSchemas() {
    }
}
