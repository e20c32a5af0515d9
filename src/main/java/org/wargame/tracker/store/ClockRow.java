package org.wargame.tracker.store;

import org.wargame.tracker.rules.GameClock;

/**
 * One row of the clock table (event_clock): for one event of a scenario, the game clock after it, the action
 * (command) that stored it, the action it takes when it is an action's first event, the kind of clock change it is,
 * and the undo or ruling that rolled it back (null while in force).
 */
public record ClockRow(String scenarioId, long sequence, GameClock clock, String actionId, String takingOf,
                       String kind, Long undoneBy) {

    /** The same row, rolled back by the event at {@code undoneBy}. */
    public ClockRow undoneBy(long by) {
        return new ClockRow(scenarioId, sequence, clock, actionId, takingOf, kind, by);
    }
}
