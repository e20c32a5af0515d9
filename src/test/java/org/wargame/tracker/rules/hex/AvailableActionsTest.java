package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_MP;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;

class AvailableActionsTest {

    private static ActionOption option(List<ActionOption> options, String counter, String action) {
        return options.stream().filter(o -> o.counterId().equals(counter) && o.action().equals(action)).findFirst()
                .orElseThrow();
    }

    @Test
    void options_follow_the_phase_and_the_rules() {
        HexState state = Battlefield.standard().state();
        List<ActionOption> cp = RULES.options(state, GERMAN_CP);
        assertThat(option(cp, "ger-sq-1", "transfer-weapon").allowed()).isTrue();
        assertThat(option(cp, "ger-sq-1", "transfer-weapon").request())
                .isEqualTo(Map.of("type", "transfer-weapon", "weaponId", "ger-hmg-1"));
        assertThat(option(cp, "ger-sq-1", "move").reason()).startsWith("12.2:");

        List<ActionOption> mp = RULES.options(state, GERMAN_MP);
        assertThat(option(mp, "ger-sq-1", "move").label()).isEqualTo("Move (3 MP left)");
        assertThat(option(mp, "ger-sq-1", "transfer-weapon").reason()).startsWith("12.4:");
        assertThat(option(RULES.options(state, US_MP), "ger-sq-3", "mortar-fire").reason()).startsWith("12.61:");

        HexState smoked = play(state, RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true,
                null), noDice()));
        List<ActionOption> fp = RULES.options(smoked, GERMAN_FP);
        assertThat(option(fp, "ger-sq-3", "mortar-fire").reason()).startsWith("12.3:");
        assertThat(option(fp, "ger-sq-1", "fire").allowed()).isTrue();
        assertThat(option(fp, "ger-sq-1", "fire").dice().stream().map(org.wargame.tracker.rules.DieNeed::kind).toList()).containsExactly("2d6");
        assertThat(option(fp, "ger-sq-2", "use-panzerfaust").label()).isEqualTo("Panzerfaust (2 left)");
        assertThat(RULES.options(state, GERMAN_FP)).noneMatch(o -> o.counterId().equals("us-sq-1")
                && o.action().equals("use-panzerfaust"));
    }
}
