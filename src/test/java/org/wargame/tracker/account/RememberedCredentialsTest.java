package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A good password is checked against BCrypt once per few minutes; a wrong one always, and always refused; one check
 * whatever the account (unknown, disabled or not), so that the timing tells nothing.
 */
class RememberedCredentialsTest {

    private final AtomicInteger bcryptChecks = new AtomicInteger();
    private final BCryptPasswordEncoder real = new BCryptPasswordEncoder(4);
    private final PasswordEncoder counting = new PasswordEncoder() {
        @Override
        public String encode(CharSequence raw) {
            return real.encode(raw);
        }

        @Override
        public boolean matches(CharSequence raw, String encoded) {
            bcryptChecks.incrementAndGet();
            return real.matches(raw, encoded);
        }
    };
    private final String hash = real.encode("secret-password");
    private Instant now = Instant.parse("2026-11-30T10:00:00Z");

    private RememberedCredentials credentials() {
        Clock clock = new Clock() {
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
        };
        return new RememberedCredentials(name -> User.withUsername(name).password(hash).roles("PLAYER").build(),
                counting, clock);
    }

    /** Accounts: alice (enabled), dora (disabled); no other. */
    private RememberedCredentials withAccounts() {
        return new RememberedCredentials(name -> switch (name) {
            case "alice" -> User.withUsername(name).password(hash).roles("PLAYER").build();
            case "dora" -> User.withUsername(name).password(hash).roles("PLAYER").disabled(true).build();
            default -> throw new UsernameNotFoundException(name);
        }, counting, Clock.systemUTC());
    }

    @Test
    void a_wrong_password_costs_one_hash_check_whatever_the_account() {
        RememberedCredentials credentials = withAccounts();
        for (String name : new String[]{"alice", "dora", "nobody"}) {
            int before = bcryptChecks.get();
            assertThatThrownBy(() -> credentials.authenticate(UsernamePasswordAuthenticationToken.unauthenticated(
                    name, "a-wrong-guess"))).as(name).isInstanceOf(BadCredentialsException.class);
            assertThat(bcryptChecks.get() - before).as("hash checks for " + name).isEqualTo(1);
        }
        // the disabled account is told only to whoever gives its password
        assertThatThrownBy(() -> credentials.authenticate(UsernamePasswordAuthenticationToken.unauthenticated(
                "dora", "secret-password"))).isInstanceOf(DisabledException.class);
    }

    private static UsernamePasswordAuthenticationToken login(String password) {
        return UsernamePasswordAuthenticationToken.unauthenticated("alice", password);
    }

    @Test
    void a_good_password_is_checked_once_then_remembered_until_it_expires() {
        RememberedCredentials credentials = credentials();
        assertThat(credentials.authenticate(login("secret-password")).isAuthenticated()).isTrue();
        assertThat(credentials.authenticate(login("secret-password")).getAuthorities()).extracting(Object::toString)
                .containsExactly("ROLE_PLAYER");
        assertThat(bcryptChecks).hasValue(1);
        now = now.plus(RememberedCredentials.REMEMBER).plusSeconds(1);
        credentials.authenticate(login("secret-password"));
        assertThat(bcryptChecks).hasValue(2);
    }

    @Test
    void a_wrong_password_is_refused_even_after_a_good_one() {
        RememberedCredentials credentials = credentials();
        credentials.authenticate(login("secret-password"));
        assertThatThrownBy(() -> credentials.authenticate(login("guess"))).isInstanceOf(BadCredentialsException.class);
        assertThatThrownBy(() -> credentials.authenticate(login("guess"))).isInstanceOf(BadCredentialsException.class);
        assertThat(bcryptChecks).hasValue(3);
    }
}
