package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.GameClock;

import java.util.List;

/**
 * 12.52 Grenades outside a fire attack (in a fire attack see {@link AttackFirepower}): in a close assault by an
 * assaulting unit ("used by an attacking unit the attack dice roll is modified by -1") or by a defending unit (the
 * assaulter's Kill Number -1: 6 becomes 5); or by a passenger of an AFV conducting an overrun, against the overrun's
 * targets. One Grenades counter per unit per attack; never AT; the counter leaves the side's pool. The close assault
 * itself is resolved by the players (not section 12): the tracker records the modifier, and the Kill Number when they
 * give it.
 */
final class GrenadeUse {

    static final String CLOSE_ASSAULT_ATTACK = "close-assault-attack";
    static final String CLOSE_ASSAULT_DEFENCE = "close-assault-defence";
    static final String OVERRUN = "overrun";

    /** 12.52: the attacking unit's attack dice roll, and the assaulter's Kill Number against a defender's grenades. */
    static final int ROLL_MODIFIER = -1;
    static final int KILL_NUMBER_MODIFIER = -1;

    private GrenadeUse() {
    }

    static List<HexEvent> use(HexState state, GameClock clock, HexAction.UseGrenades use) {
        HexCounter unit = state.activeInfantry(use.unitId(), "unitId");
        Refuse.required(use.context(), "context", CLOSE_ASSAULT_ATTACK + ", " + CLOSE_ASSAULT_DEFENCE + " or "
                + OVERRUN + "; grenades in a fire attack: fire with grenades: true");
        String context = use.context();
        Refuse.fieldUnless(List.of(CLOSE_ASSAULT_ATTACK, CLOSE_ASSAULT_DEFENCE, OVERRUN).contains(context), "context",
                "'" + context + "' is not " + CLOSE_ASSAULT_ATTACK + ", " + CLOSE_ASSAULT_DEFENCE + " or " + OVERRUN
                        + " (grenades in a fire attack: fire with grenades: true)");
        Refuse.required(use.targetHex(), "targetHex", "12.52: the hex of the assault or overrun");
        TurnSequence.require("use-grenades/" + context, unit, clock);
        Integer killNumber = use.killNumber();
        Refuse.fieldUnless(killNumber == null || !OVERRUN.equals(context), "killNumber", "a Kill Number belongs to "
                + "a close assault (12.52), not to an overrun");
        Refuse.fieldUnless(killNumber == null || killNumber >= 1, "killNumber", killNumber + " is not a Kill Number "
                + "(1 or more)");
        String effect;
        Integer rollModifier = null;
        Integer modifiedKillNumber = killNumber;
        if (CLOSE_ASSAULT_ATTACK.equals(context)) {
            rollModifier = ROLL_MODIFIER;
            effect = "-1 to the assaulting unit's attack dice roll in the close assault on " + use.targetHex()
                    + (killNumber == null ? "" : "; its Kill Number stays " + killNumber);
        } else if (CLOSE_ASSAULT_DEFENCE.equals(context)) {
            modifiedKillNumber = killNumber == null ? null : killNumber + KILL_NUMBER_MODIFIER;
            effect = "assaulter's Kill Number -1" + (killNumber == null ? ""
                    : " (" + killNumber + " becomes " + modifiedKillNumber + ")");
        } else {
            requirePassenger(state, unit, use.afvId(), "12.52", "grenades");
            rollModifier = ROLL_MODIFIER;
            effect = "-1 to the attack dice roll against the overrun's targets in " + use.targetHex();
        }
        String useKey = "grenades@" + context + ":" + clock.gameTurn() + "." + clock.playerTurn() + "."
                + clock.phase() + ":" + use.targetHex();
        Refuse.unless(!unit.usesThisTurn().contains(useKey), "12.52", "unitId", "only one Grenades counter may be "
                + "used per unit, per attack; '" + unit.id() + "' has used one in this " + context.replace('-', ' ')
                + " on " + use.targetHex());
        return List.of(ExpendablePool.spend(state, unit, ExpendablePool.GRENADES, context, use.targetHex(), null,
                effect, false, useKey, "12.52", rollModifier, killNumber, modifiedKillNumber));
    }

    /** 12.52/12.53: the unit rides the AFV conducting the overrun. */
    static HexCounter requirePassenger(HexState state, HexCounter unit, String afvId, String section, String what) {
        Refuse.required(afvId, "afvId", section + ": the AFV conducting the overrun");
        HexCounter afv = state.active(afvId, "afvId");
        Refuse.unless(afv.is(HexCounter.AFV), section, "afvId", what + " are used in an overrun only by passengers "
                + "on an AFV; '" + afv.id() + "' is a " + afv.kind());
        Refuse.unless(afv.id().equals(unit.aboard()), section, "unitId", what + " are used in an overrun only by "
                + "passengers of the AFV conducting it; '" + unit.id() + "' is not aboard '" + afv.id() + "'");
        return afv;
    }
}
