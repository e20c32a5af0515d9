package org.wargame.tracker.store;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tracker's serializer reads an event's metadata ({@link MetaDataReader}) as Axon's own serializer reads it: the
 * same map, key for key and value for value, for any metadata (strings, whole and decimal numbers, booleans, nulls,
 * lists and maps inside), and it is the one the serializer uses.
 */
class MetaDataReaderTest {

    private static final NamedEventSerializer TRACKER = new NamedEventSerializer(JacksonSerializer.builder()
            .objectMapper(StoredJson.create()), new EventNames(List.of()));
    private static final JacksonSerializer AXON = JacksonSerializer.builder().objectMapper(StoredJson.create())
            .build();

    @Property(tries = 300)
    void readsMetadataAsAxonReadsIt(@ForAll("metadata") Map<String, Object> values) {
        MetaData written = MetaData.from(values);
        SerializedObject<byte[]> bytes = AXON.serialize(written, byte[].class);
        MetaData ours = TRACKER.deserialize(bytes);
        MetaData axons = AXON.deserialize(bytes);
        assertThat(ours).isEqualTo(axons);
        assertThat(ours.keySet()).containsExactlyInAnyOrderElementsOf(values.keySet());
    }

    @Property(tries = 1)
    void theTrackersSerializerUsesIt() throws Exception {
        var mapper = TRACKER.getObjectMapper();
        var type = mapper.constructType(MetaData.class);
        var context = ((com.fasterxml.jackson.databind.deser.DefaultDeserializationContext) mapper
                .getDeserializationContext()).createInstance(mapper.getDeserializationConfig(), null, null);
        assertThat(context.findRootValueDeserializer(type)).isInstanceOf(MetaDataReader.class);
    }

    @Provide
    Arbitrary<Map<String, Object>> metadata() {
        Arbitrary<Object> leaf = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12).map(s -> (Object) s),
                Arbitraries.integers().map(i -> (Object) i), Arbitraries.longs().map(l -> (Object) l),
                Arbitraries.doubles().map(d -> (Object) d), Arbitraries.of(true, false).map(b -> (Object) b),
                Arbitraries.just(null));
        Arbitrary<Object> nested = Arbitraries.oneOf(leaf, leaf.list().ofMaxSize(3).map(l -> (Object) l),
                Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), leaf).ofMaxSize(3)
                        .map(m -> (Object) m));
        return Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10), nested).ofMaxSize(6);
    }
}
