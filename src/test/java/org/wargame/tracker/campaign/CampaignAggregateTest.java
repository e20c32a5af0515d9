package org.wargame.tracker.campaign;

import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.campaign.CampaignCommand.CreateCampaign;
import org.wargame.tracker.campaign.CampaignCommand.OpenScenario;
import org.wargame.tracker.campaign.CampaignCommand.RecordScenarioOutcome;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.campaign.CampaignEvent.CounterEnlisted;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOpened;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOutcomeRecorded;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;

import java.util.List;
import java.util.Map;

/** The campaign aggregate: created with its roster, one scenario at a time per counter, the struck-off stay off. */
class CampaignAggregateTest {

    private static final List<Side> SIDES = List.of(new Side("british", "British", "British", List.of("alice")),
            new Side("axis", "Italians", "Italian", List.of("bruno")));
    private static final CounterDefinition CREW = new CounterDefinition("crew", "crew", "crew", "british", "British",
            Map.of(), Map.of());
    private static final CounterDefinition MULE = new CounterDefinition("mule", "horse", "Mule", "british", "British",
            Map.of("mule", true), Map.of("size", "squad"));

    private AggregateTestFixture<Campaign> fixture;

    @BeforeEach
    void fixture() {
        fixture = new AggregateTestFixture<>(Campaign.class);
    }

    private CampaignCreated created() {
        return new CampaignCreated("c1", "Alamein", "asl", SIDES, "referee", null, List.of());
    }

    @Test
    void a_campaign_is_created_with_its_roster() {
        fixture.givenNoPriorActivity()
                .when(new CreateCampaign("c1", "Alamein", "asl", SIDES, "referee", null, List.of(CREW, MULE), null))
                .expectEvents(created(), new CounterEnlisted("c1", CREW), new CounterEnlisted("c1", MULE));
    }

    @Test
    void counter_data_is_validated_by_the_rule_set() {
        CounterDefinition gunWithoutM = new CounterDefinition("gun", "gun", "Gun", "british", "British",
                Map.of("caliber", 94, "gunType", "INF"), Map.of());
        fixture.givenNoPriorActivity()
                .when(new CreateCampaign("c1", "Alamein", "asl", SIDES, "referee", null, List.of(gunWithoutM), null))
                .expectException(org.wargame.tracker.refusal.FieldRefused.class)
                .expectExceptionMessage(org.hamcrest.Matchers.containsString("data.manhandling"));
    }

    @Test
    void a_plan_that_does_not_set_up_is_refused_with_the_file() {
        CounterDefinition gun = new CounterDefinition("gun", "gun", "81mm MTR", "british", "British",
                Map.of("caliber", 81, "gunType", "MTR", "manhandling", 11, "breakdown", 12, "dismantlable", true),
                Map.of());
        ScenarioPlan notDm = new ScenarioPlan("p1", "Plan", 3, List.of("british", "axis"), List.of(
                new ScenarioPlan.Placement("gun", Map.of("hex", "A1", "loadedOn", "mule")),
                new ScenarioPlan.Placement("mule", Map.of("hex", "A1"))), List.of());
        fixture.givenNoPriorActivity()
                .when(new CreateCampaign("c1", "Alamein", "asl", SIDES, "referee", null, List.of(gun, MULE),
                        List.of(notDm)))
                .expectException(org.wargame.tracker.refusal.RuleViolation.class)
                .expectExceptionMessage("10.2: plans[p1]: gun must be dm to be Animal-Packed")
                .expectNoEvents();
        ScenarioPlan unknown = new ScenarioPlan("p2", "Plan", 3, List.of("british"), List.of(
                new ScenarioPlan.Placement("nobody", Map.of())), List.of());
        fixture.givenNoPriorActivity()
                .when(new CreateCampaign("c1", "Alamein", "asl", SIDES, "referee", null, List.of(MULE),
                        List.of(unknown)))
                .expectException(FieldRefused.class)
                .expectExceptionMessage("plans[p2].counters: 'nobody' is not on the roster")
                .expectNoEvents();
    }

    @Test
    void a_counter_plays_in_one_scenario_at_a_time() {
        fixture.given(created(), new CounterEnlisted("c1", CREW), new ScenarioOpened("c1", "s1", "one", List.of("crew"), List.of()))
                .when(new OpenScenario("c1", "s2", "two", List.of("crew"), List.of()))
                .expectException(Conflict.class)
                .expectNoEvents();
    }

    @Test
    void the_outcome_carries_state_and_strikes_off_the_eliminated() {
        fixture.given(created(), new CounterEnlisted("c1", CREW), new CounterEnlisted("c1", MULE),
                        new ScenarioOpened("c1", "s1", "one", List.of("crew", "mule"), List.of()))
                .when(new RecordScenarioOutcome("c1", "s1", "won", List.of(new CounterOutcome("crew", true, Map.of()),
                        new CounterOutcome("mule", false, Map.of("size", "HS")),
                        new CounterOutcome("scenario-only", false, Map.of()))))
                .expectEvents(new ScenarioOutcomeRecorded("c1", "s1", "won", List.of(
                        new CounterOutcome("crew", true, Map.of()), new CounterOutcome("mule", false,
                                Map.of("size", "HS")))));
        fixture.given(created(), new CounterEnlisted("c1", CREW), new ScenarioOpened("c1", "s1", "one",
                        List.of("crew"), List.of()), new ScenarioOutcomeRecorded("c1", "s1", "lost",
                        List.of(new CounterOutcome("crew", true, Map.of()))))
                .when(new OpenScenario("c1", "s2", "two", List.of("crew"), List.of()))
                .expectException(FieldRefused.class)
                .expectExceptionMessage(org.hamcrest.Matchers.containsString("eliminated"));
    }

    @Test
    void a_scenario_opened_without_struck_off_counters_records_them_and_only_them() {
        fixture.given(created(), new CounterEnlisted("c1", CREW), new CounterEnlisted("c1", MULE),
                        new ScenarioOpened("c1", "s1", "one", List.of("crew", "mule"), List.of()),
                        new ScenarioOutcomeRecorded("c1", "s1", "lost", List.of(new CounterOutcome("crew", true,
                                Map.of()), new CounterOutcome("mule", false, Map.of()))))
                .when(new OpenScenario("c1", "s2", "two", List.of("mule"), List.of("crew")))
                .expectEvents(new ScenarioOpened("c1", "s2", "two", List.of("mule"), List.of("crew")));
        fixture.given(created(), new CounterEnlisted("c1", CREW), new CounterEnlisted("c1", MULE))
                .when(new OpenScenario("c1", "s2", "two", List.of("mule"), List.of("crew")))
                .expectException(org.wargame.tracker.refusal.FieldRefused.class)
                .expectNoEvents();
    }
}
