package org.wargame.tracker.notice;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/** HMAC-SHA256 of a body under a secret, as the signature header carries it: {@code sha256=} and lower-case hex. */
public final class Signature {

    public static final String HEADER = "X-Tracker-Signature";
    public static final String DELIVERY_HEADER = "X-Tracker-Delivery";
    public static final String EVENT_HEADER = "X-Tracker-Event";

    private Signature() {
    }

    public static String of(String secret, byte[] body) {
        return "sha256=" + HexFormat.of().formatHex(hmac(secret.getBytes(StandardCharsets.UTF_8), body));
    }

    static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
