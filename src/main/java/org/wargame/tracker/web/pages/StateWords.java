package org.wargame.tracker.web.pages;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A counter's state in players' words for its panel: every number labelled (M#, B#, X#...), a Gun's (Un)Packing
 * Period as a sentence, a roll as "dr 3", nested entries flattened into "label: value" phrases; nothing false, empty
 * or already shown as a marker, and never a raw map.
 */
final class StateWords {

    private StateWords() {
    }

    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("manhandling", "M#"), Map.entry("breakdown", "B#"), Map.entry("disablement", "X#"),
            Map.entry("lowAmmo", "Low Ammo markers"), Map.entry("coveredArc", "Covered Arc"),
            Map.entry("loadedOn", "Animal-Packed on"), Map.entry("possessedBy", "Possessed by"),
            Map.entry("possesses", "Possesses"), Map.entry("carrying", "Carrying"), Map.entry("terrain", "Terrain"),
            Map.entry("hex", "Hex"), Map.entry("size", "Size"), Map.entry("stacking", "Stacking"),
            Map.entry("column", "Column"), Map.entry("packTiNote", "Pack-TI"), Map.entry("gunshield", "Gunshield"),
            Map.entry("targetAsGun", "A target as a Gun"), Map.entry("packGun", "May be packed on a Mule"),
            Map.entry("mpSpent", "Movement Points spent"), Map.entry("position", "Position"),
            Map.entry("wound", "Wound"), Map.entry("movementLimitMetres", "Movement limit (metres)"),
            Map.entry("mayFireAfterMoving", "May fire after moving"), Map.entry("role", "Role"),
            Map.entry("team", "Crew"), Map.entry("firedTurn", "Fired in Game Turn"),
            Map.entry("firedWeapon", "Fired"), Map.entry("aboard", "Aboard"), Map.entry("recovery", "Recovery"),
            Map.entry("location", "Location"), Map.entry("packTi", "Pack-TI"), Map.entry("goodOrder", "Good Order"),
            Map.entry("dm", "dm"), Map.entry("prc", "PRC"));

    /** Shown as markers already, or the rules' bookkeeping a player does not read. */
    private static final List<String> SKIPPED = List.of("markers", "packTi", "goodOrder", "malfunctioned", "dm",
            "eliminated", "pinned");

    static List<String> of(Map<String, Object> state) {
        return of(state, Map.of(), null);
    }

    /**
     * Where the scenario stands, to say when a period's transfer falls due as the players read the clock: the Game
     * Turn and Player Turn now, and the sides' names in Player-Turn order.
     */
    record Now(int gameTurn, int playerTurn, List<String> sideNames) {
        /** "the British RPh of Turn 3": the Player Turn {@code later} Player Turns from now. */
        String playerTurnAfter(int later) {
            int sides = sideNames.size();
            int index = (gameTurn - 1) * sides + Math.max(0, playerTurn - 1) + later;
            return "the " + sideNames.get(index % sides) + " RPh of Turn " + (index / sides + 1);
        }
    }

    /** With {@code names}: a counter's id written as its name ("br-mule-1" as "\"squad\" Mule 1"), in lists too. */
    static List<String> of(Map<String, Object> state, Map<String, String> names, Now now) {
        List<String> lines = new ArrayList<>();
        if (state == null) {
            return lines;
        }
        for (Map.Entry<String, Object> e : state.entrySet()) {
            String key = e.getKey();
            Object v = e.getValue();
            if (SKIPPED.contains(key) || !says(v)) {
                continue;
            }
            if (key.equals("period") && v instanceof Map<?, ?> period) {
                lines.add(period(period, now));
                continue;
            }
            if (key.equals("lowAmmo") && v instanceof Number n && n.intValue() == 0) {
                continue;
            }
            lines.add(label(key) + (Boolean.TRUE.equals(v) ? "" : ": " + named(value(v), names)));
        }
        return lines;
    }

    /** One state value in words (a period as its sentence, a map as labelled parts), ids written as names. */
    static String words(String key, Object v, Map<String, String> names) {
        if (key.equals("period") && v instanceof Map<?, ?> period) {
            return period(period, null);
        }
        if (v instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        return named(value(v), names);
    }

    /** Ids anywhere in a value (a list of bearers, a map of weapons) written as names. */
    private static String named(String text, Map<String, String> names) {
        return names.isEmpty() ? text : new org.wargame.tracker.scenario.IdNames(names).in(text);
    }

    /** "Unpacking: 1 of 3 Game Turns done; unload at the start of the first RPh after 2 more Player Turn(s)". */
    private static String period(Map<?, ?> p, Now now) {
        String direction = String.valueOf(p.get("direction"));
        boolean unpacking = "UNPACKING".equals(direction);
        StringBuilder s = new StringBuilder(unpacking ? "Unpacking" : "Packing");
        if (Boolean.TRUE.equals(p.get("involuntary"))) {
            s.append(" (involuntary)");
        }
        s.append(": ").append(p.get("completedGameTurns")).append(" of ").append(p.get("length"))
                .append(" Game Turns done");
        Object due = p.get("transferDue");
        if (due != null && !"done".equals(due) && now != null && p.get("length") instanceof Number length
                && p.get("completedGameTurns") instanceof Number done
                && p.get("playerTurnsThisTurn") instanceof Number thisTurn && now.playerTurn() >= 1) {
            // 10.31: the transfer comes at the first RPh after half the period, counted in Player Turns
            int later = Math.max(0, length.intValue() - done.intValue() * 2
                    - (Boolean.FALSE.equals(p.get("thisGameTurnCounts")) ? 0 : thisTurn.intValue()));
            s.append("; ").append(unpacking ? "unload" : "load").append(" at the start of ")
                    .append(now.playerTurnAfter(later)).append(" if still Pack-TI");
        } else if (due != null && !"done".equals(due)) {
            s.append("; ").append(unpacking ? "unload " : "load ").append(due);
        } else if ("done".equals(due)) {
            s.append(unpacking ? "; unloaded" : "; loaded");
        }
        if (Boolean.FALSE.equals(p.get("thisGameTurnCounts"))) {
            s.append("; this Game Turn does not count");
        }
        return s.append(" (10.3)").toString();
    }

    private static boolean says(Object v) {
        return v != null && !Boolean.FALSE.equals(v) && !"".equals(v)
                && !(v instanceof Collection<?> c && c.isEmpty()) && !(v instanceof Map<?, ?> m && m.isEmpty());
    }

    private static String value(Object v) {
        if (v instanceof Map<?, ?> m) {
            if (m.containsKey("kind") && m.containsKey("values")) { // a roll
                return m.get("kind") + " " + join(m.get("values"));
            }
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> {
                if (says(x)) {
                    parts.add(label(String.valueOf(k)) + (Boolean.TRUE.equals(x) ? "" : " " + value(x)));
                }
            });
            return String.join(", ", parts);
        }
        if (v instanceof Collection<?> c) {
            return join(c);
        }
        return String.valueOf(v);
    }

    private static String join(Object values) {
        if (values instanceof Collection<?> c) {
            List<String> parts = new ArrayList<>();
            c.forEach(x -> parts.add(value(x)));
            // a roll's values read "3 4"; a list of counters or words "a, b"
            return String.join(c.stream().allMatch(x -> x instanceof Number) ? " " : ", ", parts);
        }
        return String.valueOf(values);
    }

    /** A key in words: its label, or camelCase spelt out ("completedGameTurns" → "completed game turns"). */
    static String label(String key) {
        String label = LABELS.get(key);
        if (label != null) {
            return label;
        }
        String words = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('-', ' ').replace('_', ' ')
                .toLowerCase(Locale.ROOT);
        return words.isEmpty() ? key : Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }
}
