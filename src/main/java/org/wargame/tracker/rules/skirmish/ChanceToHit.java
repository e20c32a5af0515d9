package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.skirmish.SkirmishState.RangeBand;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

/**
 * VI. INFANTRY WEAPONS FIRE/ATGM LAUNCH: "Find the percentage chance to hit for the weapon at the appropriate range";
 * "If the weapon is later found to be out of range, the weapon missed"; "Troops with a sniper scope add 5% to hit.
 * Elite troops increase their chance to hit by 5% for each level of elite."; "If the number on the 20 sided die is
 * equal to or less than the Percentage Chance to Hit ... the weapon hit the target."
 *
 * <p>Reading of the d20 against a percentage: each face of the d20 is 5%; the d20 hits when d20 x 5 is at most the
 * percentage (a 60% weapon hits on 1-12). A percentage below 5 never hits; 100% or more always hits.
 */
public final class ChanceToHit {

    public static final String RULE = "VI. Infantry Weapons Fire";
    public static final int SCOPE_BONUS = 5;
    public static final int ELITE_BONUS_PER_LEVEL = 5;
    public static final int PERCENT_PER_D20_FACE = 5;

    /**
     * The computation of one shot: the weapon's percentage at the measured range (null when out of range), the
     * bonuses and the total; whether the firer and the target man were stationary this turn ("Infantry who simply
     * change direction without moving are considered stationary"; null for a target that is not a man, and in shots
     * stored before it was recorded).
     */
    public record Computation(int rangeMetres, Integer weaponPercent, int scopeBonus, int eliteBonus, Integer percent,
                              boolean outOfRange, Boolean firerStationary, Boolean targetStationary) {
        /** The highest d20 that hits (0: none hits). */
        public int highestHittingD20() {
            return percent == null ? 0 : Math.min(20, Math.max(0, percent / PERCENT_PER_D20_FACE));
        }
    }

    private ChanceToHit() {
    }

    public static Computation compute(Weapon weapon, int rangeMetres, boolean sniperScope, int eliteLevel) {
        return compute(weapon, rangeMetres, sniperScope, eliteLevel, null, null);
    }

    public static Computation compute(Weapon weapon, int rangeMetres, boolean sniperScope, int eliteLevel,
                                      Boolean firerStationary, Boolean targetStationary) {
        if (rangeMetres < 0) {
            throw new FieldRefused("rangeMetres", "a measured range is 0 or more metres");
        }
        Integer base = null;
        for (RangeBand band : weapon.toHit()) {
            if (rangeMetres <= band.maxRange()) {
                base = band.percent();
                break;
            }
        }
        int scope = sniperScope ? SCOPE_BONUS : 0;
        int elite = eliteLevel * ELITE_BONUS_PER_LEVEL;
        if (base == null) {
            return new Computation(rangeMetres, null, scope, elite, null, true, firerStationary, targetStationary);
        }
        return new Computation(rangeMetres, base, scope, elite, base + scope + elite, false, firerStationary,
                targetStationary);
    }

    /** The d20 hits when it is equal to or less than the percentage read at 5% a face. */
    public static boolean hits(int d20, int percent) {
        return d20 * PERCENT_PER_D20_FACE <= percent;
    }
}
