package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.Ordered;
import org.wargame.tracker.rules.RuleState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The hex rule set's state of one scenario: every counter (in the order of the order of battle) and the Smoke markers
 * on the map (hex to smoke level, 12.66), and the campaign's fire table when it declares one (12.64; null: none, and
 * in states kept before it was read). Immutable; changed only by the fold below, one {@code on} method per event
 * ({@link HexEvent#applyTo}).
 */
@JsonTypeName("hex")
public record HexState(List<HexCounter> counters, Map<String, Integer> smoke, FireTable fireTable)
        implements RuleState {

    public HexState {
        counters = counters == null ? List.of() : List.copyOf(counters);
        smoke = smoke == null ? Map.of() : Ordered.copyOf(smoke);
    }

    public Optional<HexCounter> find(String id) {
        return counters.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    /** The counter {@code id}; refuses an unknown id naming the action's field. */
    public HexCounter counter(String id, String field) {
        Refuse.required(id, field, "the id of a counter of this scenario");
        return find(id).orElseThrow(() -> Refuse.field(field, "no counter '" + id + "' in this scenario"));
    }

    /** The counter {@code id}, in play (not eliminated) and a squad, half squad or leader. */
    public HexCounter activeInfantry(String id, String field) {
        HexCounter unit = active(id, field);
        Refuse.fieldUnless(unit.infantry(), field, "'" + id + "' is a " + unit.kind() + ", not a squad, half squad "
                + "or leader");
        return unit;
    }

    /** The counter {@code id}, not eliminated. */
    public HexCounter active(String id, String field) {
        HexCounter counter = counter(id, field);
        if (counter.eliminated()) {
            throw Refuse.eliminated(field, id);
        }
        return counter;
    }

    /** The support weapons under {@code unitId} (12.2: placed under the unit carrying them). */
    public List<HexCounter> carriedBy(String unitId) {
        return counters.stream().filter(c -> c.is(HexCounter.SUPPORT_WEAPON) && unitId.equals(c.carrier())
                && !c.eliminated()).toList();
    }

    /** Where a counter is: a weapon is where its carrier is. */
    public String hexOf(HexCounter counter) {
        if (counter.carrier() != null) {
            return find(counter.carrier()).map(HexCounter::hex).orElse(counter.hex());
        }
        return counter.hex();
    }

    public String terrainOf(HexCounter counter) {
        if (counter.carrier() != null) {
            return find(counter.carrier()).map(HexCounter::terrain).orElse(counter.terrain());
        }
        return counter.terrain();
    }

    /** The units (not weapons, not pools) in play in {@code hex}. */
    public List<HexCounter> unitsIn(String hex) {
        return counters.stream().filter(c -> !c.eliminated() && hex != null && hex.equals(c.hex())
                && !c.is(HexCounter.SUPPORT_WEAPON) && !c.is(HexCounter.EXPENDABLES)).toList();
    }

    /** The side's expendables counter (12.5), if the order of battle gave it one. */
    public Optional<HexCounter> poolOf(String side) {
        return counters.stream().filter(c -> c.is(HexCounter.EXPENDABLES) && side.equals(c.side())).findFirst();
    }

    @JsonIgnore
    public Map<String, HexCounter> byId() {
        Map<String, HexCounter> map = new LinkedHashMap<>();
        counters.forEach(c -> map.put(c.id(), c));
        return map;
    }

    HexState change(String id, UnaryOperator<HexCounter> change) {
        List<HexCounter> list = new ArrayList<>(counters.size());
        for (HexCounter c : counters) {
            list.add(c.id().equals(id) ? change.apply(c) : c);
        }
        return new HexState(list, smoke, fireTable);
    }

    HexState changeAll(UnaryOperator<HexCounter> change) {
        return new HexState(counters.stream().map(change).toList(), smoke, fireTable);
    }

    HexState withSmoke(String hex, int level) {
        Map<String, Integer> map = new LinkedHashMap<>(smoke);
        map.put(hex, level);
        return new HexState(counters, map, fireTable);
    }

    // ---------------------------------------------------------------- the fold: one method per event (applyTo)

    HexState on(HexEvent.UnitMoved moved) {
        return change(moved.unitId(), c -> c.at(moved.toHex(),
                moved.terrain() == null ? c.terrain() : moved.terrain(), moved.mpSpent()));
    }

    HexState on(HexEvent.WeaponTransferred transferred) {
        return change(transferred.weaponId(), c -> c.carriedBy(transferred.toUnitId()));
    }

    HexState on(HexEvent.AttackFired fired) {
        return change(fired.unitId(), c -> c.firedNow(fired.weaponId() != null, fired.targetHex()));
    }

    HexState on(HexEvent.ExpendableSpent spent) {
        HexState next = change(spent.poolId(), c -> c.withPool(spent.item(), Math.max(0,
                spent.remaining())));
        if (spent.weaponFire()) {
            next = next.change(spent.unitId(), c -> c.firedNow(true, spent.targetHex()));
        }
        if (spent.useKey() != null) {
            next = next.change(spent.unitId(), c -> c.used(spent.useKey()));
        }
        return next;
    }

    HexState on(HexEvent.MortarBarrageFired barrage) {
        HexState next = this;
        for (String unitId : barrage.unitIds()) {
            next = next.change(unitId, c -> c.firedNow(true, barrage.targetHex()));
        }
        return next;
    }

    HexState on(HexEvent.VehicleAttacked attacked) {
        return attacked.destroyed() ? this.change(attacked.vehicleId(), HexCounter::eliminatedNow) : this;
    }

    HexState on(HexEvent.SmokeLaid laid) {
        return withSmoke(laid.targetHex(), laid.smokeLevel())
                .change(laid.unitId(), c -> c.firedNow(true, laid.targetHex()))
                .change(laid.poolId(), c -> c.withPool(ExpendablePool.SMOKE, Math.max(0, laid.supplyLeft())));
    }

    HexState on(HexEvent.UnitEliminated eliminated) {
        HexState next = change(eliminated.counterId(), HexCounter::eliminatedNow);
        for (String weapon : eliminated.weaponsEliminated()) {
            next = next.change(weapon, HexCounter::eliminatedNow);
        }
        return next;
    }

    HexState on(HexEvent.PinStatusRecorded pin) {
        return change(pin.counterId(), c -> c.withPinned(pin.pinned()));
    }

    HexState on(HexEvent.GameTurnBegan e) {
        return changeAll(HexCounter::newTurn);
    }

    HexState on(HexEvent.MovementPhaseBegan began) {
        return changeAll(c -> c.side().equals(began.side()) ? c.movementReset() : c);
    }
}
