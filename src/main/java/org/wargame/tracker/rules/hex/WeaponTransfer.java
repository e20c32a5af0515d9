package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.WeaponTransferred;

import java.util.List;

import static org.wargame.tracker.refusal.RuleViolation.require;

/**
 * 12.4 Exchange or Transfer: infantry units in the same hex hand support weapons to one another in the owning
 * player's Command Phase, within the portage limits of 12.2.
 */
final class WeaponTransfer {

    private WeaponTransfer() {
    }

    static List<HexEvent> transfer(HexState state, GameClock clock, HexAction.TransferWeapon transfer) {
        HexCounter weapon = state.active(transfer.weaponId(), "weaponId");
        if (!weapon.is(HexCounter.SUPPORT_WEAPON)) {
            throw new IllegalArgumentException("weaponId: '" + weapon.id() + "' is a " + weapon.kind()
                    + ", not a support weapon");
        }
        if (weapon.carrier() == null) {
            throw new IllegalArgumentException("weaponId: '" + weapon.id() + "' is not under a unit");
        }
        HexCounter from = state.active(weapon.carrier(), "weaponId (carrier)");
        HexCounter to = state.active(transfer.toUnitId(), "toUnitId");
        if (to.id().equals(from.id())) {
            throw new IllegalArgumentException("toUnitId: '" + to.id() + "' already carries " + weapon.id());
        }
        requireMayHandOver(clock, from, to);
        Portage.requireMayCarry(state, to, SupportWeapon.of(weapon), List.of(), "12.4");
        return List.of(new WeaponTransferred(weapon.id(), from.id(), to.id(), from.hex()));
    }

    static List<HexEvent> exchange(HexState state, GameClock clock, HexAction.ExchangeWeapons exchange) {
        HexCounter one = state.active(exchange.unitId(), "unitId");
        HexCounter other = state.active(exchange.otherUnitId(), "otherUnitId");
        if (one.id().equals(other.id())) {
            throw new IllegalArgumentException("otherUnitId: a unit does not exchange with itself");
        }
        requireMayHandOver(clock, one, other);
        List<HexCounter> oneCarries = state.carriedBy(one.id());
        List<HexCounter> otherCarries = state.carriedBy(other.id());
        require(!oneCarries.isEmpty() || !otherCarries.isEmpty(), "12.4", "neither '" + one.id() + "' nor '"
                + other.id() + "' carries a support weapon");
        List<String> oneIds = oneCarries.stream().map(HexCounter::id).toList();
        List<String> otherIds = otherCarries.stream().map(HexCounter::id).toList();
        for (HexCounter weapon : oneCarries) {
            Portage.requireMayCarry(state, other, SupportWeapon.of(weapon), otherIds, "12.4");
        }
        for (HexCounter weapon : otherCarries) {
            Portage.requireMayCarry(state, one, SupportWeapon.of(weapon), oneIds, "12.4");
        }
        List<HexEvent> events = new java.util.ArrayList<>();
        oneCarries.forEach(w -> events.add(new WeaponTransferred(w.id(), one.id(), other.id(), one.hex())));
        otherCarries.forEach(w -> events.add(new WeaponTransferred(w.id(), other.id(), one.id(), one.hex())));
        return events;
    }

    private static void requireMayHandOver(GameClock clock, HexCounter from, HexCounter to) {
        require(from.infantry() && to.infantry(), "12.4", "only infantry units exchange or transfer support "
                + "weapons ('" + to.id() + "' is a " + to.kind() + ")");
        require(from.side().equals(to.side()), "12.4", "support weapons pass only between the owning player's "
                + "units ('" + to.id() + "' belongs to side '" + to.side() + "')");
        require(from.hex() != null && from.hex().equals(to.hex()), "12.4", "only units occupying the same hex "
                + "exchange or transfer support weapons ('" + from.id() + "' in " + from.hex() + ", '" + to.id()
                + "' in " + to.hex() + ")");
        require("CP".equals(clock.phase()) && from.side().equals(clock.phasingSide()), "12.4",
                "support weapons are exchanged or transferred only during the owning player's Command Phase (now: "
                        + clock.label() + ")");
    }
}
