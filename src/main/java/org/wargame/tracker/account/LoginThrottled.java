package org.wargame.tracker.account;

import org.springframework.security.core.AuthenticationException;

import java.time.Duration;

/** A login refused without a password check: too many failures for this account or from this address (429). */
public class LoginThrottled extends AuthenticationException {

    private final Duration wait;

    public LoginThrottled(Duration wait) {
        super("too many failed logins: try again in " + seconds(wait) + " s");
        this.wait = wait;
    }

    /** Whole seconds to wait, at least 1 (for Retry-After). */
    public long retryAfterSeconds() {
        return seconds(wait);
    }

    private static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
