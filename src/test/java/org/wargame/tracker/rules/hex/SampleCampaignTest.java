package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.hex.HexAction.Fire;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;
import org.wargame.tracker.rules.hex.HexAction.Move;
import org.wargame.tracker.rules.hex.HexAction.TransferWeapon;
import org.wargame.tracker.rules.hex.HexAction.UsePanzerfaust;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.counter;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;
import static org.wargame.tracker.rules.hex.Battlefield.rolls;

/**
 * campaigns/hex-sample.yaml: every key the importer reads, every roster counter valid, every plan sets up; then the
 * issue's short scenario played on the rule set, and the pool carried into the second plan.
 */
class SampleCampaignTest {

    @SuppressWarnings("unchecked")
    private static Map<String, Object> campaign() throws Exception {
        return new ObjectMapper(new YAMLFactory()).readValue(new File("campaigns/hex-sample.yaml"), Map.class);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, CounterDefinition> roster(Map<String, Object> campaign) {
        Map<String, String> nationality = new LinkedHashMap<>();
        for (Map<String, Object> side : (List<Map<String, Object>>) campaign.get("sides")) {
            nationality.put((String) side.get("id"), (String) side.get("nationality"));
        }
        Map<String, CounterDefinition> roster = new LinkedHashMap<>();
        for (Map<String, Object> c : (List<Map<String, Object>>) campaign.get("roster")) {
            roster.put((String) c.get("id"), new CounterDefinition((String) c.get("id"), (String) c.get("kind"),
                    (String) c.get("name"), (String) c.get("side"), nationality.get((String) c.get("side")),
                    (Map<String, Object>) c.get("data"), (Map<String, Object>) c.get("state")));
        }
        return roster;
    }

    /** Roster state plus the plan's placement, as the core hands a scenario its counters. */
    @SuppressWarnings("unchecked")
    private static List<CounterDefinition> plan(Map<String, Object> campaign, Map<String, CounterDefinition> roster,
                                                String planId) {
        Map<String, Object> plan = ((List<Map<String, Object>>) campaign.get("plans")).stream()
                .filter(p -> planId.equals(p.get("id"))).findFirst().orElseThrow();
        return ((List<Map<String, Object>>) plan.get("counters")).stream().map(c -> {
            CounterDefinition base = roster.get((String) c.get("id"));
            Map<String, Object> state = new LinkedHashMap<>(base.state());
            state.putAll((Map<String, Object>) c.get("state"));
            return base.withState(state);
        }).toList();
    }

    @Test
    @SuppressWarnings("unchecked")
    void the_sample_has_every_key_and_valid_counters() throws Exception {
        Map<String, Object> campaign = campaign();
        assertThat(campaign).containsKeys("id", "name", "ruleSet", "description", "referee", "sides", "roster",
                "plans");
        assertThat(campaign.get("ruleSet")).isEqualTo("hex");
        for (Map<String, Object> plan : (List<Map<String, Object>>) campaign.get("plans")) {
            assertThat(plan).containsKeys("id", "name", "turnLimit", "sideOrder", "counters");
        }
        Map<String, CounterDefinition> roster = roster(campaign);
        roster.values().forEach(RULES::validate);
        assertThat(roster.values()).extracting(CounterDefinition::kind).contains("squad", "half-squad", "leader",
                "support-weapon", "expendables", "afv", "vehicle");
        HexState first = RULES.setUp(plan(campaign, roster, "first-clash"));
        assertThat(Portage.movementAllowance(first, counter(first, "ger-sq-1"))).isEqualTo(3);
        RULES.setUp(plan(campaign, roster, "counterattack"));
    }

    @Test
    void the_issues_short_scenario_and_the_pool_into_the_next_scenario() throws Exception {
        Map<String, Object> campaign = campaign();
        Map<String, CounterDefinition> roster = roster(campaign);
        HexState state = RULES.setUp(plan(campaign, roster, "first-clash"));

        // the squad with the HMG moves one MP less
        HexState placed = state;
        assertThatThrownBy(() -> RULES.decide(placed, GERMAN_MP, new Move("ger-sq-1", "C5", "open", 4), noDice()))
                .hasMessageStartingWith("12.2: 'ger-sq-1' has a movement allowance of 3");
        state = play(state, RULES.decide(state, GERMAN_MP, new Move("ger-sq-1", "C5", "open", 3), noDice()));
        state = play(state, RULES.decide(state, GERMAN_MP, new Move("ger-sq-2", "C5", "open", 3), noDice()));
        // next Command Phase: the HMG goes to squad 2
        state = play(state, RULES.clockAdvanced(state, new org.wargame.tracker.rules.GameClock(1, 2, "CA", null,
                "us"), new org.wargame.tracker.rules.GameClock(2, 1, "CP", null, "german"), noDice()));
        state = play(state, RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"), noDice()));
        // squad 2 fires the HMG with grenades at an adjacent hex
        state = play(state, RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", "ger-hmg-1", null, "D6", null, 1,
                true, null), rolls(7)));
        // the mortar lays smoke, the supply runs down: 6 -> 4 -> 2 -> 0 over three turns
        for (int turn = 0; turn < 3; turn++) {
            state = play(state, RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "E6", 5, true, null),
                    noDice()));
            state = play(state, List.of(new HexEvent.GameTurnBegan(3 + turn)));
        }
        assertThat(counter(state, "ger-expendables").pool()).containsEntry("smoke", 0);
        // a Panzerfaust against the Sherman
        state = play(state, RULES.decide(state, GERMAN_FP,
                new UsePanzerfaust("ger-hs-1", "us-tank-1", 1), noDice()));

        List<CounterOutcome> outcomes = RULES.outcome(state);
        CounterOutcome pool = outcomes.stream().filter(o -> o.id().equals("ger-expendables")).findFirst()
                .orElseThrow();
        assertThat(pool.state()).containsEntry("panzerfaust", 1).containsEntry("grenades", 2)
                .containsEntry("smoke", 0);
        CounterOutcome hmg = outcomes.stream().filter(o -> o.id().equals("ger-hmg-1")).findFirst().orElseThrow();
        assertThat(hmg.state()).containsEntry("carrier", "ger-sq-2");

        // the campaign roster takes the outcome; the next scenario starts from it
        outcomes.forEach(o -> roster.computeIfPresent(o.id(), (id, c) -> c.withState(o.state())));
        HexState next = RULES.setUp(plan(campaign, roster, "counterattack"));
        assertThat(counter(next, "ger-expendables").pool()).containsEntry("panzerfaust", 1)
                .containsEntry("smoke", 0);
        assertThat(counter(next, "ger-hmg-1").carrier()).isEqualTo("ger-sq-2");
        assertThat(Portage.movementAllowance(next, counter(next, "ger-sq-1"))).isEqualTo(4);
        assertThat(Portage.movementAllowance(next, counter(next, "ger-sq-2"))).isEqualTo(3);
    }
}
