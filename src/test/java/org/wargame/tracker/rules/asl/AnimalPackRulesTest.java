package org.wargame.tracker.rules.asl;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackAction.Fire;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;
import org.wargame.tracker.rules.asl.AnimalPackAction.ReversePacking;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.asl.AslFixtures.TURN_1_SECOND_RPH;
import static org.wargame.tracker.rules.asl.AslFixtures.TURN_2_START;
import static org.wargame.tracker.rules.asl.AslFixtures.ex103;

/** The rule functions of section 10 without any framework, every refusal with its rule number. */
class AnimalPackRulesTest {

    private final AnimalPackRules rules = new AnimalPackRules();

    private static Dice dice(int... values) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int v : values) {
            queue.add(v);
        }
        return (kind, purpose) -> {
            List<Integer> rolled = new java.util.ArrayList<>();
            for (int i = 0; i < kind.count(); i++) {
                rolled.add(queue.remove());
            }
            return new DiceRoll(kind.name(), rolled, DiceRoll.ENTERED, purpose, null);
        };
    }

    private AnimalPackState apply(AnimalPackState s, List<AnimalPackEvent> events) {
        for (AnimalPackEvent e : events) {
            s = rules.evolve(s, e);
        }
        return s;
    }

    private void refused(AnimalPackState s, GameClock clock, AnimalPackAction action, String section, String text) {
        assertThatThrownBy(() -> rules.decide(s, clock, action, dice()))
                .isInstanceOf(RuleViolation.class)
                .hasMessageStartingWith(section + ": ")
                .hasMessageContaining(text);
    }

    @Test
    void period_length_is_12_minus_manhandling_plus_one_unless_mortar() {
        assertThat(UnpackingPeriod.length(10, false)).isEqualTo(3); // EX 10.3: 94mm INF
        assertThat(UnpackingPeriod.length(11, true)).isEqualTo(1);  // EX 10.41: 81mm MTR
        assertThat(UnpackingPeriod.length(12, false)).isEqualTo(1); // 10.7: MMG as M# 12
        assertThat(UnpackingPeriod.length(12, true)).isZero();       // 10.7: light mortar as M# 12
    }

    @Test
    void becoming_pack_ti_begins_the_period() {
        AnimalPackState s = ex103(Map.of(), "British");
        List<AnimalPackEvent> events = rules.decide(s, TURN_2_START, new BecomePackTi("crew"), dice());
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isInstanceOf(AnimalPackEvent.PackTiTaken.class);
        AnimalPackEvent.PeriodBegan began = (AnimalPackEvent.PeriodBegan) events.get(1);
        assertThat(began.period().length()).isEqualTo(3);
        assertThat(began.section()).isEqualTo("10.3");
        AnimalPackState after = apply(s, events);
        assertThat(after.counters().values()).allMatch(AslCounter::packTi);
    }

    @Test
    void refusals_name_their_rule() {
        AnimalPackState s = ex103(Map.of(), "British");
        refused(s, TURN_1_SECOND_RPH, new BecomePackTi("crew"), "10.11", "start of a Game Turn");
        refused(s, new GameClock(2, 1, "PFPh", null, "axis"), new BecomePackTi("crew"), "10.11", "1.13B");
        refused(ex103(Map.of(), "Italian"), TURN_2_START, new BecomePackTi("crew"), "10.11", "nationality");
        refused(ex103(Map.of("pinned", true), "British"), TURN_2_START, new BecomePackTi("crew"), "10.11", "pinned");
        refused(ex103(Map.of("broken", true), "British"), TURN_2_START, new BecomePackTi("crew"), "10.11",
                "Good Order");
        refused(ex103(Map.of("prc", true), "British"), TURN_2_START, new BecomePackTi("crew"), "10.11", "PRC");
        refused(s, new GameClock(2, 2, "RPh", "1.13B", "british"), new ReversePacking("crew"), "10.33",
                "not (un)packing");
    }

    @Test
    void only_a_crew_may_become_pack_ti_with_a_gun() {
        CounterDefinition squad = new CounterDefinition("crew", "squad", "squad", "british", "British", Map.of(),
                Map.of("hex", "B4", "possesses", "gun"));
        AnimalPackState s = rules.setUp(List.of(squad, AslFixtures.gun94("mule"), AslFixtures.mule()));
        refused(s, TURN_2_START, new BecomePackTi("crew"), "10.11", "crew counter");
    }

    @Test
    void a_gun_that_is_not_a_pack_gun_is_refused() {
        CounterDefinition atGun = new CounterDefinition("gun", "gun", "57mm AT", "british", "British",
                Map.of("caliber", 57, "gunType", "AT", "manhandling", 10), Map.of("hex", "B4"));
        CounterDefinition crew = AslFixtures.crew("crew", "British", "gun", Map.of());
        AnimalPackState s = rules.setUp(List.of(crew, atGun, AslFixtures.mule()));
        refused(s, TURN_2_START, new BecomePackTi("crew"), "10.2", "not a Pack Gun");
        assertThatThrownBy(() -> rules.setUp(List.of(crew, new CounterDefinition("gun", "gun", "57mm AT", "british",
                "British", Map.of("caliber", 57, "gunType", "AT", "manhandling", 10),
                Map.of("hex", "B4", "loadedOn", "mule")), AslFixtures.mule())))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("10.2: ");
    }

    @Test
    void counter_numbers_are_refused_outside_what_the_rules_can_count() {
        assertThat(refusedField(Map.of("manhandling", 13), Map.of())).isEqualTo("counters[gun].data.manhandling");
        assertThat(refusedField(Map.of("manhandling", 1), Map.of())).isEqualTo("counters[gun].data.manhandling");
        assertThat(refusedField(Map.of("manhandling", 10.5), Map.of())).isEqualTo("counters[gun].data.manhandling");
        assertThat(refusedField(Map.of("breakdown", 1), Map.of())).isEqualTo("counters[gun].data.breakdown");
        assertThat(refusedField(Map.of("breakdown", 13), Map.of())).isEqualTo("counters[gun].data.breakdown");
        assertThat(refusedField(Map.of("breakdown", 11, "disablement", 10), Map.of()))
                .isEqualTo("counters[gun].data.disablement");
        assertThat(refusedField(Map.of(), Map.of("lowAmmo", -1))).isEqualTo("counters[gun].state.lowAmmo");
        // the edges are taken: M# 12 (a SW's, 10.7: a period of no Game Turn), M# 2, B# 12, X# equal to the B#
        rules.validate(mortar(Map.of("manhandling", 12), Map.of()));
        rules.validate(mortar(Map.of("manhandling", 2, "breakdown", 12, "disablement", 12), Map.of("lowAmmo", 1)));
    }

    private String refusedField(Map<String, Object> data, Map<String, Object> state) {
        try {
            rules.validate(mortar(data, state));
        } catch (org.wargame.tracker.refusal.FieldRefused e) {
            return e.field();
        }
        return null;
    }

    private static CounterDefinition mortar(Map<String, Object> data, Map<String, Object> state) {
        CounterDefinition m = AslFixtures.mortar81(true);
        Map<String, Object> d = new java.util.HashMap<>(m.data());
        d.putAll(data);
        Map<String, Object> st = new java.util.HashMap<>(m.state());
        st.putAll(state);
        return new CounterDefinition(m.id(), m.kind(), m.name(), m.side(), m.nationality(), d, st);
    }

    @Test
    void a_dismantlable_gun_must_be_dm_to_be_animal_packed() {
        assertThatThrownBy(() -> rules.setUp(List.of(AslFixtures.mortar81(false), AslFixtures.mule())))
                .isInstanceOf(RuleViolation.class).hasMessage("10.2: gun must be dm to be Animal-Packed");
        assertThat(rules.setUp(List.of(AslFixtures.mortar81(true), AslFixtures.mule())).counters()).hasSize(2);
    }

    @Test
    void only_a_mule_carries_a_pack_gun_and_only_one() {
        CounterDefinition horse = new CounterDefinition("mule", "horse", "Horse", "british", "British", Map.of(),
                Map.of("hex", "B4"));
        assertThatThrownBy(() -> rules.setUp(List.of(AslFixtures.gun94("mule"), horse)))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("10.1: ");
        CounterDefinition second = new CounterDefinition("gun2", "gun", "94mm", "british", "British",
                AslFixtures.gun94("mule").data(), Map.of("hex", "B4", "loadedOn", "mule"));
        assertThatThrownBy(() -> rules.setUp(List.of(AslFixtures.gun94("mule"), second, AslFixtures.mule())))
                .isInstanceOf(RuleViolation.class).hasMessageContaining("one Pack Gun");
    }

    @Test
    void pack_guns_by_10_2_10_61_10_7() {
        assertThat(PackGuns.refusal(gun("gun", 76, "MTR", false, "British"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 82, "MTR", false, "Russian"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 83, "MTR", false, "Russian"))).startsWith("10.2");
        assertThat(PackGuns.refusal(gun("gun", 105, "MTR", true, "German"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 75, "INF", true, "German"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 107, "MTR", true, "Russian"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 76, "INF", true, "Russian"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 75, "ART", true, "American"))).isNull();
        assertThat(PackGuns.refusal(gun("gun", 75, "ART", true, "German"))).startsWith("10.2");
        assertThat(PackGuns.refusal(gun("gun", 105, "MTR", false, "German"))).startsWith("10.2");
        for (String sw : List.of("MMG", "HMG", "light-mortar", "37mm-INF")) {
            AslCounter c = sw(sw);
            assertThat(PackGuns.refusal(c)).isNull();
            assertThat(PackGuns.manhandling(c)).isEqualTo(12);
        }
        assertThat(PackGuns.refusal(sw("LMG"))).startsWith("10.7");
    }

    @Test
    void vulnerability_table() {
        assertThat(VulnerabilityTable.result(1, true).eliminated()).isTrue();
        assertThat(VulnerabilityTable.result(2, true).eliminated()).isTrue();
        VulnerabilityTable.Result three = VulnerabilityTable.result(3, true);
        assertThat(three.unload() && three.malfunction() && three.lowAmmo()).isTrue();
        VulnerabilityTable.Result four = VulnerabilityTable.result(4, true);
        assertThat(four.unload() && !four.malfunction() && four.lowAmmo()).isTrue();
        VulnerabilityTable.Result five = VulnerabilityTable.result(5, true);
        assertThat(five.unload() && five.malfunction() && !five.lowAmmo()).isTrue();
        VulnerabilityTable.Result six = VulnerabilityTable.result(6, true);
        assertThat(six.unload() && !six.malfunction() && !six.lowAmmo()).isTrue();
        // only Low Ammo applies to a Gun no longer on the Mule
        for (int dr = 0; dr <= 6; dr++) {
            VulnerabilityTable.Result r = VulnerabilityTable.result(dr, false);
            assertThat(r.eliminated() || r.unload() || r.malfunction()).isFalse();
            assertThat(r.lowAmmo()).isEqualTo(dr <= 4);
        }
    }

    @Test
    void low_ammo_twice_gives_b10_x11_from_b12() {
        LowAmmo.Numbers first = LowAmmo.mark(12, null);
        assertThat(first).isEqualTo(new LowAmmo.Numbers(11, 12));
        assertThat(LowAmmo.mark(first.breakdown(), first.disablement())).isEqualTo(new LowAmmo.Numbers(10, 11));
    }

    @Test
    void original_dr_against_breakdown_and_disablement() {
        assertThat(GunBreakdown.of(11, 12, null)).isEqualTo(GunBreakdown.Outcome.NONE);
        assertThat(GunBreakdown.of(12, 12, null)).isEqualTo(GunBreakdown.Outcome.MALFUNCTIONED);
        assertThat(GunBreakdown.of(10, 10, 11)).isEqualTo(GunBreakdown.Outcome.MALFUNCTIONED);
        assertThat(GunBreakdown.of(11, 10, 11)).isEqualTo(GunBreakdown.Outcome.DISABLED);
    }

    @Test
    void pack_ti_crew_attack_is_area_fire_and_loses_pack_ti() {
        AnimalPackState s = apply(ex103(Map.of(), "British"),
                rules.decide(ex103(Map.of(), "British"), TURN_2_START, new BecomePackTi("crew"), dice()));
        GameClock mph = new GameClock(3, 1, "MPh", null, "axis"); // Defensive First Fire: the enemy's MPh
        List<AnimalPackEvent> events = rules.decide(s, mph, new Fire("crew", null, null, "Defensive First Fire",
                "1MC"), dice());
        assertThat(((AnimalPackEvent.AttackMade) events.get(0)).areaFire()).isTrue();
        assertThat(events.get(1)).isInstanceOf(AnimalPackEvent.PackTiLost.class);
        AnimalPackState after = apply(s, events);
        assertThat(after.counters().get("crew").packTi()).isFalse();
        assertThat(after.periodOf("gun").spoiledThisTurn()).isTrue();
        refused(after, new GameClock(3, 2, "MPh", null, "british"), new Move("gun", "C4", "open-ground", false),
                "10.11", "Pack-TI Gun");
        refused(after, mph, new Move("crew", "C4", "open-ground", false), "A3", "its side's MPh");
    }

    @Test
    void animal_packed_gun_is_not_a_target_as_a_gun() {
        CounterDefinition enemy = new CounterDefinition("enemy", "squad", "squad", "axis", "Italian", Map.of(),
                Map.of("hex", "F6"));
        AnimalPackState s = new AnimalPackRules().setUp(List.of(AslFixtures.crew("crew", "British", "gun", Map.of()),
                AslFixtures.gun94("mule"), AslFixtures.mule(), enemy));
        refused(s, new GameClock(1, 1, "PFPh", null, "axis"), new Fire("enemy", "gun", null, null, "KIA"), "10.42",
                "not a target as a Gun");
    }

    /** Plays the clock from {@code from} through {@code steps} Player-Turn ends (RPh to RPh), applying what happens. */
    private AnimalPackState playerTurns(AnimalPackState s, GameClock from, int steps, List<AnimalPackEvent> seen) {
        GameClock clock = from;
        for (int i = 0; i < steps; i++) {
            GameClock next = clock.playerTurn() == 1
                    ? new GameClock(clock.gameTurn(), 2, "RPh", "1.13B", "british")
                    : new GameClock(clock.gameTurn() + 1, 1, "RPh", "1.13B", "axis");
            List<AnimalPackEvent> events = rules.clockAdvanced(s, new GameClock(clock.gameTurn(), clock.playerTurn(),
                    "CCPh", null, clock.phasingSide()), next, dice());
            seen.addAll(events);
            s = apply(s, events);
            clock = next;
        }
        return s;
    }

    @Test
    void reversing_takes_the_net_game_turns_already_spent() {
        AnimalPackState s = ex103(Map.of(), "British");
        s = apply(s, rules.decide(s, TURN_2_START, new BecomePackTi("crew"), dice()));
        List<AnimalPackEvent> seen = new java.util.ArrayList<>();
        s = playerTurns(s, TURN_2_START, 2, seen); // Turn 2 counted
        assertThat(s.periodOf("gun").completedTurns()).isEqualTo(1);
        GameClock turn3 = new GameClock(3, 1, "RPh", "1.13B", "axis");
        List<AnimalPackEvent> reversed = rules.decide(s, turn3, new ReversePacking("crew"), dice());
        AnimalPackEvent.DirectionReversed r = (AnimalPackEvent.DirectionReversed) reversed.get(0);
        assertThat(r.section()).isEqualTo("10.33");
        assertThat(r.period().direction()).isEqualTo("PACKING");
        assertThat(r.period().length()).isEqualTo(1);
        s = apply(s, reversed);
        seen.clear();
        s = playerTurns(s, turn3, 2, seen);
        assertThat(seen).anyMatch(e -> e instanceof AnimalPackEvent.PeriodCompleted);
        assertThat(s.counters().get("gun").loadedOn()).isEqualTo("mule");
        assertThat(s.counters().values()).noneMatch(AslCounter::packTi);
    }

    @Test
    void a_gun_is_not_unloaded_where_terrain_prohibits_it() {
        AnimalPackState s = new AnimalPackRules().setUp(List.of(AslFixtures.crew("crew", "British", "gun", Map.of()),
                new CounterDefinition("gun", "gun", "94mm", "british", "British", AslFixtures.gun94("mule").data(),
                        Map.of("hex", "B4", "loadedOn", "mule", "prohibitsGuns", true, "terrain", "marsh")),
                AslFixtures.mule()));
        refused(s, TURN_2_START, new BecomePackTi("crew"), "10.31", "marsh");
    }

    /** A period begun there before the Unpacking Period was refused at its start (a stored one) still ends when due. */
    @Test
    void a_stored_period_in_terrain_that_prohibits_guns_ends_when_the_unload_is_due() {
        AnimalPackState s = new AnimalPackRules().setUp(List.of(AslFixtures.crew("crew", "British", "gun", Map.of()),
                new CounterDefinition("gun", "gun", "94mm", "british", "British", AslFixtures.gun94("mule").data(),
                        Map.of("hex", "B4", "loadedOn", "mule", "prohibitsGuns", true, "terrain", "marsh")),
                AslFixtures.mule()));
        s = apply(s, List.of(new AnimalPackEvent.PackTiTaken(List.of("crew", "gun", "mule"), "gun", "begins unpacking",
                "10.11"), new AnimalPackEvent.PeriodBegan(new UnpackingPeriod("gun", "crew", "mule", "UNPACKING", 3, 0,
                2, 0, false, false, false), "stored before 10.31 refused it", "10.3")));
        List<AnimalPackEvent> seen = new java.util.ArrayList<>();
        s = playerTurns(s, TURN_2_START, 3, seen);
        assertThat(seen).anyMatch(e -> e instanceof AnimalPackEvent.TransferPrevented t
                && t.section().equals("10.31") && t.why().contains("marsh"));
        assertThat(s.counters().get("gun").loadedOn()).isEqualTo("mule");
        assertThat(s.counters().values()).noneMatch(AslCounter::packTi);
    }

    @Test
    void the_crew_retaking_pack_ti_carries_the_counted_turns_on() {
        AnimalPackState s = ex103(Map.of(), "British");
        s = apply(s, rules.decide(s, TURN_2_START, new BecomePackTi("crew"), dice()));
        List<AnimalPackEvent> seen = new java.util.ArrayList<>();
        s = playerTurns(s, TURN_2_START, 2, seen);
        s = apply(s, rules.decide(s, new GameClock(3, 1, "MPh", null, "axis"),
                new Fire("crew", null, null, "Defensive First Fire", "PTC"), dice()));
        s = playerTurns(s, new GameClock(3, 1, "RPh", "1.13B", "axis"), 2, seen);
        assertThat(seen).anyMatch(e -> e instanceof AnimalPackEvent.GameTurnCounted g && g.gameTurn() == 3
                && !g.counted());
        assertThat(s.periodOf("gun").completedTurns()).isEqualTo(1);
        List<AnimalPackEvent> retaken = rules.decide(s, new GameClock(4, 1, "RPh", "1.13B", "axis"),
                new BecomePackTi("crew"), dice());
        assertThat(retaken).hasSize(1);
        assertThat(((AnimalPackEvent.PackTiTaken) retaken.get(0)).why()).contains("1 of 3");
    }

    private static AslCounter gun(String id, int caliber, String type, boolean starred, String nationality) {
        return new AslCounter(id, "gun", id, "s", nationality, Map.of("caliber", caliber, "gunType", type,
                "manhandling", 10, "starred", starred), null, null, false, true, false, false, false, false, null,
                null, null, null, false, false, 0, null, null, null);
    }

    private static AslCounter sw(String type) {
        return new AslCounter("sw", "support-weapon", type, "s", "British", Map.of("swType", type), null, null, false,
                true, false, false, false, false, null, null, null, null, false, false, 0, null, null, null);
    }
}
