package org.wargame.tracker.rules.asl;

/**
 * A Gun's Original DR against its numbers: at or above the B# it malfunctions; at or above the X# it is removed
 * (disabled). This is why Low Ammo (10.41) matters.
 */
public final class GunBreakdown {

    public enum Outcome { NONE, MALFUNCTIONED, DISABLED }

    private GunBreakdown() {
    }

    public static Outcome of(int originalDr, Integer breakdown, Integer disablement) {
        if (disablement != null && originalDr >= disablement) {
            return Outcome.DISABLED;
        }
        if (breakdown != null && originalDr >= breakdown) {
            return Outcome.MALFUNCTIONED;
        }
        return Outcome.NONE;
    }
}
