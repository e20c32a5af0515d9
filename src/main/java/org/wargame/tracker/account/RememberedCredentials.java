package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.AccountStatusUserDetailsChecker;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * HTTP Basic sends the password with every API request, and checking it against its BCrypt hash costs tens of
 * milliseconds by design. A successful check is remembered for {@link #REMEMBER} as an HMAC of the password under a
 * key made at start-up and kept only in memory, so the API answers in about a millisecond while the stored hash
 * stays BCrypt. A wrong password is never remembered. A change of the account (password, role, disabled) drops what
 * is remembered of it at once on this instance, and within {@link #RECHECK} on any other: a remembered password is
 * trusted only while the account's row still shows the state it was checked against (read again at most once per
 * {@code RECHECK}, one indexed query).
 *
 * <p>A password remembered as good is never held up by failed logins (theirs or anybody's): it is looked at first.
 * Any other attempt waits out {@link LoginThrottle}'s delay, refused before any check. A password check takes the
 * same time whatever the account: an unknown name is checked against a dummy hash (Spring Security's), and a
 * disabled account's state is looked at only after its password was checked, so the answer's timing does not tell
 * which accounts exist or are disabled. Wrong passwords of existing accounts are shown to their holder
 * ({@link FailedLogins}).
 */
@Component
public class RememberedCredentials implements AuthenticationProvider {

    static final Duration REMEMBER = Duration.ofMinutes(5);
    /** How long a remembered password is trusted before its account's row is looked at again. */
    static final Duration RECHECK = Duration.ofSeconds(1);

    private final DaoAuthenticationProvider bcrypt;
    private final LoginThrottle throttle;
    private final Function<String, String> stamps;
    private final BiConsumer<String, String> wrongPasswords;
    private final byte[] key = new byte[32];
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    private final Clock clock;
    private final ThreadLocal<Mac> hmac = ThreadLocal.withInitial(this::newMac); // a Mac is not thread-safe

    /** A good password: its HMAC, until when, the account as checked, its row's stamp and when that was read. */
    private record Remembered(byte[] mac, Instant until, UserDetails user, String stamp, Instant stampRead) {
    }

    @Autowired
    public RememberedCredentials(Accounts accounts, PasswordEncoder encoder, LoginThrottle throttle,
                                 FailedLogins failedLogins) {
        this(accounts, encoder, Clock.systemUTC(), throttle, accounts::stamp, failedLogins::record);
    }

    RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, Clock clock) {
        this(accounts, encoder, clock, new LoginThrottle(clock), name -> "unchanged", (name, address) -> { });
    }

    RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, Clock clock, LoginThrottle throttle,
                          Function<String, String> stamps, BiConsumer<String, String> wrongPasswords) {
        DaoAuthenticationProvider provider = new DaoAuthenticationProvider(accounts);
        provider.setPasswordEncoder(encoder);
        // disabled, locked, expired: told only after the password check, so that they take as long as a wrong one
        provider.setPreAuthenticationChecks(user -> { });
        provider.setPostAuthenticationChecks(new AccountStatusUserDetailsChecker());
        this.bcrypt = provider;
        this.clock = clock;
        this.throttle = throttle;
        this.stamps = stamps;
        this.wrongPasswords = wrongPasswords;
        new SecureRandom().nextBytes(key);
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String username = authentication.getName();
        Object credentials = authentication.getCredentials();
        if (credentials == null) {
            return bcrypt.authenticate(authentication);
        }
        String address = address(authentication);
        byte[] mac = mac(username, credentials.toString());
        Remembered known = remembered.get(username);
        if (known != null && known.until().isAfter(clock.instant()) && MessageDigest.isEqual(known.mac(), mac)
                && current(username, known)) {
            return UsernamePasswordAuthenticationToken.authenticated(known.user(), null,
                    known.user().getAuthorities());
        }
        Duration wait = throttle.wait(username, address);
        if (wait != null) {
            throw new LoginThrottled(wait);
        }
        String stamp = stamp(username); // read before the check: a change during it shows at the next recheck
        Authentication checked;
        try {
            checked = bcrypt.authenticate(authentication); // throws on a wrong password
        } catch (AuthenticationException e) {
            throw failed(username, address, e);
        }
        throttle.succeeded(username, address);
        if (checked.getPrincipal() instanceof UserDetails user && stamp != null) {
            Instant now = clock.instant();
            remembered.put(username, new Remembered(mac, now.plus(REMEMBER), user, stamp, now));
        }
        return checked;
    }

    /** Whether the account is as it was when its password was remembered (else that is forgotten). */
    private boolean current(String username, Remembered known) {
        Instant now = clock.instant();
        if (now.isBefore(known.stampRead().plus(RECHECK))) {
            return true;
        }
        String stamp = stamp(username);
        if (stamp != null && stamp.equals(known.stamp())) {
            remembered.replace(username, known, new Remembered(known.mac(), known.until(), known.user(), stamp, now));
            return true;
        }
        remembered.remove(username, known);
        return false;
    }

    private String stamp(String username) {
        try {
            return stamps.apply(username);
        } catch (RuntimeException e) {
            throw new InternalAuthenticationServiceException("the accounts could not be read", e);
        }
    }

    private AuthenticationException failed(String username, String address, AuthenticationException e) {
        if (!(e instanceof InternalAuthenticationServiceException)) { // the database failing is no wrong password
            throttle.failed(username, address);
        }
        if (e instanceof BadCredentialsException) {
            wrongPasswords.accept(username, address);
        }
        return e;
    }

    /** Forgets the remembered password of an account that changed (after its transaction, if any, committed). */
    @TransactionalEventListener(fallbackExecution = true)
    void changed(Accounts.AccountChanged change) {
        forget(change.username());
        throttle.forgive(change.username());
    }

    /** The next request of {@code username} is checked against the stored hash again. */
    public void forget(String username) {
        remembered.remove(username);
    }

    private static String address(Authentication authentication) {
        if (authentication.getDetails() instanceof WebAuthenticationDetails details
                && details.getRemoteAddress() != null) {
            return details.getRemoteAddress();
        }
        return "unknown";
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }

    private byte[] mac(String username, String password) {
        return hmac.get().doFinal((username + '\0' + password).getBytes(StandardCharsets.UTF_8));
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
