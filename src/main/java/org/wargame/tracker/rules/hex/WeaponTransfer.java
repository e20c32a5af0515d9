package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.WeaponTransferred;

import java.util.ArrayList;
import java.util.List;

/**
 * 12.4 Exchange or Transfer: infantry units in the same hex hand support weapons to one another in the owning
 * player's Command Phase, within the portage limits of 12.2.
 */
final class WeaponTransfer {

    private WeaponTransfer() {
    }

    static List<HexEvent> transfer(HexState state, GameClock clock, HexAction.TransferWeapon transfer) {
        HexCounter weapon = state.active(transfer.weaponId(), "weaponId");
        Refuse.fieldUnless(weapon.is(HexCounter.SUPPORT_WEAPON), "weaponId", "'" + weapon.id() + "' is a "
                + weapon.kind() + ", not a support weapon");
        Refuse.unless(weapon.carrier() != null, "12.2", "weaponId", "'" + weapon.id() + "' is not under a unit");
        HexCounter from = state.active(weapon.carrier(), "weaponId");
        HexCounter to = state.active(transfer.toUnitId(), "toUnitId");
        Refuse.fieldUnless(!to.id().equals(from.id()), "toUnitId", "'" + to.id() + "' already carries "
                + weapon.id());
        requireMayHandOver(clock, from, to, "toUnitId");
        Portage.requireMayCarry(state, to, SupportWeapon.of(weapon), List.of(), "12.4", "toUnitId");
        return List.of(new WeaponTransferred(weapon.id(), from.id(), to.id(), from.hex()));
    }

    static List<HexEvent> exchange(HexState state, GameClock clock, HexAction.ExchangeWeapons exchange) {
        HexCounter one = state.active(exchange.unitId(), "unitId");
        HexCounter other = state.active(exchange.otherUnitId(), "otherUnitId");
        Refuse.fieldUnless(!one.id().equals(other.id()), "otherUnitId", "a unit does not exchange with itself");
        requireMayHandOver(clock, one, other, "otherUnitId");
        List<HexCounter> oneCarries = state.carriedBy(one.id());
        List<HexCounter> otherCarries = state.carriedBy(other.id());
        Refuse.unless(!oneCarries.isEmpty() || !otherCarries.isEmpty(), "12.4", null, "neither '" + one.id()
                + "' nor '" + other.id() + "' carries a support weapon");
        List<String> oneIds = oneCarries.stream().map(HexCounter::id).toList();
        List<String> otherIds = otherCarries.stream().map(HexCounter::id).toList();
        for (HexCounter weapon : oneCarries) {
            Portage.requireMayCarry(state, other, SupportWeapon.of(weapon), otherIds, "12.4", "otherUnitId");
        }
        for (HexCounter weapon : otherCarries) {
            Portage.requireMayCarry(state, one, SupportWeapon.of(weapon), oneIds, "12.4", "unitId");
        }
        List<HexEvent> events = new ArrayList<>();
        oneCarries.forEach(w -> events.add(new WeaponTransferred(w.id(), one.id(), other.id(), one.hex())));
        otherCarries.forEach(w -> events.add(new WeaponTransferred(w.id(), other.id(), one.id(), one.hex())));
        return events;
    }

    private static void requireMayHandOver(GameClock clock, HexCounter from, HexCounter to, String toField) {
        Refuse.unless(from.infantry() && to.infantry(), "12.4", toField, "only infantry units exchange or transfer "
                + "support weapons ('" + to.id() + "' is a " + to.kind() + ")");
        Refuse.unless(from.side().equals(to.side()), "12.4", toField, "support weapons pass only between the owning "
                + "player's units ('" + to.id() + "' belongs to side '" + to.side() + "')");
        Refuse.unless(from.hex() != null && from.hex().equals(to.hex()), "12.4", toField, "only units occupying the "
                + "same hex exchange or transfer support weapons ('" + from.id() + "' in " + from.hex() + ", '"
                + to.id() + "' in " + to.hex() + ")");
        TurnSequence.require("transfer-weapon", from, clock);
    }
}
