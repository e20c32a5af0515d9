package org.wargame.tracker.scenario;

import java.util.List;

/** Dice a player rolled at the table and typed in, in the order the action's rules ask for them. */
public record EnteredRoll(String kind, List<Integer> values) {
}
