package org.wargame.tracker.rules;

import org.wargame.tracker.refusal.FieldRefused;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The map a scenario is played on, as its plan declares it: the terrain of each hex ({@code hexes}: hex id to the
 * terrain's name, "open-ground", "woods", "building"), and what a terrain means to the rules where the rule text
 * leaves it to the scenario ({@code terrain}: terrain name to its traits, read by the rule set; asl's
 * {@code prohibitsGuns}, 10.31). Moves and the rules that read terrain take it from here instead of the player's
 * text. The terrain names are scenario data: the tracker knows none of its own.
 */
public record ScenarioMap(Map<String, String> hexes, Map<String, Map<String, Object>> terrain) {

    /** A hex id as the boards draw them: a column letter or two and a row (A1..ZZ999). */
    public static final Pattern HEX = Pattern.compile("[A-Z]{1,2}[0-9]{1,3}");
    /** A terrain's name: lower-case words joined by hyphens ("open-ground"), as a campaign file writes keys. */
    public static final Pattern TERRAIN = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+){0,5}");
    /** The most hexes a map may hold: a few geomorphic boards side by side. */
    public static final int MAX_HEXES = 4000;

    public ScenarioMap {
        hexes = hexes == null ? Map.of() : Ordered.copyOf(hexes);
        if (terrain == null) {
            terrain = Map.of();
        } else {
            Map<String, Map<String, Object>> copy = new LinkedHashMap<>();
            terrain.forEach((k, v) -> copy.put(k, v == null ? Map.of() : Ordered.copyOf(v)));
            terrain = Ordered.copyOf(copy);
        }
    }

    /** The terrain of {@code hex} (any case), or null when the map has no such hex. */
    public String terrainOf(String hex) {
        return hex == null ? null : hexes.get(hex.trim().toUpperCase(Locale.ROOT));
    }

    public boolean has(String hex) {
        return terrainOf(hex) != null;
    }

    /** A trait of the terrain of {@code hex} ({@code prohibitsGuns}), or null when it declares none. */
    public Object trait(String hex, String key) {
        String t = terrainOf(hex);
        return t == null ? null : terrain.getOrDefault(t, Map.of()).get(key);
    }

    /**
     * A hex a counter set up hidden stands in, as its side gives it: a column letter and a row (any case), on the
     * map when the scenario has one; refused under {@code field} otherwise. Written in capitals.
     */
    public static String hiddenHex(String field, String position, ScenarioMap map) {
        String hex = position == null ? "" : position.trim().toUpperCase(Locale.ROOT);
        if (!HEX.matcher(hex).matches()) {
            throw new FieldRefused(field, "a hex: a column letter and a row (C4)");
        }
        if (map != null && !map.has(hex)) {
            throw new FieldRefused(field, "'" + hex + "' is not a hex of this scenario's map");
        }
        return hex;
    }

    /**
     * The terrain the map gives {@code hex}, for a move or a set-up: refuses (under {@code hexField}) a hex the map
     * does not have, and (under {@code terrainField}) a {@code stated} terrain that is not the map's.
     */
    public String terrainAt(String hex, String stated, String hexField, String terrainField) {
        String terrain = terrainOf(hex);
        if (terrain == null) {
            throw new FieldRefused(hexField, "'" + shortened(String.valueOf(hex)) + "' is not a hex of this "
                    + "scenario's map");
        }
        if (stated != null && !stated.isBlank() && !stated.trim().equalsIgnoreCase(terrain)) {
            throw new FieldRefused(terrainField, "the scenario's map gives " + hex.trim().toUpperCase(Locale.ROOT)
                    + " as " + terrain + ", not " + shortened(stated.trim()));
        }
        return terrain;
    }

    /**
     * Refuses a map the boards and rules cannot read, naming the field ({@code at}: the map's path, such as
     * {@code plans[0].map}): no hex, a hex id that is not a column letter and a row, a terrain name that is not
     * lower-case words, more than {@link #MAX_HEXES} hexes, traits of a terrain no hex has. What each trait means is
     * the rule set's to check ({@link RuleSet#validateMap}).
     */
    public static void check(String at, ScenarioMap map) {
        if (map.hexes().isEmpty()) {
            throw new FieldRefused(at + ".hexes", "required: the terrain of each hex of the map (B4: open-ground)");
        }
        if (map.hexes().size() > MAX_HEXES) {
            throw new FieldRefused(at + ".hexes", "a map holds at most " + MAX_HEXES + " hexes");
        }
        map.hexes().forEach((hex, terrain) -> {
            if (!HEX.matcher(hex).matches()) {
                throw new FieldRefused(at + ".hexes", "'" + shortened(hex) + "' is not a hex id: a column letter "
                        + "or two in capitals and a row (B4, AA12)");
            }
            if (!TERRAIN.matcher(terrain).matches()) {
                throw new FieldRefused(at + ".hexes." + hex, "'" + shortened(terrain) + "' is not a terrain name: "
                        + "lower-case words joined by hyphens (open-ground, woods, building)");
            }
        });
        map.terrain().forEach((name, traits) -> {
            if (!map.hexes().containsValue(name)) {
                throw new FieldRefused(at + ".terrain." + shortened(name), "no hex of the map has this terrain");
            }
        });
    }

    private static String shortened(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
