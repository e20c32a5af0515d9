package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EventLineTest {

    @Test
    void idsAreWrittenAsTheirNamesAndOnlyWholeIds() {
        EventLine line = new EventLine(20, "PackTiTaken", "Pack-TI taken", "10.11",
                List.of("Counters: br-crew-1, br-94mm, br-mule-1", "Why: begins unpacking", "Hex: br-crew-10"),
                List.of(), "alice", "british", "a1");
        EventLine named = line.named(Map.of("br-crew-1", "British Infantry crew", "br-94mm", "94mm INF Gun",
                "br-mule-1", "\"squad\" Mule 1", "british", "British"));
        assertThat(named.details()).containsExactly(
                "Counters: British Infantry crew, 94mm INF Gun, \"squad\" Mule 1", "Why: begins unpacking",
                "Hex: br-crew-10");
        assertThat(named.title()).isEqualTo("Pack-TI taken");
    }

    @Test
    void anIdEndingASentenceIsNamedAndKeepsItsStop() {
        EventLine line = new EventLine(3, "ClockAdvanced", "Clock advanced to Turn 1, Player Turn 1 (axis), PFPh",
                null, List.of("Moved: it-squad-1.", "Side: axis..."), List.of(), "bruno", "axis", "a2");
        EventLine named = line.named(Map.of("it-squad-1", "Italian squad", "axis", "Italians"));
        assertThat(named.title()).isEqualTo("Clock advanced to Turn 1, Player Turn 1 (Italians), PFPh");
        assertThat(named.details()).containsExactly("Moved: Italian squad.", "Side: Italians...");
    }

    @Test
    void theScenarioStartIsOneLineCountingTheCountersBySide() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree("""
                [{"id": "br-crew-1", "side": "british", "state": {"hex": "B4"}},
                 {"id": "br-94mm", "side": "british", "state": {"hex": "B4"}},
                 {"id": "it-squad-1", "side": "axis", "state": {"hex": "F6"}}]""");
        assertThat(EventLine.setUp(json)).isEqualTo("3 counters set up (british 2, axis 1)");
        EventLine line = new EventLine(0, "ScenarioStarted", "Scenario started: EX 10.3", null,
                List.of(EventLine.setUp(json) + ", 6 Game Turns"), List.of(), "alice", null, "a0");
        assertThat(line.named(Map.of("british", "British", "axis", "Italians")).details())
                .containsExactly("3 counters set up (British 2, Italians 1), 6 Game Turns");
    }

    @Test
    void aPlayersOwnWordsAreShownAsWritten() {
        EventLine line = new EventLine(30, "ActionDisputed", "Action disputed", null,
                List.of(StateWords.label("reason") + ": let us roll again, axis moved first",
                        StateWords.label("ruling") + ": us keeps the roll", "Raised by: axis"),
                List.of(), "bruno", "axis", "a3");
        assertThat(line.named(Map.of("us", "U.S.", "axis", "Italians")).details()).containsExactly(
                StateWords.label("reason") + ": let us roll again, axis moved first",
                StateWords.label("ruling") + ": us keeps the roll", "Raised by: Italians");
    }

    @Test
    void anActionIsTitledAsTheRulesNameIt() {
        assertThat(EventLine.actionWords("become-pack-ti")).isEqualTo("Become Pack-TI");
        assertThat(EventLine.actionWords("mortar-fire")).isEqualTo("Mortar fire");
    }

    /** Issue 22: a closed list's value in words, an action by its number, no UUID left on a line. */
    @Test
    void enumValuesAreWordsAndActionsAreNumbers() {
        EventLine line = new EventLine(40, "ActionDisputed", "Action disputed", null,
                List.of("Wound: LITTER_CASE", "Result: casualty-reduction", "Counter: br-mule-1",
                        "Action: 6f1c8a9e-0d3b-4c6e-9a7f-1b2c3d4e5f60",
                        "Undone: 0d3b6f1c-8a9e-4c6e-9a7f-1b2c3d4e5f61"),
                List.of(), "bruno", "axis", "a4");
        assertThat(line.named(Map.of("br-mule-1", "\"squad\" Mule 1",
                "6f1c8a9e-0d3b-4c6e-9a7f-1b2c3d4e5f60", "#54")).details()).containsExactly(
                "Wound: litter case", "Result: casualty reduction", "Counter: \"squad\" Mule 1", "Action: #54",
                "Undone: an earlier action");
        assertThat(EventLine.upperWords("PENDING")).isEqualTo("pending");
        assertThat(EventLine.upperWords("HMG")).as("a rulebook abbreviation").isEqualTo("HMG");
    }

    /** The result line: the section, the dice, what happened and what changed on the counters. */
    @Test
    void theResultSaysTheSectionTheDiceAndWhatChanged() {
        List<EventLine> lines = List.of(
                new EventLine(53, "ActionTaken", "Action: Casualty", null, List.of(), List.of(), "alice", "british",
                        "a5"),
                new EventLine(54, "GunUnloaded", "Gun unloaded", "10.4", List.of(),
                        List.of("dr 3 (entered, 10.4 table dr)"), "alice", "british", "a5"),
                new EventLine(55, "LowAmmo", "Low Ammo", "10.4", List.of(), List.of(), "alice", "british", "a5"));
        var before = new org.wargame.tracker.rules.CounterView("br-94mm", "gun", "94mm INF Gun", "british", null,
                "B4", Map.of(), Map.of("breakdown", 12), List.of(), false);
        var after = new org.wargame.tracker.rules.CounterView("br-94mm", "gun", "94mm INF Gun", "british", null,
                "B4", Map.of(), Map.of("breakdown", 11), List.of("Low Ammo"), false);
        ResultLine result = ResultLine.of(lines, List.of(before), List.of(after),
                org.wargame.tracker.rules.RuleSets.byId("asl").words(), Map.of(), false);
        assertThat(result.text()).startsWith("10.4: dr 3 → Gun unloaded, Low Ammo; 94mm INF Gun: Low Ammo, ")
                .contains("12 → 11");
        assertThat(result.who()).isEqualTo("alice");
    }
}
