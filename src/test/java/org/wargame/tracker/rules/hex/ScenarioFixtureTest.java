package org.wargame.tracker.rules.hex;

import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexAction.Fire;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;
import org.wargame.tracker.rules.hex.HexAction.TransferWeapon;
import org.wargame.tracker.rules.hex.HexAction.UsePanzerfaust;
import org.wargame.tracker.rules.hex.HexEvent.AttackFired;
import org.wargame.tracker.rules.hex.HexEvent.ExpendableSpent;
import org.wargame.tracker.rules.hex.HexEvent.SmokeLaid;
import org.wargame.tracker.rules.hex.HexEvent.WeaponTransferred;
import org.wargame.tracker.scenario.ConclusionCommand;
import org.wargame.tracker.scenario.EnteredRoll;
import org.wargame.tracker.scenario.FixedDiceSeeds;
import org.wargame.tracker.scenario.Scenario;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ServerDice;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Scenario aggregate driven with rule set hex: who may act, dice inside the events, the roster hand-back. */
class ScenarioFixtureTest {

    private static final String ID = "scn-1";
    private static final byte[] SEED = new byte[32];

    static {
        Arrays.fill(SEED, (byte) 7);
    }

    private static final Actor GERD = new Actor("gerd", false, List.of("german"));
    private static final Actor SAM = new Actor("sam", false, List.of("us"));
    private static final Actor REFEREE = new Actor("referee", true, List.of());
    private static final List<Side> SIDES = List.of(new Side("german", "Germans", "German", List.of("gerd")),
            new Side("us", "U.S.", "American", List.of("sam")));

    private FixtureConfiguration<Scenario> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Scenario.class);
        fixture.registerInjectableResource(new FixedDiceSeeds((byte) 7));
        fixture.registerInjectableResource(org.wargame.tracker.scenario.FixtureRecord.of(fixture));
    }

    private static ScenarioStarted started(GameClock clock) {
        return new ScenarioStarted(ID, "hex-sample", "First clash", "hex", 5, SIDES,
                Battlefield.standard().definitions(), clock, ServerDice.commitment(SEED));
    }

    private static TakeAction take(Actor actor, String type, HexAction action, List<EnteredRoll> dice) {
        return new TakeAction(ID, "a-1", actor, type, action, Map.of("type", type), dice);
    }

    @Test
    void the_hmg_is_transferred_in_the_command_phase() {
        fixture.given(started(Battlefield.GERMAN_CP))
                .when(take(GERD, "transfer-weapon", new TransferWeapon("ger-hmg-1", "ger-sq-2"), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ActionTaken("a-1", "transfer-weapon", Map.of("type", "transfer-weapon"), List.of()),
                        new WeaponTransferred("ger-hmg-1", "ger-sq-1", "ger-sq-2", "C4"));
    }

    @Test
    void a_refusal_names_its_rule_and_stores_nothing() {
        fixture.given(started(Battlefield.GERMAN_FP))
                .when(take(GERD, "transfer-weapon", new TransferWeapon("ger-hmg-1", "ger-sq-2"), List.of()))
                .expectException(RuleViolation.class)
                .expectExceptionMessage(org.hamcrest.Matchers.startsWith("12.4: support weapons are exchanged"))
                .expectNoEvents();
    }

    @Test
    void only_the_acting_sides_players_act() {
        fixture.given(started(Battlefield.GERMAN_CP))
                .when(take(SAM, "transfer-weapon", new TransferWeapon("ger-hmg-1", "ger-sq-2"), List.of()))
                .expectException(NotYourSide.class)
                .expectNoEvents();
    }

    @Test
    void an_entered_dice_roll_is_inside_the_event_it_decided() {
        DiceRoll entered = new DiceRoll("2d6", List.of(3, 5), DiceRoll.ENTERED, "12.3 attack dice roll of ger-sq-1",
                null);
        fixture.given(started(Battlefield.GERMAN_FP))
                .when(take(GERD, "fire", new Fire("ger-sq-1", "ger-hmg-1", null, "D5", "us-sq-1", 1, true, null),
                        List.of(new EnteredRoll("2d6", List.of(3, 5)))))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ActionTaken("a-1", "fire", Map.of("type", "fire"), List.of(entered)),
                        new ExpendableSpent("german", "ger-expendables", "grenades", "ger-sq-1", "fire", "D5",
                                "us-sq-1", "-1 to the attack dice roll", 2, false, "attack@1.1.FP:D5", -1, null, null),
                        new AttackFired("ger-sq-1", "ger-hmg-1", "AP", "D5", "us-sq-1", 1, 10, "unit 4 + weapon 6",
                                null, true, false, entered, -1, 7));
    }

    @Test
    void a_server_roll_comes_from_the_committed_seed() {
        int first = ServerDice.die(SEED, ID, 0, 6);
        int second = ServerDice.die(SEED, ID, 1, 6);
        DiceRoll rolled = new DiceRoll("2d6", List.of(first, second), DiceRoll.SERVER,
                "12.3 attack dice roll of ger-sq-1", 0);
        fixture.given(started(Battlefield.GERMAN_FP))
                .when(take(GERD, "fire", new Fire("ger-sq-1", "ger-hmg-1", null, "D5", "us-sq-1", 3, null, null),
                        List.of()))
                .expectEvents(new ActionTaken("a-1", "fire", Map.of("type", "fire"), List.of(rolled)),
                        new AttackFired("ger-sq-1", "ger-hmg-1", "AP", "D5", "us-sq-1", 3, 10, "unit 4 + weapon 6",
                                null, false, false, rolled, 0, first + second));
    }

    @Test
    void a_new_game_turn_clears_the_fire_limits() {
        GameClock lastPhase = new GameClock(1, 2, "CA", null, "us");
        GameClock nextTurn = new GameClock(2, 1, "CP", null, "german");
        fixture.given(started(lastPhase))
                // the Close Assault Phase: both sides act in it; the referee moves the clock on
                .when(new AdvanceClock(ID, "a-2", new org.wargame.tracker.account.Actor("referee", true, List.of()),
                        List.of()))
                .expectEvents(new ClockAdvanced("a-2", lastPhase, nextTurn, List.of()), new HexEvent.GameTurnBegan(2));
    }

    @Test
    void smoke_and_panzerfaust_run_the_pool_down_and_the_pool_is_handed_back() {
        fixture.given(started(Battlefield.GERMAN_FP),
                        new ActionTaken("a-0", "mortar-smoke", Map.of(), List.of()),
                        new SmokeLaid("german", "ger-mtr-1", "ger-sq-3", "D5", 2, "ger-expendables", 2, 4),
                        new ActionTaken("a-1", "use-panzerfaust", Map.of(), List.of()),
                        new ExpendableSpent("german", "ger-expendables", "panzerfaust", "ger-sq-2", "at-attack",
                                "F7", "us-tank-1", "AT attack", 1, true, null, null, null, null))
                .when(new ConclusionCommand(ID, REFEREE,
                        new ConclusionCommand.Conclude("p-1", "German minor victory")))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(org.axonframework.test.matchers.Matchers.exactSequenceOf(
                        org.axonframework.test.matchers.Matchers.messageWithPayload(
                                new org.hamcrest.TypeSafeMatcher<ScenarioConcluded>() {
                                    @Override
                                    protected boolean matchesSafely(ScenarioConcluded concluded) {
                                        CounterOutcome pool = concluded.outcomes().stream()
                                                .filter(o -> o.id().equals("ger-expendables")).findFirst()
                                                .orElseThrow();
                                        return pool.state().equals(Map.of("panzerfaust", 1, "at-grenade", 0,
                                                "grenades", 3, "satchel-charge", 1, "smoke", 4));
                                    }

                                    @Override
                                    public void describeTo(org.hamcrest.Description description) {
                                        description.appendText("the German pool with 1 Panzerfaust and 4 smoke");
                                    }
                                }),
                        org.axonframework.test.matchers.Matchers.andNoMore()));
    }

    @Test
    void the_acting_side_of_a_mortar_is_its_carriers() {
        fixture.given(started(Battlefield.GERMAN_FP))
                .when(take(SAM, "mortar-smoke", new MortarSmoke("ger-mtr-1", "D5", 4, true, null), List.of()))
                .expectException(NotYourSide.class);
        fixture.given(started(Battlefield.GERMAN_FP))
                .when(take(SAM, "use-panzerfaust", new UsePanzerfaust("ger-sq-2", "us-tank-1", 1), List.of()))
                .expectException(NotYourSide.class);
        assertThat(new SupportWeaponRules().id()).isEqualTo("hex");
    }
}
