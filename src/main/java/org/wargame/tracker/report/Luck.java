package org.wargame.tracker.report;

import org.wargame.tracker.history.DiceStatistics;

import java.util.Locale;

/**
 * The dice of one side and player of one kind, against a fair die: the faces' counts, their average against the
 * fair one, and Pearson's chi-square p-value in words.
 */
public record Luck(String sideName, String player, DiceStatistics.Distribution distribution) {

    /** The average face rolled. */
    public double average() {
        long[] faces = distribution.faces();
        long n = 0;
        long sum = 0;
        for (int i = 0; i < faces.length; i++) {
            n += faces[i];
            sum += faces[i] * (i + 1);
        }
        return n == 0 ? 0 : (double) sum / n;
    }

    /** A fair die's average: (sides + 1) / 2. */
    public double fairAverage() {
        return (distribution.faces().length + 1) / 2.0;
    }

    /** "average 3.9 against a fair 3.5". */
    public String averageWords() {
        return String.format(Locale.ROOT, "average %.1f against a fair %.1f", average(), fairAverage());
    }

    /** The chi-square test in words: too few dice to say, as a fair die would, or worth a look. */
    public String verdict() {
        DiceStatistics.Distribution d = distribution;
        if (d.dice() < 5 * d.faces().length) {
            return "too few dice to judge";
        }
        String p = String.format(Locale.ROOT, "p = %.3f", d.pValue());
        if (d.pValue() < 0.01) {
            return "far from a fair die (" + p + "): worth a look, no proof";
        }
        if (d.pValue() < 0.05) {
            return "somewhat off a fair die (" + p + ")";
        }
        return "as a fair die would roll (" + p + ")";
    }
}
