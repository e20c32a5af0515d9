package org.wargame.tracker.account;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Passwords for accounts made at the first start: from the environment when set, otherwise generated and printed
 * once to the console (never written anywhere else).
 */
final class FirstStart {

    private static final Logger LOG = LoggerFactory.getLogger(FirstStart.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private FirstStart() {
    }

    /** The password from the environment, or a generated one of 16 characters (more if the minimum asks for more). */
    static String password(String fromEnvironment, String username, int minLength) {
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        byte[] bytes = new byte[Math.max(12, (minLength * 3 + 3) / 4)]; // 4 characters per 3 bytes
        RANDOM.nextBytes(bytes);
        String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        LOG.warn("\n\n    First start: account '{}' created with password: {}\n    (shown only this once)\n",
                username, generated);
        return generated;
    }
}
