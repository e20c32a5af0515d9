package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;
import org.wargame.tracker.rules.hex.HexEvent.SmokeLaid;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_MP;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;

/** 12.66 smoke rounds and the side's smoke supply. */
class SmokeSupplyTest {

    @Test
    void a_smoke_round_places_smoke_2_marks_fire_and_takes_two_factors_without_a_roll() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true, null),
                noDice());
        assertThat(events).containsExactly(new SmokeLaid("german", "ger-mtr-1", "ger-sq-3", "D5", 2,
                "ger-expendables", 2, 4));
        HexState after = play(state, events);
        assertThat(after.smoke()).containsEntry("D5", 2);
        assertThat(counter(after, "ger-expendables").pool()).containsEntry("smoke", 4);
        assertThat(counter(after, "ger-sq-3").fired()).isTrue();
        assertThat(RULES.counters(after)).filteredOn(v -> v.id().equals("ger-sq-3")).singleElement()
                .satisfies(v -> assertThat(v.markers()).contains("Fire"));
        assertThat(RULES.counters(after)).filteredOn(v -> v.id().equals("us-sq-1")).singleElement()
                .satisfies(v -> assertThat(v.markers()).contains("Smoke 2"));
        assertThat(RULES.counters(after)).filteredOn(v -> v.id().equals("ger-expendables")).singleElement()
                .satisfies(v -> assertThat(v.state()).containsEntry("smoke", 4));
        // it was the mortar's fire of the turn
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_FP, new MortarSmoke("ger-mtr-1", "E6", 5, true, null),
                noDice())).hasMessageStartingWith("12.3:");
    }

    @Test
    void the_supply_runs_down_and_never_below_zero() {
        HexState state = Battlefield.standard().place("ger-expendables", Map.of("smoke", 3)).state();
        HexState after = play(state, RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true,
                null), noDice()));
        assertThat(counter(after, "ger-expendables").pool()).containsEntry("smoke", 1);
        HexState next = play(after, List.of(new HexEvent.GameTurnBegan(2)));
        assertThatThrownBy(() -> RULES.decide(next, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true, null),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.66: side 'german' has 1 smoke factor left in its pool; this needs 2");
    }

    @Test
    void the_same_rules_as_firing_apply() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "B3", 1, true, null),
                noDice())).hasMessageStartingWith("12.65: target inside the mortar's minimum range of 2 hexes");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "E6", 5, false, null),
                noDice())).hasMessageStartingWith("12.62:");
        assertThatThrownBy(() -> RULES.decide(state, US_MP, new MortarSmoke("ger-mtr-1", "E6", 5, true, null),
                noDice())).hasMessageStartingWith("12.61: mortars may not make Opportunity Fire attacks");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarSmoke(null, "E6", 5, true, null),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("weaponId: missing");
    }
}
