package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;

/** 12.1 and the counter data every kind needs: validate refuses missing or invalid numbers naming counter and field. */
class CounterDataTest {

    private static CounterDefinition counter(String kind, Map<String, Object> data) {
        return counter(kind, data, Map.of());
    }

    private static CounterDefinition counter(String kind, Map<String, Object> data, Map<String, Object> state) {
        return new CounterDefinition("c1", kind, "C1", "german", "German", data, state);
    }

    private static Map<String, Object> without(Map<String, Object> data, String key) {
        Map<String, Object> copy = new HashMap<>(data);
        copy.remove(key);
        return copy;
    }

    private static Map<String, Object> with(Map<String, Object> data, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(data);
        copy.put(key, value);
        return copy;
    }

    private static final Map<String, Object> SQUAD = Map.of("apfp", 4, "range", 4, "movement", 4);
    private static final Map<String, Object> LMG = Map.of("type", "L", "apfp", 3, "range", 6);

    @Test
    void the_three_weapon_types() {
        SupportWeapon light = SupportWeapon.of(HexCounter.from(counter("support-weapon", LMG)));
        assertThat(light.type()).isEqualTo(SupportWeapon.WeaponType.L);
        assertThat(light.canAttackAp()).isTrue();
        assertThat(light.canAttackAt()).isFalse();
        SupportWeapon mortar = SupportWeapon.of(HexCounter.from(counter("support-weapon",
                Map.of("type", "h", "apfp", "4", "range", 12.0, "mortar", "true", "at", 1,
                        "eliminationNumbers", Map.of("2", 4)))));
        assertThat(mortar).isEqualTo(new SupportWeapon("c1", "C1", SupportWeapon.WeaponType.H, 4, 1, 12, 2, true,
                Map.of(2, 4)));
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "type", "X"))))
                .isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("counters[c1].data.type: Expendable (X) weapons are not placed with a unit");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "type", "M"))))
                .hasMessage("counters[c1].data.type: 'M' is not L, H or X (12.1)");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "mortar", true))))
                .hasMessageStartingWith("counters[c1].data.type: light mortars are Heavy (H) support weapons");
    }

    @Test
    void weapon_data_refusals() {
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", without(LMG, "type"))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("counters[c1].data.type: missing");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", without(LMG, "apfp"))))
                .hasMessage("counters[c1].data.apfp: missing");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "apfp", "lots"))))
                .hasMessage("counters[c1].data.apfp: 'lots' is not a whole number");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "apfp", 2.5))))
                .hasMessage("counters[c1].data.apfp: '2.5' is not a whole number");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "apfp", 0))))
                .hasMessageStartingWith("counters[c1].data.apfp: a weapon with no AT rating needs an APFP above 0");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "at", -1))))
                .hasMessage("counters[c1].data.at: -1 is below 0");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "range", 0))))
                .hasMessage("counters[c1].data.range: 0 is below 1");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "minRange", 7))))
                .hasMessageStartingWith("counters[c1].data.minRange: 7 is not between 0 and the range 6");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(LMG, "mortar", "maybe"))))
                .hasMessageStartingWith("counters[c1].data.mortar: 'maybe' is not true or false");
        Map<String, Object> mortar = Map.of("type", "H", "apfp", 4, "range", 12, "mortar", true, "at", 1);
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", mortar)))
                .hasMessageStartingWith("counters[c1].data.eliminationNumbers: missing");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(mortar, "eliminationNumbers", 5))))
                .hasMessageStartingWith("counters[c1].data.eliminationNumbers: '5' is not a table");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(mortar, "eliminationNumbers",
                Map.of("2", 13))))).hasMessageStartingWith("counters[c1].data.eliminationNumbers.2: 13 is not an "
                + "Elimination Number");
        assertThatThrownBy(() -> RULES.validate(counter("support-weapon", with(mortar, "eliminationNumbers",
                Map.of("-1", 3))))).hasMessageStartingWith("counters[c1].data.eliminationNumbers key: -1 is below 0");
    }

    @Test
    void unit_data_refusals() {
        assertThatCode(() -> RULES.validate(counter("squad", SQUAD))).doesNotThrowAnyException();
        assertThatCode(() -> RULES.validate(counter("half-squad", SQUAD))).doesNotThrowAnyException();
        for (String field : new String[] {"apfp", "range", "movement"}) {
            assertThatThrownBy(() -> RULES.validate(counter("squad", without(SQUAD, field))))
                    .isInstanceOf(FieldRefused.class)
                    .hasMessage("counters[c1].data." + field + ": missing");
        }
        assertThatThrownBy(() -> RULES.validate(counter("half-squad", with(SQUAD, "movement", 0))))
                .hasMessage("counters[c1].data.movement: 0 is below 1");
        assertThatThrownBy(() -> RULES.validate(counter("leader", Map.of("movement", 5))))
                .hasMessage("counters[c1].data.leadership: missing");
        assertThatThrownBy(() -> RULES.validate(counter("leader", Map.of("leadership", -1))))
                .hasMessage("counters[c1].data.movement: missing");
        assertThatThrownBy(() -> RULES.validate(counter("leader", Map.of("leadership", -1, "movement", 5,
                "apfp", -2)))).hasMessage("counters[c1].data.apfp: -2 is below 0");
        assertThatCode(() -> RULES.validate(counter("leader", Map.of("leadership", -1, "movement", 5))))
                .doesNotThrowAnyException();
    }

    @Test
    void vehicle_pool_and_kind_refusals() {
        assertThatThrownBy(() -> RULES.validate(counter("afv", Map.of("movement", 6))))
                .isInstanceOf(FieldRefused.class).hasMessage("counters[c1].data.rearArmor: missing");
        assertThatThrownBy(() -> RULES.validate(counter("vehicle", Map.of("movement", 0))))
                .hasMessage("counters[c1].data.movement: 0 is below 1");
        assertThatCode(() -> RULES.validate(counter("gun", Map.of()))).doesNotThrowAnyException();
        assertThatThrownBy(() -> RULES.validate(counter("expendables", Map.of(), Map.of("grenades", -1))))
                .hasMessage("counters[c1].state.grenades: -1 is below 0");
        assertThatThrownBy(() -> RULES.validate(counter("expendables", Map.of(), Map.of("smoke", "some"))))
                .hasMessage("counters[c1].state.smoke: 'some' is not a whole number");
        assertThatThrownBy(() -> RULES.validate(counter("expendables", Map.of(), Map.of("satchel-charge", 1))))
                .hasMessageStartingWith("counters[c1].data.satchelChargeApfp: missing");
        assertThatThrownBy(() -> RULES.validate(counter("expendables", Map.of("panzerfaustAt", -3), Map.of())))
                .hasMessage("counters[c1].data.panzerfaustAt: -3 is below 0");
        assertThatThrownBy(() -> RULES.validate(counter("horse", Map.of())))
                .hasMessageStartingWith("counters[c1].kind: 'horse' is not a counter kind of rule set hex");
        assertThat(RULES.counterKinds()).containsExactlyInAnyOrder("squad", "half-squad", "leader",
                "support-weapon", "vehicle", "afv", "gun", "expendables");
    }

    @Test
    void set_up_refuses_a_ride_on_something_that_is_no_vehicle() {
        assertThatThrownBy(() -> Battlefield.standard().place("ger-sq-2", Map.of("aboard", "ger-sq-1")).state())
                .isInstanceOf(FieldRefused.class)
                .hasMessage("counters[ger-sq-2].state.aboard: 'ger-sq-1' is not a vehicle");
        assertThatThrownBy(() -> Battlefield.standard().place("ger-sq-2", Map.of("aboard", "nowhere")).state())
                .hasMessageContaining("state.aboard: no counter 'nowhere'");
    }
}
