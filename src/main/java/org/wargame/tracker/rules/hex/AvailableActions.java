package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.DieNeed;
import org.wargame.tracker.rules.GameClock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each counter may do at the clock's position, and why not where section 12 forbids it, with the action's
 * request ready to send and the fields the players fill in from the board (range, LOS, target...).
 */
final class AvailableActions {

    private static final List<DieNeed> TWO_D6 = List.of(HexActionSchemas.ATTACK_ROLL);
    private static final List<DieNeed> BARRAGE = List.of(HexActionSchemas.BARRAGE_ROLL);

    private AvailableActions() {
    }

    static List<ActionOption> of(HexState state, GameClock clock) {
        List<ActionOption> options = new ArrayList<>();
        for (HexCounter c : state.counters()) {
            if (c.eliminated()) {
                continue;
            }
            if (c.infantry()) {
                infantry(state, clock, c, options);
            }
            if (c.infantry() || c.vehicle() || c.is(HexCounter.GUN)) {
                options.add(option(c, "eliminate", "Eliminated (fire table result)", null,
                        Map.of("type", "eliminate", "counterId", c.id()), List.of("cause"), List.of()));
                options.add(option(c, "set-pinned", c.pinned() ? "No longer pinned" : "Pinned", null,
                        Map.of("type", "set-pinned", "counterId", c.id(), "pinned", !c.pinned()), List.of(),
                        List.of()));
            }
        }
        return options;
    }

    private static void infantry(HexState state, GameClock clock, HexCounter c, List<ActionOption> options) {
        String side = c.side();
        Integer allowance = Portage.movementAllowance(state, c);
        String moveRefusal = first(TurnSequence.refusal("move", side, clock),
                allowance != null && c.mpSpent() >= allowance ? "12.2: movement allowance of " + allowance + " spent"
                        : null);
        options.add(option(c, "move", "Move (" + (allowance == null ? 0 : allowance - c.mpSpent()) + " MP left)",
                moveRefusal, Map.of("type", "move", "unitId", c.id()), List.of("toHex", "terrain", "mpCost"),
                List.of()));
        String fired = c.weaponFired() ? "12.3: '" + c.id() + "' has already fired a support weapon this turn"
                : null;
        String firePhase = TurnSequence.refusal("fire", side, clock);
        for (HexCounter weapon : state.carriedBy(c.id())) {
            SupportWeapon w = SupportWeapon.of(weapon);
            options.add(option(c, "transfer-weapon", "Hand over " + w.name(),
                    TurnSequence.refusal("transfer-weapon", side, clock),
                    Map.of("type", "transfer-weapon", "weaponId", weapon.id()), List.of("toUnitId"), List.of()));
            if (w.mortar()) {
                String where = c.terrain() != null && MortarFire.NO_FIRE_TERRAIN.contains(c.terrain().toLowerCase())
                        ? "12.61: mortars may not fire from building hexes or bunkers" : null;
                String opportunity = TurnSequence.MP.equals(clock.phase()) && !side.equals(clock.phasingSide())
                        ? "12.61: mortars may not make Opportunity Fire attacks" : null;
                options.add(option(c, "mortar-fire", "Fire " + w.name(), first(opportunity,
                                TurnSequence.refusal("mortar-fire", side, clock), fired, where),
                        Map.of("type", "mortar-fire", "weaponIds", List.of(weapon.id())),
                        List.of("targetHex", "range", "los", "spotterId", "leaderId", "coverModifier"), BARRAGE));
                int smoke = state.poolOf(side).map(p -> p.pool().getOrDefault(ExpendablePool.SMOKE, 0)).orElse(0);
                options.add(option(c, "mortar-smoke", "Smoke round (" + smoke + " smoke factors)",
                        first(opportunity, TurnSequence.refusal("mortar-smoke", side, clock), fired, where,
                                smoke < SmokeSupply.FACTORS_PER_ROUND
                                        ? "12.66: the side's smoke supply has " + smoke + " factors" : null),
                        Map.of("type", "mortar-smoke", "weaponId", weapon.id()),
                        List.of("targetHex", "range", "los", "spotterId"), List.of()));
            } else {
                options.add(option(c, "fire", "Fire " + w.name(), first(firePhase, fired),
                        Map.of("type", "fire", "unitId", c.id(), "weaponId", weapon.id()),
                        List.of("targetHex", "targetId", "range", "attack", "grenades"), TWO_D6));
            }
        }
        Map<String, Integer> pool = state.poolOf(side).map(HexCounter::pool).orElse(Map.of());
        if (pool.getOrDefault(ExpendablePool.PANZERFAUST, 0) > 0) {
            options.add(option(c, "use-panzerfaust", "Panzerfaust (" + pool.get(ExpendablePool.PANZERFAUST)
                    + " left)", first(TurnSequence.refusal("use-panzerfaust", side, clock), fired),
                    Map.of("type", "use-panzerfaust", "unitId", c.id()), List.of("targetId", "range"), List.of()));
        }
        if (pool.getOrDefault(ExpendablePool.AT_GRENADE, 0) > 0) {
            options.add(option(c, "use-at-grenade", "AT grenade (" + pool.get(ExpendablePool.AT_GRENADE)
                    + " left)", first(TurnSequence.refusal("use-at-grenade", side, clock), fired),
                    Map.of("type", "use-at-grenade", "unitId", c.id()), List.of("targetId", "range"), List.of()));
        }
        boolean grenades = pool.getOrDefault(ExpendablePool.GRENADES, 0) > 0;
        boolean satchel = pool.getOrDefault(ExpendablePool.SATCHEL_CHARGE, 0) > 0;
        if (grenades || satchel) {
            options.add(option(c, "fire", "Attack with grenades or a satchel charge", firePhase,
                    Map.of("type", "fire", "unitId", c.id()),
                    List.of("targetHex", "targetId", "range", "grenades", "satchelCharge"), TWO_D6));
        }
        if (TurnSequence.CA.equals(clock.phase())) {
            boolean assaulting = side.equals(clock.phasingSide());
            if (grenades && assaulting) {
                options.add(option(c, "use-grenades", "Grenades in the assault (attack dice roll -1)", null,
                        Map.of("type", "use-grenades", "unitId", c.id(), "context", GrenadeUse.CLOSE_ASSAULT_ATTACK),
                        List.of("targetHex", "killNumber"), List.of()));
            }
            if (grenades && !assaulting) {
                options.add(option(c, "use-grenades", "Grenades in defence (assaulter's Kill Number -1)", null,
                        Map.of("type", "use-grenades", "unitId", c.id(), "context", GrenadeUse.CLOSE_ASSAULT_DEFENCE),
                        List.of("targetHex", "killNumber"), List.of()));
            }
            if (satchel) {
                options.add(option(c, "use-satchel-charge", "Satchel charge in the close assault", null,
                        Map.of("type", "use-satchel-charge", "unitId", c.id(), "context",
                                SatchelCharge.CLOSE_ASSAULT), List.of("targetHex"), List.of()));
            }
        }
    }

    /** The first refusal that applies, or null. */
    private static String first(String... refusals) {
        for (String refusal : refusals) {
            if (refusal != null) {
                return refusal;
            }
        }
        return null;
    }

    private static ActionOption option(HexCounter c, String action, String label, String refusal,
                                       Map<String, Object> request, List<String> fields, List<DieNeed> dice) {
        return new ActionOption(c.id(), action, label, refusal == null, refusal, new LinkedHashMap<>(request),
                fields, dice);
    }
}
