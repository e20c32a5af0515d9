package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.hex.HexEvent.ExpendableSpent;

import java.util.List;
import java.util.Map;

/**
 * 12.5 Expendable (X) support weapons: a pool held by the side, not by a unit. The side's counter of kind
 * {@code expendables} holds the counts the scenario's order of battle gives (its state), which the roster carries
 * from scenario to scenario; each use removes one. The same counter holds the side's smoke supply (12.66).
 */
final class ExpendablePool {

    static final String PANZERFAUST = "panzerfaust";
    static final String AT_GRENADE = "at-grenade";
    static final String GRENADES = "grenades";
    static final String SATCHEL_CHARGE = "satchel-charge";
    /** 12.66: smoke factors, not an X weapon, but a supply of the side kept the same way. */
    static final String SMOKE = "smoke";

    static final List<String> ITEMS = List.of(PANZERFAUST, AT_GRENADE, GRENADES, SATCHEL_CHARGE, SMOKE);

    /** 12.5: how each expendable is named in refusals and markers. */
    static final Map<String, String> LABELS = Map.of(PANZERFAUST, "Panzerfaust", AT_GRENADE, "AT Grenade",
            GRENADES, "Grenades", SATCHEL_CHARGE, "Satchel Charge", SMOKE, "smoke factor");

    /** Counter data of the pool: the APFP of a satchel charge (12.53) and AT ratings of 12.51 weapons. */
    static final String SATCHEL_APFP = "satchelChargeApfp";
    static final String PANZERFAUST_AT = "panzerfaustAt";
    static final String AT_GRENADE_AT = "atGrenadeAt";

    private ExpendablePool() {
    }

    /** Checks the pool counter's data: counts are whole numbers of 0 or more; a satchel charge's APFP is given. */
    static void validate(HexCounter pool) {
        pool.pool().forEach((item, n) -> {
            if (n < 0) {
                throw Refuse.counter(pool.id(), "state." + item, n + " is below 0");
            }
        });
        for (String field : List.of(SATCHEL_APFP, PANZERFAUST_AT, AT_GRENADE_AT)) {
            Integer value = pool.optionalNumber(field);
            if (value != null && value < 0) {
                throw Refuse.counter(pool.id(), "data." + field, value + " is below 0");
            }
        }
        if (pool.pool().getOrDefault(SATCHEL_CHARGE, 0) > 0 && pool.optionalNumber(SATCHEL_APFP) == null) {
            throw Refuse.counter(pool.id(), "data." + SATCHEL_APFP, "missing (the side holds satchel charges, "
                    + "12.53 adds their APFP)");
        }
    }

    /** The side's pool, refusing (under {@code section}) when it holds no {@code item}. */
    static HexCounter requireAvailable(HexState state, String side, String item, int needed, String section) {
        HexCounter pool = state.poolOf(side).orElse(null);
        int left = pool == null ? 0 : pool.pool().getOrDefault(item, 0);
        Refuse.unless(left >= needed, section, null, "side '" + side + "' has " + left + " " + LABELS.get(item)
                + (left == 1 || LABELS.get(item).endsWith("s") ? "" : "s") + " left in its pool"
                + (needed > 1 ? "; this needs " + needed : "") + " (12.5: each use removes "
                + (needed > 1 ? needed : "one") + ")");
        return pool;
    }

    /** 12.5: one expendable leaves the side's pool. */
    static ExpendableSpent spend(HexState state, HexCounter unit, String item, String context, String targetHex,
                                 String targetId, String effect, boolean weaponFire, String useKey,
                                 String section) {
        return spend(state, unit, item, context, targetHex, targetId, effect, weaponFire, useKey, section, null, null,
                null);
    }

    /** 12.5 with 12.52's modifiers recorded: the attack dice roll's, the assaulter's Kill Number before and after. */
    static ExpendableSpent spend(HexState state, HexCounter unit, String item, String context, String targetHex,
                                 String targetId, String effect, boolean weaponFire, String useKey, String section,
                                 Integer rollModifier, Integer killNumber, Integer modifiedKillNumber) {
        HexCounter pool = requireAvailable(state, unit.side(), item, 1, section);
        return new ExpendableSpent(unit.side(), pool.id(), item, unit.id(), context, targetHex, targetId, effect,
                pool.pool().get(item) - 1, weaponFire, useKey, rollModifier, killNumber, modifiedKillNumber);
    }
}
