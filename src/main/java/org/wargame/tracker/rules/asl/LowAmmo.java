package org.wargame.tracker.rules.asl;

/**
 * 10.41: a Low Ammo counter changes the Gun's current B# to an X# and creates a new B# one less than that X#; a
 * second Low Ammo repeats it (81mm MTR with B# 12: first 11/12, second 10/11).
 */
public final class LowAmmo {

    public record Numbers(Integer breakdown, Integer disablement) {
    }

    private LowAmmo() {
    }

    public static Numbers mark(Integer breakdown, Integer disablement) {
        if (breakdown == null) {
            return new Numbers(null, disablement); // no B# in the counter data: nothing to change
        }
        return new Numbers(breakdown - 1, breakdown);
    }
}
