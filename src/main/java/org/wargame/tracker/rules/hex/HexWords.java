package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.CounterFace;
import org.wargame.tracker.rules.CounterFace.Symbol;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Section 12 in the players' words: the labels of its counters' state, their faces, on a map of hexes. */
final class HexWords implements RuleSetWords {

    private static final Map<String, String> LABELS = Map.of("carrying", "Carrying", "terrain", "Terrain",
            "hex", "Hex", "mpSpent", "Movement Points spent", "aboard", "Aboard");

    /** Shown as markers already. */
    private static final Set<String> UNLISTED = Set.of("markers", "eliminated", "pinned");

    private static final String RANGE = "range";

    @Override
    public String label(String key) {
        return LABELS.get(key);
    }

    @Override
    public Set<String> keys() {
        Set<String> keys = new HashSet<>(LABELS.keySet());
        keys.addAll(UNLISTED);
        keys.addAll(List.of(RANGE, "carrier", "movementAllowance", "supportWeaponFired", "smokeMarkers"));
        return keys;
    }

    @Override
    public boolean unlisted(String key, Object value) {
        return UNLISTED.contains(key);
    }

    @Override
    public CounterFace face(String kind, Map<String, Object> data) {
        CounterFace printed = CounterFace.of(symbol(kind), CounterFace.numbers(data, List.of(RANGE),
                (key, value) -> RANGE.equals(key) ? "R " + value : null));
        // a squad's or half squad's face: APFP, range and Movement Points, as hex-and-counter games print them
        if ((HexCounter.SQUAD.equals(kind) || HexCounter.HALF_SQUAD.equals(kind)) && data != null
                && data.get("apfp") != null && data.get(RANGE) != null && data.get("movement") != null) {
            return new CounterFace(printed.symbol(), printed.numbers(), data.get("apfp") + "-" + data.get(RANGE)
                    + "-" + data.get("movement"));
        }
        return printed;
    }

    private static Symbol symbol(String kind) {
        return switch (kind == null ? "" : kind) {
            case HexCounter.SQUAD, HexCounter.HALF_SQUAD -> Symbol.INFANTRY;
            case HexCounter.LEADER -> Symbol.LEADER;
            case HexCounter.GUN -> Symbol.GUN;
            case HexCounter.SUPPORT_WEAPON -> Symbol.WEAPON;
            case HexCounter.VEHICLE, HexCounter.AFV -> Symbol.VEHICLE;
            default -> Symbol.UNIT;
        };
    }

    @Override
    public BoardKind board(List<CounterView> counters) {
        return RuleSetWords.hexGridWhenOnHexes(counters);
    }

    /** A Move to a hex (A4 / 12.2); on a plan's map the hex's terrain comes from the map. */
    @Override
    public MoveFields move() {
        return new MoveFields("move", "toHex", java.util.Set.of("terrain"));
    }
}
