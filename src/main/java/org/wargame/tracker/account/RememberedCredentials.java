package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
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
 * stays BCrypt. A wrong password is never remembered: every failed attempt pays the full BCrypt price.
 */
@Component
public class RememberedCredentials implements AuthenticationProvider {

    static final Duration REMEMBER = Duration.ofMinutes(5);

    private final DaoAuthenticationProvider bcrypt;
    private final byte[] key = new byte[32];
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    private final Clock clock;
    private final ThreadLocal<Mac> hmac = ThreadLocal.withInitial(this::newMac); // a Mac is not thread-safe

    private record Remembered(byte[] mac, Instant until, UserDetails user) {
    }

    @Autowired
    public RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder) {
        this(accounts, encoder, Clock.systemUTC());
    }

    RememberedCredentials(UserDetailsService accounts, PasswordEncoder encoder, Clock clock) {
        DaoAuthenticationProvider provider = new DaoAuthenticationProvider(accounts);
        provider.setPasswordEncoder(encoder);
        this.bcrypt = provider;
        this.clock = clock;
        new SecureRandom().nextBytes(key);
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String username = authentication.getName();
        Object credentials = authentication.getCredentials();
        if (credentials == null) {
            return bcrypt.authenticate(authentication);
        }
        byte[] mac = mac(username, credentials.toString());
        Remembered known = remembered.get(username);
        if (known != null && known.until().isAfter(clock.instant()) && MessageDigest.isEqual(known.mac(), mac)) {
            return UsernamePasswordAuthenticationToken.authenticated(known.user(), null,
                    known.user().getAuthorities());
        }
        Authentication checked = bcrypt.authenticate(authentication); // throws on a wrong password
        if (checked.getPrincipal() instanceof UserDetails user) {
            remembered.put(username, new Remembered(mac, clock.instant().plus(REMEMBER), user));
        }
        return checked;
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
