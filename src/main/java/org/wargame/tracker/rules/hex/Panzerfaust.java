package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.ExpendableSpent;

import java.util.List;

/**
 * 12.51 Panzerfausts and Anti-Tank Grenades: an AT attack only, on an AFV, vehicle or Gun in an adjacent hex, never
 * on infantry; the counter leaves the side's pool. The attack is the unit's one support weapon of the turn (12.3:
 * a Panzerfaust is a support weapon). The AT resolution itself belongs to the AT fire rules, outside section 12: the
 * tracker records the spend, the target and the AT rating the pool's data gives.
 */
final class Panzerfaust {

    private Panzerfaust() {
    }

    static List<HexEvent> use(HexState state, GameClock clock, String item, String unitId, String targetId,
                              Integer range) {
        String label = ExpendablePool.LABELS.get(item);
        HexCounter unit = state.activeInfantry(unitId, "unitId");
        Refuse.required(targetId, "targetId", "12.51: the AFV, vehicle or Gun attacked");
        HexCounter target = state.active(targetId, "targetId");
        Refuse.required(range, "range", "12.51: 1 for an adjacent hex");
        Refuse.fieldUnless(!target.side().equals(unit.side()), "targetId", "'" + target.id() + "' is on side '"
                + unit.side() + "' too");
        TurnSequence.require(item.equals(ExpendablePool.PANZERFAUST) ? "use-panzerfaust" : "use-at-grenade", unit,
                clock);
        Refuse.unless(target.vehicle() || target.is(HexCounter.GUN), "12.51", "targetId", "a " + label + " is used "
                + "only for an AT attack on an AFV, vehicle or Gun; it has no effect on infantry units ('"
                + target.id() + "' is a " + target.kind() + ")");
        Refuse.unless(range == 1, "12.51", "range", "a " + label + " is used only against a target in an adjacent "
                + "hex (range " + range + ")");
        Refuse.unless(!unit.weaponFired(), "12.3", "unitId", "'" + unit.id() + "' has already fired a support weapon "
                + "this turn (one per unit per turn; a " + label + " is a support weapon)");
        HexCounter pool = ExpendablePool.requireAvailable(state, unit.side(), item, 1, "12.51");
        Integer at = pool.optionalNumber(item.equals(ExpendablePool.PANZERFAUST) ? ExpendablePool.PANZERFAUST_AT
                : ExpendablePool.AT_GRENADE_AT);
        String effect = "AT attack on " + target.kind() + " '" + target.id() + "'"
                + (at == null ? "" : " with AT rating " + at);
        ExpendableSpent spent = ExpendablePool.spend(state, unit, item, "at-attack", state.hexOf(target),
                target.id(), effect, true, null, "12.51");
        return List.of(spent);
    }
}
