package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.BetweenScenariosRoll;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.skirmish.MedicalTreatmentChart.Recovery;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TreatmentRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TreatmentRolled;
import org.wargame.tracker.rules.skirmish.SkirmishState.Treatment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Animal Hit Location: "Use the same Medical Treatment chart for humans to determine recovery from injuries." Wounds
 * heal between scenarios: a wounded man or animal is rolled for on the campaign's chart ({@link MedicalTreatmentChart})
 * once after his wound, in the scenario (the roll is an event, the die in it); the result goes with him to the
 * roster, which applies it when the next scenario of the campaign starts ({@link #betweenScenarios}). A campaign
 * that declares no chart records the result its players read (free text), as before.
 */
final class MedicalTreatment {

    static final String RULE = "Medical Treatment (campaign chart)";
    /** The carried state of a treatment, between scenarios. */
    static final String TREATMENT = "treatment";

    private MedicalTreatment() {
    }

    static List<SkirmishEvent> record(SkirmishState state, RecordTreatment a, Dice dice) {
        if (a.counter() == null) {
            throw new FieldRefused("counter", "missing");
        }
        boolean figure = state.figure(a.counter()).isPresent();
        Wound wound = figure ? state.figure(a.counter()).get().wound()
                : state.requireAnimal(a.counter(), "counter").wound();
        Treatment treatment = figure ? state.figure(a.counter()).get().treatment()
                : state.animal(a.counter()).get().treatment();
        RuleViolation.require(wound != null && wound != Wound.DEATH, RULE, a.counter() + " has no wound to treat");
        MedicalTreatmentChart chart = state.medicalChart();
        if (chart == null) {
            if (a.recovery() == null || a.recovery().isBlank()) {
                throw new FieldRefused("recovery", "missing: this campaign declares no Medical Treatment chart "
                        + "(tables.medicalTreatment), so give the result your chart reads");
            }
            return List.of(new TreatmentRecorded(a.counter(), a.recovery().trim()));
        }
        FieldRefused.require(a.recovery() == null || a.recovery().isBlank(), "recovery", "the campaign's Medical "
                + "Treatment chart gives the recovery: leave it out and roll the " + chart.die());
        RuleViolation.require(treatment == null || treatment.carried() && treatment.recovery() == Recovery.STILL_WOUNDED,
                RULE, a.counter() + " has been treated for this wound (" + (treatment == null ? ""
                        : treatment.label()) + ")");
        DiceRoll roll = dice.roll(chart.diceKind(), "medical treatment");
        MedicalTreatmentChart.Row row = chart.read(roll.total(), wound);
        return List.of(new TreatmentRolled(a.counter(), wound, roll, row.result(), row.recovery(), row.scenarios()));
    }

    /**
     * Between scenarios: a wounded roster counter that no chart roll has treated yet (rolled for neither in the
     * scenario nor after it) waits on one; in words, or null. Only with the campaign's chart.
     */
    static String waiting(CounterDefinition counter, Map<String, Object> tables) {
        MedicalTreatmentChart chart = MedicalTreatmentChart.read(tables);
        Wound wound = woundOf(counter);
        if (chart == null || wound == null || wound == Wound.DEATH || counter.state().get(TREATMENT) != null) {
            return null;
        }
        return "waits on a treatment roll (" + wound.marker() + ")";
    }

    /**
     * The treatment roll between scenarios, taken from the campaign's page: the chart's die once, read for his wound;
     * the result is carried like a roll in the scenario ({@link #betweenScenarios} applies it when the next scenario
     * starts); {@code dies} strikes him off at once.
     */
    static BetweenScenariosRoll rollBetween(CounterDefinition counter, Map<String, Object> tables, Dice dice) {
        RuleViolation.require(waiting(counter, tables) != null, RULE, counter.name() + " waits on no treatment roll"
                + (counter.state().get(TREATMENT) != null ? " (treated already: " + counter.state().get("recovery")
                + ")" : MedicalTreatmentChart.read(tables) == null ? " (the campaign declares no Medical Treatment "
                + "chart)" : " (no wound to treat)"));
        MedicalTreatmentChart chart = MedicalTreatmentChart.read(tables);
        Wound wound = woundOf(counter);
        DiceRoll roll = dice.roll(chart.diceKind(), "medical treatment");
        MedicalTreatmentChart.Row row = chart.read(roll.total(), wound);
        Treatment t = new Treatment(roll.total(), row.result(), row.recovery(), row.scenarios(), true);
        Map<String, Object> state = new LinkedHashMap<>(counter.state());
        boolean dies = row.recovery() == Recovery.DIES;
        if (dies) {
            state.put("wound", "death");
        }
        state.put("recovery", t.label());
        state.put(TREATMENT, carry(t));
        return new BetweenScenariosRoll(roll, row.result() + " (" + row.recovery().label(row.scenarios()) + ")",
                state, dies, RULE);
    }

    private static Wound woundOf(CounterDefinition counter) {
        Object w = counter.state().get("wound");
        if (!(w instanceof String text) || text.isBlank()) {
            return null;
        }
        try {
            return Wound.parse(text, "wound");
        } catch (FieldRefused e) {
            return null; // a state this rule set did not write
        }
    }

    /** The treatment a counter carries from an earlier scenario (its carried state), or null. */
    static Treatment carried(Map<String, Object> state, String field) {
        if (state.get(TREATMENT) == null) {
            return null;
        }
        Map<?, ?> t = SkirmishCounters.map(state.get(TREATMENT), field);
        Recovery recovery = Recovery.parse(t.get("recovery"), field + ".recovery");
        Integer scenarios = t.get("scenarios") == null ? null
                : SkirmishCounters.integer(t.get("scenarios"), field + ".scenarios");
        FieldRefused.require(recovery != Recovery.OUT || scenarios != null && scenarios >= 0, field + ".scenarios",
                "missing (how many more scenarios he is out)");
        int roll = t.get("roll") == null ? 0 : SkirmishCounters.integer(t.get("roll"), field + ".roll");
        String result = SkirmishCounters.string(t.get("result"), field + ".result", false);
        return new Treatment(roll, result == null ? recovery.text() : result, recovery, scenarios, true);
    }

    /** The carried state of a treatment. */
    static Map<String, Object> carry(Treatment t) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("roll", t.roll());
        map.put("result", t.result());
        map.put("recovery", t.recovery().text());
        if (t.scenarios() != null) {
            map.put("scenarios", t.scenarios());
        }
        return map;
    }

    /**
     * The roster applies a treatment when the next scenario of the campaign starts: back to duty heals (wound and
     * treatment gone); out for N scenarios misses this one (N - 1 left; at 0, back to duty for the next one); still
     * wounded, or no roll yet, stays as it is.
     */
    static RosterChange betweenScenarios(CounterDefinition counter) {
        Treatment t;
        try {
            t = carried(counter.state(), "counters[" + counter.id() + "].state." + TREATMENT);
        } catch (FieldRefused e) {
            return null; // a state this rule set did not write: left as it is
        }
        if (t == null) {
            return null;
        }
        Map<String, Object> state = new LinkedHashMap<>(counter.state());
        if (t.recovery() == Recovery.BACK_TO_DUTY) {
            state.remove("wound");
            state.remove("recovery");
            state.remove(TREATMENT);
            return new RosterChange(state, false, RULE, counter.id() + " is back to duty (" + t.result() + ")");
        }
        if (t.recovery() == Recovery.OUT && t.scenarios() != null && t.scenarios() >= 1) {
            int left = t.scenarios() - 1;
            Treatment next = left == 0 ? new Treatment(t.roll(), t.result(), Recovery.BACK_TO_DUTY, null, true)
                    : new Treatment(t.roll(), t.result(), Recovery.OUT, left, true);
            state.put(TREATMENT, carry(next));
            state.put("recovery", next.label());
            return new RosterChange(state, true, RULE, counter.id() + " misses this scenario (" + t.result() + "); "
                    + (left == 0 ? "back to duty for the next one" : left + " more to miss"));
        }
        return null;
    }
}
