package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.DiceKind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Medical Treatment chart. The text refers to it ("Use the same Medical Treatment chart for humans to determine
 * recovery from injuries") but does not print it, so it is campaign data: the campaign file declares it under
 * {@code tables.medicalTreatment} and this class reads and validates it like every table of the text (every face of
 * its die once per wound column, a recovery from the closed list on every row).
 *
 * <pre>
 * tables:
 *   medicalTreatment:
 *     die: d6                      # d6, 2d6, d20, dr or DR
 *     rows:                        # one row per roll; optionally per wound (walking wounded / litter case)
 *       - { roll: 1, result: "Dies of his wounds", recovery: dies }
 *       - { roll: 2, result: "Evacuated", recovery: out, scenarios: 2 }
 *       - { roll: 3, result: "Still wounded", recovery: still wounded }
 *       - { roll: 4, result: "Back to duty", recovery: back to duty }
 * </pre>
 *
 * @param die  the die the chart is read with
 * @param rows its rows
 */
public record MedicalTreatmentChart(String die, List<Row> rows) {

    /** The key of the chart under the campaign file's {@code tables}. */
    public static final String KEY = "medicalTreatment";
    static final String FIELD = "tables." + KEY;

    public MedicalTreatmentChart {
        rows = List.copyOf(rows);
    }

    /** What a result does to the wounded: the closed list of recoveries. */
    public enum Recovery {
        /** healed when the next scenario starts */
        BACK_TO_DUTY("back to duty"),
        /** keeps his wound; may be treated again in a later scenario */
        STILL_WOUNDED("still wounded"),
        /** dies of his wounds: struck off when the scenario is concluded */
        DIES("dies"),
        /** misses the next {@code scenarios} scenarios of the campaign, then is back to duty */
        OUT("out");

        private final String text;

        Recovery(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }

        public String label(Integer scenarios) {
            return this == OUT ? "out for " + scenarios + " scenario" + (scenarios == 1 ? "" : "s") : text;
        }

        static Recovery parse(Object value, String field) {
            if (value == null) {
                throw new FieldRefused(field, "missing (back to duty, still wounded, dies, out)");
            }
            String t = value.toString().trim().toLowerCase().replace('_', ' ').replace('-', ' ');
            for (Recovery r : values()) {
                if (r.text.equals(t)) {
                    return r;
                }
            }
            throw new FieldRefused(field, "'" + value + "' is not a recovery (back to duty, still wounded, dies, out)");
        }
    }

    /**
     * One row: the roll it is read on, the wound it is for (null: every wound), the result as the chart words it, its
     * recovery and, for {@code out}, for how many scenarios.
     */
    public record Row(int roll, Wound wound, String result, Recovery recovery, Integer scenarios) {
    }

    /** The chart declared in {@code tables}, or null when the campaign declares none; refuses a bad chart. */
    static MedicalTreatmentChart read(Map<String, Object> tables) {
        if (tables == null || tables.get(KEY) == null) {
            return null;
        }
        Map<?, ?> chart = SkirmishCounters.map(tables.get(KEY), FIELD);
        for (Object key : chart.keySet()) {
            FieldRefused.require(key.equals("die") || key.equals("rows"), FIELD + "." + key,
                    "unknown key (a chart has die and rows)");
        }
        String die = SkirmishCounters.string(chart.get("die"), FIELD + ".die", true);
        DiceKind kind = diceKind(die);
        if (!(chart.get("rows") instanceof List<?> list) || list.isEmpty()) {
            throw new FieldRefused(FIELD + ".rows", "missing (one row per roll of the " + die + ")");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = FIELD + ".rows[" + i + "]";
            Map<?, ?> r = SkirmishCounters.map(list.get(i), at);
            for (Object key : r.keySet()) {
                FieldRefused.require(Set.of("roll", "wound", "result", "recovery", "scenarios").contains(key),
                        at + "." + key, "unknown key (a row has roll, wound, result, recovery, scenarios)");
            }
            int roll = SkirmishCounters.integer(r.get("roll"), at + ".roll");
            FieldRefused.require(roll >= kind.count() && roll <= kind.count() * kind.sides(), at + ".roll",
                    roll + " is not a roll of " + die + " (" + kind.count() + "-" + kind.count() * kind.sides() + ")");
            Wound wound = Wound.parse(SkirmishCounters.string(r.get("wound"), at + ".wound", false), at + ".wound");
            FieldRefused.require(wound != Wound.DEATH, at + ".wound", "the dead are not treated");
            String result = SkirmishCounters.string(r.get("result"), at + ".result", true);
            Recovery recovery = Recovery.parse(r.get("recovery"), at + ".recovery");
            Integer scenarios = null;
            if (recovery == Recovery.OUT) {
                scenarios = SkirmishCounters.integer(r.get("scenarios"), at + ".scenarios");
                FieldRefused.require(scenarios >= 1, at + ".scenarios", "out for at least 1 scenario");
            } else {
                FieldRefused.require(r.get("scenarios") == null, at + ".scenarios", "only a row with recovery out "
                        + "counts scenarios");
            }
            rows.add(new Row(roll, wound, result, recovery, scenarios));
        }
        MedicalTreatmentChart read = new MedicalTreatmentChart(die, rows);
        read.requireEveryRollOnce(kind);
        return read;
    }

    /** Every roll of the die once, in one column for every wound or in one column per wound (both wounds). */
    private void requireEveryRollOnce(DiceKind kind) {
        boolean byWound = rows.stream().anyMatch(r -> r.wound() != null);
        FieldRefused.require(!byWound || rows.stream().allMatch(r -> r.wound() != null), FIELD + ".rows",
                "either every row names its wound (walking wounded, litter case) or none does");
        List<Wound> columns = byWound ? List.of(Wound.WALKING_WOUNDED, Wound.LITTER_CASE) : java.util.Collections
                .singletonList(null);
        for (Wound column : columns) {
            Set<Integer> seen = new HashSet<>();
            for (Row row : rows) {
                if (row.wound() == column) {
                    FieldRefused.require(seen.add(row.roll()), FIELD + ".rows", "roll " + row.roll() + " is given "
                            + "twice" + (column == null ? "" : " for " + column.marker()));
                }
            }
            for (int roll = kind.count(); roll <= kind.count() * kind.sides(); roll++) {
                FieldRefused.require(seen.contains(roll), FIELD + ".rows", "no row for roll " + roll
                        + (column == null ? "" : " of a " + column.marker()) + ": every roll of the " + die
                        + " needs its row");
            }
        }
    }

    /** The row for a roll and a wound. */
    Row read(int roll, Wound wound) {
        return rows.stream().filter(r -> r.roll() == roll && (r.wound() == null || r.wound() == wound)).findFirst()
                .orElseThrow(() -> new FieldRefused("dice", "the Medical Treatment chart has no row " + roll));
    }

    DiceKind diceKind() {
        return diceKind(die);
    }

    private static DiceKind diceKind(String die) {
        try {
            return DiceKind.named(die);
        } catch (IllegalArgumentException e) {
            throw new FieldRefused(FIELD + ".die", "'" + die + "' is not a die (d6, 2d6, d20, dr, DR)");
        }
    }
}
