package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.store.StoredJson;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A barrage and a state stored before issue 23 (no fire table, no Casualty Points) still load as they were. */
class OlderRecordsLoadTest {

    private final ObjectMapper mapper = StoredJson.mapper();

    @Test
    void aBarrageStoredBeforeTheFireTableLoadsWithoutCasualtyPoints() throws Exception {
        String old = "{\"side\":\"german\",\"firingHex\":\"B2\",\"weaponIds\":[\"ger-mtr-1\"],\"unitIds\":"
                + "[\"ger-sq-3\"],\"targetHex\":\"E6\",\"range\":4,\"spotterId\":null,\"leaderId\":null,\"apfp\":4,"
                + "\"leadershipModifier\":0,\"targetTerrain\":\"woods\",\"casualtyMultiplier\":2,\"roll\":null,"
                + "\"modifiedRoll\":null}";
        HexEvent.MortarBarrageFired e = mapper.readValue(old, HexEvent.MortarBarrageFired.class);
        assertThat(e.casualtyMultiplier()).isEqualTo(2);
        assertThat(e.casualtyPoints()).isNull();
        assertThat(e.casualtyNote()).isNull();
        HexState state = mapper.readValue(mapper.writeValueAsString(new HexState(List.of(), Map.of(), null)),
                HexState.class);
        assertThat(state.fireTable()).isNull();
        String oldState = "{\"ruleSet\":\"hex\",\"counters\":[],\"smoke\":{}}";
        assertThat(((HexState) mapper.readValue(oldState, RuleState.class)).fireTable()).isNull();
    }
}
