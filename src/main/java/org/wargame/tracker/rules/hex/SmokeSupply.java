package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexEvent.SmokeLaid;

import java.util.List;

/**
 * 12.66 Smoke Rounds: in lieu of an attack, under the same rules as firing (LOS or spotter, minimum range, no
 * Opportunity Fire...), a mortar places a Smoke 2 marker in the target hex with no dice roll; the firing unit is
 * marked with a Fire marker and two smoke factors leave the side's smoke supply, which never goes below zero.
 */
final class SmokeSupply {

    static final int SMOKE_LEVEL = 2;
    static final int FACTORS_PER_ROUND = 2;

    private SmokeSupply() {
    }

    static List<HexEvent> fire(HexState state, GameClock clock, HexAction.MortarSmoke smoke) {
        Refuse.required(smoke.weaponId(), "weaponId", "12.66: the mortar firing the smoke round");
        MortarFire.Firing firing = MortarFire.requireMayFire(state, clock, "mortar-smoke", "weaponId",
                List.of(smoke.weaponId()), smoke.targetHex(), smoke.range(), smoke.los(), smoke.spotterId());
        HexCounter pool = ExpendablePool.requireAvailable(state, firing.side(), ExpendablePool.SMOKE,
                FACTORS_PER_ROUND, "12.66");
        int left = pool.pool().get(ExpendablePool.SMOKE) - FACTORS_PER_ROUND;
        return List.of(new SmokeLaid(firing.side(), smoke.weaponId(), firing.units().get(0).id(), smoke.targetHex(),
                SMOKE_LEVEL, pool.id(), FACTORS_PER_ROUND, left));
    }
}
