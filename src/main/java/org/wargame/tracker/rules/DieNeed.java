package org.wargame.tracker.rules;

/**
 * One roll an action asks for: which dice ({@code dr}, {@code DR}, {@code 2d6}, {@code d20}...) and what the roll
 * decides; {@code when} says when it is rolled only in some outcomes (null: always).
 */
public record DieNeed(String kind, String purpose, String when) {

    public static DieNeed of(DiceKind kind, String purpose) {
        return new DieNeed(kind.name(), purpose, null);
    }

    public static DieNeed only(DiceKind kind, String purpose, String when) {
        return new DieNeed(kind.name(), purpose, when);
    }

    public DiceKind diceKind() {
        return DiceKind.named(kind);
    }
}
