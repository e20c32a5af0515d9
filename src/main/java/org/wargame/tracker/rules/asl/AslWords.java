package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.CounterFace;
import org.wargame.tracker.rules.CounterFace.Symbol;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Animal-Pack rules in the players' words: the numbers of a Gun as printed (M#, B#, X#), a Gun's (Un)Packing
 * Period as a sentence with the Player Turn its transfer falls due (10.3, 10.31), its counters' faces, on a map of
 * hexes.
 */
final class AslWords implements RuleSetWords {

    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("manhandling", "M#"), Map.entry("breakdown", "B#"), Map.entry("disablement", "X#"),
            Map.entry("lowAmmo", "Low Ammo markers"), Map.entry("coveredArc", "Covered Arc"),
            Map.entry("loadedOn", "Animal-Packed on"), Map.entry("possessedBy", "Possessed by"),
            Map.entry("possesses", "Possesses"), Map.entry("carrying", "Carrying"), Map.entry("terrain", "Terrain"),
            Map.entry("hex", "Hex"), Map.entry("size", "Size"), Map.entry("stacking", "Stacking"),
            Map.entry("column", "Column"), Map.entry("packTiNote", "Pack-TI"), Map.entry("gunshield", "Gunshield"),
            Map.entry("targetAsGun", "A target as a Gun"), Map.entry("packGun", "May be packed on a Mule"),
            Map.entry("packTi", "Pack-TI"), Map.entry("goodOrder", "Good Order"), Map.entry("dm", "dm"),
            Map.entry("prc", "PRC"));

    /** Shown as markers already, or the rules' bookkeeping a player does not read. */
    private static final Set<String> UNLISTED = Set.of("markers", "packTi", "goodOrder", "malfunctioned", "dm",
            "eliminated", "pinned");

    /** What the after-action report tells as a loss when gained, a recovery when lost (a rally, a repair). */
    private static final Set<String> LOSSES = Set.of("Broken", "Casualty Reduced (HS)", "Malfunctioned", "Low Ammo");

    private static final String PERIOD = "period";
    private static final String LOW_AMMO = "lowAmmo";

    /** The order printed numbers are shown in; other data keys follow alphabetically. */
    private static final List<String> PRINTED = List.of("caliber", "gunType", "manhandling", "breakdown");

    @Override
    public String label(String key) {
        return LABELS.get(key);
    }

    @Override
    public Set<String> keys() {
        Set<String> keys = new HashSet<>(LABELS.keySet());
        keys.addAll(UNLISTED);
        keys.addAll(PRINTED);
        keys.add(PERIOD);
        keys.addAll(List.of("completedGameTurns", "playerTurnsThisTurn", "thisGameTurnCounts", "transferDue",
                "involuntary", "direction"));
        return keys;
    }

    @Override
    public boolean unlisted(String key, Object value) {
        return UNLISTED.contains(key) || LOW_AMMO.equals(key) && value instanceof Number n && n.intValue() == 0;
    }

    @Override
    public boolean loss(String marker) {
        return LOSSES.contains(marker);
    }

    @Override
    public String sentence(String key, Object value, Now now) {
        return PERIOD.equals(key) && value instanceof Map<?, ?> period ? period(period, now) : null;
    }

    /**
     * "Unpacking: 1 of 3 Game Turns done; unload at the start of the British RPh of Turn 3 if still Pack-TI (10.3)".
     */
    static String period(Map<?, ?> p, Now now) {
        boolean unpacking = UnpackingPeriod.UNPACKING.equals(String.valueOf(p.get("direction")));
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
                    .append(playerTurnAfter(now, later)).append(" if still Pack-TI");
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

    /** "the British RPh of Turn 3": the Player Turn {@code later} Player Turns from now. */
    private static String playerTurnAfter(Now now, int later) {
        int sides = now.sideNames().size();
        int index = (now.gameTurn() - 1) * sides + Math.max(0, now.playerTurn() - 1) + later;
        return "the " + now.sideNames().get(index % sides) + " RPh of Turn " + (index / sides + 1);
    }

    @Override
    public CounterFace face(String kind, Map<String, Object> data) {
        CounterFace printed = CounterFace.of(symbol(kind), CounterFace.numbers(data, PRINTED, AslWords::printed));
        return printed.text().isBlank() ? new CounterFace(printed.symbol(), printed.numbers(), onFace(kind, data))
                : printed;
    }

    /** A counter that prints no caliber or Gun type says what it is, as the rule text calls it: Mule, crew, HS. */
    private static String onFace(String kind, Map<String, Object> data) {
        return switch (kind == null ? "" : kind) {
            case "horse" -> data != null && Boolean.TRUE.equals(data.get("mule")) ? "Mule" : "horse";
            case "half-squad" -> "HS";
            case "squad", "crew", "leader" -> kind;
            default -> "";
        };
    }

    private static Symbol symbol(String kind) {
        return switch (kind == null ? "" : kind) {
            case "squad", "half-squad" -> Symbol.INFANTRY;
            case "crew" -> Symbol.CREW;
            case "leader" -> Symbol.LEADER;
            case "gun" -> Symbol.GUN;
            case "support-weapon" -> Symbol.WEAPON;
            case "horse" -> Symbol.ANIMAL;
            default -> Symbol.UNIT;
        };
    }

    /** "94mm", "M#10", "B#12"; the Gun type as printed. */
    private static String printed(String key, Object value) {
        return switch (key) {
            case "caliber" -> value + "mm";
            case "manhandling" -> "M#" + value;
            case "breakdown" -> "B#" + value;
            case "gunType" -> String.valueOf(value);
            default -> null;
        };
    }

    @Override
    public BoardKind board(List<CounterView> counters) {
        return RuleSetWords.hexGridWhenOnHexes(counters);
    }

    /** A Move to a hex (A4 / 12.2); on a plan's map the hex's terrain comes from the map. */
    @Override
    public MoveFields move() {
        return new MoveFields("move", "hex", java.util.Set.of("terrain", "prohibitsGuns"));
    }
}
