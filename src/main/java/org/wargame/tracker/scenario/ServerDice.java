package org.wargame.tracker.scenario;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The published algorithm of the server's dice, so that anyone can check them once the seed is revealed.
 * <ul>
 * <li>commitment = lowercase hex of SHA-256(seed bytes), published in ScenarioStarted;</li>
 * <li>die number n (0, 1, 2... across the whole scenario, one number per die, so a DR uses two) with s sides is
 * 1 + (u mod s), where u is the first 8 bytes, big-endian unsigned, of HMAC-SHA256(key = seed bytes,
 * message = UTF-8 of "scenarioId:n").</li>
 * </ul>
 * The bias of the modulo is below 10^-18 for the dice used here.
 */
public final class ServerDice {

    private ServerDice() {
    }

    public static int die(byte[] seed, String scenarioId, int n, int sides) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(seed, "HmacSHA256"));
            byte[] digest = mac.doFinal((scenarioId + ":" + n).getBytes(StandardCharsets.UTF_8));
            long u = ByteBuffer.wrap(digest, 0, 8).getLong();
            return 1 + (int) Long.remainderUnsigned(u, sides);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    public static String commitment(byte[] seed) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seed));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
