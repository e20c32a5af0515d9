package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.hex.HexAction.ExchangeWeapons;
import org.wargame.tracker.rules.hex.HexAction.TransferWeapon;
import org.wargame.tracker.rules.hex.HexEvent.WeaponTransferred;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_CP;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;

class WeaponTransferTest {

    @Test
    void a_weapon_is_transferred_in_the_owning_players_command_phase() {
        HexState state = Battlefield.standard().state();
        var events = RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"), noDice());
        assertThat(events).containsExactly(new WeaponTransferred("ger-hmg-1", "ger-sq-1", "ger-sq-2", "C4"));
        HexState after = play(state, events);
        assertThat(counter(after, "ger-hmg-1").carrier()).isEqualTo("ger-sq-2");
        // the movement allowances follow the HMG (12.2)
        assertThat(Portage.movementAllowance(after, counter(after, "ger-sq-1"))).isEqualTo(4);
        assertThat(Portage.movementAllowance(after, counter(after, "ger-sq-2"))).isEqualTo(3);
        assertThat(RULES.actingSide(state, new TransferWeapon("ger-hmg-1", "ger-sq-2"))).isEqualTo("german");
    }

    @Test
    void only_in_the_owning_players_command_phase() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_FP, new TransferWeapon("ger-hmg-1", "ger-sq-2"),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.4: support weapons are exchanged or transferred only during the owning "
                        + "player's Command Phase");
        assertThatThrownBy(() -> RULES.decide(state, US_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"),
                noDice())).hasMessageStartingWith("12.4: support weapons are exchanged or transferred only during");
    }

    @Test
    void only_between_friendly_infantry_in_the_same_hex() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-3"),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.4: only units occupying the same hex");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "us-sq-1"),
                noDice())).hasMessageStartingWith("12.4: support weapons pass only between the owning player's");
        HexState withTank = Battlefield.standard().afv("ger-tank", "german", "C4", 3).state();
        assertThatThrownBy(() -> RULES.decide(withTank, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-tank"),
                noDice())).hasMessageStartingWith("12.4: only infantry units exchange or transfer");
    }

    @Test
    void only_within_portage_limits() {
        HexState state = Battlefield.standard().state();
        // a leader carries one Light weapon only
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-ldr-1"),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.4: Leader 'ger-ldr-1' may carry only a Light (L) support weapon");
        // one weapon per unit
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-lmg-1", "ger-sq-1"),
                noDice())).hasMessageStartingWith("12.4: Squad 'ger-sq-1' already carries a support weapon");
        // a half squad may take the HMG
        assertThat(RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-hs-1"), noDice()))
                .hasSize(1);
    }

    @Test
    void an_exchange_swaps_within_portage_limits() {
        HexState state = Battlefield.standard().state();
        var events = RULES.decide(state, GERMAN_CP, new ExchangeWeapons("ger-ldr-1", "ger-sq-2"), noDice());
        assertThat(events).containsExactly(new WeaponTransferred("ger-lmg-1", "ger-ldr-1", "ger-sq-2", "C4"));
        HexState after = play(state, events);
        var swap = RULES.decide(after, GERMAN_CP, new ExchangeWeapons("ger-sq-1", "ger-sq-2"), noDice());
        assertThat(swap).containsExactly(new WeaponTransferred("ger-hmg-1", "ger-sq-1", "ger-sq-2", "C4"),
                new WeaponTransferred("ger-lmg-1", "ger-sq-2", "ger-sq-1", "C4"));
        // the leader cannot take the HMG in exchange for his LMG
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new ExchangeWeapons("ger-ldr-1", "ger-sq-1"),
                noDice())).isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith("12.4: Leader 'ger-ldr-1' may carry only a Light (L) support weapon");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new ExchangeWeapons("ger-sq-2", "ger-hs-1"),
                noDice())).hasMessageStartingWith("12.4: neither 'ger-sq-2' nor 'ger-hs-1' carries");
    }

    @Test
    void transfer_refuses_bad_input_naming_the_field() {
        HexState state = Battlefield.standard().state();
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("nothing", "ger-sq-2"),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("weaponId: no counter");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-sq-1", "ger-sq-2"),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageContaining("not a support weapon");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", null),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("toUnitId: missing");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-1"),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("toUnitId:");
        assertThatThrownBy(() -> RULES.decide(state, GERMAN_CP, new ExchangeWeapons("ger-sq-1", "ger-sq-1"),
                noDice())).isInstanceOf(FieldRefused.class).hasMessageStartingWith("otherUnitId:");
    }

    @Test
    void weapons_stay_under_their_carrier_into_the_next_scenario() {
        HexState state = Battlefield.standard().state();
        HexState after = play(state, RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"),
                noDice()));
        assertThat(RULES.outcome(after)).filteredOn(o -> o.id().equals("ger-hmg-1")).singleElement()
                .satisfies(o -> assertThat(o.state()).isEqualTo(Map.of("carrier", "ger-sq-2")));
        // the map position is the scenario's, not the roster's
        assertThat(RULES.outcome(after)).filteredOn(o -> o.id().equals("ger-sq-1")).singleElement()
                .satisfies(o -> assertThat(o.state()).isEmpty());
    }
}
