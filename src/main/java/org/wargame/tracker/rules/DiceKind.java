package org.wargame.tracker.rules;

import java.util.Map;

/** The dice a rule can ask for. ASL's dr is one d6 and its DR two; the skirmish game reads a d6 and a d20. */
public record DiceKind(String name, int count, int sides) {

    public static final DiceKind DR_SMALL = new DiceKind("dr", 1, 6);
    public static final DiceKind DR = new DiceKind("DR", 2, 6);
    public static final DiceKind D6 = new DiceKind("d6", 1, 6);
    public static final DiceKind TWO_D6 = new DiceKind("2d6", 2, 6);
    public static final DiceKind D20 = new DiceKind("d20", 1, 20);

    private static final Map<String, DiceKind> BY_NAME = Map.of(
            "dr", DR_SMALL, "DR", DR, "d6", D6, "2d6", TWO_D6, "d20", D20);

    public static DiceKind named(String name) {
        DiceKind kind = BY_NAME.get(name);
        if (kind == null) {
            throw new IllegalArgumentException("unknown dice '" + name + "' (known: dr, DR, d6, 2d6, d20)");
        }
        return kind;
    }
}
