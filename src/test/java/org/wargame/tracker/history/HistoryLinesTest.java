package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An import reads a history file's lines by copying each run of bytes up to a newline at once, and reads an ASCII
 * line's JSON from its bytes: the lines, their numbers, what is blank, what is refused and the JSON read are those
 * of reading the text line by line, however the body arrives.
 */
class HistoryLinesTest {

    @Property(tries = 1000)
    void lines_read_as_a_plain_split_of_the_text_reads_them(@ForAll("bodies") List<String> lines,
                                                              @ForAll boolean endsWithNewline,
                                                              @ForAll("seeds") long seed) throws IOException {
        String body = String.join("\n", lines) + (endsWithNewline ? "\n" : "");
        HistoryFile.Lines reader = new HistoryFile.Lines(new Trickle(body.getBytes(StandardCharsets.UTF_8), seed),
                1 << 20);
        List<String> expected = new ArrayList<>(List.of(body.split("\n", -1)));
        if (expected.get(expected.size() - 1).isEmpty()) {
            expected.remove(expected.size() - 1); // nothing after the last newline is no line
        }
        for (int k = 0; k < expected.size(); k++) {
            String line = expected.get(k);
            String text = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            assertThat(reader.nextBytes()).isTrue();
            assertThat(reader.number()).isEqualTo(k + 1);
            assertThat(reader.text()).isEqualTo(text);
            assertThat(reader.ascii()).isEqualTo(text.chars().allMatch(c -> c < 128));
            if (reader.ascii()) {
                assertThat(reader.blank()).as(text).isEqualTo(text.isBlank());
            }
            if (!text.isBlank()) {
                JsonNode expectedJson; // as the text is read (strictly: a key twice is refused)
                try {
                    expectedJson = HistoryFile.parse(text, k + 1);
                } catch (FieldRefused e) {
                    expectedJson = null;
                }
                if (expectedJson == null) {
                    assertThatThrownBy(reader::json).isInstanceOf(FieldRefused.class)
                            .hasMessageContaining("line " + (k + 1) + ": not JSON");
                } else {
                    assertThat(reader.json()).isEqualTo(expectedJson);
                }
            }
        }
        assertThat(reader.nextBytes()).isFalse();
    }

    @Provide
    Arbitrary<List<String>> bodies() {
        Arbitrary<String> json = Arbitraries.of("{\"a\":1}", "{\"stream\":\"s-1\",\"sequence\":3,\"payload\":{\"x\":[1,2]}}",
                "{\"name\":\"Cr\u00e8vec\u0153ur\"}", "{\"a\":1,\"a\":2}", "{\"a\":", "[1,2]", "\u0000{\"a\":1}",
                "{\"a\":\"\u0000\"}", "  {\"b\":true}  ", "{\"c\":\"\\u00e9\"}",
                // JSON in UTF-16 and 32: ASCII bytes with NULs, from which Jackson would guess those encodings
                new String("{\"a\":1}".getBytes(StandardCharsets.UTF_16LE), StandardCharsets.ISO_8859_1),
                new String("{\"a\":1}".getBytes(StandardCharsets.UTF_16BE), StandardCharsets.ISO_8859_1),
                new String("{\"a\":1}".getBytes(java.nio.charset.Charset.forName("UTF-32BE")),
                        StandardCharsets.ISO_8859_1));
        Arbitrary<String> text = Arbitraries.strings().withCharRange(' ', '~').withChars('\t', '\r', '\u00e9',
                '\u2003', '\u001f', '\u000b', '\u0000').ofMaxLength(40);
        return Arbitraries.oneOf(json, text, json.map(j -> j + "\r"), Arbitraries.of("", "\r", " \t ", "\u2003"))
                .list().ofMaxSize(12);
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Test
    void a_line_of_the_limit_is_read_and_one_byte_more_is_refused_by_its_number() throws IOException {
        int max = 100;
        String fits = "x".repeat(max);
        String over = "y".repeat(max + 1);
        for (long seed = 0; seed < 20; seed++) {
            byte[] body = (fits + "\n" + fits + "\r\n" + over + "\n").getBytes(StandardCharsets.US_ASCII);
            HistoryFile.Lines reader = new HistoryFile.Lines(new Trickle(body, seed), max);
            assertThat(reader.nextBytes()).isTrue();
            assertThat(reader.text()).isEqualTo(fits);
            // the \r is a byte of the line until the line ends: 101 bytes, one too many, as before
            assertThatThrownBy(reader::nextBytes).isInstanceOf(FieldRefused.class)
                    .hasMessageContaining("line 2").hasMessageContaining("longer than 100 bytes");
        }
    }

    @Test
    void a_line_that_is_not_utf_8_is_refused_by_its_number() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write("{\"a\":1}\n{\"b\":\"".getBytes(StandardCharsets.US_ASCII));
        body.write(new byte[]{(byte) 0xc0, (byte) 0xaf}); // an overlong '/'
        body.write("\"}\n".getBytes(StandardCharsets.US_ASCII));
        HistoryFile.Lines reader = new HistoryFile.Lines(new Trickle(body.toByteArray(), 1), 1 << 10);
        assertThat(reader.nextBytes()).isTrue();
        assertThat(reader.json().get("a").asInt()).isEqualTo(1);
        assertThat(reader.nextBytes()).isTrue();
        assertThat(reader.ascii()).isFalse();
        assertThatThrownBy(reader::json).isInstanceOf(FieldRefused.class).hasMessageContaining("line 2")
                .hasMessageContaining("not UTF-8");
    }

    /**
     * A key given twice in any object of a line, however deep and however many keys the object has, is refused as
     * not JSON, read from bytes or from text.
     */
    @Test
    void a_key_given_twice_anywhere_in_a_line_is_refused() throws IOException {
        List<String> twice = List.of("{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"b\":5}",
                "{\"payload\":{\"x\":1,\"y\":2,\"x\":3}}",
                "{\"payload\":{\"sides\":[{\"a\":1,\"b\":2,\"c\":3,\"a\":4}]}}",
                "{\"payload\":{\"name\":\"Cr\u00e8vec\u0153ur\",\"name\":\"x\"}}"); // not ASCII: read as text
        for (String line : twice) {
            HistoryFile.Lines reader = new HistoryFile.Lines(new Trickle((line + "\n").getBytes(
                    StandardCharsets.UTF_8), 3), 1 << 10);
            assertThat(reader.nextBytes()).isTrue();
            assertThatThrownBy(reader::json).as(line).isInstanceOf(FieldRefused.class)
                    .hasMessageContaining("line 1: not JSON");
            assertThatThrownBy(() -> HistoryFile.parse(line, 7)).as(line).isInstanceOf(FieldRefused.class)
                    .hasMessageContaining("line 7: not JSON");
        }
        // the same keys once each are read
        assertThat(HistoryFile.parse("{\"payload\":{\"x\":1,\"y\":2,\"z\":3}}", 1).at("/payload/z").asInt())
                .isEqualTo(3);
    }

    /** A body that arrives in pieces of random sizes, as from a socket. */
    private static final class Trickle extends InputStream {
        private final byte[] bytes;
        private final Random random;
        private int at;

        Trickle(byte[] bytes, long seed) {
            this.bytes = bytes;
            this.random = new Random(seed);
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, bytes.length - at), 1 + random.nextInt(random.nextBoolean() ? 3 : 200));
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }
    }
}
