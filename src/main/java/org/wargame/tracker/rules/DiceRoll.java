package org.wargame.tracker.rules;

import java.util.List;

/**
 * A roll that decided something, stored inside the event it decided: which dice (dr, DR, d6, d20...), the values,
 * and where they came from: {@code entered} by a player who rolled physical dice, or rolled by the {@code server}
 * (then {@code index} is the roll's number in the scenario's verifiable sequence).
 */
public record DiceRoll(String kind, List<Integer> values, String source, String purpose, Integer index) {

    public static final String ENTERED = "entered";
    public static final String SERVER = "server";

    public DiceRoll {
        values = List.copyOf(values);
    }

    public int total() {
        return values.stream().mapToInt(Integer::intValue).sum();
    }
}
