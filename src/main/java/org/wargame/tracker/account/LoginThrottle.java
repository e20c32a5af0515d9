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
 * many addresses is slowed), and one client address whatever the account (a sprayer trying many accounts). The
 * account's own count holds up only the addresses that failed on that account: whoever floods wrong passwords for
 * the referee slows themselves, never the referee typing the right one from an address that has not failed (nor a
 * password remembered as good, see {@link RememberedCredentials}). An attempt inside a delay is refused at once,
 * before any password check, so a flood from failed addresses costs a map lookup and not BCrypt's deliberate tens of
 * milliseconds; no request thread waits. Failures are forgotten after a quiet while; a good login clears the count
 * of its account and address (typing mistakes), not the account's count (the owner's login gives a guesser
 * elsewhere no fresh allowance).
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

        Instant quietSince() {
            return blockedUntil.isAfter(last) ? blockedUntil : last;
        }
    }

    @Autowired
    public LoginThrottle() {
        this(Clock.systemUTC());
    }

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    /**
     * How long a login of {@code account} from {@code address} whose password is not known good must wait; or null.
     * The account's delay counts only when this address failed on this account before.
     */
    public Duration wait(String account, String address) {
        Instant now = clock.instant();
        Duration wait = longest(wait(pair(account, address), now), wait(address(address), now));
        return failedBefore(account, address, now) ? longest(wait, wait(account(account), now)) : wait;
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

    /** A good password from {@code address}: its typing mistakes there are forgotten. */
    public void succeeded(String account, String address) {
        failures.remove(pair(account, address));
    }

    /** The referee reset or re-enabled the account: its delays end. */
    public void forgive(String account) {
        failures.remove(account(account));
        failures.keySet().removeIf(key -> key.startsWith("p\u0000" + account + "\u0000"));
    }

    private boolean failedBefore(String account, String address, Instant now) {
        Failures f = failures.get(pair(account, address));
        if (f == null) {
            return false;
        }
        synchronized (f) {
            return f.count > 0 && !now.isAfter(f.quietSince().plus(FORGET_AFTER));
        }
    }

    private Duration wait(String key, Instant now) {
        Failures f = failures.get(key);
        if (f == null) {
            return null;
        }
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
            if (f.count > 0 && now.isAfter(f.quietSince().plus(FORGET_AFTER))) {
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
