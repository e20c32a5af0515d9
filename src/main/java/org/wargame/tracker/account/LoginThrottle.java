package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed logins slow the next attempts down, with delays that double, on three counts: one account from one client
 * address (a few free failures, for typing mistakes), one account from anywhere (more, before a guesser spread over
 * many addresses is slowed), and one client address whatever the account (a sprayer trying many accounts). An
 * attempt inside a delay is refused at once, before any password check, so a flood costs a map lookup and not
 * BCrypt's deliberate tens of milliseconds; no request thread waits. Failures are forgotten after a quiet while, and a
 * good login clears the account's counts.
 */
@Component
public class LoginThrottle {

    /** A count: how many failures pass free, and the first delay after them (doubling up to {@link #MAX_DELAY}). */
    record Policy(int free, Duration firstDelay) {
    }

    static final Policy PER_ACCOUNT_AND_ADDRESS = new Policy(5, Duration.ofSeconds(1));
    static final Policy PER_ACCOUNT = new Policy(20, Duration.ofSeconds(1));
    static final Policy PER_ADDRESS = new Policy(20, Duration.ofSeconds(1));
    static final Duration MAX_DELAY = Duration.ofMinutes(15);
    /** Failures older than this after their last delay ended are forgotten. */
    static final Duration FORGET_AFTER = Duration.ofMinutes(15);
    /** At most this many counts are kept; beyond, the ones not delaying anybody are dropped first. */
    static final int MAX_ENTRIES = 100_000;

    private final Clock clock;
    private final Map<String, Failures> failures = new ConcurrentHashMap<>();

    private static final class Failures {
        int count;
        Instant blockedUntil = Instant.MIN;
        Instant last = Instant.MIN;
    }

    @Autowired
    public LoginThrottle() {
        this(Clock.systemUTC());
    }

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    /** How long {@code account} must wait from {@code address}, counting the account's own limits; or null. */
    public Duration accountWait(String account, String address) {
        return longest(wait(pair(account, address)), wait(account(account)));
    }

    /** How long a login whose password is not known good must wait from {@code address}; or null. */
    public Duration addressWait(String address) {
        return wait(address(address));
    }

    public void failed(String account, String address) {
        Instant now = clock.instant();
        count(pair(account, address), PER_ACCOUNT_AND_ADDRESS, now);
        count(account(account), PER_ACCOUNT, now);
        count(address(address), PER_ADDRESS, now);
        if (failures.size() > MAX_ENTRIES) {
            prune(now);
        }
    }

    public void succeeded(String account, String address) {
        failures.remove(pair(account, address));
        failures.remove(account(account));
    }

    /** The referee reset or re-enabled the account: its delays end. */
    public void forgive(String account) {
        failures.remove(account(account));
        failures.keySet().removeIf(key -> key.startsWith("p\u0000" + account + "\u0000"));
    }

    private Duration wait(String key) {
        Failures f = failures.get(key);
        if (f == null) {
            return null;
        }
        Instant now = clock.instant();
        synchronized (f) {
            if (now.isBefore(f.blockedUntil)) {
                return Duration.between(now, f.blockedUntil);
            }
            return null;
        }
    }

    private void count(String key, Policy policy, Instant now) {
        Failures f = failures.computeIfAbsent(key, k -> new Failures());
        synchronized (f) {
            Instant quietSince = f.blockedUntil.isAfter(f.last) ? f.blockedUntil : f.last;
            if (f.count > 0 && now.isAfter(quietSince.plus(FORGET_AFTER))) {
                f.count = 0;
            }
            f.count++;
            f.last = now;
            if (f.count > policy.free()) {
                f.blockedUntil = now.plus(delay(policy, f.count - policy.free()));
            }
        }
    }

    /** The delay after the {@code n}th failure beyond the free ones: first, twice that, four times... */
    static Duration delay(Policy policy, int n) {
        int doublings = Math.min(n - 1, 30);
        Duration delay = policy.firstDelay().multipliedBy(1L << doublings);
        return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
    }

    private void prune(Instant now) {
        failures.entrySet().removeIf(e -> {
            synchronized (e.getValue()) {
                return !now.isBefore(e.getValue().blockedUntil);
            }
        });
        if (failures.size() > MAX_ENTRIES) {
            failures.clear(); // a flood from more addresses than this: keep the memory bounded over the counts
        }
    }

    private static Duration longest(Duration a, Duration b) {
        if (a == null) {
            return b;
        }
        return b == null || a.compareTo(b) >= 0 ? a : b;
    }

    private static String pair(String account, String address) {
        return "p\u0000" + account + "\u0000" + address;
    }

    private static String account(String account) {
        return "a\u0000" + account;
    }

    private static String address(String address) {
        return "i\u0000" + address;
    }
}
