package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;
import org.wargame.tracker.rules.ScenarioMap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The board as the scenario page draws it, of the kind its rule set says ({@link RuleSetWords#board}). A hex grid:
 * the hexes of the scenario's map (with their terrain) or, without one, the hexes that hold counters and the empty
 * ones between them, on a grid of flat-topped hexes (ids as the campaign gives them: a column letter and a row; odd
 * columns, A, C..., half a hex lower); each hex's counters as a stack whose counters show their edges, the top one's
 * face in its rule set's words and its markers as chips under it; a stack of two or more opens into its counters side
 * by side ({@link Stack}). A table: the counters grouped by side and by the place the rule set gives them.
 * {@code move}: the rule set's move, for clicking a hex to fill its form (null: none).
 */
public record Board(boolean hexes, double width, double height, List<Hex> grid, List<Group> groups,
                    List<CounterCard> offBoard, List<Stack> stacks, RuleSetWords.MoveFields move, boolean mapped) {

    /** Hex radius (centre to corner) in SVG units. */
    static final double R = 64;
    private static final double H = Math.sqrt(3) * R;
    /**
     * A counter's side: big enough for two lines of its face, and a tap target of 44 px on a phone (a map five hexes
     * wide, fitted to a 390 px screen, draws it at about 46 px).
     */
    static final double CHIP = 70;
    /** How far each counter under the top one shows its edge. */
    private static final double EDGE = 5;
    private static final Pattern HEX_ID = Pattern.compile("([A-Za-z]{1,2})(\\d{1,3})");
    /** Without a map, beyond this many hexes in the bounding box only the occupied ones are drawn. */
    private static final int MAX_GRID = 400;
    /** Markers drawn under a stack on the board; the others are counted ("+2"), all of them in its opened stack. */
    private static final int MARKERS_SHOWN = 1;

    /**
     * A hex of the grid, with its counters (the last on top), the top counter's markers as chips, its terrain from
     * the map (null: none declared) and its column and row, from which the page counts ranges.
     */
    public record Hex(String id, double cx, double cy, String points, double labelY, List<Chip> counters,
                      List<Fan> markers, String terrain, int column, int row) {
        public boolean occupied() {
            return !counters.isEmpty();
        }

        /** The ids of its counters, for the page to find a counter's stack. */
        public String counterIds() {
            return String.join(" ", counters.stream().map(c -> c.card().id()).toList());
        }

        public boolean stacked() {
            return counters.size() > 1;
        }

        public double terrainY() {
            return cy + H / 2 - 4;
        }
    }

    /**
     * A counter on a hex: where its square is drawn, and the two lines of its face, each squeezed to the counter's
     * width when it is longer ({@code faceLength}, {@code nameLength}: the width to draw it in, or null), never cut.
     */
    public record Chip(CounterCard card, double x, double y, double size, String face, String name) {
        /** Font sizes of the two lines, in SVG units. */
        static final double FACE_FONT = 14;
        static final double NAME_FONT = 10;

        public Double faceLength() {
            return fit(face, FACE_FONT);
        }

        public Double nameLength() {
            return fit(name, NAME_FONT);
        }

        private Double fit(String text, double font) {
            // about 0.58 of the font size per character of a sans-serif face
            return text != null && text.length() * font * 0.58 > size - 6 ? size - 6 : null;
        }
    }

    /** A marker chip under a stack: its text whole (the page sizes the chip to it), centred at x. */
    public record Fan(String text, double x, double y) {
    }

    /** A stack of two or more counters in a hex, opened side by side when it is clicked. */
    public record Stack(String hex, String terrain, List<CounterCard> counters) {
    }

    /** Skirmish: the counters of one side at one location. */
    public record Group(String side, String sideName, String location, List<CounterCard> counters) {
    }

    static Board of(RuleSetWords words, List<CounterView> counters, Map<String, String> sideNames) {
        return of(words, counters, sideNames, null);
    }

    static Board of(RuleSetWords words, List<CounterView> counters, Map<String, String> sideNames, ScenarioMap map) {
        return words.board(counters) == RuleSetWords.BoardKind.HEX_GRID ? hexes(words, counters, map)
                : groups(words, counters, sideNames);
    }

    private static Board hexes(RuleSetWords words, List<CounterView> counters, ScenarioMap map) {
        Comparator<String> byPlace = Comparator.comparing((String id) -> column(id)).thenComparingInt(Board::row);
        Map<String, List<CounterView>> byHex = new TreeMap<>(byPlace);
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
        Set<String> drawn = new LinkedHashSet<>();
        if (map != null) {
            drawn.addAll(map.hexes().keySet());
        }
        drawn.addAll(byHex.keySet());
        if (drawn.isEmpty()) {
            return new Board(true, 0, 0, List.of(), List.of(), off, List.of(), words.move(), map != null);
        }
        int minCol = drawn.stream().mapToInt(Board::column).min().orElse(0);
        int maxCol = drawn.stream().mapToInt(Board::column).max().orElse(0);
        int minRow = drawn.stream().mapToInt(Board::row).min().orElse(0);
        int maxRow = drawn.stream().mapToInt(Board::row).max().orElse(0);
        List<String> ids = new ArrayList<>();
        if (map != null) {
            ids.addAll(drawn);
        } else if ((long) (maxCol - minCol + 1) * (maxRow - minRow + 1) <= MAX_GRID) {
            for (int col = minCol; col <= maxCol; col++) {
                for (int row = minRow; row <= maxRow; row++) {
                    ids.add(letters(col) + row);
                }
            }
        } else {
            ids.addAll(byHex.keySet());
        }
        ids.sort(byPlace);
        List<Hex> grid = new ArrayList<>();
        List<Stack> stacks = new ArrayList<>();
        double maxX = 0;
        double maxY = 0;
        for (String id : ids) {
            int col = column(id) - minCol;
            int row = row(id) - minRow;
            double cx = R + col * 1.5 * R;
            // odd columns (A, C...) sit half a hex lower
            double cy = H / 2 + row * H + (column(id) % 2 == 1 ? H / 2 : 0);
            maxX = Math.max(maxX, cx + R);
            maxY = Math.max(maxY, cy + H / 2);
            List<CounterView> stack = byHex.getOrDefault(id, List.of());
            String terrain = map == null ? null : map.terrainOf(id);
            List<Chip> chips = chips(words, stack, cx, cy);
            grid.add(new Hex(id, round(cx), round(cy), points(cx, cy), round(cy - H / 2 + 11), chips,
                    markers(chips, cx, cy), terrain, column(id), row(id)));
            if (stack.size() > 1) {
                List<CounterCard> topFirst = new ArrayList<>(chips.stream().map(Chip::card).toList());
                java.util.Collections.reverse(topFirst);
                stacks.add(new Stack(id, terrain, topFirst));
            }
        }
        // occupied hexes last, so their markers lie over the empty neighbours
        grid.sort(Comparator.comparing(Hex::occupied));
        return new Board(true, round(maxX + 2), round(maxY + 2), grid, List.of(), off, stacks, words.move(),
                map != null);
    }

    /** The counters of a hex stacked, each under the next showing its top-left edge, the last one on top. */
    private static List<Chip> chips(RuleSetWords words, List<CounterView> stack, double cx, double cy) {
        List<Chip> chips = new ArrayList<>();
        int n = stack.size();
        double step = n <= 1 ? 0 : Math.min(EDGE, 10.0 / (n - 1));
        // the top counter under the hex's id, those under it each an edge up and left
        double left = cx - CHIP / 2 + 4;
        double top = cy - 30;
        for (int i = 0; i < n; i++) {
            CounterCard card = CounterCard.of(stack.get(i), words);
            double shift = step * (n - 1 - i);
            chips.add(new Chip(card, round(left - shift), round(top - shift), CHIP, face(card), shortName(card)));
        }
        return chips;
    }

    /** The top counter's markers, as a chip under the stack: the first whole, and how many more (all in the tray). */
    private static List<Fan> markers(List<Chip> chips, double cx, double cy) {
        if (chips.isEmpty()) {
            return List.of();
        }
        List<String> markers = chips.get(chips.size() - 1).card().markers();
        List<Fan> fans = new ArrayList<>();
        double y = cy - 30 + CHIP + 2;
        for (int m = 0; m < Math.min(markers.size(), MARKERS_SHOWN); m++) {
            fans.add(new Fan(markers.get(m), round(cx), round(y + m * 13)));
        }
        if (markers.size() > MARKERS_SHOWN) {
            fans.set(MARKERS_SHOWN - 1, new Fan(markers.get(MARKERS_SHOWN - 1) + " +" + (markers.size()
                    - MARKERS_SHOWN), round(cx), round(y + (MARKERS_SHOWN - 1) * 13)));
        }
        return fans;
    }

    private static Board groups(RuleSetWords words, List<CounterView> counters, Map<String, String> sideNames) {
        Map<String, Map<String, List<CounterCard>>> bySide = new LinkedHashMap<>();
        counters.stream().sorted(Comparator.comparing((CounterView c) -> c.side() == null ? "" : c.side()))
                .forEach(c -> bySide.computeIfAbsent(c.side() == null ? "" : c.side(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(words.place(c), k -> new ArrayList<>()).add(CounterCard.of(c, words)));
        List<Group> groups = new ArrayList<>();
        bySide.forEach((side, places) -> places.forEach((location, cards) -> groups.add(new Group(side,
                sideNames.getOrDefault(side, side), location, cards))));
        return new Board(false, 0, 0, List.of(), groups, List.of(), List.of(), words.move(), false);
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

    /**
     * The range in hexes between two hexes of the grid as it is drawn (odd columns half a hex lower): the pages count
     * it the same way (static/js/board.js).
     */
    static int range(String from, String to) {
        int q1 = column(from);
        int q2 = column(to);
        int z1 = row(from) - (q1 - (q1 & 1)) / 2;
        int z2 = row(to) - (q2 - (q2 & 1)) / 2;
        int dx = q2 - q1;
        int dz = z2 - z1;
        return Math.max(Math.abs(dx), Math.max(Math.abs(dz), Math.abs(dx + dz)));
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

    /** The face's first line: its rule set's face text ("94mm INF", "Mule", "4-4-4"), else its name if short. */
    static String face(CounterCard card) {
        String face = card.face();
        if (face != null && !face.isBlank()) {
            return face;
        }
        String name = card.name() == null ? "" : card.name().replace("\"", "");
        return name.length() <= 10 ? name : "";
    }

    /** The face's second line: the counter's name when it is not the first line and fits (the title says it whole). */
    static String shortName(CounterCard card) {
        String name = card.name() == null ? card.kind() : card.name().replace("\"", "");
        return name == null || name.equals(face(card)) || name.length() > 16 ? "" : name;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
