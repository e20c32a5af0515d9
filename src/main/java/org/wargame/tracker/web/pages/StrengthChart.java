package org.wargame.tracker.web.pages;

import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.campaign.CampaignState.ScenarioEntry;
import org.wargame.tracker.campaign.Side;

import java.util.ArrayList;
import java.util.List;

/**
 * Each side's strength (roster counters not eliminated) before the first scenario and after each scenario of the
 * campaign, laid out for an inline SVG line chart. A counter eliminated in scenario k counts until just before k.
 */
public record StrengthChart(List<String> labels, List<Series> series, int max, int width, int height) {

    public static final int LEFT = 30;
    public static final int TOP = 10;
    public static final int PLOT_H = 120;
    public static final int STEP = 90;

    public record Series(String side, String name, String colour, List<Integer> values, String points,
                         List<int[]> dots) {
    }

    public record Tick(int x, String label) {
    }

    public static StrengthChart of(CampaignState campaign) {
        List<ScenarioEntry> scenarios = campaign.scenarios();
        List<String> labels = new ArrayList<>();
        labels.add("start");
        scenarios.forEach(s -> labels.add(s.name()));
        List<List<Integer>> all = new ArrayList<>();
        int max = 1;
        for (Side side : campaign.sides()) {
            List<Integer> values = new ArrayList<>();
            for (int point = 0; point <= scenarios.size(); point++) {
                int count = 0;
                for (RosterCounter r : campaign.roster().values()) {
                    if (!side.id().equals(r.counter().side())) {
                        continue;
                    }
                    int eliminatedAt = r.eliminated() ? Math.max(0, indexOf(scenarios, r.eliminatedIn()))
                            : Integer.MAX_VALUE;
                    // after scenario (point-1): alive unless eliminated in one of scenarios 0..point-1
                    if (eliminatedAt >= point) {
                        count++;
                    }
                }
                values.add(count);
                max = Math.max(max, count);
            }
            all.add(values);
        }
        int width = LEFT + 40 + STEP * Math.max(2, scenarios.size());
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < campaign.sides().size(); i++) {
            Side side = campaign.sides().get(i);
            List<Integer> values = all.get(i);
            StringBuilder points = new StringBuilder();
            List<int[]> dots = new ArrayList<>();
            for (int p = 0; p < values.size(); p++) {
                int x = LEFT + 10 + p * STEP;
                int y = TOP + PLOT_H - values.get(p) * PLOT_H / max;
                points.append(x).append(',').append(y).append(' ');
                dots.add(new int[]{x, y, values.get(p)});
            }
            String colour = new CounterCard(null, null, null, null, side.nationality(), null, null, null, List.of(),
                    false, null).fill();
            series.add(new Series(side.id(), side.name(), colour, values, points.toString().trim(), dots));
        }
        return new StrengthChart(labels, series, max, width, TOP + PLOT_H + 40);
    }

    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        for (int p = 0; p < labels.size(); p++) {
            String label = labels.get(p);
            ticks.add(new Tick(LEFT + 10 + p * STEP, label.length() > 14 ? label.substring(0, 13) + "…" : label));
        }
        return ticks;
    }

    public int left() {
        return LEFT;
    }

    public int top() {
        return TOP;
    }

    public int baseline() {
        return TOP + PLOT_H;
    }

    private static int indexOf(List<ScenarioEntry> scenarios, String scenarioId) {
        for (int i = 0; i < scenarios.size(); i++) {
            if (scenarios.get(i).scenarioId().equals(scenarioId)) {
                return i;
            }
        }
        return -1; // eliminated in a scenario not listed: counted as gone from the start
    }
}
