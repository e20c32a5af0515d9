package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.UnitMoved;
import org.wargame.tracker.rules.hex.SupportWeapon.WeaponType;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** 12.2 Portage: who carries which support weapon, and what carrying it costs in Movement Points. */
final class Portage {

    /** One row of the portage table of 12.2. */
    record Row(String unit, Set<WeaponType> carries, int heavyMovementModifier) {
    }

    /** 12.2: the portage table, as printed. */
    static final Map<String, Row> TABLE = Map.of(
            HexCounter.SQUAD, new Row("Squad", Set.of(WeaponType.L, WeaponType.H), -1),
            HexCounter.HALF_SQUAD, new Row("Half squad", Set.of(WeaponType.L, WeaponType.H), -1),
            HexCounter.LEADER, new Row("Leader", Set.of(WeaponType.L), 0));

    /** 12.2: a squad or half squad carries one support weapon; a leader one Light one. */
    static final int CAPACITY = 1;

    private Portage() {
    }

    /**
     * Refuses (under {@code section}, about {@code field}) a weapon {@code unit} may not carry, counting the weapons
     * it already carries except those in {@code leaving} (handed over in the same exchange).
     */
    static void requireMayCarry(HexState state, HexCounter unit, SupportWeapon weapon, Collection<String> leaving,
                                String section, String field) {
        Row row = TABLE.get(unit.kind());
        Refuse.unless(row != null, section, field, "only squads, half squads and leaders carry support weapons "
                + "(12.2); '" + unit.id() + "' is a " + unit.kind());
        Refuse.unless(row.carries().contains(weapon.type()), section, field, row.unit() + " '" + unit.id()
                + "' may carry only a Light (L) support weapon (12.2), not the " + weapon.type().label() + " ("
                + weapon.type() + ") " + weapon.name());
        long carried = state.carriedBy(unit.id()).stream().filter(w -> !leaving.contains(w.id())
                && !w.id().equals(weapon.id())).count();
        Refuse.unless(carried + 1 <= CAPACITY, section, field, row.unit() + " '" + unit.id() + "' already carries a "
                + "support weapon; a unit carries one (12.2)");
    }

    /** 12.2: the unit's Movement Points this phase: printed MP, one less for a squad or half squad with an H weapon. */
    static Integer movementAllowance(HexState state, HexCounter unit) {
        Integer printed = unit.optionalNumber("movement");
        if (printed == null) {
            return null;
        }
        return printed + heavyModifier(state, unit);
    }

    static int heavyModifier(HexState state, HexCounter unit) {
        Row row = TABLE.get(unit.kind());
        if (row == null) {
            return 0;
        }
        boolean heavy = state.carriedBy(unit.id()).stream()
                .anyMatch(w -> SupportWeapon.of(w).type() == WeaponType.H);
        return heavy ? row.heavyMovementModifier() : 0;
    }

    /** 12.2: a move costs Movement Points out of the allowance, spent in the side's own Movement Phase. */
    static List<HexEvent> move(HexState state, GameClock clock, HexAction.Move move) {
        HexCounter unit = state.active(move.unitId(), "unitId");
        Refuse.required(move.toHex(), "toHex", "the hex the unit enters");
        Refuse.fieldUnless(move.mpCost() != null && move.mpCost() >= 1, "mpCost", "the Movement Points the move "
                + "costs, at least 1");
        Integer allowance = movementAllowance(state, unit);
        Refuse.fieldUnless(allowance != null, "unitId", "'" + unit.id() + "' (" + unit.kind() + ") has no movement "
                + "in its counter data");
        TurnSequence.require("move", unit, clock);
        int spent = unit.mpSpent() + move.mpCost();
        int heavy = heavyModifier(state, unit);
        Refuse.unless(spent <= allowance, "12.2", "mpCost", "'" + unit.id() + "' has a movement allowance of "
                + allowance + (heavy != 0 ? " (" + unit.optionalNumber("movement") + " MP, one less for carrying a "
                + "Heavy (H) support weapon)" : "") + "; it has spent " + unit.mpSpent() + " and this move costs "
                + move.mpCost());
        return List.of(new UnitMoved(unit.id(), unit.hex(), move.toHex(), move.terrain(), move.mpCost(), spent,
                allowance));
    }
}
