package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackAction.Casualty;
import org.wargame.tracker.rules.asl.AnimalPackAction.Rally;
import org.wargame.tracker.rules.asl.AnimalPackAction.RepairGun;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.asl.AslFixtures.TURN_2_START;

/** The rule-level cases of issue 12's readings that the API tests do not reach. */
class PeriodEndingTest {

    private final AnimalPackRules rules = new AnimalPackRules();

    private static Dice dice(int... values) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int v : values) {
            queue.add(v);
        }
        return (kind, purpose) -> new DiceRoll(kind.name(), List.of(queue.remove()), DiceRoll.ENTERED, purpose,
                null);
    }

    private AnimalPackState apply(AnimalPackState s, List<AnimalPackEvent> events) {
        for (AnimalPackEvent e : events) {
            s = rules.evolve(s, e);
        }
        return s;
    }

    /** 10.7: a SW involuntarily unloaded (10.4, Final dr 6) into terrain prohibited to Guns is eliminated. */
    @Test
    void a_sw_unloaded_involuntarily_into_prohibited_terrain_is_eliminated() {
        AnimalPackState s = rules.setUp(List.of(
                new CounterDefinition("mmg", "support-weapon", "MMG", "british", "British",
                        Map.of("swType", "MMG", "breakdown", 12),
                        Map.of("hex", "B4", "terrain", "marsh", "prohibitsGuns", true, "loadedOn", "mule")),
                AslFixtures.mule()));
        List<AnimalPackEvent> events = rules.decide(s, new GameClock(1, 1, "DFPh", null, "axis"),
                new Casualty("mule", "casualty-reduction"), dice(6));
        AnimalPackEvent.CounterEliminated eliminated = events.stream()
                .filter(AnimalPackEvent.CounterEliminated.class::isInstance)
                .map(AnimalPackEvent.CounterEliminated.class::cast).findFirst().orElseThrow();
        assertThat(eliminated.counter()).isEqualTo("mmg");
        assertThat(eliminated.section()).isEqualTo("10.7");
        assertThat(apply(s, events).counters().values()).noneMatch(AslCounter::packTi); // Pack-TI NA
    }

    /** 10.3: a Packing Period whose Mule is eliminated before the Gun is loaded ends; nothing stays Pack-TI. */
    @Test
    void a_packing_period_without_its_mule_ends() {
        AnimalPackState s = rules.setUp(List.of(AslFixtures.crew("crew", "British", "gun", Map.of()),
                AslFixtures.gun94(null), AslFixtures.mule()));
        s = apply(s, rules.decide(s, TURN_2_START, new BecomePackTi("crew"), dice()));
        assertThat(s.periodOf("gun").direction()).isEqualTo(UnpackingPeriod.PACKING);
        assertThat(s.periodOf("gun").mule()).isEqualTo("mule");
        AnimalPackState packing = s;
        List<AnimalPackEvent> events = rules.decide(packing, new GameClock(2, 1, "DFPh", null, "axis"),
                new Casualty("mule", "eliminate"), dice(6));
        assertThat(events).anyMatch(e -> e instanceof AnimalPackEvent.PeriodEnded p && p.section().equals("10.3")
                && p.why().contains("Mule") && p.counters().containsAll(List.of("gun", "crew")));
        AnimalPackState after = apply(packing, events);
        assertThat(after.counters().values()).noneMatch(AslCounter::packTi);
        assertThat(after.periods()).isEmpty();
    }

    /** A rally or repair without a result is the record of an earlier version: it re-decides as it was, no roll. */
    @Test
    void rally_and_repair_without_a_result_decide_as_before_with_no_roll() {
        AnimalPackState s = rules.setUp(List.of(AslFixtures.crew("crew", "British", "gun", Map.of("broken", true)),
                AslFixtures.mortar81(true), AslFixtures.mule()));
        Dice none = (kind, purpose) -> {
            throw new AssertionError("no roll expected");
        };
        assertThat(rules.decide(s, TURN_2_START, new Rally("crew", null), none))
                .containsExactly(new AnimalPackEvent.UnitRallied("crew", "A10.6"));
        AnimalPackState malfunctioned = s.update("gun", c -> { c.malfunctioned = true; return c; });
        assertThat(rules.decide(malfunctioned, TURN_2_START, new RepairGun("gun", null), none))
                .containsExactly(new AnimalPackEvent.GunRepaired("gun", "C2"));
    }

    /** Stored events keep loading: an attack recorded before {@code closeCombat} existed reads it as not stated. */
    @Test
    void an_attack_stored_without_close_combat_still_loads() throws Exception {
        AnimalPackEvent.AttackMade old = new ObjectMapper().readValue("{\"firer\":\"crew\",\"target\":\"enemy\","
                + "\"weapon\":null,\"fireType\":\"Defensive First Fire\",\"areaFire\":true,\"originalDr\":null,"
                + "\"result\":\"NMC\",\"section\":\"10.11\"}", AnimalPackEvent.AttackMade.class);
        assertThat(old.closeCombat()).isNull();
        assertThat(old.areaFire()).isTrue();
    }
}
