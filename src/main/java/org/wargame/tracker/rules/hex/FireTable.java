package org.wargame.tracker.rules.hex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The game's fire table, which turns an AP attack's APFP and modified dice roll into Casualty Points. Section 12 uses
 * it (12.64: "Casualty Points from a mortar attack to infantry units in woods and jungle hexes are doubled") but does
 * not print it, so only the campaign file may give it, as {@code tables.fireTable}: columns by the lowest APFP they
 * cover, each with the Casualty Points of every roll from 2 to 12 (and of any modified roll beyond them the campaign
 * lists). Validated strictly: every refusal names the key.
 *
 * @param columns the APFP a column starts at, to the Casualty Points by modified roll (ascending)
 */
public record FireTable(List<Column> columns) {

    public static final String KEY = "fireTable";
    static final String FIELD = "tables." + KEY;
    private static final int MAX_COLUMNS = 100;
    private static final int MAX_ROLL = 50;
    private static final int MAX_POINTS = 1000;

    /** One column: from {@code apfp} up to the next column's, the Casualty Points by modified roll. */
    public record Column(int apfp, Map<Integer, Integer> casualtyPoints) {
        public Column {
            // ascending rolls, the same on every JVM (stored state is hashed and compared)
            casualtyPoints = java.util.Collections.unmodifiableMap(new TreeMap<>(casualtyPoints));
        }
    }

    /** A result read off the table: the column used, the roll read (the table's edge beyond it), the points. */
    record Reading(int column, int roll, int casualtyPoints) {
    }

    public FireTable {
        columns = List.copyOf(columns);
    }

    /** The campaign's fire table, or null when it declares none; refuses a table that is not complete. */
    static FireTable read(Map<String, Object> tables) {
        if (tables == null || tables.get(KEY) == null) {
            return null;
        }
        if (!(tables.get(KEY) instanceof Map<?, ?> table)) {
            throw Refuse.field(FIELD, "not a table (give columns: [{apfp, casualtyPoints: {roll: points}}])");
        }
        for (Object key : table.keySet()) {
            Refuse.fieldUnless("columns".equals(key), FIELD + "." + key, "not a key of the fire table (columns)");
        }
        if (!(table.get("columns") instanceof List<?> list) || list.isEmpty()) {
            throw Refuse.field(FIELD + ".columns", "missing (a list of columns, one per APFP column of the table)");
        }
        Refuse.fieldUnless(list.size() <= MAX_COLUMNS, FIELD + ".columns", "at most " + MAX_COLUMNS + " columns");
        List<Column> columns = new ArrayList<>();
        int last = -1;
        for (int i = 0; i < list.size(); i++) {
            String at = FIELD + ".columns[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> column)) {
                throw Refuse.field(at, "not a column ({apfp, casualtyPoints})");
            }
            for (Object key : column.keySet()) {
                Refuse.fieldUnless("apfp".equals(key) || "casualtyPoints".equals(key), at + "." + key,
                        "not a key of a column (apfp, casualtyPoints)");
            }
            int apfp = whole(column.get("apfp"), at + ".apfp");
            Refuse.fieldUnless(apfp > last, at + ".apfp", apfp + " must be above the column before (" + last
                    + "): list the columns from the lowest APFP");
            last = apfp;
            if (!(column.get("casualtyPoints") instanceof Map<?, ?> points)) {
                throw Refuse.field(at + ".casualtyPoints", "missing (the Casualty Points of each roll: {2: .., 12: ..})");
            }
            Map<Integer, Integer> byRoll = new TreeMap<>();
            for (Map.Entry<?, ?> e : points.entrySet()) {
                String rollAt = at + ".casualtyPoints." + e.getKey();
                int roll = whole(e.getKey(), rollAt);
                Refuse.fieldUnless(roll <= MAX_ROLL, rollAt, "a roll of at most " + MAX_ROLL);
                int cp = whole(e.getValue(), rollAt);
                Refuse.fieldUnless(cp <= MAX_POINTS, rollAt, "at most " + MAX_POINTS + " Casualty Points");
                byRoll.put(roll, cp);
            }
            for (int roll = 2; roll <= 12; roll++) {
                Refuse.fieldUnless(byRoll.containsKey(roll), at + ".casualtyPoints", "no Casualty Points for a roll "
                        + "of " + roll + " (every roll of the dice, 2 to 12, needs its row)");
            }
            int low = ((TreeMap<Integer, Integer>) byRoll).firstKey();
            int high = ((TreeMap<Integer, Integer>) byRoll).lastKey();
            for (int roll = low; roll <= high; roll++) {
                Refuse.fieldUnless(byRoll.containsKey(roll), at + ".casualtyPoints", "no Casualty Points for a roll "
                        + "of " + roll + " (the rolls from " + low + " to " + high + " have no gap)");
            }
            columns.add(new Column(apfp, new LinkedHashMap<>(byRoll)));
        }
        return new FireTable(columns);
    }

    private static int whole(Object value, String field) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= 0) {
            return n.intValue();
        }
        if (value instanceof String s && s.trim().matches("\\d{1,6}")) {
            return Integer.parseInt(s.trim());
        }
        throw Refuse.field(field, (value == null ? "missing" : "'" + value + "'") + ": a whole number of 0 or more");
    }

    /**
     * The Casualty Points of an attack: the column of the highest APFP not above the attack's, the row of the
     * modified roll (a roll beyond the table's rows reads its first or last row); null when the APFP is below the
     * table's first column (the table has no result for it: the players read it).
     */
    Reading read(int apfp, int modifiedRoll) {
        Column column = null;
        for (Column c : columns) {
            if (c.apfp() <= apfp) {
                column = c;
            }
        }
        if (column == null) {
            return null;
        }
        TreeMap<Integer, Integer> rows = new TreeMap<>(column.casualtyPoints());
        int roll = Math.max(rows.firstKey(), Math.min(rows.lastKey(), modifiedRoll));
        return new Reading(column.apfp(), roll, rows.get(roll));
    }
}
