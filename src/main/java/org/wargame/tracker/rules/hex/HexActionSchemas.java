package org.wargame.tracker.rules.hex;

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

/** Section 12's actions as typed contracts: fields with their kinds, dice with their purpose. */
final class HexActionSchemas {

    static final DieNeed ATTACK_ROLL = DieNeed.of(DiceKind.TWO_D6, "12.3 attack dice roll");
    static final DieNeed BARRAGE_ROLL = DieNeed.of(DiceKind.TWO_D6, "12.61 barrage attack dice roll");
    static final DieNeed TO_HIT = DieNeed.only(DiceKind.TWO_D6, "12.67 to-hit roll against a vehicle",
            "for each vehicle in the target hex");
    static final DieNeed ELIMINATION = DieNeed.only(DiceKind.TWO_D6, "12.67 elimination roll against a vehicle",
            "for each vehicle hit");

    private static final String[] INFANTRY = {HexCounter.SQUAD, HexCounter.HALF_SQUAD, HexCounter.LEADER};
    private static final int MAX_RANGE = 99;

    static final List<ActionSchema> ALL = List.of(
            ActionSchema.of("move", "Move", "12.2", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    text("toHex", "To hex", false),
                    text("terrain", "Terrain of that hex", false),
                    number("mpCost", "Movement Points it costs", false, 1, 99)),
            ActionSchema.of("transfer-weapon", "Hand over a support weapon", "12.4", List.of(),
                    counter("weaponId", "Support weapon", true, Sides.OWN, HexCounter.SUPPORT_WEAPON),
                    counter("toUnitId", "To the unit (same hex)", false, Sides.OWN, INFANTRY)),
            ActionSchema.of("exchange-weapons", "Exchange support weapons", "12.4", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    counter("otherUnitId", "With the unit (same hex)", false, Sides.OWN, INFANTRY)),
            ActionSchema.of("fire", "Fire", "12.3", List.of(ATTACK_ROLL),
                    counter("unitId", "Firing unit", true, Sides.OWN, INFANTRY),
                    counter("weaponId", "Support weapon", false, Sides.OWN, HexCounter.SUPPORT_WEAPON),
                    choice("attack", "Attack (when the weapon can do both)", false, AttackFirepower.AP,
                            AttackFirepower.AT),
                    text("targetHex", "Target hex", false),
                    counter("targetId", "Target (of an AT attack)", false, Sides.ENEMY),
                    number("range", "Range in hexes (1: adjacent)", false, 0, MAX_RANGE),
                    yesNo("grenades", "With grenades (12.52)"),
                    yesNo("satchelCharge", "With a satchel charge (12.53)")),
            ActionSchema.of("mortar-fire", "Mortar barrage", "12.61", List.of(BARRAGE_ROLL, TO_HIT, ELIMINATION),
                    new ActionField("weaponIds", "Mortars firing (same hex)", true,
                            new ActionField.Counters(new ActionField.CounterRef(
                                    Set.of(HexCounter.SUPPORT_WEAPON), Sides.OWN), 1)),
                    text("targetHex", "Target hex", false),
                    number("range", "Range in hexes", false, 0, MAX_RANGE),
                    yesNo("los", "The firing unit sees the target hex"),
                    counter("spotterId", "Spotter (without LOS)", false, Sides.OWN, INFANTRY),
                    counter("leaderId", "Leader in the mortars' hex", false, Sides.OWN, HexCounter.LEADER),
                    number("coverModifier", "Cover modifier of the target hex (vs vehicles)", false, -9, 9)),
            ActionSchema.of("mortar-smoke", "Mortar smoke round", "12.66", List.of(),
                    counter("weaponId", "Mortar", false, Sides.OWN, HexCounter.SUPPORT_WEAPON),
                    text("targetHex", "Target hex", false),
                    number("range", "Range in hexes", false, 0, MAX_RANGE),
                    yesNo("los", "The firing unit sees the target hex"),
                    counter("spotterId", "Spotter (without LOS)", false, Sides.OWN, INFANTRY)),
            ActionSchema.of("use-panzerfaust", "Panzerfaust", "12.51", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    counter("targetId", "AFV, vehicle or Gun attacked", false, Sides.ENEMY, HexCounter.AFV,
                            HexCounter.VEHICLE, HexCounter.GUN),
                    number("range", "Range in hexes (1: adjacent)", false, 0, MAX_RANGE)),
            ActionSchema.of("use-at-grenade", "AT grenade", "12.51", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    counter("targetId", "AFV, vehicle or Gun attacked", false, Sides.ENEMY, HexCounter.AFV,
                            HexCounter.VEHICLE, HexCounter.GUN),
                    number("range", "Range in hexes (1: adjacent)", false, 0, MAX_RANGE)),
            ActionSchema.of("use-grenades", "Grenades", "12.52", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    choice("context", "Where", false, GrenadeUse.CLOSE_ASSAULT_ATTACK,
                            GrenadeUse.CLOSE_ASSAULT_DEFENCE, GrenadeUse.OVERRUN),
                    text("targetHex", "Hex of the assault or overrun", false),
                    counter("afvId", "AFV conducting the overrun", false, Sides.ANY, HexCounter.AFV),
                    number("killNumber", "Assaulter's Kill Number (as read)", false, 0, 99)),
            ActionSchema.of("use-satchel-charge", "Satchel charge", "12.53", List.of(),
                    counter("unitId", "Unit", true, Sides.OWN, INFANTRY),
                    choice("context", "Where", false, SatchelCharge.CLOSE_ASSAULT, SatchelCharge.OVERRUN),
                    text("targetHex", "Hex of the assault or overrun", false),
                    counter("afvId", "AFV conducting the overrun", false, Sides.ANY, HexCounter.AFV)),
            ActionSchema.of("eliminate", "Eliminated (fire table result)", "12.2", List.of(),
                    counter("counterId", "Counter", true, Sides.ANY),
                    text("cause", "Cause", false)),
            ActionSchema.of("set-pinned", "Pinned or no longer pinned", "12.62", List.of(),
                    counter("counterId", "Unit", true, Sides.ANY),
                    new ActionField("pinned", "Pinned", false, new ActionField.YesNo())));

    private HexActionSchemas() {
    }
}
