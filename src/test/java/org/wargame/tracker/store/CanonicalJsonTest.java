package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which stored bytes a history file may carry as they are: those Jackson writes back byte for byte. */
class CanonicalJsonTest {

    private static boolean canonical(String json) {
        return CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void whatJacksonWroteIsCanonical() throws Exception {
        byte[] written = StoredJson.mapper().writeValueAsBytes(Map.of("hex", "C5", "mpCost", 1, "dr", 7.5,
                "text", "\"Pvt. Lowe\" — wounded\n"));
        assertThat(CanonicalJson.of(written)).isTrue();
        assertThat(canonical("[1.0,true,null,\"é\"]")).isTrue();
    }

    @Test
    void spacesDuplicatesSecondValuesAndOtherSpellingsAreNot() {
        assertThat(canonical("{\"a\": 1}")).isFalse();
        assertThat(canonical("{\"a\":1} ")).isFalse();
        assertThat(canonical("{\"a\":1,\"a\":2}")).isFalse();
        assertThat(canonical("1 2")).isFalse();
        assertThat(canonical("[1.00]")).isFalse();
        assertThat(canonical("\"\\u0041\"")).isFalse(); // "A" spelt as an escape
        assertThat(canonical("nope")).isFalse();
        assertThat(canonical("")).isFalse();
    }

    @Test
    void anEventNeedsBothItsPayloadAndItsMetadataCanonical() {
        byte[] good = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] spaced = "{ \"a\":1}".getBytes(StandardCharsets.UTF_8);
        assertThat(CanonicalJson.of(good, null)).isTrue();
        assertThat(CanonicalJson.of(good, good)).isTrue();
        assertThat(CanonicalJson.of(good, spaced)).isFalse();
        assertThat(CanonicalJson.of(spaced, good)).isFalse();
        assertThat(CanonicalJson.of(null, good)).isFalse();
    }
}
