package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RuleEvent;

import java.util.List;
import java.util.Map;

/**
 * The hex rule set's events: what happened at the table under section 12. Records, in the past tense. Each names the
 * section that caused it ({@link #section()}): there is no default, so a new event type cannot leave it out.
 */
public sealed interface HexEvent extends RuleEvent permits HexEvent.UnitMoved, HexEvent.WeaponTransferred,
        HexEvent.AttackFired, HexEvent.ExpendableSpent, HexEvent.MortarBarrageFired, HexEvent.VehicleAttacked,
        HexEvent.SmokeLaid, HexEvent.UnitEliminated, HexEvent.PinStatusRecorded, HexEvent.GameTurnBegan,
        HexEvent.MovementPhaseBegan {

    /**
     * The stored name of every event of this family, in one place. Names are part of the record (the hash chain and
     * every export hold them): never rename one; a new event type gets a new name.
     */
    Map<String, Class<? extends HexEvent>> NAMES = Map.ofEntries(
            Map.entry("hex.UnitMoved", UnitMoved.class),
            Map.entry("hex.WeaponTransferred", WeaponTransferred.class),
            Map.entry("hex.AttackFired", AttackFired.class),
            Map.entry("hex.ExpendableSpent", ExpendableSpent.class),
            Map.entry("hex.MortarBarrageFired", MortarBarrageFired.class),
            Map.entry("hex.VehicleAttacked", VehicleAttacked.class),
            Map.entry("hex.SmokeLaid", SmokeLaid.class),
            Map.entry("hex.UnitEliminated", UnitEliminated.class),
            Map.entry("hex.PinStatusRecorded", PinStatusRecorded.class),
            Map.entry("hex.GameTurnBegan", GameTurnBegan.class),
            Map.entry("hex.MovementPhaseBegan", MovementPhaseBegan.class));

    /**
     * This event applied to {@code state}: each event hands itself to the one fold method of {@link HexState} made
     * for it, so that the fold is exhaustive by construction (a new event type does not compile until it says how it
     * changes the state).
     */
    HexState applyTo(HexState state);

    /** 12.2: a unit moved, spending Movement Points out of its allowance (1 less when a squad carries an H weapon). */
    record UnitMoved(String unitId, String fromHex, String toHex, String terrain, int mpCost, int mpSpent,
                     int movementAllowance) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.2";
        }
    }

    /** 12.4: a support weapon was handed to another infantry unit in the same hex in the Command Phase. */
    record WeaponTransferred(String weaponId, String fromUnitId, String toUnitId, String hex) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.4";
        }
    }

    /**
     * 12.3 (with 12.52/12.53): an attack. {@code apfp} is the attack's APFP by the usage table, {@code firepower}
     * says how it was made up; {@code roll} is the attack dice roll (AP attacks), {@code rollModifier} the grenades'
     * -1; the players read the result off the fire table. AT attacks record the weapon's AT rating.
     */
    record AttackFired(String unitId, String weaponId, String attack, String targetHex, String targetId, int range,
                       int apfp, String firepower, Integer atRating, boolean grenades, boolean satchelCharge,
                       DiceRoll roll, int rollModifier, Integer modifiedRoll) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        /** 12.3 for an attack with a support weapon; 12.53 or 12.52 for one made with a satchel charge or grenades. */
        @Override
        public String section() {
            return weaponId != null ? "12.3" : satchelCharge ? "12.53" : grenades ? "12.52" : "12.3";
        }
    }

    /**
     * 12.5: one expendable taken from the side's pool ({@code poolId}) by {@code unitId}: {@code remaining} left;
     * {@code effect} says what it does; {@code weaponFire}: it was the unit's one support weapon of the turn
     * (12.51); {@code useKey}: which attack it was used in (one per unit per attack, 12.52/12.53).
     * <p>
     * Grenades in a close assault or an overrun (12.52), optional (events stored before they existed have none):
     * {@code rollModifier} the -1 to the attack dice roll of a unit using them in its attack; {@code killNumber}
     * the assaulter's Kill Number as the players gave it and {@code modifiedKillNumber} after the defender's -1.
     */
    record ExpendableSpent(String side, String poolId, String item, String unitId, String context, String targetHex,
                           String targetId, String effect, int remaining, boolean weaponFire, String useKey,
                           Integer rollModifier, Integer killNumber, Integer modifiedKillNumber)
            implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }


        /** The section of the item spent: 12.51 Panzerfausts and AT grenades, 12.52 grenades, 12.53 satchels. */
        @Override
        public String section() {
            return switch (item) {
                case ExpendablePool.PANZERFAUST, ExpendablePool.AT_GRENADE -> "12.51";
                case ExpendablePool.GRENADES -> "12.52";
                case ExpendablePool.SATCHEL_CHARGE -> "12.53";
                default -> "12.5";
            };
        }
    }

    /**
     * 12.61-12.64: the mortars of one hex fired one barrage: their APFP only, plus the leader's modifier; only the
     * target hex's terrain counts; {@code casualtyMultiplier} 2 against infantry in woods or jungle. {@code roll} is
     * the attack dice roll when units other than vehicles were in the target hex (vehicles: {@link VehicleAttacked}).
     * With the campaign's fire table: {@code fireTableColumn} (the APFP column read), {@code tableCasualtyPoints} (the
     * table's number) and {@code casualtyPoints} (times the multiplier); {@code casualtyNote} says in words what the
     * players read or apply (the doubling). All four are absent from barrages stored before they were recorded.
     */
    record MortarBarrageFired(String side, String firingHex, List<String> weaponIds, List<String> unitIds,
                              String targetHex, int range, String spotterId, String leaderId, int apfp,
                              int leadershipModifier, String targetTerrain, int casualtyMultiplier, DiceRoll roll,
                              Integer modifiedRoll, Integer fireTableColumn, Integer tableCasualtyPoints,
                              Integer casualtyPoints, String casualtyNote) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        public MortarBarrageFired {
            weaponIds = List.copyOf(weaponIds);
            unitIds = List.copyOf(unitIds);
        }

        @Override
        public String section() {
            return "12.61";
        }
    }

    /**
     * 12.67: the to-hit roll against one vehicle in the mortar's target hex (hit on 6 or less after the cover
     * modifier) and, for a hit on an AFV, the Elimination Number (mortar AT rating x rear armor) and its roll.
     */
    record VehicleAttacked(String vehicleId, String targetHex, DiceRoll toHit, int coverModifier, int modifiedToHit,
                           boolean hit, boolean armored, Integer atRating, Integer rearArmor,
                           Integer eliminationNumber, DiceRoll eliminationRoll, boolean destroyed, String note)
            implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.67";
        }
    }

    /** 12.66: a Smoke marker placed, the firing unit marked Fire, two smoke factors taken from the side's supply. */
    record SmokeLaid(String side, String weaponId, String unitId, String targetHex, int smokeLevel, String poolId,
                     int factors, int supplyLeft) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.66";
        }
    }

    /**
     * A counter eliminated (a result the players read off the combat tables); 12.2: the support weapons it carried
     * are eliminated with it, which is what section 12 decides here.
     */
    record UnitEliminated(String counterId, String cause, List<String> weaponsEliminated) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        public UnitEliminated {
            weaponsEliminated = List.copyOf(weaponsEliminated);
        }

        @Override
        public String section() {
            return "12.2";
        }
    }

    /** A unit was pinned or is no longer pinned (a pinned unit cannot spot for a mortar, 12.62). */
    record PinStatusRecorded(String counterId, boolean pinned) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.62";
        }
    }

    /** A new Game Turn: Fire markers and the one-per-turn limits of 12.3, 12.52 and 12.53 are cleared. */
    record GameTurnBegan(int gameTurn) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.3";
        }
    }

    /** A side's Movement Phase began: its units' Movement Points spent are back to 0 (12.2). */
    record MovementPhaseBegan(String side, int gameTurn, int playerTurn) implements HexEvent {
        @Override
        public HexState applyTo(HexState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return "12.2";
        }
    }
}
