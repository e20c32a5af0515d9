package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.hex.HexAction.Eliminate;
import org.wargame.tracker.rules.hex.HexAction.Move;
import org.wargame.tracker.rules.hex.HexEvent.UnitEliminated;
import org.wargame.tracker.rules.hex.HexEvent.UnitMoved;
import org.wargame.tracker.rules.hex.SupportWeapon.WeaponType;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_MP;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;

class PortageTest {

    @Test
    void the_portage_table_is_the_printed_one() {
        assertThat(Portage.TABLE).containsOnlyKeys("squad", "half-squad", "leader");
        assertThat(Portage.TABLE.get("squad")).isEqualTo(new Portage.Row("Squad", Set.of(WeaponType.L,
                WeaponType.H), -1));
        assertThat(Portage.TABLE.get("half-squad")).isEqualTo(new Portage.Row("Half squad", Set.of(WeaponType.L,
                WeaponType.H), -1));
        assertThat(Portage.TABLE.get("leader")).isEqualTo(new Portage.Row("Leader", Set.of(WeaponType.L), 0));
        assertThat(Portage.CAPACITY).isEqualTo(1);
    }

    /** 12.2 in full: who may carry which type at set-up, and the resulting movement allowance. */
    @ParameterizedTest(name = "{0} carrying {1}: allowed {2}, allowance {3}")
    @CsvSource({
            "squad, L, true, 4",
            "squad, H, true, 3",
            "half-squad, L, true, 4",
            "half-squad, H, true, 3",
            "leader, L, true, 5",
            "leader, H, false, 0"})
    void portage_table_at_set_up(String kind, String type, boolean allowed, int allowance) {
        Battlefield field = Battlefield.empty();
        switch (kind) {
            case "squad" -> field.squad("u", "german", "A1", "open");
            case "half-squad" -> field.halfSquad("u", "german", "A1", "open");
            default -> field.leader("u", "german", "A1", "open", -1);
        }
        field.weapon("w", "german", "u", Map.of("type", type, "apfp", 3, "range", 6));
        if (!allowed) {
            assertThatThrownBy(field::state).isInstanceOf(RuleViolation.class)
                    .hasMessageStartingWith("12.2: Leader 'u' may carry only a Light (L) support weapon");
            return;
        }
        HexState state = field.state();
        assertThat(Portage.movementAllowance(state, counter(state, "u"))).isEqualTo(allowance);
        CounterView view = RULES.counters(state).stream().filter(v -> v.id().equals("u")).findFirst().orElseThrow();
        assertThat(view.state()).containsEntry("movementAllowance", allowance);
        assertThat(view.markers()).contains("carrying W");
    }

    @Test
    void a_unit_carries_one_support_weapon() {
        Battlefield field = Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("w1", "german", "u", Map.of("type", "L", "apfp", 3, "range", 6))
                .weapon("w2", "german", "u", Map.of("type", "L", "apfp", 3, "range", 6));
        assertThatThrownBy(field::state).hasMessageStartingWith("12.2: Squad 'u' already carries a support weapon");
    }

    @Test
    void vehicles_and_guns_do_not_carry_support_weapons() {
        Battlefield field = Battlefield.empty().afv("t", "german", "A1", 2)
                .weapon("w", "german", "t", Map.of("type", "L", "apfp", 3, "range", 6));
        assertThatThrownBy(field::state).hasMessageStartingWith("12.2: only squads, half squads and leaders");
    }

    @Test
    void set_up_refuses_a_weapon_without_carrier_or_with_a_foreign_or_missing_one() {
        assertThatThrownBy(() -> Battlefield.empty().add("w", "support-weapon", "german",
                Map.of("type", "L", "apfp", 3, "range", 6), Map.of()).state())
                .isInstanceOf(RuleViolation.class).hasMessage("12.2: 'w' is under no unit: a support weapon is placed "
                        + "under the unit carrying it")
                .satisfies(e -> assertThat(((RuleViolation) e).field()).isEqualTo("counters[w].state.carrier"));
        assertThatThrownBy(() -> Battlefield.empty().weapon("w", "german", "ghost",
                Map.of("type", "L", "apfp", 3, "range", 6)).state())
                .isInstanceOf(FieldRefused.class).hasMessageContaining("'ghost' is not in this scenario");
        assertThatThrownBy(() -> Battlefield.empty().squad("u", "us", "A1", "open").weapon("w", "german", "u",
                Map.of("type", "L", "apfp", 3, "range", 6)).state())
                .isInstanceOf(RuleViolation.class).hasMessageContaining("belongs to another side");
    }

    @Test
    void a_squad_with_an_hmg_moves_one_mp_less() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", "C5", "woods", 2), noDice());
        assertThat(events).containsExactly(new UnitMoved("ger-sq-1", "C4", "C5", "woods", 2, 2, 3));
        state = play(state, events);
        state = play(state, RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", "C6", "open", 1), noDice()));
        assertThat(counter(state, "ger-sq-1").mpSpent()).isEqualTo(3);
        HexState moved = state;
        assertThatThrownBy(() -> RULES.decide(moved, GERMAN_MP, new Move("ger-sq-1", "C7", "open", 1), noDice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.2: 'ger-sq-1' has a movement allowance of 3 (4 MP, one less for "
                        + "carrying a Heavy (H) support weapon); it has spent 3 and this move costs 1");
        // the weapon goes where its carrier goes
        assertThat(moved.hexOf(counter(moved, "ger-hmg-1"))).isEqualTo("C6");
        // the squad without a weapon keeps its 4
        HexState other = play(moved, RULES.decide(moved, GERMAN_MP, new Move("ger-sq-2", "C5", "open", 4),
                noDice()));
        assertThat(counter(other, "ger-sq-2").mpSpent()).isEqualTo(4);
    }

    @Test
    void a_leader_with_a_light_weapon_moves_normally() {
        HexState state = Battlefield.standard().state();
        assertThat(RULES.decide(state, GERMAN_MP, new Move("ger-ldr-1", "C9", "open", 5), noDice()))
                .containsExactly(new UnitMoved("ger-ldr-1", "C4", "C9", "open", 5, 5, 5));
    }

    @Test
    void movement_is_spent_in_the_own_movement_phase_and_reset_when_it_begins() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new Move("ger-sq-1", "C5", "open", 1), noDice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.2: Movement Points are spent in the unit's own side's Movement Phase "
                        + "(now: Turn 1, Player Turn 1 (german), CP)");
        assertThatThrownBy(() -> RULES.decide(state, US_MP, new Move("ger-sq-1", "C5", "open", 1), noDice()))
                .hasMessageStartingWith("12.2:");
        HexState moved = play(state, RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", "C5", "open", 3),
                noDice()));
        HexState next = play(moved, RULES.clockAdvanced(moved, Battlefield.clock("CP", "german"), GERMAN_MP,
                noDice()));
        assertThat(counter(next, "ger-sq-1").mpSpent()).isZero();
    }

    @Test
    void move_refuses_bad_input_naming_the_field() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new Move("nobody", "C5", "open", 1), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("unitId: no counter 'nobody'");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", null, "open", 1), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("toHex: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", "C5", "open", 0), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("mpCost:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new Move("ger-hmg-1", "C5", "open", 1), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageContaining("has no movement");
    }

    @Test
    void a_weapon_is_eliminated_with_its_carrier() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_MP, new Eliminate("ger-sq-1", "fire table"), noDice());
        assertThat(events).containsExactly(new UnitEliminated("ger-sq-1", "fire table", List.of("ger-hmg-1")));
        HexState after = play(state, events);
        assertThat(counter(after, "ger-hmg-1").eliminated()).isTrue();
        assertThat(RULES.outcome(after)).filteredOn(o -> o.id().equals("ger-hmg-1"))
                .singleElement().satisfies(o -> assertThat(o.eliminated()).isTrue());
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_MP, new Eliminate("ger-sq-1", "again"), noDice()))
                .isInstanceOf(Conflict.class).hasMessage("counterId: 'ger-sq-1' is eliminated and out of play");
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_MP, new Eliminate("ger-expendables", "x"), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageContaining("expendables pool");
    }

    @Test
    void weapons_are_no_units_in_the_hex() {
        HexState state = Battlefield.standard().state();
        // 12.2: support weapons do not count for stacking: only units are listed in a hex
        assertThat(state.unitsIn("C4")).extracting(HexCounter::id)
                .containsExactly("ger-sq-1", "ger-sq-2", "ger-hs-1", "ger-ldr-1");
    }
}
