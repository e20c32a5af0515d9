package org.wargame.tracker.store;

import org.axonframework.serialization.SerializedType;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.json.JacksonSerializer;

/**
 * Axon's Jackson serializer, writing each event under its stable name ({@link EventNames}) instead of its Java class
 * name, and reading both the names and the class names the first version stored. Anything that is not an event (a
 * snapshot, a command) keeps its class name.
 */
public class NamedEventSerializer extends JacksonSerializer {

    private final EventNames names;
    /** Classes of the other stored types (MetaData, snapshots): Axon looks each up with Class.forName every time. */
    private final java.util.Map<String, Class<?>> others = new java.util.concurrent.ConcurrentHashMap<>();

    public NamedEventSerializer(Builder builder, EventNames names) {
        super(builder);
        this.names = names;
        getObjectMapper().registerModule(MetaDataReader.module());
    }

    @Override
    public SerializedType typeForClass(Class type) {
        String name = type == null ? null : names.nameOf(type);
        return name == null ? super.typeForClass(type)
                : new SimpleSerializedType(name, getRevisionResolver().revisionOf(type));
    }

    @Override
    public Class classForType(SerializedType type) {
        Class<?> event = names.typeOf(type.getName());
        return event != null ? event : others.computeIfAbsent(type.getName(), n -> super.classForType(type));
    }
}
