package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.RuleSetWords;
import org.wargame.tracker.rules.RuleSets;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A counter's state in players' words, as its rule set gives them: labelled numbers, a period as a sentence (asl's),
 * names for ids, no raw map.
 */
class StateWordsTest {

    @Test
    void aPeriodSaysWhenTheGunIsUnloadedAndNumbersAreLabelled() {
        Map<String, Object> period = new LinkedHashMap<>();
        period.put("direction", "UNPACKING");
        period.put("length", 3);
        period.put("completedGameTurns", 1);
        period.put("playerTurnsThisTurn", 0);
        period.put("thisGameTurnCounts", true);
        period.put("transferDue", "at the start of the first Player-Turn RPh after 1 more Player Turn(s)");
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("period", period);
        state.put("manhandling", 10);
        state.put("loadedOn", "br-mule-1");
        state.put("packTi", true);
        state.put("dr", Map.of("kind", "dr", "values", List.of(3), "source", "server"));

        List<String> words = StateWords.of(RuleSets.byId("asl").words(), state,
                Map.of("br-mule-1", "\"squad\" Mule 1"), new RuleSetWords.Now(3, 1, List.of("Italians", "British")));
        assertThat(words).contains("Unpacking: 1 of 3 Game Turns done; unload at the start of the British RPh of"
                + " Turn 3 if still Pack-TI (10.3)", "M#: 10", "Animal-Packed on: \"squad\" Mule 1");
        assertThat(String.join(" ", words)).doesNotContain("{").doesNotContain("=").contains("dr 3");
    }

    @Test
    void idsInAListOrAMapOfTheStateAreNamedToo() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("carriedBy", List.of("us-loader-1", "us-loader-2"));
        state.put("templates", Map.of("m2-mortar", 3));
        Map<String, String> names = Map.of("us-loader-1", "Pvt. Kowalski", "us-loader-2", "Pfc. Dunn");
        assertThat(StateWords.of(RuleSets.byId("skirmish").words(), state, names, null)).containsExactly(
                "Carried by: Pvt. Kowalski, Pfc. Dunn",
                "Templates: M2 mortar 3");
        assertThat(StateWords.words("carriedBy", List.of("us-loader-1"), names)).isEqualTo("Pvt. Kowalski");
    }
}
