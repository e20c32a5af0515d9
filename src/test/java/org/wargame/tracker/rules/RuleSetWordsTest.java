package org.wargame.tracker.rules;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Each rule set's words for the pages: its counters' faces, its labels, its board. */
class RuleSetWordsTest {

    @Test
    void anAslGunShowsItsCaliberTypeAndNumbersAsPrinted() {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("breakdown", 12);
        data.put("manhandling", 10);
        data.put("gunType", "INF");
        data.put("caliber", 94);
        data.put("dismantlable", true);
        CounterFace face = RuleSets.byId("asl").words().face("gun", data);
        assertThat(face.symbol()).isEqualTo(CounterFace.Symbol.GUN);
        assertThat(face.numbers()).containsExactly("94mm", "INF", "M#10", "B#12");
        assertThat(face.text()).isEqualTo("94mm INF");
        assertThat(RuleSets.byId("asl").words().label("manhandling")).isEqualTo("M#");
        assertThat(RuleSets.byId("asl").words().unlisted("lowAmmo", 0)).isTrue();
        assertThat(RuleSets.byId("asl").words().unlisted("lowAmmo", 1)).isFalse();
    }

    @Test
    void aHexWeaponShowsItsRangeFirst() {
        CounterFace face = RuleSets.byId("hex").words().face("support-weapon", Map.of("apfp", 4, "range", 6));
        assertThat(face.symbol()).isEqualTo(CounterFace.Symbol.WEAPON);
        assertThat(face.numbers()).containsExactly("R 6", "apfp 4");
        assertThat(face.text()).isEqualTo("");
    }

    @Test
    void hexRuleSetsDrawAGridWhenCountersStandOnHexesAndSkirmishATable() {
        CounterView onHex = new CounterView("a", "squad", "A", "x", "german", "C4", Map.of(), Map.of(), List.of(),
                false);
        CounterView offMap = new CounterView("a", "squad", "A", "x", "german", null, Map.of(), Map.of(), List.of(),
                false);
        assertThat(RuleSets.byId("hex").words().board(List.of(onHex))).isEqualTo(RuleSetWords.BoardKind.HEX_GRID);
        assertThat(RuleSets.byId("asl").words().board(List.of(offMap))).isEqualTo(RuleSetWords.BoardKind.TABLE);
        assertThat(RuleSets.byId("skirmish").words().board(List.of(onHex))).isEqualTo(RuleSetWords.BoardKind.TABLE);
        CounterView man = new CounterView("m", "figure", "Pvt. K", "us", "american", "prone",
                Map.of(), Map.of("location", "the farm"), List.of(), false);
        assertThat(RuleSets.byId("skirmish").words().place(man)).isEqualTo("the farm");
        assertThat(RuleSets.byId("skirmish").words().place(offMap)).isEqualTo("On the table");
    }

    @Test
    void aRuleSetWithoutWordsHasItsKeysSpeltOutOnATable() {
        assertThat(RuleSetWords.PLAIN.label("mpSpent")).isNull();
        assertThat(RuleSetWords.PLAIN.face("any", Map.of("fp", 4)).numbers()).containsExactly("fp 4");
        assertThat(RuleSetWords.PLAIN.board(List.of())).isEqualTo(RuleSetWords.BoardKind.TABLE);
    }
}
