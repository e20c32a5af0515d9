package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.refusal.RuleViolation;

/** 10.11 PACK-TI: who may become Pack-TI, and when. */
public final class PackTi {

    private PackTi() {
    }

    /** 10.11: only in RPh Step 1.13B at the start of a Game Turn (also when reversing, 10.33). */
    public static void requireStartOfGameTurn(GameClock clock, String section, String what) {
        RuleViolation.require(clock.initialPlayerTurn() && clock.isAt("RPh", "1.13B"), section,
                what + " only in RPh Step 1.13B at the start of a Game Turn (now: " + clock.label() + ")");
    }

    /**
     * 10.11 (and 10.7 for SW): the unit that may become Pack-TI with its Gun: a non-PRC, Good Order crew of the
     * Gun's nationality, not pinned; for a SW any MMC of its nationality.
     */
    public static void requireEligible(AslCounter unit, AslCounter gun) {
        boolean sw = "support-weapon".equals(gun.kind());
        if (sw) {
            RuleViolation.require("crew".equals(unit.kind()) || "squad".equals(unit.kind())
                    || "half-squad".equals(unit.kind()), "10.7", "only an MMC may (un)pack a support weapon");
        } else {
            RuleViolation.require("crew".equals(unit.kind()), "10.11",
                    "the only Personnel unit that may become Pack-TI is a crew counter");
        }
        RuleViolation.require(!unit.prc(), "10.11", "a PRC may not become Pack-TI");
        RuleViolation.require(unit.goodOrder(), "10.11", "only a Good Order crew may become Pack-TI");
        RuleViolation.require(!unit.pinned(), "10.11", "a pinned crew may not become Pack-TI");
        RuleViolation.require(unit.nationality() != null && unit.nationality().equals(gun.nationality()),
                sw ? "10.7" : "10.11", "only a crew of the Gun's nationality (" + gun.nationality()
                        + ") may become Pack-TI with it; this one is " + unit.nationality());
    }
}
