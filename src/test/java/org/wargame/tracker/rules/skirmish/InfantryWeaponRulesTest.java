package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets.Target;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DestroyAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.IndirectMgFire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishAction.UniteCrew;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalCharged;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewmanLost;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FireCancelled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseClosed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseOpened;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LoadDropped;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderInjuryRolled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotFired;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotsSpent;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.VehicleDamaged;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WeaponDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WoundRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.RULES;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.Scripted;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.clock;

/** The rule set played through decide and evolve, as the scenario aggregate plays it. */
class InfantryWeaponRulesTest {

    private SkirmishState state;
    private GameClock clock;

    @BeforeEach
    void setUp() {
        state = RULES.setUp(ambush());
        clock = clock("SPOT", 1);
    }

    private List<SkirmishEvent> act(SkirmishAction action, int... dice) {
        Scripted scripted = new Scripted(dice);
        List<SkirmishEvent> events = RULES.decide(state, clock, action, scripted);
        assertThat(scripted.used()).as("every scripted die was asked for").isTrue();
        events.forEach(e -> state = RULES.evolve(state, e));
        return events;
    }

    /** Moves the clock through the rule set's turn, phase by phase, until it stands at {@code to}. */
    private void advanceTo(GameClock to, int... dice) {
        Scripted scripted = new Scripted(dice);
        for (int i = 0; i < 50 && !clock.equals(to); i++) {
            GameClock next = SkirmishTables.next(clock);
            RULES.clockAdvanced(state, clock, next, scripted).forEach(e -> state = RULES.evolve(state, e));
            clock = next;
        }
        assertThat(clock).isEqualTo(to);
    }

    private void openFire() {
        advanceTo(clock("FIRE", 0));
    }

    /** The man's position as his side recorded it (the event a move stores). */
    private void place(String figure, String position) {
        state = RULES.evolve(state, new SkirmishEvent.PositionTaken(figure, BodyPosition.parse(position, false)
                .label()));
    }

    private static Target at(String firer, String weapon, String target) {
        return new Target(firer, weapon, target, null, null, null);
    }

    private static Target at(String firer, String weapon, String target, int template) {
        return new Target(firer, weapon, target, template, null, null);
    }

    /** A shot at a man in {@code position}: his side recorded it before (a shot naming another is refused). */
    private Fire fire(String designation, int range, String position) {
        state.designation(designation).flatMap(d -> state.figure(d.target()))
                .filter(f -> position != null && !BodyPosition.parse(position, false).label().equals(f.position()))
                .ifPresent(f -> place(f.id(), position));
        return new Fire(designation, range, position, null, null, null, null);
    }

    private String designationOf(String firer, String target) {
        return state.designations().stream().filter(d -> d.firer().equals(firer) && d.target().equals(target))
                .findFirst().orElseThrow().id();
    }

    private void designate(List<Target> german, List<Target> us) {
        // the Germans move first (Player Turn 1): the U.S. designate first
        act(new DesignateTargets("us", us));
        act(new DesignateTargets("german", german));
    }

    // ------------------------------------------------------------------ counter data

    @Test
    void validateRefusesMissingAndInvalidDataNamingTheCounterAndField() {
        CounterDefinition noHelmet = new CounterDefinition("x", "figure", "X", "us", "American",
                Map.of("weapons", List.of(), "armour", Map.of("body", "soft")), Map.of());
        assertThatThrownBy(() -> RULES.validate(noHelmet)).isInstanceOf(FieldRefused.class)
                .hasMessageContaining("counters[x]").hasMessageContaining("armour.helmet");
        CounterDefinition noToHit = new CounterDefinition("y", "figure", "Y", "us", "American",
                Map.of("weapons", List.of(Map.of("type", "rifle")), "armour", Map.of("helmet", "steel")), Map.of());
        assertThatThrownBy(() -> RULES.validate(noToHit)).hasMessageContaining("counters[y]")
                .hasMessageContaining("weapons[0].toHit");
        CounterDefinition badBand = new CounterDefinition("z", "figure", "Z", "us", "American",
                Map.of("weapons", List.of(Map.of("type", "rifle", "toHit", List.of(Map.of("maxRange", 100,
                        "percent", 140)))), "armour", Map.of("helmet", "steel")), Map.of());
        assertThatThrownBy(() -> RULES.validate(badBand)).hasMessageContaining("toHit[0].percent");
        CounterDefinition mgWithoutCrew = new CounterDefinition("g", "figure", "G", "us", "American",
                Map.of("weapons", List.of(Map.of("type", "tripod-mg-30", "toHit", List.of(Map.of("maxRange", 100,
                        "percent", 50)))), "armour", Map.of("helmet", "steel")), Map.of());
        assertThatThrownBy(() -> RULES.validate(mgWithoutCrew)).hasMessageContaining("counters[g]")
                .hasMessageContaining("crew");
        CounterDefinition gatling = new CounterDefinition("h", "figure", "H", "us", "American",
                Map.of("weapons", List.of(Map.of("type", "gatling-gun-50", "toHit", List.of(Map.of("maxRange", 100,
                        "percent", 50)))), "armour", Map.of("helmet", "steel"),
                        "crew", Map.of("team", "t", "role", "gunner")), Map.of());
        assertThatThrownBy(() -> RULES.validate(gatling)).hasMessageContaining("crewSize");
        CounterDefinition mule = new CounterDefinition("m", "animal", "M", "us", "American",
                Map.of("role", "pack", "species", "mule"), Map.of());
        assertThatThrownBy(() -> RULES.validate(mule)).hasMessageContaining("counters[m]").hasMessageContaining("load");
        CounterDefinition truck = new CounterDefinition("v", "vehicle", "V", "us", "American",
                Map.of("type", "truck", "tank", false), Map.of());
        assertThatThrownBy(() -> RULES.validate(truck)).hasMessageContaining("infantryDamage");
        CounterDefinition squad = new CounterDefinition("s", "squad", "S", "us", "American", Map.of(), Map.of());
        assertThatThrownBy(() -> RULES.validate(squad)).hasMessageContaining("kind");
        ambush().forEach(RULES::validate);
    }

    // ------------------------------------------------------------------ fire order

    @Test
    void theSideThatMovedFirstDesignatesSecondAndOnlyAtTheStartOfThePhase() {
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of())))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("VI. Infantry Weapons Fire:");
        openFire();
        assertThat(state.firstMover()).isEqualTo("german");
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of(at("de-rifle-1", "rifle", "us-loader")))))
                .hasMessageContaining("the side that moves first (german) designates fire second");
        assertThatThrownBy(() -> act(new Fire("T1.1-1", 50, "standing in the open", null, null, null, null)))
                .isInstanceOf(FieldRefused.class);
        act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "de-rifle-1"))));
        assertThatThrownBy(() -> act(fire(designationOf("us-grenadier", "de-rifle-1"), 50, "standing in the open")))
                .hasMessageContaining("waiting for german");
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of())))
                .hasMessageContaining("already designated");
        act(new DesignateTargets("german", List.of(at("de-rifle-1", "rifle", "us-grenadier"))));
        act(fire(designationOf("us-grenadier", "de-rifle-1"), 50, "standing in the open"), 20, 6);
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of())))
                .hasMessageContaining("first shot has been fired");
    }

    @Test
    void oneFirePhasePerGameTurnAndTheFirstMoverDesignatesSecondInEveryTurn() {
        // the Game Turn: spotting rounds (all), movement (Germans, then U.S.), one fire phase (all), close combat
        GameClock c = clock("SPOT", 0);
        List<String> turn = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            turn.add(c.phase() + "/" + c.playerTurn() + "/" + c.phasingSide());
            c = SkirmishTables.next(c);
        }
        assertThat(turn).containsExactly("SPOT/0/german", "MOVE/1/german", "MOVE/2/us", "FIRE/0/german",
                "CC/0/german");
        assertThat(c).isEqualTo(clock(2, "SPOT", 0));
        openFire();
        designate(List.of(), List.of());
        advanceTo(clock(2, "FIRE", 0));
        assertThat(state.gameTurn()).isEqualTo(2);
        assertThat(state.firstMover()).isEqualTo("german");
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of())))
                .hasMessageContaining("designates fire second");
    }

    @Test
    void aShotAtATargetAlreadyDestroyedIsSpent() {
        openFire();
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-rifle-1"), at("us-commander", "colt",
                "de-rifle-1")));
        // 60% at 50m: d20 3 hits; d6 1 is the head: dead
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-rifle-1"), 50,
                "standing in the open"), 3, 1);
        assertThat(events).filteredOn(ShotsSpent.class::isInstance).hasSize(1);
        String commander = designationOf("us-commander", "de-rifle-1");
        assertThat(state.designation(commander).orElseThrow().status()).isEqualTo(DesignationStatus.SPENT);
        assertThatThrownBy(() -> act(fire(commander, 20, "standing in the open")))
                .hasMessageContaining("is spent");
    }

    @Test
    void eliteThreeLevelsAboveFireFirstAndOnlySurvivorsReturnFire() {
        openFire();
        designate(List.of(at("de-rifle-1", "rifle", "us-ranger")), List.of(at("us-ranger", "m1903", "de-rifle-1")));
        String back = designationOf("de-rifle-1", "us-ranger");
        assertThatThrownBy(() -> act(fire(back, 200, "standing in the open")))
                .hasMessageContaining("fire first");
        // ranger: 50% at 200m + 5 scope + 15 elite = 70%: d20 14 hits; d6 2 shoulders: dead
        List<SkirmishEvent> events = act(fire(designationOf("us-ranger", "de-rifle-1"), 200, "standing in the open"),
                14, 2);
        ShotFired shot = (ShotFired) events.get(0);
        assertThat(shot.toHit().percent()).isEqualTo(70);
        assertThat(shot.firedFirst()).isTrue();
        assertThat(events).filteredOn(FireCancelled.class::isInstance).hasSize(1);
        assertThatThrownBy(() -> act(fire(back, 200, "standing in the open"))).hasMessageContaining("cancelled");
    }

    @Test
    void aManKilledByOrdinaryFireStillFiresHisDesignatedShotAndIsRemovedAtTheEndOfThePhase() {
        openFire();
        designate(List.of(at("de-rifle-1", "rifle", "us-grenadier")), List.of(at("us-grenadier", "carbine",
                "de-rifle-1")));
        act(fire(designationOf("us-grenadier", "de-rifle-1"), 50, "standing in the open"), 1, 1);
        assertThat(state.figure("de-rifle-1").orElseThrow().dead()).isTrue();
        List<SkirmishEvent> back = act(fire(designationOf("de-rifle-1", "us-grenadier"), 50, "prone in the open"),
                20, 6);
        assertThat(((ShotFired) back.get(0)).hit()).isFalse();
        advanceTo(clock("CC", 1));
        assertThat(state.figure("de-rifle-1").orElseThrow().removed()).isTrue();
    }

    // ------------------------------------------------------------------ to hit

    @Test
    void outOfRangeDesignationsMissWithoutDice() {
        openFire();
        designate(List.of(), List.of(at("us-commander", "colt", "de-rifle-1")));
        List<SkirmishEvent> events = act(fire(designationOf("us-commander", "de-rifle-1"), 26,
                "standing in the open"));
        ShotFired shot = (ShotFired) events.get(0);
        assertThat(shot.toHit().outOfRange()).isTrue();
        assertThat(shot.hit()).isFalse();
        assertThat(shot.d20()).isNull();
    }

    @Test
    void theD20HitsWhenFiveTimesItIsAtMostThePercentage() {
        openFire();
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-rifle-1"), at("us-commander", "colt",
                "de-rifle-2")));
        // carbine 55% at 100m: 11 hits (55), 12 would not (60)
        ShotFired hit = (ShotFired) act(fire(designationOf("us-grenadier", "de-rifle-1"), 100, "prone in the open"),
                11, 6).get(0);
        assertThat(hit.hit()).isTrue();
        ShotFired miss = (ShotFired) act(fire(designationOf("us-commander", "de-rifle-2"), 25, "prone in the open"),
                11, 6).get(0);
        assertThat(miss.toHit().percent()).isEqualTo(50);
        assertThat(miss.hit()).isFalse();
        assertThat(miss.d6().values()).containsExactly(6);
    }

    // ------------------------------------------------------------------ hit location

    @Test
    void bodyArmourAndABallisticHelmetShrugOffAHeadHit() {
        openFire();
        designate(List.of(), List.of(at("us-gunner", "m1919", "de-armoured", 1)));
        // body armour is soft: it does not stop a machine gun; ballistic helmet +1: a 6 becomes a 7: no effect
        List<SkirmishEvent> events = act(fire(designationOf("us-gunner", "de-armoured"), 80, "standing in the open"),
                1, 6);
        FigureHit hit = (FigureHit) events.get(1);
        assertThat(hit.modified()).isEqualTo(7);
        assertThat(hit.effect()).isEqualTo("no effect");
        assertThat(state.figure("de-armoured").orElseThrow().wound()).isNull();
    }

    @Test
    void hardBodyArmourAndBallisticHelmetMoveAHeadHitToTheChestAndTheFirerAboveAddsOne() {
        // the ranger wears hard armour and a ballistic helmet: 1 + 2 = 3 chest; firer above: 4 abdomen
        openFire();
        designate(List.of(at("de-rifle-1", "rifle", "us-ranger"), at("de-rifle-2", "rifle", "us-ranger")),
                List.of());
        List<SkirmishEvent> events = act(new Fire(designationOf("de-rifle-1", "us-ranger"), 50, "standing in the open",
                null, true, false, true), 1, 1);
        FigureHit hit = (FigureHit) events.get(1);
        assertThat(hit.modified()).isEqualTo(4);
        assertThat(hit.location()).isEqualTo("abdomen");
        assertThat(state.figure("us-ranger").orElseThrow().wound()).isEqualTo(Wound.LITTER_CASE);
        assertThat(state.figure("us-ranger").orElseThrow().recovery()).isEqualTo(Casualties.AWAITING_TREATMENT);
        // overhead protection cancels the firer-above modifier: 1 + 2 = 3 chest
        events = act(new Fire(designationOf("de-rifle-2", "us-ranger"), 50, "standing in the open", null, true, true,
                false), 1, 1);
        assertThat(((FigureHit) events.get(1)).location()).isEqualTo("chest");
    }

    @Test
    void noHelmetIsMinusOneAndACoveredLocationIsNoHit() {
        openFire();
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-bare"), at("us-commander", "colt",
                "de-bare")));
        // no helmet: 4 - 1 = 3 chest, behind a window (1, 2, 3 exposed): litter case
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-bare"), 50, "window"), 1, 4);
        assertThat(((FigureHit) events.get(1)).effect()).isEqualTo("litter case");
        // prone in the open (1, 2 exposed): 5 - 1 = 4 abdomen is covered
        events = act(fire(designationOf("us-commander", "de-bare"), 10, "prone in the open"), 1, 5);
        assertThat(((FigureHit) events.get(1)).effect()).isEqualTo("covered: no hit");
        assertThat(state.figure("de-bare").orElseThrow().wound()).isEqualTo(Wound.LITTER_CASE);
    }

    @Test
    void artilleryInTheRedZoneAddsOneAndSoftArmourStopsShrapnel() {
        // soft armour (+1 against shrapnel), ballistic helmet +1, red zone +1: 4 becomes 7
        List<SkirmishEvent> events = act(new ArtilleryHit("de-armoured", "standing in the open", null, true, false,
                null), 4);
        assertThat(((FigureHit) events.get(0)).modified()).isEqualTo(7);
        assertThat(((FigureHit) events.get(0)).effect()).isEqualTo("no effect");
        // issue 12 item 10: cover protects from small arms fire only; kneeling in the open covers the upper leg
        // (5) from rifles, not from artillery: 4 + 1 red zone = 5, upper leg, walking wounded
        place("de-rifle-1", "kneeling in the open");
        events = act(new ArtilleryHit("de-rifle-1", null, null, true, false, null), 4);
        assertThat(((FigureHit) events.get(0)).location()).isEqualTo("upper leg");
        assertThat(((FigureHit) events.get(0)).position()).isEqualTo("kneeling in the open");
        assertThat(((FigureHit) events.get(0)).effect()).isEqualTo("walking wounded");
        assertThat(state.figure("de-rifle-1").orElseThrow().wound()).isEqualTo(Wound.WALKING_WOUNDED);
    }

    @Test
    void walkingWoundedMayNotFireIfTheyMoveAndLitterCasesDoNotFire() {
        act(new RecordCasualty("de-rifle-1", "walking wounded", "close combat"));
        act(new RecordCasualty("de-rifle-2", "litter case", "close combat"));
        advanceTo(clock("MOVE", 1));
        act(new SkirmishAction.Move("de-rifle-1", "moved", null, null));
        openFire();
        act(new DesignateTargets("us", List.of()));
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of(new Target("de-rifle-1", "rifle",
                "us-loader", null, null, true))))).hasMessageStartingWith("Infantry Target Hit Locations Chart:")
                .hasMessageContaining("walking wounded may not fire their weapons if they move");
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of(at("de-rifle-2", "rifle", "us-loader")))))
                .hasMessageContaining("litter case");
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of(at("de-rifle-1", "rifle", "us-loader")))))
                .hasMessageContaining("walking wounded may not fire their weapons if they move");
        advanceTo(clock(2, "FIRE", 0));
        act(new DesignateTargets("us", List.of()));
        act(new DesignateTargets("german", List.of(at("de-rifle-1", "rifle", "us-loader"))));
        CounterView view = RULES.counters(state).stream().filter(c -> c.id().equals("de-rifle-1")).findFirst()
                .orElseThrow();
        assertThat(view.markers()).contains("walking wounded");
        assertThat(view.state()).containsEntry("movementLimitMetres", 50);
    }

    // ------------------------------------------------------------------ weapons and crews

    @Test
    void anMgTeamThatLosesItsLoaderFiresOneTemplateLess() {
        assertThat(templatesOf("us-gunner")).isEqualTo(3);
        List<SkirmishEvent> events = act(new RecordCasualty("us-loader", "death", "artillery"));
        CrewmanLost lost = (CrewmanLost) events.stream().filter(CrewmanLost.class::isInstance).findFirst()
                .orElseThrow();
        assertThat(lost.role()).isEqualTo(CrewRole.LOADER);
        assertThat(lost.templatesLeft()).isEqualTo(2);
        assertThat(templatesOf("us-gunner")).isEqualTo(2);
        act(new RecordCasualty("us-commander", "death", "artillery"));
        assertThat(templatesOf("us-gunner")).isEqualTo(1);
    }

    @Test
    void aThirdTemplateIsRefusedWhenTheLoaderIsDead() {
        act(new RecordCasualty("us-loader", "death", "artillery"));
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-gunner", "m1919", "de-rifle-1", 3)))))
                .hasMessageStartingWith("Automatic/Explosive/Incendiary Weapons Chart:")
                .hasMessageContaining("2 leaf template(s)");
        act(new DesignateTargets("us", List.of(at("us-gunner", "m1919", "de-rifle-1", 1),
                at("us-gunner", "m1919", "de-rifle-2", 2), at("us-gunner", "m1919", "de-bare", 2))));
        assertThat(state.designations()).hasSize(3);
    }

    private Object templatesOf(String figure) {
        CounterView view = RULES.counters(state).stream().filter(c -> c.id().equals(figure)).findFirst().orElseThrow();
        return ((Map<?, ?>) view.state().get("templates")).get("m1919");
    }

    @Test
    void aKilledGunnerDestroysHisWeaponUnlessStabbedOrGassed() {
        List<SkirmishEvent> events = act(new RecordCasualty("us-gunner", "death", "stabbed"));
        assertThat(events).noneMatch(WeaponDestroyed.class::isInstance);
        setUp();
        events = act(new RecordCasualty("us-gunner", "death", "chemical"));
        assertThat(events).noneMatch(WeaponDestroyed.class::isInstance);
        setUp();
        events = act(new RecordCasualty("us-gunner", "death", "close combat"));
        assertThat(events).filteredOn(WeaponDestroyed.class::isInstance).hasSize(1);
        assertThat(state.figure("us-gunner").orElseThrow().weapon("m1919").orElseThrow().destroyed()).isTrue();
        assertThat(((WoundRecorded) events.get(0)).causeOfCasualty()).isEqualTo(CasualtyCause.CLOSE_COMBAT);
    }

    @Test
    void theCauseOfACasualtyIsOneOfTheTextsAndDecidesWhetherHisWeaponsAreSpared() {
        // issue 12 item 12: a closed list, not free text where only some spellings spare the weapons
        for (String words : List.of("bayonet", "knifed", "shot")) {
            assertThatThrownBy(() -> act(new RecordCasualty("us-gunner", "death", words)))
                    .isInstanceOf(FieldRefused.class).hasMessageStartingWith("cause: '" + words + "'")
                    .hasMessageContaining("stabbed");
        }
        for (CasualtyCause cause : CasualtyCause.values()) {
            setUp();
            List<SkirmishEvent> events = act(new RecordCasualty("us-gunner", "death", cause.label()));
            assertThat(((WoundRecorded) events.get(0)).causeOfCasualty()).isEqualTo(cause);
            boolean destroyed = events.stream().anyMatch(WeaponDestroyed.class::isInstance);
            assertThat(destroyed).as(cause.label()).isEqualTo(cause != CasualtyCause.STABBED
                    && cause != CasualtyCause.CHEMICAL_WEAPON && cause != CasualtyCause.FALL_FROM_A_KILLED_MOUNT);
        }
    }

    @Test
    void noFiringAnotherMansWeaponAndOneWeaponPerTurn() {
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-loader", "m1919", "de-rifle-1")))))
                .hasMessageStartingWith("Infantry Weapons Rules:").hasMessageContaining("other than their own");
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "de-rifle-1"),
                at("us-grenadier", "grenade", "de-rifle-2"))))).hasMessageContaining("only one weapon");
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "de-rifle-1"),
                at("us-grenadier", "carbine", "de-rifle-2"))))).hasMessageContaining("one target");
        act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-rifle-1"))));
        act(new DesignateTargets("german", List.of()));
        act(fire(designationOf("us-grenadier", "de-rifle-1"), 20, "standing in the open"), 20, 1);
        // one fire phase per Game Turn: the grenade was his weapon of turn 1; in turn 2 any weapon
        assertThat(state.figure("us-grenadier").orElseThrow().firedWeapon()).isEqualTo("grenade");
        assertThatThrownBy(() -> WeaponUse.requireOneWeaponThisTurn(clock, state.figure("us-grenadier")
                .orElseThrow(), state.figure("us-grenadier").orElseThrow().weapon("carbine").orElseThrow()))
                .hasMessageContaining("fired grenade this turn");
        advanceTo(clock(2, "FIRE", 0));
        act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "de-rifle-1"))));
    }

    @Test
    void survivorsOfTheSameWeaponTypeUniteAsLoaderAndFirer() {
        List<CounterDefinition> counters = new ArrayList<>(ambush());
        Map<String, Object> mg = SkirmishTables.with(SkirmishTables.weapon("m1919b", "tripod-mg-30", 100, 60),
                "secondary", false);
        counters.add(SkirmishTables.crewman("us-gunner-2", "us", "us-mg-2", "gunner", mg));
        counters.add(SkirmishTables.crewman("us-loader-2", "us", "us-mg-2", "loader", null));
        state = RULES.setUp(counters);
        assertThatThrownBy(() -> act(new UniteCrew("us-gunner", "us-loader-2")))
                .hasMessageContaining("still has its loader");
        act(new RecordCasualty("us-loader", "death", "artillery"));
        act(new RecordCasualty("us-gunner-2", "death", "artillery"));
        assertThatThrownBy(() -> act(new UniteCrew("us-commander", "us-loader-2")))
                .hasMessageContaining("not a firer");
        List<SkirmishEvent> events = act(new UniteCrew("us-gunner", "us-loader-2"));
        assertThat(events).singleElement().satisfies(e -> assertThat(((SkirmishEvent.CrewUnited) e).templates())
                .isEqualTo(3));
        assertThat(templatesOf("us-gunner")).isEqualTo(3);
    }

    @Test
    void indirectMachineGunFireTakesGunnerLoaderAndSpotter() {
        List<SkirmishEvent> events = act(new IndirectMgFire("us-gunner", "hit", "the hedge corner", "the barn door"), 3);
        SkirmishEvent.IndirectMgFireLanded landed = (SkirmishEvent.IndirectMgFireLanded) events.get(0);
        assertThat(landed.templates()).isEqualTo(3);
        assertThat(landed.onTarget()).isTrue();
        assertThatThrownBy(() -> act(new IndirectMgFire("us-gunner", "hit", "the hedge corner", "the barn door"), 3))
                .hasMessageContaining("already placed");
        // three men without the commander: still indirect, one template less
        setUp();
        act(new RecordCasualty("us-commander", "death", "artillery"));
        assertThat(((SkirmishEvent.IndirectMgFireLanded) act(new IndirectMgFire("us-gunner", "north", "the hedge corner", "the barn door"), 2).get(0))
                .templates()).isEqualTo(2);
        openFire();
        act(new DesignateTargets("us", List.of(new Target("us-gunner", "m1919", "de-rifle-1", 2, true, null))));
        // no spotter: no indirect fire
        setUp();
        act(new RecordCasualty("us-spotter", "death", "artillery"));
        assertThatThrownBy(() -> act(new IndirectMgFire("us-gunner", "hit", "the hedge corner", "the barn door"), 3))
                .hasMessageStartingWith(IndirectMachineGunFire.RULE).hasMessageContaining("spotter");
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(new Target("us-gunner", "m1919",
                "de-rifle-1", 1, true, null))))).hasMessageContaining("spotting rounds");
        assertThatThrownBy(() -> act(new IndirectMgFire("us-gunner", "hit", "the hedge corner", "the barn door"), 3))
                .hasMessageContaining("Artillery Spotting Round Phase");
    }

    // ------------------------------------------------------------------ vehicles

    @Test
    void aTemplateWeaponHittingAVehicleRollsOnVehicleDamage() {
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "de-truck")))))
                .hasMessageStartingWith("Infantry Weapons Firing at Vehicles:");
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-gunner", "m1919", "de-truck", 1),
                at("us-gunner", "m1919", "de-tank", 2))))).hasMessageContaining("only one vehicle");
        act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-truck"))));
        act(new DesignateTargets("german", List.of()));
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-truck"), 20, null), 1, 2);
        VehicleDamaged damage = (VehicleDamaged) events.get(1);
        assertThat(damage.table()).isEqualTo("Vehicle Damage");
        assertThat(damage.result()).isEqualTo("engine destroyed, vehicle cannot move");
        assertThat(state.vehicle("de-truck").orElseThrow().immobilised()).isTrue();
    }

    @Test
    void aTripodMachineGunAtATankRollsOnMachineFireAtTanks() {
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-tank")))))
                .hasMessageStartingWith("Machine Fire at Tanks:");
        act(new DesignateTargets("us", List.of(at("us-gunner", "m1919", "de-tank", 1))));
        act(new DesignateTargets("german", List.of()));
        List<SkirmishEvent> events = act(fire(designationOf("us-gunner", "de-tank"), 90, null), 2, 2);
        VehicleDamaged damage = (VehicleDamaged) events.get(1);
        assertThat(damage.fireModifier()).isEqualTo(-35);
        advanceTo(clock(2, "FIRE", 0));
        act(new DesignateTargets("us", List.of(at("us-gunner", "m1919", "de-tank", 1))));
        act(new DesignateTargets("german", List.of()));
        events = act(fire(designationOf("us-gunner", "de-tank"), 90, null), 2, 4);
        assertThat(((VehicleDamaged) events.get(1)).movementLimitMetres()).isEqualTo(50);
        CounterOutcome tank = RULES.outcome(state).stream().filter(o -> o.id().equals("de-tank")).findFirst()
                .orElseThrow();
        assertThat(tank.state()).containsEntry("fireModifier", -35).containsEntry("movementLimitMetres", 50);
    }

    @Test
    void vehicleDamageChangesTheVehicleCrewKilledPassengersDestroyedOnFireDestroyedAndStruckOff() {
        // issue 12 item 14: de-rifle-2 rides in the truck; the grenade hits (d20 1): d6 1 crew killed
        advanceTo(clock("MOVE", 1));
        act(new SkirmishAction.Move("de-rifle-2", null, null, "de-truck"));
        assertThat(state.figure("de-rifle-2").orElseThrow().aboard()).isEqualTo("de-truck");
        openFire();
        act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-truck"))));
        act(new DesignateTargets("german", List.of()));
        act(fire(designationOf("us-grenadier", "de-truck"), 20, null), 1, 1);
        assertThat(state.vehicle("de-truck").orElseThrow().crewKilled()).isTrue();
        assertThat(markersOf("de-truck")).contains("crew killed", "no crew: cannot move or fire");
        // turn 2: d6 5 cargo or passengers destroyed: the man aboard is killed, his rifle with him (explosive)
        advanceTo(clock(2, "FIRE", 0));
        act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-truck"))));
        act(new DesignateTargets("german", List.of()));
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-truck"), 20, null), 1, 5);
        WoundRecorded killed = (WoundRecorded) events.stream().filter(WoundRecorded.class::isInstance).findFirst()
                .orElseThrow();
        assertThat(killed.counter()).isEqualTo("de-rifle-2");
        assertThat(killed.causeOfCasualty()).isEqualTo(CasualtyCause.EXPLOSIVE);
        assertThat(events).filteredOn(WeaponDestroyed.class::isInstance).hasSize(1);
        assertThat(state.vehicle("de-truck").orElseThrow().cargoDestroyed()).isTrue();
        // turn 3: d6 4 fuel: on fire, destroyed; the second grenade aimed at it is spent; struck off at the end
        advanceTo(clock(3, "FIRE", 0));
        act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade", "de-truck"),
                at("us-gunner", "m1919", "de-truck", 1))));
        act(new DesignateTargets("german", List.of()));
        events = act(fire(designationOf("us-grenadier", "de-truck"), 20, null), 1, 4);
        assertThat(events).filteredOn(ShotsSpent.class::isInstance).hasSize(1);
        assertThat(state.vehicle("de-truck").orElseThrow().destroyed()).isTrue();
        assertThat(markersOf("de-truck")).contains("on fire: destroyed");
        CounterOutcome truck = RULES.outcome(state).stream().filter(o -> o.id().equals("de-truck")).findFirst()
                .orElseThrow();
        assertThat(truck.eliminated()).isTrue();
        advanceTo(clock(4, "FIRE", 0));
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "grenade",
                "de-truck"))))).hasMessageContaining("de-truck is destroyed");
    }

    // ------------------------------------------------------------------ animals and mascots

    @Test
    void aPackMuleWoundedInTheLegsDropsItsLoadAndWalks() {
        openFire();
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-mule")));
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-mule"), 50, null), 1, 6);
        assertThat(events).filteredOn(LoadDropped.class::isInstance).hasSize(1);
        CounterView mule = RULES.counters(state).stream().filter(c -> c.id().equals("de-mule")).findFirst()
                .orElseThrow();
        assertThat(mule.markers()).contains("walking wounded", "load dropped", "walk only, no load or rider");
        assertThatThrownBy(() -> act(new DestroyAnimal("de-mule"))).hasMessageStartingWith("Animal Hit Location:");
    }

    @Test
    void aShouldersHitMakesTheAnimalChargeAndDieAfterTheCloseCombat() {
        openFire();
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-mule")));
        List<SkirmishEvent> events = act(fire(designationOf("us-grenadier", "de-mule"), 50, null), 1, 2);
        assertThat(events).filteredOn(AnimalCharged.class::isInstance).hasSize(1);
        assertThat(state.animal("de-mule").orElseThrow().dead()).isFalse();
        advanceTo(clock("CC", 1));
        advanceTo(clock(2, "SPOT", 0));
        assertThat(state.animal("de-mule").orElseThrow().dead()).isTrue();
    }

    @Test
    void aLitterCaseAnimalMayBeDestroyedByItsOwner() {
        act(new ArtilleryHit("de-mule", null, null, false, false, null), 3);
        assertThat(state.animal("de-mule").orElseThrow().wound()).isEqualTo(Wound.LITTER_CASE);
        act(new DestroyAnimal("de-mule"));
        assertThat(RULES.actingSide(state, new DestroyAnimal("de-mule"))).isEqualTo("german");
        assertThat(RULES.outcome(state).stream().filter(o -> o.id().equals("de-mule")).findFirst().orElseThrow()
                .eliminated()).isTrue();
    }

    @Test
    void aRiderWhoseMountIsKilledRollsForInjuryWithPlusOne() {
        List<SkirmishEvent> events = act(new ArtilleryHit("de-horse", null, null, false, false, null), 1, 5);
        RiderInjuryRolled injury = (RiderInjuryRolled) events.stream().filter(RiderInjuryRolled.class::isInstance)
                .findFirst().orElseThrow();
        assertThat(injury.modified()).isEqualTo(6);
        assertThat(injury.effect()).isEqualTo("walking wounded");
        assertThat(state.figure("de-rifle-2").orElseThrow().wound()).isEqualTo(Wound.WALKING_WOUNDED);
        assertThat(state.animal("de-horse").orElseThrow().rider()).isNull();
    }

    @Test
    void troopsWithALivingMascotHaveTheMoraleBonus() {
        assertThat(markersOf("us-grenadier")).contains(Mascot.MARKER);
        act(new RecordCasualty("us-dog", "death", "artillery"));
        assertThat(markersOf("us-grenadier")).doesNotContain(Mascot.MARKER);
    }

    private List<String> markersOf(String id) {
        return RULES.counters(state).stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow().markers();
    }

    // ------------------------------------------------------------------ medical and outcome

    @Test
    void theWoundedCarryIntoTheNextScenarioWithTheirRecoveryState() {
        act(new RecordCasualty("us-loader", "litter case", "close combat"));
        assertThatThrownBy(() -> act(new RecordTreatment("us-commander", "returns to duty")))
                .hasMessageStartingWith("Medical Treatment (campaign chart):");
        act(new RecordTreatment("us-loader", "evacuated, back in 2 scenarios"));
        act(new RecordCasualty("us-gunner", "death", "close combat"));
        List<CounterOutcome> outcome = RULES.outcome(state);
        CounterOutcome loader = outcome.stream().filter(o -> o.id().equals("us-loader")).findFirst().orElseThrow();
        assertThat(loader.eliminated()).isFalse();
        assertThat(loader.state()).containsEntry("wound", "litter case")
                .containsEntry("recovery", "evacuated, back in 2 scenarios");
        CounterOutcome gunner = outcome.stream().filter(o -> o.id().equals("us-gunner")).findFirst().orElseThrow();
        assertThat(gunner.eliminated()).isTrue();
        assertThat(gunner.state()).containsEntry("weaponsDestroyed", List.of("m1919"));
        // the next scenario reads the carried state back
        CounterDefinition next = ambush().stream().filter(c -> c.id().equals("us-loader")).findFirst().orElseThrow()
                .withState(loader.state());
        assertThat(RULES.setUp(List.of(next)).figure("us-loader").orElseThrow().wound())
                .isEqualTo(Wound.LITTER_CASE);
    }

    @Test
    void badInputNamesTheField() {
        openFire();
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("nobody", "rifle", "de-rifle-1")))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("targets[0].firer");
        assertThatThrownBy(() -> act(new DesignateTargets("us", List.of(at("us-grenadier", "carbine", "ghost")))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("targets[0].target");
        assertThatThrownBy(() -> act(new DesignateTargets(null, List.of())))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("side");
        designate(List.of(), List.of(at("us-grenadier", "carbine", "de-rifle-1")));
        assertThatThrownBy(() -> act(new Fire(designationOf("us-grenadier", "de-rifle-1"), null, "window", null, null,
                null, null))).isInstanceOf(FieldRefused.class).hasMessageStartingWith("rangeMetres");
        assertThatThrownBy(() -> act(new Fire(designationOf("us-grenadier", "de-rifle-1"), 50, "behind a tree", null,
                null, null, null))).isInstanceOf(FieldRefused.class).hasMessageStartingWith("position");
        assertThatThrownBy(() -> RULES.actingSide(state, new RecordCasualty("ghost", "death", "x")))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("counter");
    }

    @Test
    void theFirePhaseClockEventsAndTheStateRoundTripThroughStoredJson() throws Exception {
        openFire();
        designate(List.of(at("de-rifle-1", "rifle", "us-grenadier")), List.of(at("us-gunner", "m1919", "de-mule", 1)));
        act(fire(designationOf("us-gunner", "de-mule"), 50, null), 1, 5);
        ObjectMapper mapper = StoredJson.mapper();
        String json = mapper.writeValueAsString(state);
        RuleState back = mapper.readValue(mapper.writeValueAsString(new Holder(state)), Holder.class).rules();
        assertThat(back).isEqualTo(state);
        assertThat(json).contains("\"m1919\"");
        List<SkirmishEvent> closing = RULES.clockAdvanced(state, clock, clock("CC", 1), new Scripted());
        assertThat(closing).singleElement().isInstanceOf(FirePhaseClosed.class);
        assertThat(((FirePhaseClosed) closing.get(0)).unfired()).hasSize(1);
        assertThat(RULES.clockAdvanced(state, clock("MOVE", 1), clock("FIRE", 1), new Scripted()))
                .singleElement().isInstanceOf(FirePhaseOpened.class);
        SkirmishAction action = mapper.readValue("{\"type\":\"designate-targets\",\"side\":\"us\",\"targets\":"
                + "[{\"firer\":\"us-gunner\",\"weapon\":\"m1919\",\"target\":\"de-rifle-1\",\"template\":2}]}",
                SkirmishAction.class);
        assertThat(action).isInstanceOf(DesignateTargets.class);
        assertThat(mapper.readValue("{\"type\":\"indirect-mg-fire\",\"gunner\":\"g\",\"arrowDie\":\"hit\",\"realRound\":\"the hedge corner\",\"dummyRound\":\"the barn door\"}",
                SkirmishAction.class)).isEqualTo(new IndirectMgFire("g", "hit", "the hedge corner", "the barn door"));
        for (SkirmishEvent event : List.<SkirmishEvent>of(new WoundRecorded("x", Wound.DEATH, null, "c",
                CasualtyCause.STABBED))) {
            assertThat(mapper.readValue(mapper.writeValueAsString(event), event.getClass())).isEqualTo(event);
        }
        // events stored before the cause list and the stationary flags load, with those fields empty
        WoundRecorded old = mapper.readValue("{\"counter\":\"x\",\"wound\":\"DEATH\",\"cause\":\"stabbed\"}",
                WoundRecorded.class);
        assertThat(old.causeOfCasualty()).isNull();
        ChanceToHit.Computation oldShot = mapper.readValue("{\"rangeMetres\":80,\"weaponPercent\":60,"
                + "\"scopeBonus\":0,\"eliteBonus\":0,\"percent\":60,\"outOfRange\":false}",
                ChanceToHit.Computation.class);
        assertThat(oldShot.firerStationary()).isNull();
    }

    /** The state as the scenario state holds it: behind the RuleState interface, named by the rule set's id. */
    record Holder(RuleState rules) {
    }
}
