package org.wargame.tracker.web;

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
        assertThat(ScenarioPages.refusal("k", new IllegalArgumentException("to: no hex Z9")).field())
                .isEqualTo("to");
        assertThat(ScenarioPages.refusal("k", new org.wargame.tracker.refusal.RuleViolation("10.11", "no")).field())
                .isNull();
        assertThat(ScenarioPages.refusal("k", new IllegalStateException("10.3: not now")).field()).isNull();
    }
}
