package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The board as the scenario page draws it, of the kind its rule set says ({@link RuleSetWords#board}). A hex grid:
 * the hexes that hold counters on a grid of flat-topped hexes (ids as the campaign gives them: a column letter and a
 * row, A1..Z99; even columns half a hex lower), with the empty hexes between them drawn faintly, the counters of each
 * hex stacked and their markers fanned beside them. A table: the counters grouped by side and by the place the rule
 * set gives them.
 */
public record Board(boolean hexes, double width, double height, List<Hex> grid, List<Group> groups,
                    List<CounterCard> offBoard) {

    /** Hex radius (centre to corner) in SVG units. */
    static final double R = 56;
    private static final double H = Math.sqrt(3) * R;
    private static final double CHIP = 34;
    private static final Pattern HEX_ID = Pattern.compile("([A-Za-z]{1,2})(\\d{1,3})");
    /** Beyond this many hexes in the bounding box only the occupied ones are drawn. */
    private static final int MAX_GRID = 400;

    /** A hex of the grid, with its counters. */
    public record Hex(String id, double cx, double cy, String points, double labelY, List<Chip> counters) {
        public boolean occupied() {
            return !counters.isEmpty();
        }
    }

    /** A counter on a hex: where its chip is drawn, and its markers fanned to its right. */
    public record Chip(CounterCard card, double x, double y, double size, List<Fan> markers, String abbreviation) {
    }

    /** One marker of a chip, fanned. */
    public record Fan(String text, double x, double y) {
    }

    /** Skirmish: the counters of one side at one location. */
    public record Group(String side, String sideName, String location, List<CounterCard> counters) {
    }

    static Board of(RuleSetWords words, List<CounterView> counters, Map<String, String> sideNames) {
        return words.board(counters) == RuleSetWords.BoardKind.HEX_GRID ? hexes(words, counters)
                : groups(words, counters, sideNames);
    }

    private static Board hexes(RuleSetWords words, List<CounterView> counters) {
        Map<String, List<CounterView>> byHex = new TreeMap<>(Comparator.comparing((String id) -> column(id))
                .thenComparingInt(Board::row));
        List<CounterCard> off = new ArrayList<>();
        for (CounterView c : counters) {
            if (c.eliminated()) {
                continue;
            }
            String at = c.location() == null ? "" : c.location().trim().toUpperCase(Locale.ROOT);
            if (HEX_ID.matcher(at).matches()) {
                byHex.computeIfAbsent(at, k -> new ArrayList<>()).add(c);
            } else {
                off.add(CounterCard.of(c, words));
            }
        }
        if (byHex.isEmpty()) {
            return new Board(true, 0, 0, List.of(), List.of(), off);
        }
        int minCol = byHex.keySet().stream().mapToInt(Board::column).min().orElse(0);
        int maxCol = byHex.keySet().stream().mapToInt(Board::column).max().orElse(0);
        int minRow = byHex.keySet().stream().mapToInt(Board::row).min().orElse(0);
        int maxRow = byHex.keySet().stream().mapToInt(Board::row).max().orElse(0);
        List<String> ids = new ArrayList<>();
        if ((long) (maxCol - minCol + 1) * (maxRow - minRow + 1) <= MAX_GRID) {
            for (int col = minCol; col <= maxCol; col++) {
                for (int row = minRow; row <= maxRow; row++) {
                    ids.add(letters(col) + row);
                }
            }
        } else {
            ids.addAll(byHex.keySet());
        }
        List<Hex> grid = new ArrayList<>();
        double maxX = 0;
        double maxY = 0;
        for (String id : ids) {
            int col = column(id) - minCol;
            int row = row(id) - minRow;
            double cx = R + col * 1.5 * R;
            // even columns (B, D...) sit half a hex lower, as on the usual maps
            double cy = H / 2 + row * H + (column(id) % 2 == 1 ? H / 2 : 0);
            maxX = Math.max(maxX, cx + R);
            maxY = Math.max(maxY, cy + H / 2);
            grid.add(new Hex(id, cx, cy, points(cx, cy), cy - H / 2 + 12, chips(words,
                    byHex.getOrDefault(id, List.of()), cx, cy)));
        }
        // occupied hexes last, so their fanned markers lie over the empty neighbours
        grid.sort(Comparator.comparing(Hex::occupied));
        return new Board(true, round(maxX + 2), round(maxY + 2), grid, List.of(), off);
    }

    /** Counters stacked with a small offset each, the last one on top; markers fanned to its right. */
    private static List<Chip> chips(RuleSetWords words, List<CounterView> stack, double cx, double cy) {
        List<Chip> chips = new ArrayList<>();
        int n = stack.size();
        double step = n <= 1 ? 0 : Math.min(8, 24.0 / (n - 1));
        double x0 = cx - CHIP / 2 - step * (n - 1) / 2 - 8;
        double y0 = cy - CHIP / 2 - step * (n - 1) / 2 + 4;
        for (int i = 0; i < n; i++) {
            CounterCard card = CounterCard.of(stack.get(i), words);
            double x = round(x0 + i * step);
            double y = round(y0 + i * step);
            List<Fan> fans = new ArrayList<>();
            List<String> markers = card.markers();
            for (int m = 0; m < Math.min(markers.size(), 3); m++) {
                fans.add(new Fan(shortMarker(markers.get(m)), round(x + CHIP + 2), round(y + m * 9)));
            }
            chips.add(new Chip(card, x, y, CHIP, fans, abbreviation(card)));
        }
        return chips;
    }

    private static Board groups(RuleSetWords words, List<CounterView> counters, Map<String, String> sideNames) {
        Map<String, Map<String, List<CounterCard>>> bySide = new LinkedHashMap<>();
        counters.stream().sorted(Comparator.comparing((CounterView c) -> c.side() == null ? "" : c.side()))
                .forEach(c -> bySide.computeIfAbsent(c.side() == null ? "" : c.side(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(words.place(c), k -> new ArrayList<>()).add(CounterCard.of(c, words)));
        List<Group> groups = new ArrayList<>();
        bySide.forEach((side, places) -> places.forEach((location, cards) -> groups.add(new Group(side,
                sideNames.getOrDefault(side, side), location, cards))));
        return new Board(false, 0, 0, List.of(), groups, List.of());
    }

    private static String points(double cx, double cy) {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            double a = Math.toRadians(60 * i);
            p.append(round(cx + R * Math.cos(a))).append(',').append(round(cy + R * Math.sin(a))).append(' ');
        }
        return p.toString().trim();
    }

    static int column(String id) {
        Matcher m = HEX_ID.matcher(id);
        if (!m.matches()) {
            return 0;
        }
        int col = 0;
        for (char ch : m.group(1).toUpperCase(Locale.ROOT).toCharArray()) {
            col = col * 26 + (ch - 'A' + 1);
        }
        return col;
    }

    static int row(String id) {
        Matcher m = HEX_ID.matcher(id);
        return m.matches() ? Integer.parseInt(m.group(2)) : 0;
    }

    private static String letters(int col) {
        StringBuilder s = new StringBuilder();
        while (col > 0) {
            col--;
            s.insert(0, (char) ('A' + col % 26));
            col /= 26;
        }
        return s.toString();
    }

    /** What a chip says on its face: its first printed number (94mm, FP 4...) or its kind. */
    private static String abbreviation(CounterCard card) {
        String face = card.face().isBlank() ? card.kind() : card.face().split(" ")[0];
        return face == null ? "" : face.length() <= 8 ? face : face.substring(0, 8);
    }

    private static String shortMarker(String marker) {
        String m = marker.replaceAll("\\s*\\(.*\\)", "");
        return m.length() <= 12 ? m : m.substring(0, 11) + "…";
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
