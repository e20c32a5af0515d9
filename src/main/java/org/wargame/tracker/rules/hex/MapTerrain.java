package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.ScenarioMap;
import org.wargame.tracker.rules.hex.HexAction.Move;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The terrain of a hex from the scenario's map: the rules that read terrain (12.61 no mortar fire from building
 * hexes or bunkers, 12.63 only the target hex's terrain, 12.64 air bursts in woods and jungle) read the terrain of
 * the hex a unit stands in, which a unit set up or moving onto a hex of the map takes from the map instead of from
 * what a player types. The terrain's traits mean nothing to these rules (the default refuses any).
 */
final class MapTerrain {

    private MapTerrain() {
    }

    /** Each counter set up on a hex, with that hex's terrain. */
    static List<CounterDefinition> placed(ScenarioMap map, List<CounterDefinition> counters) {
        List<CounterDefinition> out = new ArrayList<>();
        for (CounterDefinition c : counters) {
            Object hex = c.state().get("hex");
            if (!(hex instanceof String at)) {
                out.add(c);
                continue;
            }
            String field = "counters[" + c.id() + "].state.";
            Object stated = c.state().get("terrain");
            Map<String, Object> state = new LinkedHashMap<>(c.state());
            state.put("terrain", map.terrainAt(at, stated instanceof String s ? s : null, field + "hex",
                    field + "terrain"));
            out.add(c.withState(state));
        }
        return out;
    }

    /** 12.2: a move into a hex of the map, with the map's terrain. */
    static Move move(ScenarioMap map, Move move) {
        if (move.toHex() == null || move.toHex().isBlank()) {
            return move; // refused as missing by the move itself
        }
        String terrain = map.terrainAt(move.toHex(), move.terrain(), "toHex", "terrain");
        return new Move(move.unitId(), move.toHex().trim().toUpperCase(Locale.ROOT), terrain, move.mpCost());
    }
}
