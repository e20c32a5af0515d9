package org.wargame.tracker.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Export and import of a campaign's whole history as JSON Lines (format in docs/history.md), in constant memory.
 * <p>
 * The export streams the rows of the event table to the response as it reads them, each stream in its own order a
 * batch at a time, the streams merged by global index (a stored payload that is the JSON Jackson writes goes out as
 * it is stored, without being read into objects).
 * <p>
 * The import appends the events with their original identifiers, sequence numbers, timestamps and bytes, and their
 * chain. The file is kept on disk while it is read twice: first every line is checked (JSON, sequence, hash chain,
 * readable event) and nothing is stored if one is wrong; then the events and their chain links are written with
 * JDBC batch inserts, {@value #BATCH} events per transaction. The read models are built at the end, once per
 * stream, as a rebuild builds them.
 */
@Component
public class HistoryTransfer {

    private static final Logger LOG = LoggerFactory.getLogger(HistoryTransfer.class);
    public static final String FORMAT = "campaign-tracker-history";
    public static final int VERSION = 1;
    /** Events written per transaction by an import. */
    static final int BATCH = 5_000;
    /** Events of one stream read per query by an export. */
    static final int EXPORT_BATCH = 500;

    private static final String INSERT_EVENT = "insert into domain_event_entry (global_index, sequence_number, "
            + "aggregate_identifier, event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, "
            + "payload) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String INSERT_LINK = "insert into event_chain (event_identifier, aggregate_identifier, "
            + "sequence_number, previous_hash, hash) values (?, ?, ?, ?, ?)";

    private final JdbcTemplate jdbc;
    private final JdbcTemplate streaming;
    private final Serializer serializer;
    private final TransactionTemplate transactions;
    private final TransactionTemplate readOnly;
    private final ReadModelRebuild rebuild;
    private final ReentrantLock importing = new ReentrantLock();
    private final AtomicReference<Progress> progress = new AtomicReference<>(
            new Progress("idle", null, 0, 0, 0, null, null, null));

    public HistoryTransfer(JdbcTemplate jdbc, @Qualifier("eventSerializer") Serializer serializer,
                           PlatformTransactionManager transactionManager, ReadModelRebuild rebuild) {
        this.jdbc = jdbc;
        this.streaming = new JdbcTemplate(jdbc.getDataSource());
        this.streaming.setFetchSize(500); // PostgreSQL streams rows (in a transaction) instead of loading them all
        this.serializer = serializer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.readOnly = new TransactionTemplate(transactionManager);
        this.readOnly.setReadOnly(true);
        this.rebuild = rebuild;
    }

    /** {@code eventCount} in the API (a count; {@code events} is always a list there). */
    public record ImportResult(String campaignId,
                               @com.fasterxml.jackson.annotation.JsonProperty("eventCount") int events, int streams) {
    }

    /**
     * The last (or running) import: {@code phase} checking, storing, read models, done or failed; events checked
     * and stored so far, streams whose read models are built.
     */
    public record Progress(String phase, String campaignId, long eventsChecked, long eventsStored,
                           int streamsBuilt, Instant startedAt, Instant finishedAt, String error) {
    }

    public Progress progress() {
        return progress.get();
    }

    // ---------------------------------------------------------------------------------------------- export

    /** The campaign's stream and its scenarios' streams, in global order, one line each after the header. */
    public void export(String campaignId, List<String> streams, OutputStream target) throws IOException {
        ObjectMapper json = StoredJson.mapper();
        JsonFactory factory = json.getFactory();
        JsonGenerator out = factory.createGenerator(target);
        out.setRootValueSeparator(new SerializedString("\n"));
        out.writeStartObject();
        out.writeStringField("format", FORMAT);
        out.writeNumberField("version", VERSION);
        out.writeStringField("campaignId", campaignId);
        out.writeStringField("exportedAt", Instant.now().toString());
        out.writeEndObject();
        Check check = new Check(factory);
        readOnly.executeWithoutResult(status -> {
            // each stream read in sequence order, batch by batch (the index's order), the streams merged by global
            // index: no sort and no join, whatever the store's size
            PriorityQueue<StreamCursor> heads = new PriorityQueue<>(
                    java.util.Comparator.comparingLong(c -> c.peek().globalIndex()));
            for (String stream : streams) {
                StreamCursor cursor = new StreamCursor(stream);
                if (cursor.peek() != null) {
                    heads.add(cursor);
                }
            }
            try {
                while (!heads.isEmpty()) {
                    StreamCursor cursor = heads.poll();
                    line(out, check, cursor.next());
                    if (cursor.peek() != null) {
                        heads.add(cursor);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        out.writeRaw('\n');
        out.flush();
    }

    private static void line(JsonGenerator out, Check check, ExportRow row) throws IOException {
        out.writeStartObject();
        out.writeStringField("stream", row.stream());
        out.writeStringField("streamType", row.streamType());
        out.writeNumberField("sequence", row.sequence());
        out.writeStringField("eventIdentifier", row.eventIdentifier());
        out.writeStringField("type", row.type());
        out.writeStringField("revision", row.revision());
        out.writeStringField("timestamp", row.timestamp());
        writeBytes(out, check, "payload", row.payload());
        writeBytes(out, check, "metaData", row.metaData());
        out.writeStringField("hash", row.hash());
        out.writeStringField("previousHash", row.previousHash());
        out.writeEndObject();
    }

    /** One exported event: its row and its chain link (null when it has none). */
    private record ExportRow(long globalIndex, String stream, String streamType, long sequence,
                             String eventIdentifier, String type, String revision, String timestamp, byte[] payload,
                             byte[] metaData, String hash, String previousHash) {
    }

    /** A stream's events with their chain links, {@value #EXPORT_BATCH} at a time, in sequence order. */
    private final class StreamCursor {
        private final String stream;
        private final java.util.ArrayDeque<ExportRow> buffer = new java.util.ArrayDeque<>();
        private long next;
        private boolean ended;

        StreamCursor(String stream) {
            this.stream = stream;
        }

        ExportRow peek() {
            if (buffer.isEmpty() && !ended) {
                load();
            }
            return buffer.peekFirst();
        }

        ExportRow next() {
            ExportRow row = peek();
            buffer.pollFirst();
            return row;
        }

        private void load() {
            long end = next + EXPORT_BATCH;
            Map<Long, String[]> links = new HashMap<>();
            streaming.query("select sequence_number, hash, previous_hash from event_chain where "
                    + "aggregate_identifier = ? and sequence_number >= ? and sequence_number < ? "
                    + "order by aggregate_identifier, sequence_number", rs -> {
                links.put(rs.getLong(1), new String[]{rs.getString(2), rs.getString(3)});
            }, stream, next, end);
            streaming.query("select global_index, sequence_number, event_identifier, payload_type, payload_revision, "
                    + "time_stamp, payload, meta_data, type from domain_event_entry where aggregate_identifier = ? "
                    + "and sequence_number >= ? and sequence_number < ? order by aggregate_identifier, "
                    + "sequence_number", rs -> {
                String[] link = links.getOrDefault(rs.getLong(2), new String[2]);
                buffer.add(new ExportRow(rs.getLong(1), stream, rs.getString(9), rs.getLong(2), rs.getString(3),
                        rs.getString(4), rs.getString(5), rs.getString(6), rs.getBytes(7), rs.getBytes(8), link[0],
                        link[1]));
            }, stream, next, end);
            ended = buffer.size() < EXPORT_BATCH;
            next = end;
        }
    }

    /**
     * A stored JSON value as it is, when reading it back gives the very same bytes (always, for what Jackson wrote);
     * else Base64 under {@code field + "Base64"}.
     */
    private static void writeBytes(JsonGenerator out, Check check, String field, byte[] bytes) throws IOException {
        if (bytes == null) {
            out.writeNullField(field);
        } else if (check.canonical(bytes)) {
            out.writeFieldName(field);
            out.writeRawValue(new RawJson(bytes));
        } else {
            out.writeStringField(field + "Base64", Base64.getEncoder().encodeToString(bytes));
        }
    }

    /** Whether bytes are one JSON value that Jackson writes back byte for byte (no duplicate key, no spaces). */
    private static final class Check {
        private final JsonFactory factory;
        private final Same same = new Same();

        Check(JsonFactory factory) {
            this.factory = factory;
        }

        boolean canonical(byte[] bytes) {
            same.expect(bytes);
            try (JsonParser in = factory.createParser(bytes)) {
                in.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
                if (in.nextToken() == null) {
                    return false;
                }
                try (JsonGenerator copy = factory.createGenerator(same)) {
                    copy.copyCurrentStructure(in);
                }
                if (in.nextToken() != null) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
            return same.matched();
        }
    }

    /** Compares what is written to it with the bytes expected, as it comes (no copy of the value is made). */
    private static final class Same extends OutputStream {
        private byte[] expected;
        private int at;
        private boolean equal;

        void expect(byte[] bytes) {
            expected = bytes;
            at = 0;
            equal = true;
        }

        boolean matched() {
            return equal && at == expected.length;
        }

        @Override
        public void write(int b) {
            if (equal && (at >= expected.length || expected[at] != (byte) b)) {
                equal = false;
            }
            at++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (equal && (at + len > expected.length
                    || !Arrays.equals(expected, at, at + len, b, off, off + len))) {
                equal = false;
            }
            at += len;
        }
    }

    /** Bytes that are JSON already, written as they are. */
    private record RawJson(byte[] bytes) implements SerializableString {
        @Override
        public String getValue() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public int charLength() {
            return getValue().length();
        }

        @Override
        public char[] asQuotedChars() {
            return getValue().toCharArray();
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return bytes;
        }

        @Override
        public byte[] asQuotedUTF8() {
            return bytes;
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            return copy(buffer, offset);
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            char[] chars = asQuotedChars();
            if (offset + chars.length > buffer.length) {
                return -1;
            }
            System.arraycopy(chars, 0, buffer, offset, chars.length);
            return chars.length;
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            return copy(buffer, offset);
        }

        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            return appendQuoted(buffer, offset);
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) throws IOException {
            out.write(bytes);
            return bytes.length;
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(bytes);
            return bytes.length;
        }

        @Override
        public int putQuotedUTF8(java.nio.ByteBuffer buffer) {
            return put(buffer);
        }

        @Override
        public int putUnquotedUTF8(java.nio.ByteBuffer buffer) {
            return put(buffer);
        }

        private int copy(byte[] buffer, int offset) {
            if (offset + bytes.length > buffer.length) {
                return -1;
            }
            System.arraycopy(bytes, 0, buffer, offset, bytes.length);
            return bytes.length;
        }

        private int put(java.nio.ByteBuffer buffer) {
            if (buffer.remaining() < bytes.length) {
                return -1;
            }
            buffer.put(bytes);
            return bytes.length;
        }
    }

    // ---------------------------------------------------------------------------------------------- import

    /**
     * Imports a history file read from {@code body}; refuses a file whose lines do not verify, naming the first bad
     * line, and then stores nothing. One import at a time.
     */
    public ImportResult importHistory(InputStream body) {
        if (!importing.tryLock()) {
            throw new Conflict("another history import is running; try again when it is done");
        }
        Path file = null;
        Path checkedRows = null;
        Instant started = Instant.now();
        try {
            file = Files.createTempFile("tracker-import-", ".jsonl");
            checkedRows = Files.createTempFile("tracker-import-", ".rows");
            Files.copy(body, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            progress.set(new Progress("checking", null, 0, 0, 0, started, null, null));
            long t0 = System.nanoTime();
            Checked checked;
            try (java.io.DataOutputStream rows = new java.io.DataOutputStream(new java.io.BufferedOutputStream(
                    Files.newOutputStream(checkedRows), 1 << 16))) {
                checked = check(file, started, rows);
            }
            long t1 = System.nanoTime();
            progress.set(new Progress("storing", checked.campaignId(), checked.events(), 0, 0, started, null,
                    null));
            store(checkedRows, checked, started);
            long t2 = System.nanoTime();
            SimpleEventHandlerInvoker projections = rebuild.projections();
            int built = 0;
            for (Map.Entry<String, String> stream : checked.streams().entrySet()) {
                rebuild.rebuild(projections, stream.getKey(), stream.getValue(), n -> { });
                progress.set(new Progress("read models", checked.campaignId(), checked.events(), checked.events(),
                        ++built, started, null, null));
            }
            progress.set(new Progress("done", checked.campaignId(), checked.events(), checked.events(), built,
                    started, Instant.now(), null));
            LOG.info("history import of {}: {} events of {} streams; checked in {} ms, stored in {} ms, read "
                    + "models in {} ms", checked.campaignId(), checked.events(), built, (t1 - t0) / 1_000_000,
                    (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000);
            return new ImportResult(checked.campaignId(), (int) checked.events(), checked.streams().size());
        } catch (IOException e) {
            fail(started, e.getMessage());
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            fail(started, e.getMessage());
            throw e;
        } finally {
            importing.unlock();
            for (Path temporary : new Path[]{file, checkedRows}) {
                if (temporary != null) {
                    try {
                        Files.deleteIfExists(temporary);
                    } catch (IOException e) {
                        LOG.warn("import: could not delete {}", temporary);
                    }
                }
            }
        }
    }

    private void fail(Instant started, String error) {
        Progress p = progress.get();
        progress.set(new Progress("failed", p.campaignId(), p.eventsChecked(), p.eventsStored(), p.streamsBuilt(),
                started, Instant.now(), error));
    }

    /** What the check of a file found: its campaign, its streams with their types, and how many events. */
    private record Checked(String campaignId, Map<String, String> streams, long events) {
    }

    /** One event line of a file: the row as stored, its stream's type and its chain link. */
    private record Line(int number, StoredEvent event, String streamType, String previousHash, String hash) {
    }

    /** Reads the file's lines one by one; {@code each} gets every event line. */
    private static String readLines(Path file, java.util.function.Consumer<Line> each) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8), 1 << 16)) {
            String text = reader.readLine();
            if (text == null) {
                throw new FieldRefused("line 1", "the file is empty");
            }
            JsonNode header = parse(text, 1);
            if (!FORMAT.equals(header.path("format").asText()) || header.path("version").asInt() != VERSION) {
                throw new FieldRefused("line 1", "not a " + FORMAT + " file of version " + VERSION);
            }
            String campaignId = header.path("campaignId").asText(null);
            if (campaignId == null) {
                throw new FieldRefused("line 1", "campaignId is missing");
            }
            int number = 1;
            while ((text = reader.readLine()) != null) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode line = parse(text, number);
                StoredEvent event = new StoredEvent(0, text(line, "stream", number),
                        line.path("sequence").asLong(-1), text(line, "eventIdentifier", number),
                        text(line, "type", number),
                        line.path("revision").isNull() ? null : line.path("revision").asText(null),
                        text(line, "timestamp", number), bytes(line, "payload", number),
                        bytes(line, "metaData", number));
                each.accept(new Line(number, event, line.path("streamType").asText(null),
                        line.path("previousHash").asText(), line.path("hash").asText()));
            }
            return campaignId;
        }
    }

    /**
     * The first pass: every line is checked, nothing is stored; each checked event is written to {@code rows} as
     * the second pass stores it (so the JSON is read once).
     */
    private Checked check(Path file, Instant started, java.io.DataOutputStream rows) throws IOException {
        Map<String, String> last = new HashMap<>();
        Map<String, Long> lastSequence = new HashMap<>();
        Map<String, String> streams = new LinkedHashMap<>();
        long[] events = {0};
        String campaignId = readLines(file, line -> {
            StoredEvent event = line.event();
            int number = line.number();
            String previous = last.getOrDefault(event.stream(), ChainHash.GENESIS);
            long expectedSequence = lastSequence.getOrDefault(event.stream(), -1L) + 1;
            if (event.sequence() != expectedSequence) {
                throw new FieldRefused("line " + number, "stream " + event.stream() + " should continue with "
                        + "sequence " + expectedSequence + ", not " + event.sequence());
            }
            if (!previous.equals(line.previousHash())) {
                throw new FieldRefused("line " + number, "previousHash does not match the hash of the stream's "
                        + "previous event");
            }
            String hash = ChainHash.of(previous, event);
            if (!hash.equals(line.hash())) {
                throw new FieldRefused("line " + number, "hash does not verify (event " + event.eventIdentifier()
                        + " of " + event.stream() + " #" + event.sequence() + " was changed)");
            }
            readable(event, number);
            try {
                writeRow(rows, line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            last.put(event.stream(), hash);
            lastSequence.put(event.stream(), event.sequence());
            streams.putIfAbsent(event.stream(), line.streamType());
            if (++events[0] % 1000 == 0) {
                progress.set(new Progress("checking", null, events[0], 0, 0, started, null, null));
            }
        });
        if (!streams.containsKey(campaignId)) {
            throw new FieldRefused("line 2", "the file holds no event of campaign " + campaignId);
        }
        for (String stream : streams.keySet()) {
            Long n = jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                    Long.class, stream);
            if (n != null && n > 0) {
                throw new Conflict("campaignId", "stream " + stream + " already exists in this tracker; import "
                        + "into a tracker that does not have this campaign");
            }
        }
        return new Checked(campaignId, streams, events[0]);
    }

    /**
     * The second pass: the rows as they are in the file, byte for byte (storing through the serializer would write
     * the metadata's keys in another order and change every hash), with the chain links just verified, in batches.
     */
    private void store(Path checkedRows, Checked checked, Instant started) throws IOException {
        List<Line> batch = new ArrayList<>(BATCH);
        long stored = 0;
        try (java.io.DataInputStream rows = new java.io.DataInputStream(new java.io.BufferedInputStream(
                Files.newInputStream(checkedRows), 1 << 16))) {
            for (long k = 0; k < checked.events(); k++) {
                batch.add(readRow(rows));
                if (batch.size() == BATCH) {
                    stored += write(batch);
                    progress.set(new Progress("storing", checked.campaignId(), checked.events(), stored, 0,
                            started, null, null));
                }
            }
        }
        write(batch);
    }

    private static void writeRow(java.io.DataOutputStream out, Line line) throws IOException {
        StoredEvent e = line.event();
        out.writeUTF(e.stream());
        out.writeLong(e.sequence());
        out.writeUTF(e.eventIdentifier());
        out.writeUTF(e.payloadType());
        writeNullable(out, e.payloadRevision());
        out.writeUTF(e.timestamp());
        writeBytes(out, e.payload());
        writeBytes(out, e.metaData());
        writeNullable(out, line.streamType());
        out.writeUTF(line.previousHash());
        out.writeUTF(line.hash());
    }

    private static Line readRow(java.io.DataInputStream in) throws IOException {
        String stream = in.readUTF();
        long sequence = in.readLong();
        String eventIdentifier = in.readUTF();
        String type = in.readUTF();
        String revision = readNullable(in);
        String timestamp = in.readUTF();
        byte[] payload = readBytes(in);
        byte[] metaData = readBytes(in);
        String streamType = readNullable(in);
        String previousHash = in.readUTF();
        String hash = in.readUTF();
        return new Line(0, new StoredEvent(0, stream, sequence, eventIdentifier, type, revision, timestamp, payload,
                metaData), streamType, previousHash, hash);
    }

    private static void writeNullable(java.io.DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    private static String readNullable(java.io.DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static void writeBytes(java.io.DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes == null ? -1 : bytes.length);
        if (bytes != null) {
            out.write(bytes);
        }
    }

    private static byte[] readBytes(java.io.DataInputStream in) throws IOException {
        int length = in.readInt();
        return length < 0 ? null : in.readNBytes(length);
    }

    private int write(List<Line> batch) {
        if (batch.isEmpty()) {
            return 0;
        }
        int size = batch.size();
        transactions.executeWithoutResult(status -> {
            long[] indexes = globalIndexes(size);
            List<Object[]> events = new ArrayList<>(size);
            List<Object[]> links = new ArrayList<>(size);
            for (int k = 0; k < size; k++) {
                Line line = batch.get(k);
                StoredEvent e = line.event();
                events.add(new Object[]{indexes[k], e.sequence(), e.stream(), e.eventIdentifier(),
                        e.payloadRevision(), e.payloadType(), e.timestamp(), line.streamType(), e.metaData(),
                        e.payload()});
                links.add(new Object[]{e.eventIdentifier(), e.stream(), e.sequence(), line.previousHash(),
                        line.hash()});
            }
            jdbc.batchUpdate(INSERT_EVENT, events);
            jdbc.batchUpdate(INSERT_LINK, links);
        });
        batch.clear();
        return size;
    }

    /** {@code n} values of the global index sequence, in increasing order. */
    private long[] globalIndexes(int n) {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        String sql = "PostgreSQL".equalsIgnoreCase(database)
                ? "select nextval('domain_event_entry_seq') from generate_series(1, " + n + ")"
                : "select next value for domain_event_entry_seq from system_range(1, " + n + ")";
        long[] indexes = jdbc.queryForList(sql, Long.class).stream().mapToLong(Long::longValue).sorted().toArray();
        if (indexes.length != n) {
            throw new IllegalStateException("import: got " + indexes.length + " global indexes, not " + n);
        }
        return indexes;
    }

    /** Refuses an event this tracker cannot read. */
    private void readable(StoredEvent event, int number) {
        try {
            serializer.deserialize(new SimpleSerializedObject<>(event.payload(), byte[].class, event.payloadType(),
                    event.payloadRevision()));
            if (event.metaData() != null) {
                serializer.deserialize(new SimpleSerializedObject<>(event.metaData(), byte[].class,
                        MetaData.class.getName(), null));
            }
        } catch (RuntimeException e) {
            throw new FieldRefused("line " + number, "event cannot be read: " + e.getMessage());
        }
    }

    private static byte[] bytes(JsonNode line, String field, int number) {
        if (line.hasNonNull(field + "Base64")) {
            try {
                return Base64.getDecoder().decode(line.get(field + "Base64").asText());
            } catch (IllegalArgumentException e) {
                throw new FieldRefused("line " + number, field + "Base64 is not Base64");
            }
        }
        JsonNode value = line.get(field);
        if (value == null || value.isNull()) {
            if (field.equals("payload")) {
                throw new FieldRefused("line " + number, "payload is missing");
            }
            return null;
        }
        try {
            return StoredJson.mapper().writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new FieldRefused("line " + number, field + " is not JSON");
        }
    }

    private static String text(JsonNode line, String field, int number) {
        JsonNode value = line.get(field);
        if (value == null || !value.isTextual()) {
            throw new FieldRefused("line " + number, field + " is missing");
        }
        return value.asText();
    }

    private static JsonNode parse(String text, int number) {
        try {
            return StoredJson.mapper().readTree(text);
        } catch (IOException e) {
            throw new FieldRefused("line " + number, "not JSON");
        }
    }

    /** The export as text (tests, small campaigns). */
    public String export(String campaignId, List<String> streams) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            export(campaignId, streams, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
