package org.wargame.tracker.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The after-action report of one scenario, generated from its record: its result and length (Game Turns and real
 * time), each side's losses and gains, the decisive moments (each with its place in the audit), the luck of the
 * dice per side and player, and the notes the players wrote. Ids are kept for links only; every text is in the
 * players' words.
 */
public record ScenarioReport(String scenarioId, String campaignId, String campaignName, String name, String ruleSet,
                             boolean concluded, String result, int gameTurns, int turnLimit, Instant began,
                             Instant ended, List<SideAccount> sides, List<Moment> moments, List<Luck> dice,
                             List<Note> notes) {

    public ScenarioReport {
        sides = List.copyOf(sides);
        moments = List.copyOf(moments);
        dice = List.copyOf(dice);
        notes = List.copyOf(notes);
    }

    /** "1 h 25 min", "3 min", "under a minute": from its start to its conclusion (or its latest event). */
    public String realTime() {
        return Lengths.of(began == null || ended == null ? Duration.ZERO : Duration.between(began, ended));
    }

    /** How many dice were rolled in the scenario, by every side and player. */
    public int diceRolled() {
        return dice.stream().mapToInt(l -> l.distribution().dice()).sum();
    }

    /** The side named {@code name}, or null. */
    public SideAccount side(String name) {
        return sides.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }

    /** One player's note, with who wrote it and when in the game. */
    public record Note(String author, String sideName, String clock, String text) {
    }
}
