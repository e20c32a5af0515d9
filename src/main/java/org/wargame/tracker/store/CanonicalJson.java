package org.wargame.tracker.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Whether stored bytes are one JSON value that Jackson writes back byte for byte (no duplicate key, no spaces, no
 * second value): such bytes go into a history file as they are, any others in Base64, so that an import stores the
 * very bytes the chain hashed. Asked once when an event is stored (its row keeps the answer, {@code canonical_json})
 * rather than at every export: the check parses and writes the value again, a third of an export's time.
 */
public final class CanonicalJson {

    private static final JsonFactory FACTORY = StoredJson.mapper().getFactory();
    private static final ThreadLocal<Same> SAME = ThreadLocal.withInitial(Same::new);

    private CanonicalJson() {
    }

    /** Whether {@code bytes} (not null) read back and written again are the same bytes. */
    public static boolean of(byte[] bytes) {
        Same same = SAME.get();
        same.expect(bytes);
        try (JsonParser in = FACTORY.createParser(bytes)) {
            in.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (in.nextToken() == null) {
                return false;
            }
            try (JsonGenerator copy = FACTORY.createGenerator(same)) {
                copy.copyCurrentStructure(in);
            }
            if (in.nextToken() != null) {
                return false;
            }
        } catch (IOException e) {
            return false;
        } finally {
            same.release();
        }
        return same.matched();
    }

    /** An event's payload and metadata (absent metadata counts as canonical: it is written as null). */
    public static boolean of(byte[] payload, byte[] metaData) {
        return payload != null && of(payload) && (metaData == null || of(metaData));
    }

    /** Compares what is written to it with the bytes expected, as it comes (no copy of the value is made). */
    private static final class Same extends OutputStream {
        private byte[] expected;
        private int at;
        private boolean equal;
        private boolean matched;

        void expect(byte[] bytes) {
            expected = bytes;
            at = 0;
            equal = true;
        }

        boolean matched() {
            return matched;
        }

        /** Keeps the answer and lets go of the bytes (a thread's instance outlives them). */
        void release() {
            matched = equal && expected != null && at == expected.length;
            expected = null;
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
}
