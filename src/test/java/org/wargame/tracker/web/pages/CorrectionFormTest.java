package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.IdNames;
import org.wargame.tracker.scenario.ScenarioLog;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A ruling's correction as the disputed action's own form: filled with what was played, read back as a request. */
class CorrectionFormTest {

    private static final ScenarioLog.TakenAction CASUALTY = new ScenarioLog.TakenAction("a1", "casualty",
            Map.of("type", "casualty", "counter", "br-mule-1", "result", "casualty-reduction"),
            List.of(new DiceRoll("dr", List.of(3), DiceRoll.ENTERED, "10.4 vulnerability of br-94mm", null)),
            "british", 30);

    private static final List<CounterView> COUNTERS = List.of(new CounterView("br-mule-1", "mule", "\"squad\" Mule 1",
            "british", "British", "B4", Map.of(), Map.of(), List.of(), false));

    @Test
    void theFormIsTheActionsOwnFilledWithWhatWasPlayed() {
        CorrectionForm form = CorrectionForm.of(CASUALTY, RuleSets.byId("asl"), COUNTERS,
                new IdNames(Map.of("br-94mm", "94mm INF Gun")));
        assertThat(form.inputs()).extracting(FormInputs.Input::name).contains("c_f_counter", "c_f_result");
        assertThat(form.values()).containsEntry("c_f_counter", "br-mule-1")
                .containsEntry("c_f_result", "casualty-reduction");
        assertThat(form.inputs().stream().filter(i -> i.name().equals("c_f_result")).findFirst().orElseThrow()
                .choices()).extracting(FormInputs.Pick::label).contains("casualty reduction");
        assertThat(form.dice()).containsExactly("dr 3 (entered), 10.4 vulnerability of 94mm INF Gun");
    }

    @Test
    void aChangedFormIsTheCorrectedRequestAndAnUnchangedOneNone() {
        var asl = RuleSets.byId("asl");
        assertThat(CorrectionForm.corrected(Map.of("c_f_counter", "br-mule-1", "c_f_result", "casualty-reduction",
                "ruling", "as played"), CASUALTY, asl)).as("nothing corrected").isNull();
        assertThat(CorrectionForm.corrected(Map.of("c_f_counter", "br-mule-1", "c_f_result", "eliminate"),
                CASUALTY, asl)).containsEntry("result", "eliminate").containsEntry("counter", "br-mule-1")
                .containsEntry("type", "casualty").doesNotContainKey("dice");
        assertThat(CorrectionForm.corrected(Map.of("ruling", "no form"), CASUALTY, asl)).isNull();
    }
}
