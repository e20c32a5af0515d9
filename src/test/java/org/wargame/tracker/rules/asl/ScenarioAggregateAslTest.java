package org.wargame.tracker.rules.asl;

import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.FixedDiceSeeds;
import org.wargame.tracker.scenario.Scenario;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.List;
import java.util.Map;

/** The scenario aggregate playing the Animal-Pack rules: given events, when a command, expect events or a refusal. */
class ScenarioAggregateAslTest {

    private static final List<Side> SIDES = List.of(new Side("axis", "Italians", "Italian", List.of("bruno")),
            new Side("british", "British", "British", List.of("alice")));
    private static final Actor ALICE = new Actor("alice", false, List.of("british"));
    private static final Actor BRUNO = new Actor("bruno", false, List.of("axis"));
    private static final GameClock START = new GameClock(1, 1, "RPh", "1.13B", "axis");

    private AggregateTestFixture<Scenario> fixture;

    @BeforeEach
    void fixture() {
        fixture = new AggregateTestFixture<>(Scenario.class);
        fixture.registerInjectableResource(new FixedDiceSeeds((byte) 0));
        fixture.registerInjectableResource(org.wargame.tracker.scenario.FixtureRecord.of(fixture));
    }

    private ScenarioStarted started() {
        var crew = AslFixtures.crew("crew", "British", "gun", Map.of());
        return new ScenarioStarted("s1", "c1", "EX 10.3", "asl", 6, SIDES, List.of(
                new org.wargame.tracker.rules.CounterDefinition("crew", "crew", "crew", "british", "British", Map.of(),
                        crew.state()),
                withSide(AslFixtures.gun94("mule")), withSide(AslFixtures.mule())), START, "commitment");
    }

    private static org.wargame.tracker.rules.CounterDefinition withSide(org.wargame.tracker.rules.CounterDefinition c) {
        return new org.wargame.tracker.rules.CounterDefinition(c.id(), c.kind(), c.name(), "british", c.nationality(),
                c.data(), c.state());
    }

    @Test
    void becoming_pack_ti_in_turn_2_step_1_13b() {
        GameClock turn2 = new GameClock(2, 1, "RPh", "1.13B", "axis");
        fixture.given(started(), new ClockAdvanced("a0", START, turn2, List.of()))
                .when(new TakeAction("s1", "a1", ALICE, "become-pack-ti", new AnimalPackAction.BecomePackTi("crew"),
                        Map.of("type", "become-pack-ti", "crew", "crew"), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ActionTaken("a1", "become-pack-ti", Map.of("type", "become-pack-ti", "crew", "crew"),
                                List.of()),
                        new AnimalPackEvent.PackTiTaken(List.of("crew", "gun", "mule"), "gun", "begins unpacking",
                                "10.11"),
                        new AnimalPackEvent.PeriodBegan(new UnpackingPeriod("gun", "crew", "mule", "UNPACKING", 3, 0,
                                2, 0, false, false, false), "12 - M# 10 + 1 (not a mortar) = 3 Game Turns", "10.3"));
    }

    @Test
    void refused_outside_the_start_of_a_game_turn_and_nothing_is_stored() {
        fixture.given(started(), new ClockAdvanced("a0", START, new GameClock(1, 2, "RPh", "1.13B", "british"),
                        List.of()))
                .when(new TakeAction("s1", "a1", ALICE, "become-pack-ti", new AnimalPackAction.BecomePackTi("crew"),
                        Map.of(), List.of()))
                .expectException(RuleViolation.class)
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("10.11: "))
                .expectNoEvents();
    }

    @Test
    void a_player_may_not_act_for_the_other_side() {
        fixture.given(started())
                .when(new TakeAction("s1", "a1", BRUNO, "become-pack-ti", new AnimalPackAction.BecomePackTi("crew"),
                        Map.of(), List.of()))
                .expectException(NotYourSide.class)
                .expectNoEvents();
    }

    @Test
    void advancing_the_clock_moves_through_the_steps_and_phases() {
        fixture.given(started())
                // Step 1.13B: the British crew may become Pack-TI; Bruno leaves that decision knowingly
                .when(new AdvanceClock("s1", "a1", BRUNO, List.of(), null, false, List.of("decision")))
                .expectEvents(new ClockAdvanced("a1", START, new GameClock(1, 1, "PFPh", null, "axis"), List.of(),
                        List.of("a decision the rules wait for (10.11: crew may become Pack-TI now)")));
    }
}
