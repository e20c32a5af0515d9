package org.wargame.tracker.history;

import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ServerDice;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * Checks a concluded scenario's server dice against its revealed seed: SHA-256 of the seed must be the commitment
 * published when it started, and every server die n must be what {@link ServerDice} gives for n, the dice numbered
 * 0, 1, 2... without gap or reuse (a roll repeated exactly, number and values, is an action replayed by an upheld
 * dispute reading the die it had: not a new die). Pure: anyone with the events can run the same check.
 */
public final class DiceVerification {

    private DiceVerification() {
    }

    public record Mismatch(long sequence, int index, String kind, int recorded, Integer expected, String reason) {
    }

    public record Report(boolean revealed, String commitment, String seed, Boolean commitmentMatches,
                         int diceChecked, boolean ok, List<Mismatch> mismatches, String message) {
    }

    private static boolean sameDice(DiceRoll earlier, DiceRoll roll) {
        return earlier != null && earlier.kind().equals(roll.kind()) && earlier.values().equals(roll.values());
    }

    /**
     * A scenario's payloads in stream order, handed one by one to {@code each}; read twice (the seed is revealed by
     * the conclusion, near the end), so that the check never holds the stream in memory.
     */
    @FunctionalInterface
    public interface Events {
        void forEach(Consumer<Object> each);
    }

    /** {@code events}: the scenario's payloads in stream order. */
    public static Report of(String scenarioId, List<Object> events) {
        return of(scenarioId, events::forEach);
    }

    /** {@code events}: the scenario's payloads in stream order, streamed twice. */
    public static Report of(String scenarioId, Events events) {
        Object[] first = {null};
        String[] seedFound = {null};
        boolean[] concludedFound = {false};
        events.forEach(e -> {
            if (first[0] == null) {
                first[0] = e;
            }
            if (e instanceof ScenarioConcluded c && !concludedFound[0]) {
                concludedFound[0] = true;
                seedFound[0] = c.diceSeed();
            }
        });
        ScenarioStarted started = (ScenarioStarted) first[0];
        String seedHex = seedFound[0];
        if (seedHex == null) {
            boolean concluded = concludedFound[0];
            return new Report(false, started.diceCommitment(), null, null, 0, false, List.of(), concluded
                    ? "the scenario was concluded without a server seed: all its dice were entered by hand"
                    : "the seed is not revealed yet: it is published when the scenario is concluded");
        }
        byte[] seed;
        try {
            seed = HexFormat.of().parseHex(seedHex);
        } catch (IllegalArgumentException notHex) {
            seed = new byte[0];
        }
        if (seed.length != 32) { // a record edited or forged where the import cannot tell: verify says so
            return new Report(true, started.diceCommitment(), seedHex, false, 0, false, List.of(),
                    "the revealed seed is not a seed of 32 bytes in hexadecimal: the record was changed");
        }
        byte[] theSeed = seed;
        boolean commitmentMatches = ServerDice.commitment(theSeed).equals(started.diceCommitment());
        List<Mismatch> mismatches = new ArrayList<>();
        int[] next = {0};
        int[] checked = {0};
        long[] at = {0};
        java.util.Map<Integer, DiceRoll> seen = new java.util.HashMap<>();
        events.forEach(event -> {
            long sequence = at[0]++;
            List<DiceRoll> dice = event instanceof ActionTaken taken ? taken.dice()
                    : event instanceof ClockAdvanced advanced ? advanced.dice() : List.of();
            for (DiceRoll roll : dice) {
                if (!DiceRoll.SERVER.equals(roll.source())) {
                    continue;
                }
                int sides;
                try {
                    sides = DiceKind.named(roll.kind()).sides();
                } catch (IllegalArgumentException unknown) {
                    mismatches.add(new Mismatch(sequence, roll.index() == null ? -1 : roll.index(), roll.kind(),
                            roll.total(), null, "a kind of die this tracker does not know: it rolls dr, DR, d6, "
                            + "2d6 and d20"));
                    next[0] = (roll.index() == null ? next[0] : roll.index()) + roll.values().size();
                    continue;
                }
                if (roll.index() != null && roll.index() < next[0] && sameDice(seen.get(roll.index()), roll)) {
                    continue; // re-read by an action an upheld dispute replayed: the same die, not a new one
                }
                if (roll.index() == null || roll.index() != next[0]) {
                    mismatches.add(new Mismatch(sequence, roll.index() == null ? -1 : roll.index(), roll.kind(),
                            roll.total(), null, "expected server die number " + next[0]
                            + ": numbers must run without gap or reuse"));
                }
                int index = roll.index() == null ? next[0] : roll.index();
                for (int i = 0; i < roll.values().size(); i++) {
                    int expected = ServerDice.die(theSeed, scenarioId, index + i, sides);
                    checked[0]++;
                    if (roll.values().get(i) != expected) {
                        mismatches.add(new Mismatch(sequence, index + i, roll.kind(), roll.values().get(i), expected,
                                "the recorded die is not what the seed gives"));
                    }
                }
                seen.put(index, roll);
                next[0] = index + roll.values().size();
            }
        });
        boolean ok = commitmentMatches && mismatches.isEmpty();
        return new Report(true, started.diceCommitment(), seedHex, commitmentMatches, checked[0], ok,
                List.copyOf(mismatches), ok ? "every server die matches the committed seed"
                : !commitmentMatches ? "the revealed seed does not match the commitment published at the start"
                : mismatches.size() + " server dice do not match");
    }
}
