package org.wargame.tracker.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import org.axonframework.messaging.MetaData;

import java.io.IOException;
import java.util.Map;

/**
 * An event's metadata read as Axon reads it (a map of string keys to plain JSON values), with the map's deserializer
 * found once for the mapper: Axon's own looks it up and contextualises a new one for every event, a fifth of a
 * read-model rebuild's time.
 */
final class MetaDataReader extends StdDeserializer<MetaData> implements ContextualDeserializer {

    private final transient JsonDeserializer<Object> map;

    private MetaDataReader(JsonDeserializer<Object> map) {
        super(MetaData.class);
        this.map = map;
    }

    /** A module that reads MetaData so; registered after Axon's, it takes its place. */
    static SimpleModule module() {
        return new SimpleModule("tracker-metadata").addDeserializer(MetaData.class, new MetaDataReader(null));
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext context, BeanProperty property)
            throws JsonMappingException {
        return map != null ? this : new MetaDataReader(mapOf(context));
    }

    @Override
    @SuppressWarnings("unchecked")
    public MetaData deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        JsonDeserializer<Object> values = map != null ? map : mapOf(context);
        return MetaData.from((Map<String, ?>) values.deserialize(parser, context));
    }

    private static JsonDeserializer<Object> mapOf(DeserializationContext context) throws JsonMappingException {
        return context.findRootValueDeserializer(context.getTypeFactory().constructMapType(Map.class, String.class,
                Object.class));
    }
}
