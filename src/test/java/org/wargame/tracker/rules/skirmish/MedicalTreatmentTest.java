package org.wargame.tracker.rules.skirmish;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.skirmish.MedicalTreatmentChart.Recovery;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TreatmentRolled;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.RULES;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.Scripted;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.clock;

/**
 * Wounds heal between scenarios (issue 12 item 11): the Medical Treatment chart is campaign data, validated like every
 * table; a roll on it is an event; the roster applies its recovery when the next scenario starts.
 */
class MedicalTreatmentTest {

    private static Map<String, Object> row(int roll, String result, String recovery, Integer scenarios) {
        Map<String, Object> row = new java.util.LinkedHashMap<>(Map.of("roll", roll, "result", result,
                "recovery", recovery));
        if (scenarios != null) {
            row.put("scenarios", scenarios);
        }
        return row;
    }

    /** A d6 chart: 1 dies, 2 out for 2 scenarios, 3 out for 1, 4 still wounded, 5-6 back to duty. */
    static Map<String, Object> chart() {
        return Map.of("medicalTreatment", Map.of("die", "d6", "rows", List.of(
                row(1, "Dies of his wounds", "dies", null), row(2, "Evacuated", "out", 2),
                row(3, "Field hospital", "out", 1), row(4, "Still wounded", "still wounded", null),
                row(5, "Patched up", "back to duty", null), row(6, "Patched up", "back-to-duty", null))));
    }

    private SkirmishState state = RULES.setUp(ambush(), chart());
    private final GameClock clock = clock("CC", 0);

    private List<SkirmishEvent> act(SkirmishAction action, int... dice) {
        List<SkirmishEvent> events = RULES.decide(state, clock, action, new Scripted(dice));
        events.forEach(e -> state = RULES.evolve(state, e));
        return events;
    }

    @Test
    void theChartIsValidatedLikeEveryTable() {
        RULES.validateTables(chart());
        List<Object> rows = new ArrayList<>((List<?>) ((Map<?, ?>) chart().get("medicalTreatment")).get("rows"));
        rows.remove(5);
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d6", "rows", rows))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("tables.medicalTreatment.rows: no row for "
                        + "roll 6");
        rows.add(row(5, "Twice", "dies", null));
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d6", "rows", rows))))
                .hasMessageContaining("roll 5 is given twice");
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d6", "rows",
                List.of(row(1, "Better", "cured", null)))))).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("tables.medicalTreatment.rows[0].recovery: 'cured' is not a recovery");
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d6", "rows",
                List.of(row(1, "Out", "out", null)))))).hasMessageStartingWith("tables.medicalTreatment.rows[0]"
                + ".scenarios: missing");
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d6", "rows",
                List.of(row(7, "Out", "dies", null)))))).hasMessageContaining("7 is not a roll of d6 (1-6)");
        assertThatThrownBy(() -> RULES.validateTables(Map.of("medicalTreatment", Map.of("die", "d8", "rows",
                List.of())))).hasMessageStartingWith("tables.medicalTreatment.die");
        assertThatThrownBy(() -> RULES.validateTables(Map.of("morale", Map.of())))
                .hasMessageStartingWith("tables.morale: not a table of rule set skirmish");
    }

    @Test
    void aTreatmentRollIsAnEventWithItsDieAndTheRowItReads() {
        act(new RecordCasualty("us-loader", "litter case", "close combat"));
        TreatmentRolled rolled = (TreatmentRolled) act(new RecordTreatment("us-loader", null), 2).get(0);
        assertThat(rolled.roll().values()).containsExactly(2);
        assertThat(rolled.result()).isEqualTo("Evacuated");
        assertThat(rolled.recovery()).isEqualTo(Recovery.OUT);
        assertThat(rolled.scenarios()).isEqualTo(2);
        assertThat(rolled.section()).isEqualTo(MedicalTreatment.RULE);
        assertThat(state.figure("us-loader").orElseThrow().recovery()).isEqualTo("Evacuated (out for 2 scenarios)");
        assertThatThrownBy(() -> act(new RecordTreatment("us-loader", null), 5)).isInstanceOf(RuleViolation.class)
                .hasMessageContaining("has been treated for this wound");
        assertThatThrownBy(() -> act(new RecordTreatment("us-commander", null), 5))
                .hasMessageContaining("has no wound to treat");
        act(new RecordCasualty("us-spotter", "walking wounded", "small arms"));
        assertThatThrownBy(() -> act(new RecordTreatment("us-spotter", "fine"), 5)).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("recovery: the campaign's Medical Treatment chart gives the recovery");
        // dies: at once, and struck off when the scenario is concluded
        act(new RecordTreatment("us-spotter", null), 1);
        assertThat(state.figure("us-spotter").orElseThrow().dead()).isTrue();
        assertThat(outcome("us-spotter").eliminated()).isTrue();
    }

    @Test
    void theRosterAppliesRecoveryWhenTheNextScenarioStarts() {
        act(new RecordCasualty("us-loader", "litter case", "close combat"));
        act(new RecordCasualty("us-spotter", "walking wounded", "small arms"));
        act(new RecordCasualty("us-commander", "walking wounded", "small arms"));
        act(new RecordTreatment("us-loader", null), 3);    // out for 1 scenario
        act(new RecordTreatment("us-spotter", null), 6);   // back to duty
        act(new RecordTreatment("us-commander", null), 4); // still wounded
        CounterDefinition loader = carried("us-loader");
        CounterDefinition spotter = carried("us-spotter");
        CounterDefinition commander = carried("us-commander");

        RosterChange healed = RULES.betweenScenarios(spotter);
        assertThat(healed.sitsOut()).isFalse();
        assertThat(healed.state()).doesNotContainKeys("wound", "recovery", "treatment");
        assertThat(healed.section()).isEqualTo(MedicalTreatment.RULE);

        RosterChange out = RULES.betweenScenarios(loader);
        assertThat(out.sitsOut()).isTrue();
        assertThat(out.note()).contains("misses this scenario").contains("back to duty for the next one");
        RosterChange back = RULES.betweenScenarios(loader.withState(out.state()));
        assertThat(back.sitsOut()).isFalse();
        assertThat(back.state()).doesNotContainKeys("wound", "treatment");

        assertThat(RULES.betweenScenarios(commander)).isNull();
        // still wounded: he plays wounded and may be treated again in the next scenario
        SkirmishState next = RULES.setUp(List.of(commander), chart());
        state = next;
        assertThat(state.figure("us-commander").orElseThrow().wound()).isEqualTo(Wound.WALKING_WOUNDED);
        assertThat(((TreatmentRolled) act(new RecordTreatment("us-commander", null), 5).get(0)).recovery())
                .isEqualTo(Recovery.BACK_TO_DUTY);
    }

    @Test
    void withoutAChartTheCampaignRecordsThePlayersResult() {
        state = RULES.setUp(ambush());
        act(new RecordCasualty("us-loader", "litter case", "close combat"));
        assertThatThrownBy(() -> act(new RecordTreatment("us-loader", null))).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("recovery: missing");
        act(new RecordTreatment("us-loader", "evacuated"));
        assertThat(state.figure("us-loader").orElseThrow().recovery()).isEqualTo("evacuated");
        assertThat(RULES.betweenScenarios(carried("us-loader"))).isNull();
    }

    private CounterOutcome outcome(String id) {
        return RULES.outcome(state).stream().filter(o -> o.id().equals(id)).findFirst().orElseThrow();
    }

    private CounterDefinition carried(String id) {
        return ambush().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow()
                .withState(outcome(id).state());
    }

    /**
     * Issue 26 item 3: a man handed back wounded and never rolled for waits on a roll between scenarios; the roll
     * reads the campaign's chart for his wound once (this chart: 3 "Field hospital", out for 1; 1 dies: struck off).
     */
    @Test
    void aWoundedManNotTreatedInTheScenarioIsRolledForOnceBetweenScenarios() {
        CounterDefinition lowe = new CounterDefinition("us-rifle-2", "figure", "Pvt. Lowe", "us", "American",
                Map.of(), Map.of("wound", "litter case", "recovery", "awaiting treatment"));
        assertThat(RULES.waitsBetweenScenarios(lowe, chart())).isEqualTo("waits on a treatment roll (litter case)");
        assertThat(RULES.waitsBetweenScenarios(lowe, null)).as("no chart, no roll").isNull();
        assertThat(RULES.waitsBetweenScenarios(lowe.withState(Map.of()), chart())).as("not wounded").isNull();

        var rolled = RULES.rollBetweenScenarios(lowe, chart(), new Scripted(3));
        assertThat(rolled.roll().values()).containsExactly(3);
        assertThat(rolled.result()).isEqualTo("Field hospital (out for 1 scenario)");
        assertThat(rolled.struckOff()).isFalse();
        assertThat(rolled.section()).isEqualTo("Medical Treatment (campaign chart)");
        CounterDefinition treated = lowe.withState(rolled.state());
        assertThat(RULES.waitsBetweenScenarios(treated, chart())).as("rolled for once").isNull();
        assertThatThrownBy(() -> RULES.rollBetweenScenarios(treated, chart(), new Scripted(5)))
                .isInstanceOf(RuleViolation.class).hasMessageContaining("Pvt. Lowe waits on no treatment roll");
        // the roster applies it when the next scenario starts: he sits it out
        RosterChange next = RULES.betweenScenarios(treated);
        assertThat(next.sitsOut()).isTrue();

        var dies = RULES.rollBetweenScenarios(lowe, chart(), new Scripted(1));
        assertThat(dies.struckOff()).isTrue();
        assertThat(dies.state().get("wound")).isEqualTo("death");
    }
}
