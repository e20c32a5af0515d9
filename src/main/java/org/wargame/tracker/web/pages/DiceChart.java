package org.wargame.tracker.web.pages;

import org.wargame.tracker.history.DiceStatistics;

import java.util.ArrayList;
import java.util.List;

/**
 * A bar chart of one distribution of dice, drawn as SVG by the page (attributes only: the Content-Security-Policy
 * refuses inline style): one bar per face with its count, and the fair expectation as a dashed line.
 */
public record DiceChart(int width, int height, List<Bar> bars, double fairY, String caption) {

    static final int WIDTH = 320;
    static final int HEIGHT = 160;
    static final int BOTTOM = 20;
    static final int TOP = 14;

    /** One face: its bar and its labels. */
    public record Bar(int face, long count, double x, double y, double width, double height, double labelX) {
    }

    static DiceChart of(DiceStatistics.Distribution d) {
        long[] faces = d.faces();
        long highest = Math.max(1, Math.round(Math.ceil(d.expectedPerFace())));
        for (long f : faces) {
            highest = Math.max(highest, f);
        }
        double plot = HEIGHT - BOTTOM - TOP;
        double slot = (double) WIDTH / Math.max(1, faces.length);
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < faces.length; i++) {
            double h = plot * faces[i] / highest;
            bars.add(new Bar(i + 1, faces[i], round(i * slot + slot * 0.15), round(TOP + plot - h), round(slot * 0.7),
                    round(h), round(i * slot + slot / 2)));
        }
        double fairY = round(TOP + plot - plot * d.expectedPerFace() / highest);
        StringBuilder caption = new StringBuilder();
        for (int i = 0; i < faces.length; i++) {
            caption.append(i == 0 ? "" : ", ").append(i + 1).append(": ").append(faces[i]);
        }
        caption.append(String.format(java.util.Locale.ROOT, " (fair: %.1f each)", d.expectedPerFace()));
        return new DiceChart(WIDTH, HEIGHT, bars, fairY, caption.toString());
    }

    public int baseline() {
        return HEIGHT - BOTTOM;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
