package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How a posted option form becomes the body of an action, whatever the rule set. */
class ActionFormTest {

    private static Map<String, String> form(String... pairs) {
        Map<String, String> form = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            form.put(pairs[i], pairs[i + 1]);
        }
        return form;
    }

    @Test
    void theReadyRequestWithTheFilledFieldsAndNoDiceLetsTheServerRoll() {
        Map<String, Object> body = ActionForm.body(form("request", "{\"type\":\"move\",\"counter\":\"c1\"}",
                "f_to", " B5 ", "f_note", "", "k_0", "dr", "d_0", ""));
        assertThat(body).containsExactly(Map.entry("type", "move"), Map.entry("counter", "c1"),
                Map.entry("to", "B5"));
    }

    @Test
    void enteredDiceGoInOrderWithTheirKind() {
        Map<String, Object> body = ActionForm.body(form("request", "{\"type\":\"fire\"}", "k_0", "DR", "d_0", "34",
                "k_1", "dr", "d_1", "5"));
        assertThat(body.get("dice")).isEqualTo(List.of(Map.of("kind", "DR", "values", List.of(3, 4)),
                Map.of("kind", "dr", "values", List.of(5))));
        assertThat(ActionForm.values("DR", "6 + 2")).containsExactly(6, 2);
        assertThat(ActionForm.values("d20", "17")).containsExactly(17);
    }

    @Test
    void wrongDiceAreRefusedNamingTheField() {
        assertThatThrownBy(() -> ActionForm.values("dr", "7")).hasMessageStartingWith("dice: 7 is not a face");
        assertThatThrownBy(() -> ActionForm.values("DR", "3")).hasMessageStartingWith("dice: a DR is 2 dice");
        assertThatThrownBy(() -> ActionForm.body(form("request", "{\"type\":\"fire\"}", "k_0", "DR", "d_0", "",
                "k_1", "dr", "d_1", "5"))).hasMessageStartingWith("dice: enter the DR too");
        assertThatThrownBy(() -> ActionForm.body(form("f_x", "1"))).hasMessageStartingWith("type:");
    }

    @Test
    void aRefusalGoesNextToTheFieldItNamesOrWithTheWholeAction() {
        // the field comes from the refusal's type, never from its message
        assertThat(ScenarioPages.refusal("k", new org.wargame.tracker.refusal.FieldRefused("to", "no hex Z9")))
                .isEqualTo(new ScenarioPages.Refusal("k", "to", "to: no hex Z9"));
        assertThat(ScenarioPages.refusal("k", new org.wargame.tracker.refusal.RuleViolation("10.11", "no")).field())
                .isNull();
        assertThat(ScenarioPages.refusal("k", new org.wargame.tracker.refusal.RuleViolation("10.5", "crew",
                "not Good Order")).field()).isEqualTo("crew");
        assertThat(ScenarioPages.refusal("k", new org.wargame.tracker.refusal.Conflict("to: a text, not a field"))
                .field()).isNull();
    }

    @Test
    void aSideDesignatesEveryMansTargetInOneFormAndAManLeftEmptyDoesNotFire() {
        org.wargame.tracker.rules.RuleSet<?, ?, ?> skirmish = org.wargame.tracker.rules.RuleSets.byId("skirmish");
        String request = "{\"type\":\"designate-targets\",\"side\":\"us\",\"targets\":["
                + "{\"firer\":\"us-ranger\",\"weapon\":\"m1903\"},{\"firer\":\"us-grenadier\",\"weapon\":\"carbine\"},"
                + "{\"firer\":\"us-mg-gunner\",\"weapon\":\"m1919\"}]}";
        Map<String, Object> two = ActionForm.body(form("request", request, "f_targets[0].target", "de-rifle-1",
                "f_targets[1].target", "", "f_targets[2].target", "de-mule", "f_targets[2].template", "2"),
                skirmish::actionSchema);
        assertThat(two.get("targets")).isEqualTo(List.of(Map.of("firer", "us-ranger", "weapon", "m1903", "target",
                "de-rifle-1"), Map.of("firer", "us-mg-gunner", "weapon", "m1919", "target", "de-mule", "template", 2)));
        // a row with a template but no target is sent, and refused naming its target
        Map<String, Object> half = ActionForm.body(form("request", request, "f_targets[0].target", "",
                "f_targets[1].target", "de-mule", "f_targets[2].target", "", "f_targets[2].template", "1"),
                skirmish::actionSchema);
        assertThat((List<?>) half.get("targets")).hasSize(2);
        // nothing filled at all: sent as it is (refused for the first row's target), never "designate nothing"
        Map<String, Object> none = ActionForm.body(form("request", request, "f_targets[0].target", "",
                "f_targets[1].target", "", "f_targets[2].target", ""), skirmish::actionSchema);
        assertThat((List<?>) none.get("targets")).hasSize(3);
    }

    @Test
    void theSchemaTurnsNumbersYesNoAndPathsIntoTypedNestedJson() {
        org.wargame.tracker.rules.RuleSet<?, ?, ?> skirmish = org.wargame.tracker.rules.RuleSets.byId("skirmish");
        Map<String, Object> designation = ActionForm.body(form("request", "{\"type\":\"designate-targets\","
                + "\"side\":\"us\",\"targets\":[{\"firer\":\"us-mg-gunner\",\"weapon\":\"m1919\"}]}",
                "f_targets[0].target", "de-mule", "f_targets[0].template", "1"), skirmish::actionSchema);
        assertThat(designation.get("targets")).isEqualTo(List.of(Map.of("firer", "us-mg-gunner", "weapon", "m1919",
                "target", "de-mule", "template", 1)));
        assertThat(designation).doesNotContainKey("targets[0].target");

        org.wargame.tracker.rules.RuleSet<?, ?, ?> hex = org.wargame.tracker.rules.RuleSets.byId("hex");
        Map<String, Object> move = ActionForm.body(form("request", "{\"type\":\"fire\",\"unitId\":\"u\"}",
                "f_range", "2", "f_grenades", "true"), hex::actionSchema);
        assertThat(move).containsEntry("range", 2).containsEntry("grenades", true);
        assertThatThrownBy(() -> ActionForm.body(form("request", "{\"type\":\"fire\",\"unitId\":\"u\"}",
                "f_range", "two"), hex::actionSchema)).hasMessageStartingWith("range:");

        Map<String, Object> carry = ActionForm.body(form("request", "{\"type\":\"carry-litter-case\","
                + "\"casualty\":\"c\"}", "f_bearers[0]", "a", "f_bearers[3]", "b"), skirmish::actionSchema);
        assertThat(carry.get("bearers")).isEqualTo(List.of("a", "b"));
    }
}
