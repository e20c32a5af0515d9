package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.store.StoredJson;

import static org.assertj.core.api.Assertions.assertThat;

/** Events stored before issue 23 still load: the spotting rounds' placements are simply absent. */
class OlderRecordsLoadTest {

    private final ObjectMapper mapper = StoredJson.mapper();

    @Test
    void spottingRoundsStoredWithoutTheirPlacementsLoad() throws Exception {
        String old = "{\"gunner\":\"us-mg-gunner\",\"weapon\":\"m1919\",\"gameTurn\":1,\"templates\":3,"
                + "\"arrowDie\":\"hit\",\"distance\":null,\"onTarget\":true}";
        SkirmishEvent.IndirectMgFireLanded e = mapper.readValue(old, SkirmishEvent.IndirectMgFireLanded.class);
        assertThat(e.onTarget()).isTrue();
        assertThat(e.realRound()).isNull();
        assertThat(e.dummyRound()).isNull();
    }
}
