package org.wargame.tracker.scenario;

import org.wargame.tracker.account.Actor;

import java.util.List;

/**
 * Who reads: an account, the sides it plays, whether it is the referee and, for a campaign that declares a blind
 * referee, whether that referee sees only what every side sees. {@link Visibility} decides what it may see.
 */
public record Viewer(String account, boolean referee, boolean blind, List<String> sides) {

    public Viewer {
        sides = sides == null ? List.of() : List.copyOf(sides);
    }

    /** {@code blindReferee}: the campaign's declaration ({@link Viewers} reads it; only a referee is made blind). */
    public static Viewer of(Actor actor, boolean blindReferee) {
        return new Viewer(actor.account(), actor.referee(), actor.referee() && blindReferee, actor.sides());
    }

    /** The referee who sees everything (not a blind one). */
    public boolean seesEverything() {
        return referee && !blind;
    }
}
