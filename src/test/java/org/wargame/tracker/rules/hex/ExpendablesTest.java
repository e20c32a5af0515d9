package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.hex.HexAction.Move;
import org.wargame.tracker.rules.hex.HexAction.UseAtGrenade;
import org.wargame.tracker.rules.hex.HexAction.UseGrenades;
import org.wargame.tracker.rules.hex.HexAction.UsePanzerfaust;
import org.wargame.tracker.rules.hex.HexAction.UseSatchelCharge;
import org.wargame.tracker.rules.hex.HexEvent.ExpendableSpent;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CA;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;

/** 12.5 the side's pool, 12.51 Panzerfausts and AT grenades, 12.52 grenades, 12.53 satchel charges. */
class ExpendablesTest {

    private static HexState withPassenger() {
        return Battlefield.standard().afv("ger-sdkfz", "german", "E5", 1)
                .place("ger-hs-1", Map.of("aboard", "ger-sdkfz", "hex", "E5")).state();
    }

    @Test
    void the_pool_belongs_to_the_side_and_carries_into_the_next_scenario() {
        HexState state = Battlefield.standard().place("us-tank-1", Map.of("hex", "D4")).state();
        // any eligible German unit draws on the same pool
        HexState after = play(state, RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-tank-1", 1),
                noDice()));
        after = play(after, RULES.decide(after, GERMAN_FP, new UsePanzerfaust("ger-hs-1", "us-tank-1", 1),
                noDice()));
        assertThat(counter(after, "ger-expendables").pool()).containsEntry("panzerfaust", 0);
        HexState empty = after;
        assertThatThrownBy(() -> RULES.decide(empty, GERMAN_FP, new UsePanzerfaust("ger-ldr-1", "us-tank-1", 1),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.51: side 'german' has 0 Panzerfausts left in its pool");
        CounterOutcome pool = RULES.outcome(after).stream().filter(o -> o.id().equals("ger-expendables"))
                .findFirst().orElseThrow();
        assertThat(pool.eliminated()).isFalse();
        assertThat(pool.state()).isEqualTo(Map.of("panzerfaust", 0, "at-grenade", 0, "grenades", 3,
                "satchel-charge", 1, "smoke", 6));
        // next scenario: the roster's state is the pool
        HexState next = Battlefield.standard().place("ger-expendables", pool.state()).state();
        assertThat(counter(next, "ger-expendables").pool()).containsEntry("panzerfaust", 0);
    }

    @Test
    void a_side_without_a_pool_has_nothing_to_spend() {
        HexState state = Battlefield.empty().squad("u", "german", "A1", "open").afv("t", "us", "A2", 2).state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("u", "t", 1), noDice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.51: side 'german' has 0 Panzerfausts left");
    }

    @Test
    void one_pool_per_side() {
        assertThatThrownBy(() -> Battlefield.standard().pool("ger-more", "german", Map.of("grenades", 1)).state())
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("12.5: side 'german' has two expendables "
                        + "counters");
    }

    @Test
    void panzerfaust_is_an_at_attack_on_an_adjacent_vehicle_and_the_units_support_weapon_of_the_turn() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-tank-1", 1),
                noDice());
        assertThat(events).containsExactly(new ExpendableSpent("german", "ger-expendables", "panzerfaust",
                "ger-sq-2", "at-attack", "F7", "us-tank-1", "AT attack on afv 'us-tank-1' with AT rating 6", 1, true,
                null, null, null, null));
        HexState after = play(state, events);
        assertThat(counter(after, "ger-sq-2").weaponFired()).isTrue();
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-jeep-1", 1),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.3: 'ger-sq-2' has already fired a support weapon this turn");
    }

    @Test
    void panzerfaust_and_at_grenade_refusals() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-sq-1", 1),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.51: a Panzerfaust is used only for an AT attack on an AFV, vehicle or "
                        + "Gun; it has no effect on infantry units");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-tank-1", 2),
                noDice())).hasMessageStartingWith("12.51: a Panzerfaust is used only against a target in an adjacent");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UseAtGrenade("ger-sq-2", "us-tank-1", 1),
                noDice())).hasMessageStartingWith("12.51: side 'german' has 0 AT Grenades left");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", null, 1),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("targetId: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("ger-sq-2", "us-tank-1", null),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("range: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UsePanzerfaust("us-sq-1", "us-tank-1", 1),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageContaining("is on side 'us' too");
        HexState us = Battlefield.standard().afv("ger-tank", "german", "D6", 3)
                .pool("us-expendables", "us", Map.of("at-grenade", 1)).state();
        assertThatThrownBy(() -> RULES.decide(us, GERMAN_FP, new UseAtGrenade("us-sq-1", "ger-tank", 1), noDice()))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("12.51: an AT Grenade attack is made in "
                        + "the side's Fire Phase, or as Opportunity Fire during the enemy's Movement Phase");
        // Opportunity Fire: the U.S. squad's AT grenade while the German tank moves
        assertThat(RULES.decide(us, GERMAN_MP, new UseAtGrenade("us-sq-1", "ger-tank", 1), noDice()))
                .singleElement().satisfies(e -> assertThat(((ExpendableSpent) e).item()).isEqualTo("at-grenade"));
    }

    @Test
    void grenades_in_defence_of_a_close_assault() {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = RULES.decide(state, GERMAN_CA, new UseGrenades("us-sq-1", "close-assault-defence",
                "D5", null, null), noDice());
        ExpendableSpent spent = (ExpendableSpent) events.get(0);
        assertThat(spent.effect()).isEqualTo("assaulter's Kill Number -1");
        assertThat(spent.remaining()).isZero();
        HexState after = play(state, events);
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_CA, new UseGrenades("us-sq-1", "close-assault-defence",
                "D5", null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.52: only one Grenades counter may be used per unit, per attack");
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_CA, new UseGrenades("us-sq-2", "close-assault-defence",
                "E6", null, null), noDice())).hasMessageStartingWith("12.52: side 'us' has 0 Grenades left")
                .satisfies(e -> assertThat(e.getMessage()).startsWith("12.52"));
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UseGrenades("us-sq-1", "close-assault-defence",
                "D5", null, null), noDice())).hasMessageStartingWith("12.52: grenades in defence of a close assault are "
                + "used in the Close Assault Phase");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CA, new UseGrenades("ger-sq-1", "close-assault-defence",
                "D5", null, null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.52: grenades in defence of a close assault are used in the Close Assault "
                        + "Phase by a unit of the side being assaulted")
                .hasMessageEndingWith("; 'ger-sq-1' is of side 'german'");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CA, new UseGrenades("ger-sq-1", "close-assault",
                "D5", null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("context: 'close-assault' is not");
    }

    @Test
    void grenades_and_satchel_charges_by_overrun_passengers() {
        HexState state = withPassenger();
        List<HexEvent> events = RULES.decide(state, GERMAN_MP, new UseGrenades("ger-hs-1", "overrun", "D5",
                "ger-sdkfz", null), noDice());
        assertThat(((ExpendableSpent) events.get(0)).effect())
                .isEqualTo("-1 to the attack dice roll against the overrun's targets in D5");
        assertThat(RULES.decide(state, GERMAN_MP, new UseSatchelCharge("ger-hs-1", "overrun", "D5", "ger-sdkfz"),
                noDice())).singleElement().satisfies(e -> assertThat(((ExpendableSpent) e).effect())
                .isEqualTo("+4 APFP to the unit's overrun attack"));
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new UseGrenades("ger-sq-1", "overrun", "D5",
                "ger-sdkfz", null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.52: grenades are used in an overrun only by passengers of the AFV");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new UseSatchelCharge("ger-sq-1", "overrun", "D5",
                "ger-sdkfz"), noDice())).hasMessageStartingWith("12.53: satchel charges are used in an overrun only");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new UseGrenades("ger-hs-1", "overrun", "D5",
                "us-jeep-1", null), noDice())).hasMessageStartingWith("12.52: grenades are used in an overrun only by "
                + "passengers on an AFV");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_MP, new UseGrenades("ger-hs-1", "overrun", "D5", null, null),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("afvId: missing");
    }

    @Test
    void satchel_charges_in_a_close_assault_by_either_side_one_per_attack() {
        HexState state = Battlefield.standard().pool("us-expendables", "us", Map.of("satchel-charge", 2)).state();
        List<HexEvent> attacker = RULES.decide(state, GERMAN_CA, new UseSatchelCharge("ger-sq-2", "close-assault",
                "D5", null), noDice());
        assertThat(((ExpendableSpent) attacker.get(0)).effect()).isEqualTo("+4 APFP to the unit's close assault "
                + "attack");
        List<HexEvent> defender = RULES.decide(state, GERMAN_CA, new UseSatchelCharge("us-sq-1", "close-assault",
                "D5", null), noDice());
        HexState after = play(state, defender);
        assertThatThrownBy(() -> RULES.decide(after, GERMAN_CA, new UseSatchelCharge("us-sq-1", "close-assault",
                "D5", null), noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.53: only one satchel charge may be used per attack");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new UseSatchelCharge("ger-sq-2", "close-assault",
                "D5", null), noDice())).hasMessageStartingWith("12.53: satchel charges in a close assault are used "
                + "in the Close Assault Phase");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CA, new UseSatchelCharge("ger-sq-2", "fire", "D5",
                null), noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("context:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CA, new UseSatchelCharge("ger-sq-2", "close-assault",
                null, null), noDice())).isInstanceOf(FieldRefused.class)
                .hasMessageStartingWith("targetHex: missing");
    }

    @Test
    void the_once_per_attack_limits_reset_with_the_game_turn() {
        HexState state = Battlefield.standard().pool("us-expendables", "us", Map.of("grenades", 3)).state();
        HexState after = play(state, RULES.decide(state, GERMAN_CA,
                new UseGrenades("us-sq-1", "close-assault-defence", "D5", null, null), noDice()));
        assertThat(counter(after, "us-sq-1").usesThisTurn()).hasSize(1);
        HexState next = play(after, List.of(new HexEvent.GameTurnBegan(2)));
        assertThat(counter(next, "us-sq-1").usesThisTurn()).isEmpty();
        // moving does not touch the pool
        assertThat(RULES.decide(next, GERMAN_MP, new Move("ger-sq-2", "C5", "open", 1), noDice())).hasSize(1);
    }
}
