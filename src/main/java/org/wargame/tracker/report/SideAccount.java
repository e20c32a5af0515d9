package org.wargame.tracker.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one side lost and regained in a scenario: each of its counters' fate, and the counts in words. {@code losses}
 * counts each loss marker its rule set names (Casualty Reduced, Low Ammo, a wound) by the marker's own words.
 */
public record SideAccount(String side, String name, int counters, List<Fate> fates) {

    public SideAccount {
        fates = List.copyOf(fates);
    }

    public int eliminated() {
        return (int) fates.stream().filter(Fate::eliminated).count();
    }

    public int struckOff() {
        return (int) fates.stream().filter(Fate::struckOff).count();
    }

    public int recovered() {
        return fates.stream().mapToInt(f -> f.recovered().size()).sum();
    }

    /** Each loss marker gained, by its words, with how many times. */
    public Map<String, Integer> losses() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        fates.forEach(f -> f.lost().forEach(m -> counts.merge(m, 1, Integer::sum)));
        return counts;
    }

    /** The counters that came out of it as they went in. */
    public int unharmed() {
        return counters - (int) fates.stream().filter(Fate::changed).count();
    }

    /** "2 eliminated, 1 Low Ammo, 1 struck off the roster, 1 recovered", or "no losses". */
    public String summary() {
        List<String> parts = new ArrayList<>();
        if (eliminated() > 0) {
            parts.add(eliminated() + " eliminated");
        }
        losses().forEach((marker, n) -> parts.add(n + " " + marker));
        if (struckOff() > 0) {
            parts.add(struckOff() + " struck off the roster");
        }
        if (recovered() > 0) {
            parts.add(recovered() + " recovered");
        }
        return parts.isEmpty() ? "no losses" : String.join(", ", parts);
    }

    /**
     * One counter's fate in the scenario: eliminated, struck off the roster at the conclusion, the loss markers it
     * gained ({@code lost}) and those it lost again ({@code recovered}: rallied, repaired, healed).
     */
    public record Fate(String counterId, String name, boolean eliminated, boolean struckOff, List<String> lost,
                       List<String> recovered) {
        public Fate {
            lost = List.copyOf(lost);
            recovered = List.copyOf(recovered);
        }

        public boolean changed() {
            return eliminated || struckOff || !lost.isEmpty() || !recovered.isEmpty();
        }

        /** "eliminated, struck off the roster", "Low Ammo", "recovered from Broken", "came through". */
        public String words() {
            List<String> parts = new ArrayList<>();
            if (eliminated) {
                parts.add("eliminated");
            }
            parts.addAll(lost);
            recovered.forEach(m -> parts.add("recovered from " + m));
            if (struckOff) {
                parts.add("struck off the roster");
            }
            return parts.isEmpty() ? "came through" : String.join(", ", parts);
        }
    }
}
