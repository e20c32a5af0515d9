package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;

import java.util.List;

/**
 * The hex rule set's actions. Geometry is what the players read off the map: the range in hexes, whether the firer
 * has LOS, which unit spots; the tracker checks these facts against section 12, it does not measure the map.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = HexAction.Move.class, name = "move"),
        @JsonSubTypes.Type(value = HexAction.TransferWeapon.class, name = "transfer-weapon"),
        @JsonSubTypes.Type(value = HexAction.ExchangeWeapons.class, name = "exchange-weapons"),
        @JsonSubTypes.Type(value = HexAction.Fire.class, name = "fire"),
        @JsonSubTypes.Type(value = HexAction.MortarFire.class, name = "mortar-fire"),
        @JsonSubTypes.Type(value = HexAction.MortarSmoke.class, name = "mortar-smoke"),
        @JsonSubTypes.Type(value = HexAction.UsePanzerfaust.class, name = "use-panzerfaust"),
        @JsonSubTypes.Type(value = HexAction.UseAtGrenade.class, name = "use-at-grenade"),
        @JsonSubTypes.Type(value = HexAction.UseGrenades.class, name = "use-grenades"),
        @JsonSubTypes.Type(value = HexAction.UseSatchelCharge.class, name = "use-satchel-charge"),
        @JsonSubTypes.Type(value = HexAction.Eliminate.class, name = "eliminate"),
        @JsonSubTypes.Type(value = HexAction.SetPinned.class, name = "set-pinned")
})
public sealed interface HexAction extends RuleAction permits HexAction.Move, HexAction.TransferWeapon,
        HexAction.ExchangeWeapons, HexAction.Fire, HexAction.MortarFire, HexAction.MortarSmoke,
        HexAction.UsePanzerfaust, HexAction.UseAtGrenade, HexAction.UseGrenades, HexAction.UseSatchelCharge,
        HexAction.Eliminate, HexAction.SetPinned {

    /** The side on whose behalf this action is taken: the owner of the counter it is about. */
    String actingSide(HexState state);

    /**
     * The events this action causes under the rules, or a refusal. Each action decides in its own method so that
     * the dispatch is checked by the compiler: a new action does not compile until it says what it does.
     */
    List<HexEvent> decide(HexState state, GameClock clock, Dice dice);

    /** 12.2: a unit moves into {@code toHex} (of {@code terrain}), spending {@code mpCost} Movement Points. */
    record Move(String unitId, String toHex, String terrain, Integer mpCost) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return Portage.move(state, clock, this);
        }
    }

    /** 12.4: the weapon moves from its carrier to another infantry unit in the hex. */
    record TransferWeapon(String weaponId, String toUnitId) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(weaponId, "weaponId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return WeaponTransfer.transfer(state, clock, this);
        }
    }

    /** 12.4: two infantry units in one hex swap the weapons they carry. */
    record ExchangeWeapons(String unitId, String otherUnitId) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return WeaponTransfer.exchange(state, clock, this);
        }
    }

    /**
     * 12.3, 12.52, 12.53: an attack by {@code unitId} with the support weapon it carries ({@code weaponId}, optional),
     * grenades and/or a satchel charge from the side's pool; {@code attack} AP or AT (declared when the weapon can do
     * both); {@code range} in hexes as read off the map (1 = adjacent); {@code targetId} names the target of an AT
     * attack.
     */
    record Fire(String unitId, String weaponId, String attack, String targetHex, String targetId, Integer range,
                Boolean grenades, Boolean satchelCharge) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return AttackFirepower.fire(state, clock, this, dice);
        }
    }

    /**
     * 12.61-12.65, 12.67: the mortars in one hex fire one barrage at {@code targetHex}; {@code los}: the firing unit
     * sees the target hex; otherwise {@code spotterId} is the friendly unit that does; {@code leaderId}: a leader in
     * the mortars' hex adds his leadership modifier; {@code coverModifier}: the cover modifier of the target hex for
     * the to-hit roll against vehicles, as the terrain chart gives it.
     */
    record MortarFire(List<String> weaponIds, String targetHex, Integer range, Boolean los, String spotterId,
                      String leaderId, Integer coverModifier) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return SupportWeaponRules.mortarSide(state, this);
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return org.wargame.tracker.rules.hex.MortarFire.fire(state, clock, this, dice);
        }
    }

    /** 12.66: a mortar fires a smoke round at {@code targetHex} in lieu of an attack. */
    record MortarSmoke(String weaponId, String targetHex, Integer range, Boolean los, String spotterId)
            implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(weaponId, "weaponId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return SmokeSupply.fire(state, clock, this);
        }
    }

    /** 12.51: a unit spends a Panzerfaust from its side's pool on an adjacent AFV, vehicle or Gun. */
    record UsePanzerfaust(String unitId, String targetId, Integer range) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return Panzerfaust.use(state, clock, ExpendablePool.PANZERFAUST, unitId, targetId, range);
        }
    }

    /** 12.51: a unit spends an AT grenade from its side's pool on an adjacent AFV, vehicle or Gun. */
    record UseAtGrenade(String unitId, String targetId, Integer range) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return Panzerfaust.use(state, clock, ExpendablePool.AT_GRENADE, unitId, targetId, range);
        }
    }

    /**
     * 12.52: grenades outside a fire attack: {@code context} "close-assault-attack" (an assaulting unit: -1 to its
     * attack dice roll), "close-assault-defence" (a defending unit: the assaulter's Kill Number -1) or "overrun" (a
     * passenger of {@code afvId} against the overrun's targets in {@code targetHex}). {@code killNumber}, optional in
     * a close assault: the assaulter's Kill Number as the players read it, recorded with the modifier. In a fire
     * attack use {@link Fire#grenades()}.
     */
    record UseGrenades(String unitId, String context, String targetHex, String afvId, Integer killNumber)
            implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return GrenadeUse.use(state, clock, this);
        }
    }

    /**
     * 12.53: a satchel charge outside a fire attack: {@code context} "close-assault" (either side) or "overrun" (a
     * passenger of {@code afvId}). In a fire attack use {@link Fire#satchelCharge()}.
     */
    record UseSatchelCharge(String unitId, String context, String targetHex, String afvId) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(unitId, "unitId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return SatchelCharge.use(state, clock, this);
        }
    }

    /** A result the players read off the combat tables: the counter is eliminated (12.2: with its weapons). */
    record Eliminate(String counterId, String cause) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(counterId, "counterId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return Losses.eliminate(state, this);
        }
    }

    /** A result the players read off the combat tables: the unit is pinned, or no longer pinned (12.62 spotters). */
    record SetPinned(String counterId, Boolean pinned) implements HexAction {
        @Override
        public String actingSide(HexState state) {
            return state.counter(counterId, "counterId").side();
        }

        @Override
        public List<HexEvent> decide(HexState state, GameClock clock, Dice dice) {
            return Losses.pin(state, this);
        }
    }
}
