package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.hex.HexAction.MortarFire;
import org.wargame.tracker.rules.hex.HexAction.SetPinned;
import org.wargame.tracker.rules.hex.HexEvent.MortarBarrageFired;
import org.wargame.tracker.rules.hex.HexEvent.VehicleAttacked;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_MP;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.mortar;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;
import static org.wargame.tracker.rules.hex.Battlefield.rolls;

/** 12.61 to 12.65 and 12.67. */
class MortarFireTest {

    private static MortarFire at(String hex, int range) {
        return new MortarFire(List.of("ger-mtr-1"), hex, range, true, null, null, null);
    }

    /** Two mortars in B2 (mortar APFP 4 and 3, AT 1 and 2) and a third one in B3. */
    private static Battlefield battery() {
        return Battlefield.standard()
                .squad("ger-sq-4", "german", "B2", "open")
                .add("ger-mtr-2", "support-weapon", "german", Map.of("type", "H", "apfp", 3, "at", 2, "range", 10,
                        "mortar", true, "eliminationNumbers", Map.of("1", 6, "2", 5, "3", 4)), Map.of("carrier", "ger-sq-4"))
                .squad("ger-sq-5", "german", "B3", "open")
                .weapon("ger-mtr-3", "german", "ger-sq-5", mortar(4, null));
    }

    @Test
    void a_barrage_uses_the_mortars_apfp_only_plus_the_leaders_modifier() {
        HexState state = battery().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1", "ger-mtr-2"),
                "D5", 4, true, null, "ger-ldr-2", null), rolls(8));
        MortarBarrageFired barrage = (MortarBarrageFired) events.get(0);
        assertThat(barrage.apfp()).isEqualTo(7); // 4 + 3, no inherent firepower of the squads (12.61)
        assertThat(barrage.leadershipModifier()).isEqualTo(-2);
        assertThat(barrage.roll().total()).isEqualTo(8);
        assertThat(barrage.modifiedRoll()).isEqualTo(6);
        assertThat(barrage.unitIds()).containsExactly("ger-sq-3", "ger-sq-4");
        assertThat(barrage.targetTerrain()).isEqualTo("open");
        assertThat(barrage.casualtyMultiplier()).isEqualTo(1);
        HexState after = play(state, events);
        assertThat(counter(after, "ger-sq-3").weaponFired()).isTrue();
        assertThat(counter(after, "ger-sq-4").fired()).isTrue();
        assertThat(RULES.actingSide(state, at("D5", 4))).isEqualTo("german");
    }

    @Test
    void mortars_of_one_hex_combine_into_one_barrage_on_one_target() {
        HexState state = battery().state();
        HexState after = play(state, RULES.decide(state, GERMAN_FP, at("D5", 4), rolls(8)));
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_FP, new MortarFire(List.of("ger-mtr-2"), "D5", 4, true,
                null, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.61: the mortars of B2 have already attacked D5 this turn");
        // another target is another attack
        assertThat(RULES.decide(after, GERMAN_FP, new MortarFire(List.of("ger-mtr-2"), "E6", 5, true, null, null,
                null), rolls(9))).isNotEmpty();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1", "ger-mtr-3"),
                "D5", 4, true, null, null, null), noDice()))
                .hasMessageStartingWith("12.61: only mortars located in the same hex combine into a single barrage");
    }

    @Test
    void mortar_firing_restrictions() {
        HexState state = battery().state();
        assertThatThrownBy(() -> RULES.decide(state, US_MP, at("D5", 4), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.61: mortars may not make Opportunity Fire attacks");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, at("D5", 4), noDice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.61: mortars fire only in their side's Fire Phase");
        assertThat(RULES.decide(state, GERMAN_FP, at("D5", 4), rolls(7))).isNotEmpty();
        for (String terrain : List.of("building", "bunker")) {
            HexState inside = battery().place("ger-sq-3", Map.of("terrain", terrain)).state();
            assertThatThrownBy(() -> RULES.decide(inside, GERMAN_FP, at("D5", 4), noDice()))
                    .hasMessageStartingWith("12.61: mortars may not fire from building hexes or bunkers");
        }
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "D5", 4, true,
                null, "ger-ldr-1", null), noDice()))
                .hasMessageStartingWith("12.61: only a friendly leader occupying the mortars' hex B2");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-hmg-1"), "D5", 4, true,
                null, null, null), noDice())).hasMessageStartingWith("12.6: HMG is not a mortar");
        HexState fired = play(state, RULES.decide(state, GERMAN_FP, at("D5", 4), rolls(7)));
        assertThatThrownBy(() -> RULES.decide(fired, GERMAN_FP, at("E6", 5), noDice()))
                .hasMessageStartingWith("12.3: 'ger-sq-3' has already fired a support weapon this turn");
    }

    @Test
    void los_of_the_firer_or_of_an_unpinned_friendly_spotter() {
        HexState state = battery().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "E6", 5, false,
                null, null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.62: neither the unit with the mortar nor a spotter has LOS to E6");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "E6", 5, false,
                "us-sq-1", null, null), noDice())).hasMessageStartingWith("12.62: the spotter must be a friendly unit");
        HexState pinned = play(state, RULES.decide(state, GERMAN_FP, new SetPinned("ger-sq-2", true), noDice()));
        assertThat(RULES.counters(pinned)).filteredOn(v -> v.id().equals("ger-sq-2")).singleElement()
                .satisfies(v -> assertThat(v.markers()).contains("Pinned"));
        assertThatThrownBy(() -> RULES.decide(pinned, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "E6", 5,
                false, "ger-sq-2", null, null), noDice()))
                .hasMessageStartingWith("12.62: the spotter must be unpinned; 'ger-sq-2' is pinned");
        List<HexEvent> spotted = RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "E6", 5, false,
                "ger-sq-2", null, null), rolls(9));
        assertThat(((MortarBarrageFired) spotted.get(0)).spotterId()).isEqualTo("ger-sq-2");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "E6", 5, false,
                "ger-hmg-1", null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("spotterId: 'ger-hmg-1' is a support-weapon, not a unit");
    }

    @Test
    void minimum_range_of_two_hexes() {
        HexState state = battery().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, at("B3", 1), noDice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.65: target inside the mortar's minimum range of 2 hexes");
        assertThat(RULES.decide(state, GERMAN_FP, at("D5", 2), rolls(7))).isNotEmpty();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, at("D5", 13), noDice()))
                .hasMessageStartingWith("12.3: the target at 13 hexes is beyond the range of MTR (12)");
        // a mortar whose counter prints no minimum range has the 2 of 12.65
        HexState plain = Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("m", "german", "u", Map.of("type", "H", "apfp", 2, "range", 8, "mortar", true)).state();
        assertThatThrownBy(() -> RULES.decide(plain, GERMAN_FP, new MortarFire(List.of("m"), "A2", 1, true, null,
                null, null), noDice())).hasMessageStartingWith("12.65: target inside the mortar's minimum range of 2");
    }

    @Test
    void only_the_target_hex_terrain_and_air_bursts_in_woods_and_jungle() {
        HexState state = battery().state();
        MortarBarrageFired woods = (MortarBarrageFired) RULES.decide(state, GERMAN_FP, at("E6", 5), rolls(7)).get(0);
        assertThat(woods.targetTerrain()).isEqualTo("woods");
        assertThat(woods.casualtyMultiplier()).isEqualTo(2);
        HexState jungle = battery().place("us-sq-1", Map.of("terrain", "jungle")).state();
        assertThat(((MortarBarrageFired) RULES.decide(jungle, GERMAN_FP, at("D5", 4), rolls(7)).get(0))
                .casualtyMultiplier()).isEqualTo(2);
        // the firer's own woods do not matter (12.63)
        HexState firerInWoods = battery().place("ger-sq-3", Map.of("terrain", "woods")).state();
        assertThat(((MortarBarrageFired) RULES.decide(firerInWoods, GERMAN_FP, at("D5", 4), rolls(7)).get(0))
                .casualtyMultiplier()).isEqualTo(1);
        // an empty hex: no attack roll
        MortarBarrageFired empty = (MortarBarrageFired) RULES.decide(state, GERMAN_FP, at("H8", 6), noDice()).get(0);
        assertThat(empty.roll()).isNull();
    }

    @Test
    void against_vehicles_each_rolls_to_hit_and_afvs_use_the_elimination_table() {
        HexState state = battery().state();
        // F7 holds the tank (rear armor 2) and the jeep; no other units, so no attack roll
        // tank: to-hit 6 -> hit; elimination roll 5 vs EN 5 (mortar 2's AT 2 row: armor 2 -> 5) -> destroyed
        // jeep: to-hit 6 +1 cover = 7 -> miss
        Battlefield.Rolls dice = rolls(5, 5, 6);
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1", "ger-mtr-2"),
                "F7", 6, true, null, null, 1), dice);
        assertThat(dice.allUsed()).isTrue();
        assertThat(dice.purposes).containsExactly("12.67 to-hit vs us-tank-1", "12.67 elimination vs us-tank-1",
                "12.67 to-hit vs us-jeep-1");
        VehicleAttacked tank = (VehicleAttacked) events.get(1);
        assertThat(tank.modifiedToHit()).isEqualTo(6);
        assertThat(tank.hit()).isTrue();
        assertThat(tank.atRating()).isEqualTo(2);
        assertThat(tank.rearArmor()).isEqualTo(2);
        assertThat(tank.eliminationNumber()).isEqualTo(5);
        assertThat(tank.destroyed()).isTrue();
        VehicleAttacked jeep = (VehicleAttacked) events.get(2);
        assertThat(jeep.modifiedToHit()).isEqualTo(7);
        assertThat(jeep.hit()).isFalse();
        HexState after = play(state, events);
        assertThat(counter(after, "us-tank-1").eliminated()).isTrue();
        assertThat(counter(after, "us-jeep-1").eliminated()).isFalse();
    }

    @Test
    void a_hit_destroys_an_unarmored_vehicle_and_an_afv_survives_a_roll_above_the_number() {
        HexState state = battery().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, at("F7", 6), rolls(3, 5, 2));
        VehicleAttacked tank = (VehicleAttacked) events.get(1);
        assertThat(tank.eliminationNumber()).isEqualTo(4); // mortar 1: AT 1, armor 2 -> 4
        assertThat(tank.eliminationRoll().total()).isEqualTo(5);
        assertThat(tank.destroyed()).isFalse();
        VehicleAttacked jeep = (VehicleAttacked) events.get(2);
        assertThat(jeep.hit()).isTrue();
        assertThat(jeep.armored()).isFalse();
        assertThat(jeep.eliminationRoll()).isNull();
        assertThat(jeep.destroyed()).isTrue();
        // a mortar without an AT rating hits but cannot destroy an AFV
        List<HexEvent> noAt = RULES.decide(battery().place("ger-sq-5", Map.of("hex", "B3")).state(), GERMAN_FP,
                new MortarFire(List.of("ger-mtr-3"), "F7", 6, true, null, null, null), rolls(4, 12));
        assertThat(((VehicleAttacked) noAt.get(1)).destroyed()).isFalse();
        assertThat(((VehicleAttacked) noAt.get(1)).note()).contains("no mortar of the barrage has an AT rating");
    }

    @Test
    void the_armor_elimination_table_comes_from_the_campaign_data_and_must_cover_the_afvs() {
        assertThatThrownBy(() -> Battlefield.standard().afv("us-tank-2", "us", "G8", 9).state())
                .isInstanceOf(FieldRefused.class)
                .hasMessage("counters[ger-mtr-1].data.eliminationNumbers: no Elimination Number for rear armor 9 "
                        + "(of 'us-tank-2', 12.67)");
        Map<String, Object> noTable = new java.util.LinkedHashMap<>(mortar(4, 1));
        noTable.remove("eliminationNumbers");
        assertThatThrownBy(() -> Battlefield.empty().squad("u", "german", "A1", "open")
                .weapon("m", "german", "u", noTable).state()).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("counters[m].data.eliminationNumbers: missing");
    }

    @Test
    void mortar_fire_refuses_bad_input_naming_the_field() {
        HexState state = battery().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of(), "D5", 4, true, null, null,
                null), noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("weaponIds:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1", "ger-mtr-1"),
                "D5", 4, true, null, null, null), noDice())).hasMessageStartingWith("weaponIds: a mortar is listed");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), null, 4, true,
                null, null, null), noDice())).hasMessageStartingWith("targetHex: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "D5", null,
                true, null, null, null), noDice())).hasMessageStartingWith("range:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "D5", 4, true,
                null, "ger-sq-3", null), noDice())).hasMessageStartingWith("leaderId: 'ger-sq-3' is a squad");
        assertThatThrownBy(() -> RULES.actingSide(state, new MortarFire(null, "D5", 4, true, null, null, null)))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("weaponIds: missing");
    }
}
