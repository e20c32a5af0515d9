package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;

import java.util.List;

/**
 * 12.53 Satchel Charges outside a fire attack (in a fire attack see {@link AttackFirepower}): in a close assault, by
 * either side, adding the charge's APFP; or by a passenger of an AFV conducting an overrun, against its targets. One
 * per unit per attack; never AT; the counter leaves the side's pool.
 */
final class SatchelCharge {

    static final String CLOSE_ASSAULT = "close-assault";
    static final String OVERRUN = "overrun";

    private SatchelCharge() {
    }

    static List<HexEvent> use(HexState state, GameClock clock, HexAction.UseSatchelCharge use) {
        HexCounter unit = state.activeInfantry(use.unitId(), "unitId");
        Refuse.required(use.context(), "context", CLOSE_ASSAULT + " or " + OVERRUN + "; a satchel charge in a fire "
                + "attack: fire with satchelCharge: true");
        String context = use.context();
        Refuse.fieldUnless(CLOSE_ASSAULT.equals(context) || OVERRUN.equals(context), "context", "'" + context
                + "' is not " + CLOSE_ASSAULT + " or " + OVERRUN + " (a satchel charge in a fire attack: fire with "
                + "satchelCharge: true)");
        Refuse.required(use.targetHex(), "targetHex", "12.53: the hex of the assault or overrun");
        TurnSequence.require("use-satchel-charge/" + context, unit, clock);
        if (OVERRUN.equals(context)) {
            GrenadeUse.requirePassenger(state, unit, use.afvId(), "12.53", "satchel charges");
        }
        String useKey = "satchel-charge@" + context + ":" + clock.gameTurn() + "." + clock.playerTurn() + "."
                + clock.phase() + ":" + use.targetHex();
        Refuse.unless(!unit.usesThisTurn().contains(useKey), "12.53", "unitId", "only one satchel charge may be "
                + "used per attack; '" + unit.id() + "' has used one in this " + context.replace('-', ' ') + " on "
                + use.targetHex());
        HexCounter pool = ExpendablePool.requireAvailable(state, unit.side(), ExpendablePool.SATCHEL_CHARGE, 1,
                "12.53");
        int apfp = pool.number(ExpendablePool.SATCHEL_APFP);
        return List.of(ExpendablePool.spend(state, unit, ExpendablePool.SATCHEL_CHARGE, context, use.targetHex(),
                null, "+" + apfp + " APFP to the unit's " + context.replace('-', ' ') + " attack", false, useKey,
                "12.53"));
    }
}
