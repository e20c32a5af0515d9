package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets.Target;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.RULES;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.Scripted;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.clock;

/** The options the page offers each skirmish counter, following the clock and the rules' refusals. */
class AvailableActionsTest {

    private SkirmishState state;
    private GameClock clock;

    @BeforeEach
    void setUp() {
        state = RULES.setUp(ambush());
        clock = clock("SPOT", 1);
    }

    private void act(SkirmishAction action, int... dice) {
        RULES.decide(state, clock, action, new Scripted(dice)).forEach(e -> state = RULES.evolve(state, e));
    }

    private void advanceTo(GameClock to) {
        for (int i = 0; i < 50 && !clock.equals(to); i++) {
            GameClock next = SkirmishTables.next(clock);
            RULES.clockAdvanced(state, clock, next, new Scripted()).forEach(e -> state = RULES.evolve(state, e));
            clock = next;
        }
        assertThat(clock).isEqualTo(to);
    }

    private void openFire() {
        advanceTo(clock("FIRE", 0));
    }

    private List<ActionOption> options() {
        return RULES.options(state, clock);
    }

    private ActionOption option(String counter, String action) {
        return options().stream().filter(o -> o.counterId().equals(counter) && o.action().equals(action))
                .findFirst().orElseThrow(() -> new AssertionError("no " + action + " for " + counter));
    }

    private List<ActionOption> all(String counter, String action) {
        return options().stream().filter(o -> o.counterId().equals(counter) && o.action().equals(action)).toList();
    }

    private String designationOf(String firer, String target) {
        return state.designations().stream().filter(d -> d.firer().equals(firer) && d.target().equals(target))
                .findFirst().orElseThrow().id();
    }

    @Test
    void indirectFireIsOfferedToTheTripodGunnerInTheSpottingRoundPhaseOnly() {
        ActionOption indirect = option("us-gunner", "indirect-mg-fire");
        assertThat(indirect.allowed()).isTrue();
        assertThat(indirect.request()).isEqualTo(Map.of("type", "indirect-mg-fire", "gunner", "us-gunner"));
        assertThat(indirect.fields()).containsExactly("arrowDie", "realRound", "dummyRound");
        assertThat(indirect.dice().stream().map(org.wargame.tracker.rules.DieNeed::kind).toList()).containsExactly("d6");
        assertThat(all("us-grenadier", "indirect-mg-fire")).isEmpty();
        assertThat(options()).noneMatch(o -> o.action().equals("designate-targets") || o.action().equals("fire"));
        // vehicles have no action of their own; they are only fired at
        assertThat(options()).noneMatch(o -> o.counterId().startsWith("de-tank") || o.counterId().equals("de-truck"));

        act(new SkirmishAction.IndirectMgFire("us-gunner", "hit", "the hedge", "the barn"), 3);
        assertThat(option("us-gunner", "indirect-mg-fire").reason())
                .startsWith(IndirectMachineGunFire.RULE).contains("already placed");
        advanceTo(clock("MOVE", 1));
        assertThat(option("us-gunner", "indirect-mg-fire").reason())
                .contains("Artillery Spotting Round Phase");
    }

    @Test
    void designationFollowsTheFireOrderAndFireWaitsForEveryDesignation() {
        openFire();
        ActionOption german = option("de-rifle-1", "designate-targets");
        assertThat(german.allowed()).isFalse();
        assertThat(german.reason()).startsWith("VI. Infantry Weapons Fire:").contains("designates fire second");
        ActionOption carbine = option("us-grenadier", "designate-targets");
        assertThat(carbine.allowed()).isTrue();
        // his row first, then every other weapon of his side that may fire now, each labelled with whose it is
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) carbine.request().get("targets");
        assertThat(rows.get(0)).isEqualTo(Map.of("firer", "us-grenadier", "weapon", "carbine"));
        assertThat(rows).extracting(r -> r.get("firer")).contains("us-ranger", "us-gunner")
                .doesNotContain("de-rifle-1");
        assertThat(carbine.fields()).startsWith("targets[0].target").hasSizeGreaterThanOrEqualTo(rows.size());
        int rangerRow = rows.indexOf(Map.of("firer", "us-ranger", "weapon", "m1903"));
        assertThat(carbine.labels().get("targets[" + rangerRow + "].target")).startsWith("Target of ")
                .endsWith("(Rifle)");
        assertThat(all("us-grenadier", "designate-targets")).hasSize(2);
        assertThat(all("us-gunner", "designate-targets")).singleElement()
                .satisfies(o -> assertThat(o.fields()).contains("targets[0].template"));

        act(new DesignateTargets("us", List.of(new Target("us-ranger", "m1903", "de-rifle-1", null, null, null),
                new Target("us-grenadier", "carbine", "de-mule", null, null, null))));
        assertThat(option("us-ranger", "designate-targets").reason()).contains("already designated");
        assertThat(option("us-ranger", "fire").reason()).contains("waiting for german");
        assertThat(option("de-rifle-1", "designate-targets").allowed()).isTrue();

        act(new DesignateTargets("german", List.of(new Target("de-rifle-1", "rifle", "us-ranger", null, null,
                null))));
        ActionOption ranger = option("us-ranger", "fire");
        assertThat(ranger.allowed()).isTrue();
        assertThat(ranger.request()).isEqualTo(Map.of("type", "fire", "designation",
                designationOf("us-ranger", "de-rifle-1")));
        assertThat(ranger.fields()).contains("rangeMetres", "position");
        assertThat(ranger.dice().stream().map(org.wargame.tracker.rules.DieNeed::kind).toList()).containsExactly("d20", "d6");
        assertThat(option("us-grenadier", "fire").fields()).containsExactly("rangeMetres");
        // the ranger is elite three levels above: his target waits for his shot
        assertThat(option("de-rifle-1", "fire").reason()).contains("fire first");

        // ranger: 70% at 200 m, d20 14 hits; d6 1 head: de-rifle-1 is dead and his shot is cancelled
        act(new Fire(designationOf("us-ranger", "de-rifle-1"), 200, "standing in the open", null, null, null, null),
                14, 1);
        assertThat(all("us-ranger", "fire")).isEmpty();
        assertThat(option("de-rifle-1", "fire").reason()).contains("cancelled");
        assertThat(options()).filteredOn(o -> o.counterId().equals("de-rifle-1")).extracting(ActionOption::action)
                .containsOnly("fire");
        assertThat(option("us-ranger", "designate-targets").reason()).contains("first shot has been fired");
    }

    @Test
    void woundsRefuseFireAndOfferTreatment() {
        act(new RecordCasualty("us-grenadier", "litter case", "close combat"));
        act(new RecordCasualty("de-rifle-2", "walking wounded", "close combat"));
        act(new RecordCasualty("de-bare", "death", "close combat"));
        ActionOption treatment = option("us-grenadier", "record-treatment");
        assertThat(treatment.allowed()).isTrue();
        assertThat(treatment.request()).isEqualTo(Map.of("type", "record-treatment", "counter", "us-grenadier"));
        assertThat(treatment.fields()).containsExactly("recovery");
        assertThat(all("us-ranger", "record-treatment")).isEmpty();
        assertThat(options()).noneMatch(o -> o.counterId().equals("de-bare"));

        openFire();
        assertThat(option("us-grenadier", "designate-targets").reason())
                .isEqualTo("Infantry Target Hit Locations Chart: us-grenadier is a litter case and cannot fire");
        assertThat(option("de-rifle-2", "designate-targets").fields()).contains("targets[0].firerMoved");
    }

    @Test
    void theOwnerMayDestroyLitterCaseAnimalsOnly() {
        assertThat(all("de-mule", "destroy-animal")).isEmpty();
        act(new ArtilleryHit("de-mule", null, null, false, false, null), 3);
        ActionOption destroy = option("de-mule", "destroy-animal");
        assertThat(destroy.allowed()).isTrue();
        assertThat(destroy.request()).isEqualTo(Map.of("type", "destroy-animal", "animal", "de-mule"));
        assertThat(option("de-mule", "record-treatment").allowed()).isTrue();

        act(new ArtilleryHit("us-dog", null, null, false, false, null), 6);
        assertThat(option("us-dog", "destroy-animal").reason())
                .isEqualTo("Animal Hit Location: the owner may destroy 'litter case' animals; us-dog is walking wounded");
        assertThat(option("de-horse", "artillery-hit").allowed()).isTrue();
        assertThat(option("de-horse", "artillery-hit").dice().stream().map(org.wargame.tracker.rules.DieNeed::kind).toList()).containsExactly("d6");
    }

    @Test
    void survivorsOfTheSameWeaponTypeAreOfferedToUnite() {
        List<CounterDefinition> counters = new ArrayList<>(ambush());
        counters.add(SkirmishTables.crewman("us-gunner-2", "us", "us-mg-2", "gunner",
                SkirmishTables.weapon("m1919b", "tripod-mg-30", 100, 60)));
        counters.add(SkirmishTables.crewman("us-loader-2", "us", "us-mg-2", "loader", null));
        state = RULES.setUp(counters);
        assertThat(all("us-gunner", "unite-crew")).isEmpty();

        act(new RecordCasualty("us-loader", "death", "artillery"));
        act(new RecordCasualty("us-gunner-2", "death", "artillery"));
        ActionOption gunner = option("us-gunner", "unite-crew");
        assertThat(gunner.allowed()).isTrue();
        assertThat(gunner.label()).contains("us-loader-2");
        assertThat(gunner.request()).isEqualTo(Map.of("type", "unite-crew", "gunner", "us-gunner"));
        assertThat(gunner.fields()).containsExactly("loader");
        ActionOption loader = option("us-loader-2", "unite-crew");
        assertThat(loader.allowed()).isTrue();
        assertThat(loader.request()).isEqualTo(Map.of("type", "unite-crew", "loader", "us-loader-2"));

        act(new RecordCasualty("us-loader-2", "death", "artillery"));
        assertThat(option("us-gunner", "unite-crew").reason()).startsWith(WeaponUse.RULE + ":")
                .contains("no surviving loader");
    }

    @Test
    void menMoveInTheirSidesMovementAndLitterCasesAreOfferedBearers() {
        ActionOption early = option("us-ranger", "move");
        assertThat(early.allowed()).isFalse();
        assertThat(early.reason()).startsWith("Turn sequence:");
        act(new RecordCasualty("us-grenadier", "litter case", "close combat"));
        advanceTo(clock("MOVE", 2));
        ActionOption move = option("us-ranger", "move");
        assertThat(move.allowed()).isTrue();
        assertThat(move.fields()).containsExactly("movement", "position", "aboard");
        assertThat(all("us-grenadier", "move")).isEmpty();
        assertThat(option("us-grenadier", "carry-litter-case").reason()).contains("during the next turn");
        advanceTo(clock(2, "MOVE", 2));
        ActionOption carry = option("us-grenadier", "carry-litter-case");
        assertThat(carry.allowed()).isTrue();
        assertThat(carry.fields()).containsExactly("bearers");
    }

    @Test
    void everyRequestFilledInIsAnActionTheRulesAccept() {
        ObjectMapper json = new ObjectMapper();
        for (ActionOption o : options()) {
            assertThat(json.convertValue(o.request(), SkirmishAction.class)).as(o.action()).isNotNull();
        }
        assertThat(options()).extracting(ActionOption::counterId).doesNotContain("de-tank", "de-truck");
    }
}
