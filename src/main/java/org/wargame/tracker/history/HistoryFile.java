package org.wargame.tracker.history;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.EventTables.Link;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;

/**
 * The history file (JSON Lines, format in docs/history.md): a header line, then one line per event with its chain
 * link. Written as the rows come ({@link Writer}), read line by line ({@link #read}); a stored payload that is the
 * JSON Jackson writes goes out as it is stored, without being read into objects.
 */
final class HistoryFile {

    static final String FORMAT = "campaign-tracker-history";
    static final int VERSION = 1;

    private HistoryFile() {
    }

    /** One event line of a file: its number in the file and the event with its stream's type and chain link. */
    record Line(int number, ChainedEvent row) {
    }

    /** Writes a file: the header first, then each line as it is given. */
    static final class Writer {
        private final JsonGenerator out;
        private final Check check;

        Writer(OutputStream target, String campaignId) throws IOException {
            JsonFactory factory = StoredJson.mapper().getFactory();
            out = factory.createGenerator(target);
            out.setRootValueSeparator(new SerializedString("\n"));
            check = new Check(factory);
            out.writeStartObject();
            out.writeStringField("format", FORMAT);
            out.writeNumberField("version", VERSION);
            out.writeStringField("campaignId", campaignId);
            out.writeStringField("exportedAt", Instant.now().toString());
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
            writeBytes(out, check, "payload", e.payload());
            writeBytes(out, check, "metaData", e.metaData());
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

    /**
     * Reads the file's lines one by one; {@code each} gets every event line. Refuses (naming the line) a file that is
     * not of this format and version, and a line that is not an event line; returns the header's campaign.
     */
    static String read(Path file, Consumer<Line> each) throws IOException {
        return read(file, each, (line, number) -> {
            throw new FieldRefused("line " + number, "a line of kind " + line.path("kind").asText()
                    + " is not taken here");
        });
    }

    /**
     * As {@link #read(Path, Consumer)}, and {@code others} gets every line that names its {@code kind} (the lines
     * of a complete move, {@link MoveLines}), with its number; an event line has no kind.
     */
    static String read(Path file, Consumer<Line> each, ObjIntConsumer<JsonNode> others)
            throws IOException {
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
                if (line.has("kind")) {
                    others.accept(line, number);
                    continue;
                }
                StoredEvent event = new StoredEvent(0, text(line, "stream", number),
                        line.path("sequence").asLong(-1), text(line, "eventIdentifier", number),
                        text(line, "type", number),
                        line.path("revision").isNull() ? null : line.path("revision").asText(null),
                        text(line, "timestamp", number), bytes(line, "payload", number),
                        bytes(line, "metaData", number));
                each.accept(new Line(number, new ChainedEvent(event, line.path("streamType").asText(null),
                        new Link(event.eventIdentifier(), event.sequence(), line.path("previousHash").asText(),
                                line.path("hash").asText()))));
            }
            return campaignId;
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
}
