package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The delays of failed logins, on a clock the test moves: free failures, then doubling, then forgotten; the account's
 * own count holds up only the addresses that failed on it.
 */
class LoginThrottleTest {

    static final class MovingClock extends Clock {
        Instant now = Instant.parse("2025-01-01T10:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        void pass(Duration d) {
            now = now.plus(d);
        }
    }

    final MovingClock clock = new MovingClock();
    final LoginThrottle throttle = new LoginThrottle(clock);

    @Test
    void five_failures_of_one_account_from_one_address_are_free_then_the_delays_double() {
        for (int i = 0; i < 5; i++) {
            assertThat(throttle.wait("alice", "10.0.0.1")).isNull();
            throttle.failed("alice", "10.0.0.1");
        }
        assertThat(throttle.wait("alice", "10.0.0.1")).isNull(); // five failures: still free
        throttle.failed("alice", "10.0.0.1"); // the sixth
        assertThat(throttle.wait("alice", "10.0.0.1")).isEqualTo(Duration.ofSeconds(1));
        clock.pass(Duration.ofSeconds(1));
        assertThat(throttle.wait("alice", "10.0.0.1")).isNull();
        throttle.failed("alice", "10.0.0.1");
        assertThat(throttle.wait("alice", "10.0.0.1")).isEqualTo(Duration.ofSeconds(2));
        clock.pass(Duration.ofSeconds(2));
        throttle.failed("alice", "10.0.0.1");
        assertThat(throttle.wait("alice", "10.0.0.1")).isEqualTo(Duration.ofSeconds(4));
        // the same account from another address, and another account from this address, are not held up
        assertThat(throttle.wait("alice", "10.0.0.2")).isNull();
        assertThat(throttle.wait("bruno", "10.0.0.1")).isNull();
    }

    @Test
    void the_delay_never_passes_fifteen_minutes() {
        assertThat(LoginThrottle.delay(LoginThrottle.PER_ACCOUNT, 1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(LoginThrottle.delay(LoginThrottle.PER_ACCOUNT, 5)).isEqualTo(Duration.ofSeconds(16));
        assertThat(LoginThrottle.delay(LoginThrottle.PER_ACCOUNT, 11)).isEqualTo(Duration.ofMinutes(15));
        assertThat(LoginThrottle.delay(LoginThrottle.PER_ACCOUNT, 500)).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void a_guesser_spread_over_many_addresses_is_slowed_on_the_account_from_those_addresses_only() {
        for (int i = 0; i < 20; i++) {
            throttle.failed("referee", "10.1.0." + i);
        }
        assertThat(throttle.wait("referee", "10.1.0.3")).isNull(); // 20 failures of the account: still free
        throttle.failed("referee", "10.1.0.1"); // the 21st
        assertThat(throttle.wait("referee", "10.1.0.3")).isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.wait("referee", "10.1.0.19")).isEqualTo(Duration.ofSeconds(1));
        for (int i = 0; i < 10; i++) { // the flood goes on: the delays double up to a quarter hour
            clock.pass(throttle.wait("referee", "10.1.0.1"));
            throttle.failed("referee", "10.1.0." + i);
        }
        assertThat(throttle.wait("referee", "10.1.0.9")).isEqualTo(Duration.ofMinutes(15));
        // the referee, from an address that gave no wrong password, is never held up
        assertThat(throttle.wait("referee", "10.9.9.9")).isNull();
        throttle.succeeded("referee", "10.9.9.9");
        // and their login gives the guesser no fresh allowance
        assertThat(throttle.wait("referee", "10.1.0.9")).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void a_sprayer_of_many_accounts_from_one_address_is_slowed_on_the_address() {
        for (int i = 0; i < 20; i++) {
            throttle.failed("user" + i, "10.2.0.1");
        }
        assertThat(throttle.wait("newcomer", "10.2.0.1")).isNull();
        throttle.failed("user20", "10.2.0.1");
        assertThat(throttle.wait("newcomer", "10.2.0.1")).isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.wait("newcomer", "10.2.0.2")).isNull();
        assertThat(throttle.wait("user3", "10.2.0.2")).isNull();
    }

    @Test
    void a_good_login_clears_its_address_s_mistakes_and_quiet_failures_are_forgotten() {
        for (int i = 0; i < 6; i++) {
            throttle.failed("gerd", "10.3.0.1");
        }
        assertThat(throttle.wait("gerd", "10.3.0.1")).isNotNull();
        clock.pass(Duration.ofSeconds(1));
        throttle.succeeded("gerd", "10.3.0.1");
        throttle.failed("gerd", "10.3.0.1");
        assertThat(throttle.wait("gerd", "10.3.0.1")).isNull(); // counting starts again
        for (int i = 0; i < 6; i++) {
            throttle.failed("sam", "10.3.0.2");
        }
        clock.pass(Duration.ofMinutes(16));
        throttle.failed("sam", "10.3.0.2");
        assertThat(throttle.wait("sam", "10.3.0.2")).isNull(); // forgotten after a quarter hour of quiet
    }
}
