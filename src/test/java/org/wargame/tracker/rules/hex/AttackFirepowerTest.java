package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.hex.AttackFirepower.Usage;
import org.wargame.tracker.rules.hex.HexAction.Fire;
import org.wargame.tracker.rules.hex.HexEvent.AttackFired;
import org.wargame.tracker.rules.hex.HexEvent.ExpendableSpent;
import org.wargame.tracker.rules.hex.SupportWeapon.WeaponType;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;
import static org.wargame.tracker.rules.hex.Battlefield.rolls;

class AttackFirepowerTest {

    @Test
    void the_usage_table_is_the_printed_one() {
        assertThat(AttackFirepower.TABLE).isEqualTo(Map.of(
                "squad", Map.of(WeaponType.L, Usage.UNIT_PLUS_WEAPON, WeaponType.H, Usage.UNIT_PLUS_WEAPON),
                "half-squad", Map.of(WeaponType.L, Usage.UNIT_PLUS_WEAPON, WeaponType.H, Usage.WEAPON_ONLY),
                "leader", Map.of(WeaponType.L, Usage.WEAPON_ONLY, WeaponType.H, Usage.NOT_ALLOWED)));
    }

    /**
     * 12.3 in full: every row and column of the usage table, within the unit's range and beyond it (but within the
     * weapon's). Unit APFP: squad 4, half squad 2, leader 0; weapon APFP 6; unit ranges 4, 3, 0; weapon range 8.
     */
    @ParameterizedTest(name = "{0} with {1} at {2} hexes: APFP {3}")
    @CsvSource({
            "squad, L, 2, 10, unit 4 + weapon 6",
            "squad, H, 2, 10, unit 4 + weapon 6",
            "half-squad, L, 2, 8, unit 2 + weapon 6",
            "half-squad, H, 2, 6, weapon 6 only (half-squad with H weapon)",
            "leader, L, 2, 6, weapon 6 only (target beyond the unit's range of 0)",
            "squad, L, 6, 6, weapon 6 only (target beyond the unit's range of 4)",
            "squad, H, 6, 6, weapon 6 only (target beyond the unit's range of 4)",
            "half-squad, L, 6, 6, weapon 6 only (target beyond the unit's range of 3)",
            "half-squad, H, 6, 6, weapon 6 only (target beyond the unit's range of 3)"})
    void usage_table(String kind, String type, int range, int apfp, String makeUp) {
        Battlefield field = Battlefield.empty().squad("t", "us", "Z9", "open");
        switch (kind) {
            case "squad" -> field.squad("u", "german", "A1", "open");
            case "half-squad" -> field.halfSquad("u", "german", "A1", "open");
            default -> field.leader("u", "german", "A1", "open", -1);
        }
        field.weapon("w", "german", "u", Map.of("type", type, "apfp", 6, "range", 8));
        HexState state = field.state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new Fire("u", "w", null, "Z9", "t", range, null,
                null), rolls(7));
        AttackFired fired = (AttackFired) events.get(0);
        assertThat(fired.apfp()).isEqualTo(apfp);
        assertThat(fired.firepower()).isEqualTo(makeUp);
        assertThat(fired.roll().total()).isEqualTo(7);
        assertThat(fired.modifiedRoll()).isEqualTo(7);
    }

    @Test
    void a_leader_does_not_fire_a_heavy_weapon() {
        InfantryUnit leader = new InfantryUnit("l", "leader", 0, 0, 5, -1);
        SupportWeapon hmg = new SupportWeapon("w", "HMG", WeaponType.H, 6, null, 10, 0, false, Map.of());
        assertThatThrownBy(() -> AttackFirepower.firepower(leader, hmg, 2)).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: a leader does not fire a Heavy (H) support weapon");
    }

    @Test
    void one_support_weapon_per_unit_per_turn_until_the_next_game_turn() {
        HexState state = Battlefield.standard().state();
        Fire fire = new Fire("ger-sq-1", "ger-hmg-1", null, "D5", "us-sq-1", 3, null, null);
        HexState after = play(state, RULES.decide(state, GERMAN_FP, fire, rolls(8)));
        assertThat(counter(after, "ger-sq-1").weaponFired()).isTrue();
        assertThat(RULES.counters(after)).filteredOn(v -> v.id().equals("ger-sq-1")).singleElement()
                .satisfies(v -> assertThat(v.markers()).contains("Fire", "carrying HMG"));
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_FP, fire, rolls(8))).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: 'ger-sq-1' has already fired a support weapon this turn");
        // a new Game Turn clears the limit and the Fire marker
        List<HexEvent> turn = RULES.clockAdvanced(after, new org.wargame.tracker.rules.GameClock(1, 2, "CA", null,
                "us"), new org.wargame.tracker.rules.GameClock(2, 1, "CP", null, "german"), noDice());
        assertThat(turn).containsExactly(new HexEvent.GameTurnBegan(2));
        HexState next = play(after, turn);
        assertThat(counter(next, "ger-sq-1").weaponFired()).isFalse();
        assertThat(counter(next, "ger-sq-1").fired()).isFalse();
    }

    @Test
    void ap_or_at_is_declared_when_the_weapon_can_do_both() {
        HexState state = Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("w", "german", "u", Map.of("type", "L", "apfp", 2, "at", 3, "range", 4))
                .afv("t", "us", "A2", 2).squad("s", "us", "A2", "open").state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("u", "w", null, "A2", "t", 1, null, null),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: W can make an AP or an AT attack: declare which");
        List<HexEvent> at = RULES.decide(state, GERMAN_FP, new Fire("u", "w", "AT", "A2", "t", 1, null, null),
                noDice());
        assertThat(at).containsExactly(new AttackFired("u", "w", "AT", "A2", "t", 1, 0, "AT attack, AT rating 3", 3,
                false, false, null, 0, null));
        List<HexEvent> ap = RULES.decide(state, GERMAN_FP, new Fire("u", "w", "ap", "A2", "s", 1, null, null),
                rolls(9));
        assertThat(((AttackFired) ap.get(0)).apfp()).isEqualTo(6);
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("u", "w", "AT", "A2", "s", 1, null, null),
                noDice())).hasMessageStartingWith("12.3: an AT attack needs an AFV, vehicle or Gun");
    }

    @Test
    void a_weapon_of_one_kind_refuses_the_other_attack() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", "AT", "F7",
                "us-tank-1", 5, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: HMG makes AP attacks only (it has no AT rating)");
        HexState bazooka = Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("w", "german", "u", Map.of("type", "L", "apfp", 0, "at", 4, "range", 3))
                .squad("s", "us", "A2", "open").state();
        assertThatThrownBy(() -> RULES.decide(bazooka, GERMAN_FP, new Fire("u", "w", "AP", "A2", "s", 1, null,
                null), noDice())).hasMessageStartingWith("12.3: W makes AT attacks only (no APFP)");
    }

    @Test
    void range_limits() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, "D5", null,
                11, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: the target at 11 hexes is beyond the range of HMG (10)");
        HexState min = Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("w", "german", "u", Map.of("type", "L", "apfp", 3, "range", 6, "minRange", 2)).state();
        assertThatThrownBy(() -> RULES.decide(min, GERMAN_FP, new Fire("u", "w", null, "A2", null, 1, null, null),
                noDice())).hasMessageStartingWith("12.1: the target at 1 hexes is inside the minimum range");
    }

    @Test
    void grenades_with_a_support_weapon_modify_the_attack_roll() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, "D5",
                "us-sq-1", 1, true, null), rolls(8));
        assertThat(events).hasSize(2);
        ExpendableSpent spent = (ExpendableSpent) events.get(0);
        assertThat(spent.item()).isEqualTo("grenades");
        assertThat(spent.remaining()).isEqualTo(2);
        AttackFired fired = (AttackFired) events.get(1);
        assertThat(fired.apfp()).isEqualTo(10);
        assertThat(fired.grenades()).isTrue();
        assertThat(fired.rollModifier()).isEqualTo(-1);
        assertThat(fired.modifiedRoll()).isEqualTo(7);
        HexState after = play(state, events);
        assertThat(counter(after, "ger-expendables").pool()).containsEntry("grenades", 2);
    }

    @Test
    void grenades_only_adjacent_and_never_at() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null, 2,
                true, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.52: grenades may only be used against targets in an adjacent hex");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, "AT", "F7", "us-tank-1",
                1, true, null), noDice())).hasMessageStartingWith("12.52: grenades may not be used for AT attacks");
        // grenades alone: the unit's inherent APFP, -1 on the roll
        List<HexEvent> alone = RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null, 1, true,
                null), rolls(5));
        assertThat(((AttackFired) alone.get(1)).apfp()).isEqualTo(4);
        assertThat(((AttackFired) alone.get(1)).modifiedRoll()).isEqualTo(4);
    }

    @Test
    void satchel_charge_adds_its_apfp_and_forbids_a_support_weapon() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, "D5", null,
                1, null, true), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.53: a unit may not fire a support weapon when it uses a satchel charge");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null, 2,
                null, true), noDice())).hasMessageStartingWith("12.53: a satchel charge may only be used against");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, "AT", "F7", "us-tank-1",
                1, null, true), noDice())).hasMessageStartingWith("12.53: satchel charges may not be used for AT");
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null, 1, null,
                true), rolls(6));
        AttackFired fired = (AttackFired) events.get(1);
        assertThat(fired.apfp()).isEqualTo(8);
        assertThat(fired.firepower()).isEqualTo("unit 4 + satchel charge 4");
        HexState after = play(state, events);
        assertThat(counter(after, "ger-expendables").pool()).containsEntry("satchel-charge", 0);
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_FP, new Fire("ger-hs-1", null, null, "D5", null, 1,
                null, true), noDice())).hasMessageStartingWith("12.53: side 'german' has 0 Satchel Charges left");
    }

    @Test
    void a_mortar_is_not_fired_with_infantry() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-3", "ger-mtr-1", null, "E6", null,
                4, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.61: a mortar never forms a fire group with infantry");
    }

    @Test
    void only_the_carrier_fires_a_weapon() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", "ger-hmg-1", null, "D5", null,
                2, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.2: 'ger-sq-2' does not carry HMG");
    }

    @Test
    void fire_refuses_bad_input_naming_the_field() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null, 1,
                null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("weaponId: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, null, null,
                1, null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("targetHex: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, "D5", null,
                null, null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("range:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", "HE", "D5", null,
                2, null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("attack: 'HE' is not AP or AT");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("us-tank-1", null, null, "D5", null, 1,
                true, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("unitId: 'us-tank-1' is a afv, not a squad");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-expendables", null, "D5",
                null, 1, null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("weaponId: 'ger-expendables' is a expendables");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1", null, "E6",
                "us-sq-1", 2, null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("targetHex: 'us-sq-1' is in hex D5");
        assertThatThrownBy(() -> RULES.decide(Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("w", "german", "u", Map.of("type", "L", "apfp", 0, "at", 4, "range", 3)).state(),
                GERMAN_FP, new Fire("u", "w", null, "A2", null, 1, null, null), noDice()))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("targetId: missing");
    }
}
