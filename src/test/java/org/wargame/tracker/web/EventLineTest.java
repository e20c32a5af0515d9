package org.wargame.tracker.web;

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
    void anActionIsTitledAsTheRulesNameIt() {
        assertThat(EventLine.actionWords("become-pack-ti")).isEqualTo("Become Pack-TI");
        assertThat(EventLine.actionWords("mortar-fire")).isEqualTo("Mortar fire");
    }
}
