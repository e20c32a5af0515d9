package org.wargame.tracker.rules.skirmish;

import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets.Target;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewmanLost;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotFired;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TargetsDesignated;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WeaponDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WoundRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.scenario.EnteredRoll;
import org.wargame.tracker.scenario.FixedDiceSeeds;
import org.wargame.tracker.scenario.Scenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.List;
import java.util.Map;

import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;

/** The Scenario aggregate driven with the skirmish rule set through Axon's test fixture. */
class ScenarioFixtureTest {

    private static final String ID = "sc-ford";
    private static final Actor SAM = new Actor("sam", false, List.of("us"));
    private static final Actor GERD = new Actor("gerd", false, List.of("german"));

    private AggregateTestFixture<Scenario> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Scenario.class);
        fixture.registerInjectableResource(new FixedDiceSeeds((byte) 0));
        fixture.registerInjectableResource(org.wargame.tracker.scenario.FixtureRecord.of(fixture));
    }

    private static ScenarioStarted started() {
        // the clock at the fire phase of Game Turn 1, all sides (the Germans move first)
        return new ScenarioStarted(ID, "skirmish-sample", "Ambush at the ford", "skirmish", 4,
                List.of(new Side("german", "Germans", "German", List.of("gerd")),
                        new Side("us", "U.S.", "American", List.of("sam"))),
                ambush(), new GameClock(1, 0, "FIRE", null, "german"), "commitment");
    }

    private static final Designation MG_AT_RIFLE = new Designation("T1-1", "us", "us-gunner", "m1919",
            "de-rifle-1", 1, false, false, DesignationStatus.PENDING);
    private static final Designation RIFLE_AT_GUNNER = new Designation("T1-2", "german", "de-rifle-1", "rifle",
            "us-gunner", null, false, false, DesignationStatus.PENDING);

    @Test
    void theUsDesignatesFirstBecauseTheGermansMovedFirst() {
        DesignateTargets action = new DesignateTargets("us", List.of(new Target("us-gunner", "m1919", "de-rifle-1", 1,
                null, null)));
        fixture.given(started())
                .when(new TakeAction(ID, "a1", SAM, "designate-targets", action, Map.of("side", "us"), List.of()))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ActionTaken("a1", "designate-targets", Map.of("side", "us"), List.of()),
                        new TargetsDesignated("us", 1, List.of(MG_AT_RIFLE)));
    }

    @Test
    void theGermansMayNotDesignateFirst() {
        fixture.given(started())
                .when(new TakeAction(ID, "a1", GERD, "designate-targets", new DesignateTargets("german", List.of()),
                        Map.of(), List.of()))
                .expectException(org.wargame.tracker.refusal.RuleViolation.class)
                .expectExceptionMessage("VI. Infantry Weapons Fire: the side that moves first (german) designates "
                        + "fire second; waiting for us");
    }

    @Test
    void aRifleShotKillsTheGunnerHisMachineGunIsDestroyedAndTheCrewLosesHim() {
        List<EnteredRoll> dice = List.of(new EnteredRoll("d20", List.of(2)), new EnteredRoll("d6", List.of(2)));
        DiceRoll d20 = new DiceRoll("d20", List.of(2), DiceRoll.ENTERED, "to hit", null);
        DiceRoll d6 = new DiceRoll("d6", List.of(2), DiceRoll.ENTERED, "hit location", null);
        fixture.given(started(),
                        new ActionTaken("a1", "designate-targets", Map.of(), List.of()),
                        new TargetsDesignated("us", 1, List.of(MG_AT_RIFLE)),
                        new ActionTaken("a2", "designate-targets", Map.of(), List.of()),
                        new TargetsDesignated("german", 1, List.of(RIFLE_AT_GUNNER)))
                .when(new TakeAction(ID, "a3", GERD, "fire", new Fire("T1-2", 80, "standing in the open", null,
                        null, null, null), Map.of("designation", "T1-2"), dice))
                .expectSuccessfulHandlerExecution()
                .expectEvents(new ActionTaken("a3", "fire", Map.of("designation", "T1-2"), List.of(d20, d6)),
                        new ShotFired("T1-2", "de-rifle-1", "rifle", "us-gunner", 1,
                                new ChanceToHit.Computation(80, 60, 0, 0, 60, false, true, true), d20, d6, true, false),
                        new FigureHit("us-gunner", "fire of de-rifle-1 (rifle)", d6, List.of(), 2, "shoulders",
                                "standing in the open", "death"),
                        new WoundRecorded("us-gunner", Wound.DEATH, null, "fire of de-rifle-1 (rifle)",
                                CasualtyCause.SMALL_ARMS),
                        new WeaponDestroyed("us-gunner", "m1919", "its firer was killed"),
                        new CrewmanLost("us-mg", "us-gunner", CrewRole.GUNNER, "m1919", 0));
    }

    @Test
    void aPlayerMayNotFireForTheOtherSide() {
        fixture.given(started(),
                        new ActionTaken("a1", "designate-targets", Map.of(), List.of()),
                        new TargetsDesignated("us", 1, List.of(MG_AT_RIFLE)),
                        new ActionTaken("a2", "designate-targets", Map.of(), List.of()),
                        new TargetsDesignated("german", 1, List.of(RIFLE_AT_GUNNER)))
                .when(new TakeAction(ID, "a3", SAM, "fire", new Fire("T1-2", 80, "standing in the open", null,
                        null, null, null), Map.of(), List.of()))
                .expectException(NotYourSide.class);
    }
}
