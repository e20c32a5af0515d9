package org.wargame.tracker.account;

import org.wargame.tracker.refusal.NotYourSide;

import java.util.List;

/** Who sends a command: the account, whether it is the referee, and the sides it plays in this campaign. */
public record Actor(String account, boolean referee, List<String> sides) {

    public Actor {
        sides = sides == null ? List.of() : List.copyOf(sides);
    }

    public boolean mayActFor(String side) {
        return referee || sides.contains(side);
    }

    public void requireMayActFor(String side) {
        if (!mayActFor(side)) {
            throw new NotYourSide(account + " does not play side '" + side + "'");
        }
    }

    public void requireParticipant() {
        if (!referee && sides.isEmpty()) {
            throw new NotYourSide(account + " plays no side of this campaign");
        }
    }
}
