package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;

import java.util.List;

import static org.wargame.tracker.refusal.RuleViolation.require;

/**
 * 12.52 Grenades outside a fire attack (in a fire attack see {@link AttackFirepower}): by a defending unit in a close
 * assault (the assaulter's Kill Number -1) or by a passenger of an AFV conducting an overrun, against the overrun's
 * targets. One Grenades counter per unit per attack; never AT; the counter leaves the side's pool.
 */
final class GrenadeUse {

    static final String CLOSE_ASSAULT_DEFENCE = "close-assault-defence";
    static final String OVERRUN = "overrun";

    private GrenadeUse() {
    }

    static List<HexEvent> use(HexState state, GameClock clock, HexAction.UseGrenades use) {
        HexCounter unit = state.activeInfantry(use.unitId(), "unitId");
        if (use.targetHex() == null || use.targetHex().isBlank()) {
            throw new IllegalArgumentException("targetHex: missing (the hex of the assault or overrun)");
        }
        String context = use.context();
        String effect;
        if (CLOSE_ASSAULT_DEFENCE.equals(context)) {
            require("CA".equals(clock.phase()), "12.52", "grenades in defence of a close assault are used in the "
                    + "Close Assault Phase (now: " + clock.label() + ")");
            require(!unit.side().equals(clock.phasingSide()), "12.52", "in a close assault grenades are used by "
                    + "the defending units; '" + unit.id() + "' belongs to the assaulting side");
            effect = "assaulter's Kill Number -1";
        } else if (OVERRUN.equals(context)) {
            requirePassenger(state, unit, use.afvId(), "12.52", "grenades");
            effect = "-1 to the attack dice roll against the overrun's targets in " + use.targetHex();
        } else {
            throw new IllegalArgumentException("context: '" + context + "' is not " + CLOSE_ASSAULT_DEFENCE + " or "
                    + OVERRUN + " (grenades in a fire attack: fire with grenades: true)");
        }
        String useKey = "grenades@" + context + ":" + clock.gameTurn() + "." + clock.playerTurn() + "."
                + clock.phase() + ":" + use.targetHex();
        require(!unit.usesThisTurn().contains(useKey), "12.52", "only one Grenades counter may be used per unit, "
                + "per attack; '" + unit.id() + "' has used one in this " + context.replace('-', ' '));
        return List.of(ExpendablePool.spend(state, unit, ExpendablePool.GRENADES, context, use.targetHex(), null,
                effect, false, useKey, "12.52"));
    }

    /** 12.52/12.53: the unit rides the AFV conducting the overrun. */
    static HexCounter requirePassenger(HexState state, HexCounter unit, String afvId, String section, String what) {
        if (afvId == null || afvId.isBlank()) {
            throw new IllegalArgumentException("afvId: missing (the AFV conducting the overrun)");
        }
        HexCounter afv = state.active(afvId, "afvId");
        require(afv.is(HexCounter.AFV), section, what + " are used in an overrun only by passengers on an AFV; '"
                + afv.id() + "' is a " + afv.kind());
        require(afv.id().equals(unit.aboard()), section, what + " are used in an overrun only by passengers of the "
                + "AFV conducting it; '" + unit.id() + "' is not aboard '" + afv.id() + "'");
        return afv;
    }
}
