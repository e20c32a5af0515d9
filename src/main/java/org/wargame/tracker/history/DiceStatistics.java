package org.wargame.tracker.history;

import org.axonframework.eventhandling.DomainEventMessage;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.store.ActionMetaData;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Dice statistics of a campaign: for each side, account and dice kind, how often each face came up against the
 * uniform expectation of a fair die, with Pearson's chi-square and its p-value. Every die counts, including those of
 * undone actions: they were rolled. A small p-value (below 0.01 over many dice) is a reason to look, not proof.
 */
public final class DiceStatistics {

    private DiceStatistics() {
    }

    /** {@code faces[k]} is how many dice showed k + 1. */
    public record Distribution(String side, String account, String kind, int rolls, int dice, int server, int entered,
                               long[] faces, double expectedPerFace, double chiSquare, int degreesOfFreedom,
                               double pValue) {
    }

    /** All the dice of these streams. */
    public static List<Distribution> of(List<List<DomainEventMessage<?>>> streams) {
        Tally tally = new Tally();
        streams.forEach(stream -> stream.forEach(tally));
        return tally.distributions();
    }

    /** Counts the dice of events handed to it one by one, so no stream is held in memory. */
    public static final class Tally implements Consumer<DomainEventMessage<?>> {

        private final Map<String, long[]> counts = new TreeMap<>(); // side | account | kind -> rolls, server, entered, faces...

        @Override
        public void accept(DomainEventMessage<?> event) {
            if (event.getMetaData().containsKey(ActionMetaData.REPLAYED_BY)) {
                return; // replayed by an upheld dispute: the same dice, counted when they were rolled
            }
            List<DiceRoll> dice = event.getPayload() instanceof ActionTaken taken ? taken.dice()
                    : event.getPayload() instanceof ClockAdvanced advanced ? advanced.dice() : List.of();
            for (DiceRoll roll : dice) {
                add(String.valueOf(event.getMetaData().getOrDefault(ActionMetaData.SIDE, "?")),
                        String.valueOf(event.getMetaData().getOrDefault(ActionMetaData.ACCOUNT, "?")), roll);
            }
        }

        /** Counts one roll of {@code side}'s {@code account} (a roll outside a scenario: between two of them). */
        public void add(String side, String account, DiceRoll roll) {
            int sides = sides(roll);
            String key = side + "|" + account + "|" + roll.kind();
            long[] c = counts.computeIfAbsent(key, k -> new long[3 + sides]);
            c[0]++;
            c[DiceRoll.SERVER.equals(roll.source()) ? 1 : 2]++;
            for (int value : roll.values()) {
                if (value >= 1 && value <= sides) {
                    c[2 + value]++;
                }
            }
        }

        public List<Distribution> distributions() {
            List<Distribution> result = new ArrayList<>();
            counts.forEach((key, c) -> {
                String[] parts = key.split("\\|", 3);
                long[] faces = java.util.Arrays.copyOfRange(c, 3, c.length);
                long dice = java.util.Arrays.stream(faces).sum();
                double expected = (double) dice / faces.length;
                double chi = 0;
                for (long observed : faces) {
                    chi += expected == 0 ? 0 : (observed - expected) * (observed - expected) / expected;
                }
                int df = faces.length - 1;
                result.add(new Distribution(parts[0], parts[1], parts[2], (int) c[0], (int) dice, (int) c[1],
                        (int) c[2], faces, expected, chi, df, dice == 0 ? 1.0 : upperGammaRegularized(df / 2.0,
                        chi / 2.0)));
            });
            return result;
        }
    }

    private static int sides(DiceRoll roll) {
        try {
            return DiceKind.named(roll.kind()).sides();
        } catch (IllegalArgumentException e) {
            // a kind this version does not know: count its faces up to the highest value seen
            return roll.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        }
    }

    /** Q(a, x), the chi-square survival function for a = df/2, x = chi/2 (series / continued fraction). */
    static double upperGammaRegularized(double a, double x) {
        if (x <= 0) {
            return 1.0;
        }
        double lnGammaA = logGamma(a);
        if (x < a + 1) {
            double sum = 1.0 / a;
            double term = sum;
            for (int n = 1; n < 500; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * 1e-15) {
                    break;
                }
            }
            return Math.max(0, 1.0 - sum * Math.exp(-x + a * Math.log(x) - lnGammaA));
        }
        double b = x + 1 - a;
        double c = 1.0 / 1e-300;
        double d = 1.0 / b;
        double h = d;
        for (int i = 1; i < 500; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = Math.abs(d) < 1e-300 ? 1e-300 : d;
            c = b + an / c;
            c = Math.abs(c) < 1e-300 ? 1e-300 : c;
            d = 1.0 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1.0) < 1e-15) {
                break;
            }
        }
        return Math.exp(-x + a * Math.log(x) - lnGammaA) * h;
    }

    private static double logGamma(double x) {
        // Lanczos approximation (g = 7, n = 9)
        double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
        }
        x -= 1;
        double a = g[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += g[i] / (x + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
