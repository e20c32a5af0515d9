package org.wargame.tracker.history;

import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.incrementer.DataFieldMaxValueIncrementer;
import org.springframework.jdbc.support.incrementer.H2SequenceMaxValueIncrementer;
import org.springframework.jdbc.support.incrementer.PostgresSequenceMaxValueIncrementer;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Export and import of a campaign's whole history as JSON Lines (format in docs/history.md). The import appends the
 * events to the event store with their original identifiers, sequence numbers, timestamps and bytes, with their
 * chain, and updates the read models through the projections; it is refused, with nothing stored, when a line's hash
 * does not verify or a stream exists already.
 */
@Component
public class HistoryTransfer {

    public static final String FORMAT = "campaign-tracker-history";
    public static final int VERSION = 1;

    private final JdbcTemplate jdbc;
    private final Serializer serializer;
    private final TransactionTemplate transactions;
    private final ReadModelRebuild rebuild;

    public HistoryTransfer(JdbcTemplate jdbc, @Qualifier("eventSerializer") Serializer serializer,
                           TransactionTemplate transactions, ReadModelRebuild rebuild) {
        this.jdbc = jdbc;
        this.serializer = serializer;
        this.transactions = transactions;
        this.rebuild = rebuild;
    }

    public record ImportResult(String campaignId, int events, int streams) {
    }

    /** The campaign's stream and its scenarios' streams, in global order, one line each after the header. */
    public String export(String campaignId, List<String> streams) {
        ObjectMapper json = StoredJson.mapper();
        StringBuilder out = new StringBuilder();
        ObjectNode header = json.createObjectNode().put("format", FORMAT).put("version", VERSION)
                .put("campaignId", campaignId).put("exportedAt", Instant.now().toString());
        out.append(header).append('\n');
        String in = String.join(", ", streams.stream().map(s -> "?").toList());
        jdbc.query("select e.global_index, e.aggregate_identifier, e.sequence_number, e.event_identifier, "
                + "e.payload_type, e.payload_revision, e.time_stamp, e.payload, e.meta_data, e.type, c.hash, "
                + "c.previous_hash from domain_event_entry e left join event_chain c "
                + "on c.event_identifier = e.event_identifier where e.aggregate_identifier in (" + in + ") "
                + "order by e.global_index", rs -> {
            StoredEvent event = StoredEvent.ROWS.mapRow(rs, 0);
            ObjectNode line = json.createObjectNode();
            line.put("stream", event.stream()).put("streamType", rs.getString(10))
                    .put("sequence", event.sequence()).put("eventIdentifier", event.eventIdentifier())
                    .put("type", event.payloadType()).put("revision", event.payloadRevision())
                    .put("timestamp", event.timestamp());
            putBytes(line, "payload", event.payload());
            putBytes(line, "metaData", event.metaData());
            line.put("hash", rs.getString(11)).put("previousHash", rs.getString(12));
            out.append(line).append('\n');
        }, streams.toArray());
        return out.toString();
    }

    /** Refuses a file whose hashes do not verify, naming the first bad line; stores nothing then. */
    public ImportResult importHistory(String file) {
        String[] lines = file.split("\r?\n");
        JsonNode header = parse(lines, 0);
        if (!FORMAT.equals(header.path("format").asText()) || header.path("version").asInt() != VERSION) {
            throw new IllegalArgumentException("line 1: not a " + FORMAT + " file of version " + VERSION);
        }
        String campaignId = header.path("campaignId").asText(null);
        if (campaignId == null) {
            throw new IllegalArgumentException("line 1: campaignId is missing");
        }
        List<EventMessage<?>> messages = new ArrayList<>();
        Map<String, String> expectedHashes = new HashMap<>();
        List<StoredEvent> rows = new ArrayList<>();
        List<String> previousHashes = new ArrayList<>();
        Map<String, String> last = new HashMap<>();
        Map<String, Long> lastSequence = new HashMap<>();
        Set<String> streams = new LinkedHashSet<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            JsonNode line = parse(lines, i);
            int number = i + 1;
            StoredEvent event = new StoredEvent(0, text(line, "stream", number), line.path("sequence").asLong(-1),
                    text(line, "eventIdentifier", number), text(line, "type", number),
                    line.path("revision").isNull() ? null : line.path("revision").asText(null),
                    text(line, "timestamp", number), bytes(line, "payload", number), bytes(line, "metaData", number));
            String previous = last.getOrDefault(event.stream(), ChainHash.GENESIS);
            long expectedSequence = lastSequence.getOrDefault(event.stream(), -1L) + 1;
            if (event.sequence() != expectedSequence) {
                throw new IllegalArgumentException("line " + number + ": stream " + event.stream()
                        + " should continue with sequence " + expectedSequence + ", not " + event.sequence());
            }
            if (!previous.equals(line.path("previousHash").asText())) {
                throw new IllegalArgumentException("line " + number + ": previousHash does not match the hash of "
                        + "the stream's previous event");
            }
            String hash = ChainHash.of(previous, event);
            if (!hash.equals(line.path("hash").asText())) {
                throw new IllegalArgumentException("line " + number + ": hash does not verify (event "
                        + event.eventIdentifier() + " of " + event.stream() + " #" + event.sequence()
                        + " was changed)");
            }
            last.put(event.stream(), hash);
            lastSequence.put(event.stream(), event.sequence());
            streams.add(event.stream());
            expectedHashes.put(event.eventIdentifier(), hash);
            rows.add(event);
            previousHashes.add(previous);
            messages.add(message(line.path("streamType").asText(null), event, number));
        }
        if (!streams.contains(campaignId)) {
            throw new IllegalArgumentException("line 2: the file holds no event of campaign " + campaignId);
        }
        for (String stream : streams) {
            Long n = jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                    Long.class, stream);
            if (n != null && n > 0) {
                throw new IllegalStateException("campaignId: stream " + stream + " already exists in this tracker; "
                        + "import into a tracker that does not have this campaign");
            }
        }
        // The rows are written as they are in the file, byte for byte: storing through the serializer would write
        // the metadata's keys in another order and change every hash. Then the chain (the file's hashes, just
        // verified) and the read models (the projections' own handlers), all in one transaction.
        DataFieldMaxValueIncrementer globalIndex = globalIndex();
        SimpleEventHandlerInvoker projections = rebuild.projections();
        transactions.executeWithoutResult(status -> {
            for (int k = 0; k < rows.size(); k++) {
                StoredEvent event = rows.get(k);
                EventMessage<?> message = messages.get(k);
                jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                                + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, "
                                + "payload) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", globalIndex.nextLongValue(),
                        event.sequence(), event.stream(), event.eventIdentifier(), event.payloadRevision(),
                        event.payloadType(), event.timestamp(),
                        ((GenericDomainEventMessage<?>) message).getType(), event.metaData(), event.payload());
                jdbc.update("insert into event_chain (event_identifier, aggregate_identifier, sequence_number, "
                                + "previous_hash, hash) values (?, ?, ?, ?, ?)", event.eventIdentifier(),
                        event.stream(), event.sequence(), previousHashes.get(k), expectedHashes.get(
                                event.eventIdentifier()));
                try {
                    projections.handle(message, Segment.ROOT_SEGMENT);
                } catch (Exception e) {
                    throw new IllegalStateException("event " + event.eventIdentifier() + ": the read models refuse "
                            + "it: " + e.getMessage(), e);
                }
            }
        });
        return new ImportResult(campaignId, messages.size(), streams.size());
    }

    private DataFieldMaxValueIncrementer globalIndex() {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        return "PostgreSQL".equalsIgnoreCase(database)
                ? new PostgresSequenceMaxValueIncrementer(jdbc.getDataSource(), "domain_event_entry_seq")
                : new H2SequenceMaxValueIncrementer(jdbc.getDataSource(), "domain_event_entry_seq");
    }

    private EventMessage<?> message(String streamType, StoredEvent event, int number) {
        try {
            Object payload = serializer.deserialize(new SimpleSerializedObject<>(event.payload(), byte[].class,
                    event.payloadType(), event.payloadRevision()));
            MetaData meta = event.metaData() == null ? MetaData.emptyInstance()
                    : serializer.deserialize(new SimpleSerializedObject<>(event.metaData(), byte[].class,
                    MetaData.class.getName(), null));
            return new GenericDomainEventMessage<>(streamType, event.stream(), event.sequence(), payload, meta,
                    event.eventIdentifier(), Instant.parse(event.timestamp()));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("line " + number + ": event cannot be read: " + e.getMessage());
        }
    }

    /** JSON as a JSON value when it reads back to the very same bytes (always, for what Jackson wrote), else Base64. */
    private static void putBytes(ObjectNode line, String field, byte[] bytes) {
        if (bytes == null) {
            line.putNull(field);
            return;
        }
        try {
            JsonNode tree = StoredJson.mapper().readTree(bytes);
            if (Arrays.equals(StoredJson.mapper().writeValueAsBytes(tree), bytes)) {
                line.set(field, tree);
                return;
            }
        } catch (IOException e) {
            // not JSON: fall through to Base64
        }
        line.put(field + "Base64", Base64.getEncoder().encodeToString(bytes));
    }

    private static byte[] bytes(JsonNode line, String field, int number) {
        if (line.hasNonNull(field + "Base64")) {
            return Base64.getDecoder().decode(line.get(field + "Base64").asText());
        }
        JsonNode value = line.get(field);
        if (value == null || value.isNull()) {
            if (field.equals("payload")) {
                throw new IllegalArgumentException("line " + number + ": payload is missing");
            }
            return null;
        }
        try {
            return StoredJson.mapper().writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("line " + number + ": " + field + " is not JSON");
        }
    }

    private static String text(JsonNode line, String field, int number) {
        JsonNode value = line.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("line " + number + ": " + field + " is missing");
        }
        return value.asText();
    }

    private static JsonNode parse(String[] lines, int i) {
        if (i >= lines.length) {
            throw new IllegalArgumentException("line " + (i + 1) + ": the file ends too soon");
        }
        try {
            return StoredJson.mapper().readTree(lines[i].getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("line " + (i + 1) + ": not JSON");
        }
    }
}
