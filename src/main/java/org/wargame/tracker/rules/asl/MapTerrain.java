package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.ScenarioMap;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The terrain of a Location from the scenario's map, and whether it prohibits Guns (10.31). The rule text names the
 * terrain ("Open Ground") but leaves to the scenario which terrain prohibits Guns, so the map says it: the trait
 * {@code prohibitsGuns} of a terrain. A counter set up or moving onto a hex of the map takes its terrain from there,
 * not from what a player types.
 */
final class MapTerrain {

    static final String PROHIBITS_GUNS = "prohibitsGuns";

    private MapTerrain() {
    }

    /** Refuses a trait other than {@code prohibitsGuns}, and one that is not yes or no. */
    static void validate(String at, ScenarioMap map) {
        map.terrain().forEach((name, traits) -> traits.forEach((key, value) -> {
            String field = at + ".terrain." + name + "." + key;
            FieldRefused.require(PROHIBITS_GUNS.equals(key), field, "not a trait of terrain the Animal-Pack rules "
                    + "read (" + PROHIBITS_GUNS + ": whether Guns may be unloaded there, 10.31)");
            FieldRefused.require(value instanceof Boolean, field, "required: true or false");
        }));
    }

    static boolean prohibitsGuns(ScenarioMap map, String hex) {
        return Boolean.TRUE.equals(map.trait(hex, PROHIBITS_GUNS));
    }

    /** Each counter set up on a hex, with that hex's terrain and whether it prohibits Guns. */
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
            boolean prohibits = prohibitsGuns(map, at);
            Object statedProhibits = c.state().get(PROHIBITS_GUNS);
            FieldRefused.require(statedProhibits == null || statedProhibits.equals(prohibits),
                    field + PROHIBITS_GUNS, "the scenario's map says whether " + at + " prohibits Guns (10.31)");
            if (prohibits) {
                state.put(PROHIBITS_GUNS, true);
            } else {
                state.remove(PROHIBITS_GUNS);
            }
            out.add(c.withState(state));
        }
        return out;
    }

    /** A move onto a hex of the map, with the map's terrain and whether it prohibits Guns (10.31). */
    static Move move(ScenarioMap map, Move move) {
        if (move.hex() == null || move.hex().isBlank()) {
            return move; // refused as missing by the move itself
        }
        String terrain = map.terrainAt(move.hex(), move.terrain(), "hex", "terrain");
        boolean prohibits = prohibitsGuns(map, move.hex());
        FieldRefused.require(move.prohibitsGuns() == null || move.prohibitsGuns() == prohibits, PROHIBITS_GUNS,
                "the scenario's map says whether " + move.hex().trim() + " prohibits Guns (10.31): it "
                        + (prohibits ? "does" : "does not"));
        return new Move(move.counter(), move.hex().trim().toUpperCase(java.util.Locale.ROOT), terrain, prohibits);
    }
}
