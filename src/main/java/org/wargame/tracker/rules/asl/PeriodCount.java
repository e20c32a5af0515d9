package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GameTurnCounted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodCompleted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PlayerTurnCounted;

import java.util.List;

/**
 * 10.3: what the end of a Player Turn does to each (Un)Packing Period. A Player Turn passed while the crew is
 * Pack-TI counts toward half the period (10.31); a Game Turn counts only when the crew was Pack-TI throughout it;
 * the period is complete after its length in counted Game Turns, once the Gun has been (un)loaded.
 */
final class PeriodCount {

    private PeriodCount() {
    }

    static void playerTurnEnded(Decision out, GameClock from, GameClock to) {
        for (String gun : List.copyOf(out.state().periods().keySet())) {
            UnpackingPeriod p = out.state().periodOf(gun);
            if (p == null) {
                continue;
            }
            boolean counting = from.gameTurn() >= p.countFromTurn() && !p.spoiledThisTurn();
            if (counting) {
                out.add(new PlayerTurnCounted(gun, from.gameTurn(), p.playerTurnsThisTurn() + 1, "10.3"));
            }
            if (to.gameTurn() != from.gameTurn()) {
                p = out.state().periodOf(gun);
                boolean counted = counting && p.playerTurnsThisTurn() >= 2;
                String why = counted ? "Pack-TI throughout" : from.gameTurn() < p.countFromTurn()
                        ? "the period began during this Game Turn" : "Pack-TI was lost or not held throughout";
                out.add(new GameTurnCounted(gun, from.gameTurn(), counted, p.completedTurns() + (counted ? 1 : 0),
                        p.length(), why, "10.3"));
                p = out.state().periodOf(gun);
                if (p.complete() && p.transferred()) {
                    out.add(new PeriodCompleted(gun, p.direction(), out.state().packTiParticipants(gun), "10.3"));
                    continue;
                }
            }
            p = out.state().periodOf(gun);
            if (p != null && !p.transferred() && p.halfComplete()) {
                Unloading.due(out, p);
            }
        }
    }
}
