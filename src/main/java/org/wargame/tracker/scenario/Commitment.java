package org.wargame.tracker.scenario;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The commitment of a sealed choice (docs/history.md, Sealed choices): lowercase hex SHA-256 of the salt and the
 * content, each written as a 4-byte big-endian length and its UTF-8 bytes, so that no two (salt, content) pairs give
 * the same input. The salt (32 random bytes, hex) makes a short content (one of two rounds) impossible to guess from
 * its commitment.
 */
public final class Commitment {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Commitment() {
    }

    public static String salt() {
        byte[] salt = new byte[32];
        RANDOM.nextBytes(salt);
        return HexFormat.of().formatHex(salt);
    }

    public static String of(String salt, String content) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            field(sha, salt);
            field(sha, content);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code salt} and {@code content} give {@code commitment} (null never does). */
    public static boolean matches(String commitment, String salt, String content) {
        return commitment != null && salt != null && content != null
                && MessageDigest.isEqual(commitment.getBytes(StandardCharsets.US_ASCII),
                of(salt, content).getBytes(StandardCharsets.US_ASCII));
    }

    private static void field(MessageDigest sha, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        sha.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
        sha.update(bytes);
    }
}
