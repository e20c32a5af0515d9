package org.wargame.tracker.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A stream's stored events as a fold takes them (its sequence, payload, and the side and action its metadata name),
 * for folding a whole stream at once (a rebuild, an import's read models). Axon's read turns every row into a message
 * through a stream of upcasters and reads all of its metadata into a map; here a row no upcast applies to has its
 * payload read by the same serializer and only the two keys of its metadata the fold uses. A row an upcast applies
 * to, or one this cannot read, goes through Axon's own read of that row, so that it is upcast, or refused with the
 * same error, as before.
 */
@Component
public class EventFeed {

    /** One stored event as a fold takes it. */
    public record Fed(long sequence, Object payload, String side, String actionId) {
    }

    private static final JsonFactory JSON = new JsonFactory();
    /** Marks a metadata value this read leaves to Axon's (a number, an object, an array): compared by identity. */
    private static final String UNREAD = new String("unread");

    private final EventTables tables;
    private final Serializer serializer;
    private final EventUpcasterChain upcasters;
    private final List<Upcast> upcasts;
    private final EventNames names;
    private final int batch;
    /** For each stored name and revision, whether an upcast applies to it. */
    private final Map<String, Boolean> upcast = new ConcurrentHashMap<>();

    public EventFeed(EventTables tables, Serializer serializer, List<EventUpcaster> upcasters,
                     List<? extends EventFamily> families, EventNames names,
                     @Value("${tracker.read-batch:500}") int batch) {
        this.tables = tables;
        this.serializer = serializer;
        this.upcasters = new EventUpcasterChain(upcasters);
        this.upcasts = families.stream().flatMap(f -> f.upcasts().stream()).toList();
        this.names = names;
        this.batch = batch;
    }

    /**
     * Hands each event {@code from..to} (inclusive) to {@code each}, in order, {@code tracker.read-batch} rows per
     * query. An event that cannot be read throws before {@code each} is told of it.
     */
    public void forEach(String stream, long from, long to, Consumer<Fed> each) {
        long next = Math.max(0, from);
        while (next <= to) {
            long end = to - next < batch ? to + 1 : next + batch; // to may be Long.MAX_VALUE
            List<EventTables.FoldRow> rows = tables.foldBatch(stream, next, end);
            for (EventTables.FoldRow row : rows) {
                each.accept(fed(stream, row));
            }
            if (rows.size() < end - next) {
                return; // sequence numbers have no gaps: a short batch is the stream's end
            }
            next = end;
        }
    }

    /**
     * A stream's events from its start, read and made ready ({@link #forEach}) on a thread of their own, a few
     * batches ahead of the fold that takes them: a rebuild folds on one core while the next events are read on the
     * other. It reads through connections of its own, so it sees only what was committed before: for a stream whose
     * events are all stored (a rebuild behind the closed write gate, an import's read models after its commit).
     */
    public Ahead ahead(String stream) {
        return new Ahead(ReadAhead.start("fold-read-ahead", 2, sink -> {
            List<Fed> ready = new ArrayList<>(batch);
            try {
                forEach(stream, 0, Long.MAX_VALUE, fed -> {
                    ready.add(fed);
                    if (ready.size() == batch) {
                        sink.put(List.copyOf(ready));
                        ready.clear();
                    }
                });
            } catch (RuntimeException e) {
                sink.put(List.copyOf(ready)); // the events before the one that cannot be read, then the failure
                throw e;
            }
            sink.put(List.copyOf(ready));
        }));
    }

    /** The events of {@link #ahead}, taken in order; close it when done, or when the fold stops early. */
    public static final class Ahead implements AutoCloseable {
        private final ReadAhead<Fed> batches;
        private List<Fed> current = List.of();
        private int at;
        private long handed = -1;
        private boolean ended;

        private Ahead(ReadAhead<Fed> batches) {
            this.batches = batches;
        }

        /**
         * Hands each next event up to sequence {@code to} (inclusive) to {@code each}, in order; returns at
         * {@code to} or at the stream's end. An event that cannot be read throws before {@code each} is told of it.
         */
        public void forEach(long to, Consumer<Fed> each) {
            while (!ended && handed < to) { // not a batch further than asked: a failure there is the next call's
                if (at == current.size()) {
                    current = batches.next();
                    at = 0;
                    if (current.isEmpty()) {
                        ended = true;
                        return;
                    }
                }
                Fed event = current.get(at);
                if (event.sequence() > to) {
                    return;
                }
                at++;
                handed = event.sequence();
                each.accept(event);
            }
        }

        @Override
        public void close() {
            batches.close();
        }
    }

    /**
     * One row as the fold takes it: read here when no upcast applies and its metadata's side and action are plain
     * values; otherwise its whole row read again and read as Axon reads it.
     */
    private Fed fed(String stream, EventTables.FoldRow row) {
        if (row.metaData() != null && !upcastApplies(row.payloadType(), row.payloadRevision())) {
            try {
                String[] meta = sideAndAction(row.metaData());
                if (meta != null) {
                    SerializedObject<byte[]> payload = new SimpleSerializedObject<>(row.payload(), byte[].class,
                            new SimpleSerializedType(row.payloadType(), row.payloadRevision()));
                    return new Fed(row.sequence(), serializer.deserialize(payload), meta[0], meta[1]);
                }
            } catch (RuntimeException | IOException e) {
                // read again as Axon reads it, which tells the error as it always did
            }
        }
        List<? extends DomainEventData<?>> whole = tables.axonBatch(stream, row.sequence(), row.sequence() + 1);
        if (whole.isEmpty()) {
            throw new IllegalStateException("event " + row.sequence() + " of stream " + stream + " is gone");
        }
        DomainEventStream one = EventStreamUtils.upcastAndDeserializeDomainEvents(Stream.of(whole.get(0)),
                serializer, upcasters);
        DomainEventMessage<?> message = one.next();
        Object side = message.getMetaData().get(ActionMetaData.SIDE);
        Object actionId = message.getMetaData().get(ActionMetaData.ACTION_ID);
        return new Fed(message.getSequenceNumber(), message.getPayload(), side == null ? null : side.toString(),
                actionId == null ? null : actionId.toString());
    }

    private boolean upcastApplies(String name, String revision) {
        return upcast.computeIfAbsent(name + "\u0000" + revision,
                key -> upcasts.stream().anyMatch(u -> FamilyUpcasters.applies(u, names, name, revision)));
    }

    /** The metadata's side and action id (either null when absent), or null when either is not a plain value. */
    private static String[] sideAndAction(byte[] metadata) throws IOException {
        String side = null;
        String actionId = null;
        try (JsonParser parser = JSON.createParser(metadata)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            int found = 0;
            // stored metadata has no duplicate keys (the tracker writes none, an import refuses them): the rest
            // of the object, often its larger part, is not read
            while (found < 2 && parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken value = parser.nextToken();
                if (ActionMetaData.SIDE.equals(key)) {
                    side = text(parser, value);
                    found++;
                } else if (ActionMetaData.ACTION_ID.equals(key)) {
                    actionId = text(parser, value);
                    found++;
                } else {
                    parser.skipChildren();
                }
            }
        }
        return side == UNREAD || actionId == UNREAD ? null : new String[]{side, actionId};
    }

    private static String text(JsonParser parser, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NULL) {
            return null;
        }
        if (value == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        parser.skipChildren();
        return UNREAD;
    }
}
