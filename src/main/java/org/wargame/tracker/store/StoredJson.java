package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.wargame.tracker.rules.RuleSets;

/**
 * The JSON of everything stored: events, snapshots, read-model state. Its own mapper, never Spring's web mapper,
 * so that a {@code spring.jackson.*} setting cannot silently change how stored events are written.
 */
public final class StoredJson {

    private static final ObjectMapper MAPPER = create();

    private StoredJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static ObjectMapper create() {
        ObjectMapper mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                // an event written by a newer version with an added field still loads in an older one
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        RuleSets.all().forEach(ruleSet -> mapper.registerSubtypes(new NamedType(ruleSet.stateType(), ruleSet.id())));
        return mapper;
    }
}
