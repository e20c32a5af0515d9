package org.wargame.tracker.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The hash of one stored event, chained to the previous event of its stream. Input, in this order, each field as a
 * 4-byte big-endian length followed by its bytes (UTF-8 for text), so that no two different rows give the same
 * input: previous hash (64 hex digits; 64 zeros for sequence 0), stream id, sequence number (decimal), event
 * identifier, payload type, payload revision (empty when absent), timestamp (as stored), payload bytes, metadata
 * bytes (empty when absent). Output: lowercase hex of SHA-256.
 */
public final class ChainHash {

    /** The "previous hash" of the first event of every stream. */
    public static final String GENESIS = "0".repeat(64);

    private ChainHash() {
    }

    /** One digest per thread, reset for each event (looking the algorithm up cost more than hashing an event). */
    private static final ThreadLocal<MessageDigest> DIGESTS = ThreadLocal.withInitial(ChainHash::sha256);

    public static String of(String previousHash, StoredEvent event) {
        MessageDigest sha = DIGESTS.get();
        sha.reset();
        field(sha, text(previousHash));
        field(sha, text(event.stream()));
        field(sha, text(Long.toString(event.sequence())));
        field(sha, text(event.eventIdentifier()));
        field(sha, text(event.payloadType()));
        field(sha, text(event.payloadRevision() == null ? "" : event.payloadRevision()));
        field(sha, text(event.timestamp()));
        field(sha, event.payload() == null ? new byte[0] : event.payload());
        field(sha, event.metaData() == null ? new byte[0] : event.metaData());
        return HexFormat.of().formatHex(sha.digest());
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void field(MessageDigest sha, byte[] bytes) {
        int n = bytes.length;
        sha.update((byte) (n >>> 24));
        sha.update((byte) (n >>> 16));
        sha.update((byte) (n >>> 8));
        sha.update((byte) n);
        sha.update(bytes);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
