package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

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

/**
 * HTTP Basic sends the password with every API request, and checking it against its BCrypt hash costs tens of
 * milliseconds by design. A successful check is remembered for {@link #REMEMBER} as an HMAC of the password under a
 * key made at start-up and kept only in memory, so the API answers in about a millisecond while the stored hash
 * stays BCrypt. A wrong password is never remembered. A change of the account (password, role, disabled) drops what
 * is remembered of it at once. Failed logins are counted by {@link LoginThrottle}: inside a delay an attempt is
 * refused before any check; a password remembered as good is not held up by its client address's delay (players
 * behind one address keep playing while someone there floods wrong passwords), only by its account's.
 */
@Component
public class RememberedCredentials implements AuthenticationProvider {

    static final Duration REMEMBER = Duration.ofMinutes(5);

    private final DaoAuthenticationProvider bcrypt;
    private final LoginThrottle throttle;
    private final byte[] key = new byte[32];
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    private final Clock clock;
    private final ThreadLocal<Mac> hmac = ThreadLocal.withInitial(this::newMac); // a Mac is not thread-safe

    private record Remembered(byte[] mac, Instant until, UserDetails user) {
    }

    @Autowired
    public RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, LoginThrottle throttle) {
        this(accounts, encoder, Clock.systemUTC(), throttle);
    }

    RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, Clock clock) {
        this(accounts, encoder, clock, new LoginThrottle(clock));
    }

    RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, Clock clock, LoginThrottle throttle) {
        DaoAuthenticationProvider provider = new DaoAuthenticationProvider(accounts);
        provider.setPasswordEncoder(encoder);
        this.bcrypt = provider;
        this.clock = clock;
        this.throttle = throttle;
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
        Duration wait = throttle.accountWait(username, address);
        if (wait != null) {
            throw new LoginThrottled(wait);
        }
        byte[] mac = mac(username, credentials.toString());
        Remembered known = remembered.get(username);
        if (known != null && known.until().isAfter(clock.instant()) && MessageDigest.isEqual(known.mac(), mac)) {
            return UsernamePasswordAuthenticationToken.authenticated(known.user(), null,
                    known.user().getAuthorities());
        }
        wait = throttle.addressWait(address);
        if (wait != null) {
            throw new LoginThrottled(wait);
        }
        Authentication checked;
        try {
            checked = bcrypt.authenticate(authentication); // throws on a wrong password
        } catch (AuthenticationException e) {
            throw failed(username, address, e);
        }
        throttle.succeeded(username, address);
        if (checked.getPrincipal() instanceof UserDetails user) {
            remembered.put(username, new Remembered(mac, clock.instant().plus(REMEMBER), user));
        }
        return checked;
    }

    private AuthenticationException failed(String username, String address, AuthenticationException e) {
        if (!(e instanceof InternalAuthenticationServiceException)) { // the database failing is no wrong password
            throttle.failed(username, address);
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
