package org.wargame.tracker.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.store.CanonicalJson;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.EventTables.Link;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;

/**
 * The history file (JSON Lines, format in docs/history.md): a header line, then one line per event with its chain
 * link. Written as the rows come ({@link Writer}), read line by line ({@link #read}); a stored payload that is the
 * JSON Jackson writes goes out as it is stored, without being read into objects.
 */
final class HistoryFile {

    static final String FORMAT = "campaign-tracker-history";
    /** Version 2: the header carries the manifest. Version 1 (no manifest) is still read. */
    static final int VERSION = 2;
    /** The {@code kind} of the header of a campaign's history (a backup may write other kinds). */
    static final String HISTORY = "history";

    private static final ObjectMapper LINES = lineMapper();

    private HistoryFile() {
    }

    /** One event line of a file: its number in the file and the event with its stream's type and chain link. */
    record Line(int number, ChainedEvent row) {
    }

    /** A stream as the manifest says the file holds it: how many events, and the hash of its last one. */
    record Head(long events, String hash) {
    }

    /**
     * What the file must hold (the header of version 2): every stream with its event count and final head, and
     * the number of events in all; null for a file of version 1, which has none.
     */
    record Manifest(long events, Map<String, Head> streams) {
    }

    /** The header as read: the campaign, the version and the manifest (null in version 1). */
    record Header(String campaignId, int version, Manifest manifest) {
    }

    /** Writes a file: the header with its manifest first, then each line as it is given. */
    static final class Writer {
        private final JsonGenerator out;

        Writer(OutputStream target, String campaignId, Manifest manifest) throws IOException {
            JsonFactory factory = StoredJson.mapper().getFactory();
            out = factory.createGenerator(target);
            out.setRootValueSeparator(new SerializedString("\n"));
            out.writeStartObject();
            out.writeStringField("format", FORMAT);
            out.writeNumberField("version", VERSION);
            out.writeStringField("kind", HISTORY);
            out.writeStringField("campaignId", campaignId);
            out.writeStringField("exportedAt", Instant.now().toString());
            out.writeNumberField("events", manifest.events());
            out.writeArrayFieldStart("streams");
            for (Map.Entry<String, Head> s : manifest.streams().entrySet()) {
                out.writeStartObject();
                out.writeStringField("stream", s.getKey());
                out.writeNumberField("events", s.getValue().events());
                out.writeStringField("head", s.getValue().hash());
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeEndObject();
        }

        void line(ChainedEvent row) throws IOException {
            StoredEvent e = row.event();
            out.writeStartObject();
            out.writeStringField("stream", e.stream());
            out.writeStringField("streamType", row.streamType());
            out.writeNumberField("sequence", e.sequence());
            out.writeStringField("eventIdentifier", e.eventIdentifier());
            out.writeStringField("type", e.payloadType());
            out.writeStringField("revision", e.payloadRevision());
            out.writeStringField("timestamp", e.timestamp());
            // checked when it was stored (the row's canonical_json); a row stored before there was that column is
            // checked here
            boolean canonical = Boolean.TRUE.equals(row.canonical());
            writeBytes(out, canonical, "payload", e.payload());
            writeBytes(out, canonical, "metaData", e.metaData());
            out.writeStringField("hash", row.link() == null ? null : row.link().hash());
            out.writeStringField("previousHash", row.link() == null ? null : row.link().previousHash());
            out.writeEndObject();
        }

        /** A line of another kind ({@link MoveLines}): an object with its {@code kind} first. */
        void other(JsonNode line) throws IOException {
            StoredJson.mapper().writeTree(out, line);
        }

        void end() throws IOException {
            out.writeRaw('\n');
            out.flush();
        }
    }

    /** The fields an event line may have (a stored value as JSON, or as Base64 when it is not JSON Jackson wrote). */
    private static final Set<String> LINE_FIELDS = Set.of("kind", "stream", "streamType", "sequence",
            "eventIdentifier", "type", "revision", "timestamp", "payload", "payloadBase64", "metaData",
            "metaDataBase64", "hash", "previousHash");
    /** The aggregate types of the streams a history holds. */
    static final Set<String> STREAM_TYPES = Set.of("Campaign", "Scenario");
    /** A hash as the chain writes it: 64 lowercase hex digits (by hand: a regular expression was a tenth of a check). */
    static boolean isHash(String text) {
        if (text.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the file's lines one by one as they arrive, none longer than {@code maxLine} bytes; {@code each} gets
     * every event line. Refuses (naming the line) a file that is not of this format and a known version, a line
     * that is not an event line, and one too long; returns the header.
     */
    static Header read(InputStream body, int maxLine, Consumer<Line> each) throws IOException {
        return read(body, maxLine, each, (line, number) -> {
            throw new FieldRefused("line " + number, "a line of kind " + line.path("kind").asText()
                    + " is not taken here");
        });
    }

    /**
     * As {@link #read(InputStream, int, Consumer)}, and {@code others} gets every line that names a {@code kind}
     * other than {@code event} (the lines of a complete move, {@link MoveLines}), with its number.
     */
    static Header read(InputStream body, int maxLine, Consumer<Line> each, ObjIntConsumer<JsonNode> others)
            throws IOException {
        Lines reader = new Lines(body, maxLine);
        String text = reader.next();
        if (text == null) {
            throw new FieldRefused("line 1", "the file is empty");
        }
        JsonNode header = parse(text, 1);
        int version = header.path("version").isInt() ? header.get("version").asInt() : -1;
        if (!FORMAT.equals(header.path("format").asText()) || version < 1 || version > VERSION) {
            throw new FieldRefused("line 1", "not a " + FORMAT + " file of version 1 to " + VERSION);
        }
        if (!header.path("campaignId").isTextual()) {
            throw new FieldRefused("line 1", "campaignId is missing");
        }
        String campaignId = header.get("campaignId").asText();
        Manifest manifest = version >= 2 ? manifest(header) : null;
        int number = 1;
        String lastStream = null; // an id checked once for its run of lines
        while (reader.nextBytes()) {
            number = reader.number();
            if (reader.ascii() ? reader.blank() : reader.text().isBlank()) {
                continue;
            }
            JsonNode line = reader.json();
            if (!line.isObject()) {
                throw new FieldRefused("line " + number, "not an event line (a JSON object)");
            }
            if (line.has("kind") && !"event".equals(line.get("kind").asText())) {
                others.accept(line, number);
                continue;
            }
            for (Iterator<String> it = line.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!LINE_FIELDS.contains(field)) {
                    throw new FieldRefused("line " + number, field + ": unknown field of an event line");
                }
            }
            JsonNode sequence = line.get("sequence");
            if (sequence == null || !sequence.isIntegralNumber() || !sequence.canConvertToLong()
                    || sequence.asLong() < 0) {
                throw new FieldRefused("line " + number, "sequence must be a whole number from 0");
            }
            String stream = text(line, "stream", number);
            if (!stream.equals(lastStream) && !RequestJson.ID.matcher(stream).matches()) {
                throw new FieldRefused("line " + number, "stream: not an id");
            }
            String streamType = text(line, "streamType", number);
            if (!STREAM_TYPES.contains(streamType)) {
                throw new FieldRefused("line " + number, "streamType: '" + RequestJson.shortened(streamType)
                        + "' is not a stream of a history (Campaign or Scenario)");
            }
            lastStream = stream;
            String eventIdentifier = text(line, "eventIdentifier", number);
            FieldRefused.require(!eventIdentifier.isBlank() && eventIdentifier.length() <= 255,
                    "line " + number, "eventIdentifier: 1 to 255 characters");
            JsonNode revision = line.get("revision");
            if (revision != null && !revision.isNull() && (!revision.isTextual() || revision.asText().length() > 64)) {
                throw new FieldRefused("line " + number, "revision must be text (at most 64 characters) or null");
            }
            FieldRefused.require(text(line, "type", number).length() <= 255, "line " + number,
                    "type: at most 255 characters");
            FieldRefused.require(text(line, "timestamp", number).length() <= 64, "line " + number,
                    "timestamp: at most 64 characters");
            String hash = text(line, "hash", number);
            String previousHash = text(line, "previousHash", number);
            FieldRefused.require(isHash(hash) && isHash(previousHash),
                    "line " + number, "hash and previousHash are 64 lowercase hex digits");
            StoredEvent event = new StoredEvent(0, stream, sequence.asLong(), eventIdentifier,
                    text(line, "type", number), revision == null || revision.isNull() ? null : revision.asText(),
                    text(line, "timestamp", number), bytes(line, "payload", number),
                    bytes(line, "metaData", number));
            each.accept(new Line(number, new ChainedEvent(event, streamType,
                    new Link(event.eventIdentifier(), event.sequence(), previousHash, hash))));
        }
        return new Header(campaignId, version, manifest);
    }

    private static Manifest manifest(JsonNode header) {
        JsonNode events = header.get("events");
        JsonNode streams = header.get("streams");
        if (events == null || !events.isIntegralNumber() || events.asLong() < 0 || streams == null
                || !streams.isArray()) {
            throw new FieldRefused("line 1", "the manifest (events, streams) is missing: a file of version 2 says "
                    + "what it holds");
        }
        Map<String, Head> heads = new LinkedHashMap<>();
        for (JsonNode s : streams) {
            if (!s.path("stream").isTextual() || !s.path("events").isIntegralNumber() || s.get("events").asLong() < 1
                    || !s.path("head").isTextual() || !isHash(s.get("head").asText())) {
                throw new FieldRefused("line 1", "streams: each needs stream, events (1 or more) and head (its "
                        + "last hash)");
            }
            if (heads.put(s.get("stream").asText(), new Head(s.get("events").asLong(), s.get("head").asText()))
                    != null) {
                throw new FieldRefused("line 1", "streams: " + RequestJson.shortened(s.get("stream").asText())
                        + " is named twice");
            }
        }
        return new Manifest(events.asLong(), heads);
    }

    /**
     * The lines of a body as they arrive, each at most {@code max} bytes of UTF-8 (a longer one is refused before
     * it is held whole): the file itself may be of any size.
     */
    static final class Lines {
        private final InputStream in;
        private final int max;
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private final byte[] buffer = new byte[1 << 16];
        private int at;
        private int end;
        private int number;
        private byte[] line = new byte[1 << 12];
        private int length;
        private boolean ascii;

        Lines(InputStream in, int max) {
            this.in = in;
            this.max = max;
        }

        int number() {
            return number;
        }

        /** The next line as text, or null at the end of the body. */
        String next() throws IOException {
            if (!nextBytes()) {
                return null;
            }
            return text();
        }

        /**
         * Reads the next line into {@link #line}, {@link #length} bytes without its end ({@code \n}, or {@code \r\n});
         * false at the end of the body. Copies each run of bytes up to a newline at once (a byte at a time was a
         * seventh of an import's check).
         */
        boolean nextBytes() throws IOException {
            length = 0;
            ascii = true;
            boolean any = false;
            while (true) {
                if (at == end) {
                    end = in.read(buffer);
                    at = 0;
                    if (end <= 0) {
                        end = 0;
                        if (!any) {
                            return false;
                        }
                        break;
                    }
                }
                any = true;
                int stop = at;
                byte high = 0;
                while (stop < end && buffer[stop] != '\n') {
                    high |= buffer[stop++];
                }
                int n = stop - at;
                if (n > max - length) {
                    throw new FieldRefused("line " + (number + 1), "longer than " + max + " bytes, the limit of "
                            + "one line (tracker.limits.history-line)");
                }
                if (length + n > line.length) {
                    line = java.util.Arrays.copyOf(line, (int) Math.min(max, Math.max(length + n,
                            2L * line.length)));
                }
                System.arraycopy(buffer, at, line, length, n);
                length += n;
                ascii &= high >= 0;
                at = stop;
                if (stop < end) { // the newline
                    at++;
                    break;
                }
            }
            number++;
            if (length > 0 && line[length - 1] == '\r') {
                length--;
            }
            return true;
        }

        /** Whether the line read is all ASCII (then its bytes are its text, and UTF-8). */
        boolean ascii() {
            return ascii;
        }

        /** Whether the ASCII line read is blank (only what {@link Character#isWhitespace} calls so). */
        boolean blank() {
            for (int i = 0; i < length; i++) {
                if (!Character.isWhitespace(line[i])) {
                    return false;
                }
            }
            return true;
        }

        /** The line read as text: refused when it is not UTF-8. */
        String text() {
            if (ascii) {
                return new String(line, 0, length, StandardCharsets.ISO_8859_1);
            }
            try {
                return utf8.decode(java.nio.ByteBuffer.wrap(line, 0, length)).toString();
            } catch (CharacterCodingException e) {
                throw new FieldRefused("line " + number, "not UTF-8");
            }
        }

        /**
         * The line read as JSON: from its bytes when it is ASCII without a NUL (Jackson guesses UTF-16 or 32 from NULs
         * in bytes), else from its text.
         */
        JsonNode json() {
            boolean nul = false;
            for (int i = 0; ascii && i < length && !nul; i++) {
                nul = line[i] == 0;
            }
            if (!ascii || nul) {
                return parse(text(), number);
            }
            try {
                return LINES.readTree(line, 0, length);
            } catch (IOException e) {
                throw new FieldRefused("line " + number, "not JSON");
            }
        }
    }

    /**
     * A stored JSON value as it is, when reading it back gives the very same bytes (always, for what Jackson wrote);
     * else Base64 under {@code field + "Base64"}.
     */
    private static void writeBytes(JsonGenerator out, boolean canonical, String field, byte[] bytes)
            throws IOException {
        if (bytes == null) {
            out.writeNullField(field);
        } else if (canonical || CanonicalJson.of(bytes)) {
            out.writeFieldName(field);
            out.writeRawValue(new RawJson(bytes));
        } else {
            out.writeStringField(field + "Base64", Base64.getEncoder().encodeToString(bytes));
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

    private static ObjectMapper lineMapper() {
        ObjectMapper mapper = StoredJson.create();
        mapper.enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        return mapper;
    }

    static JsonNode parse(String text, int number) {
        try {
            return LINES.readTree(text);
        } catch (IOException e) {
            throw new FieldRefused("line " + number, "not JSON");
        }
    }
}
