package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The accounts that may log in: the referee(s) and the players. Passwords are kept only as BCrypt hashes. A
 * password, role or state change takes effect at once: it is announced ({@link AccountChanged}) so the remembered
 * password of that account is dropped, and its page sessions opened before the change end. A new password has at
 * least {@code tracker.accounts.min-password-length} characters (8 unless the referee raised it) and is none of the
 * most common passwords ({@link CommonPasswords}); passwords set before keep working.
 */
@Component
public class Accounts implements UserDetailsService {

    public static final String REFEREE = "REFEREE";
    public static final String PLAYER = "PLAYER";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_.-]{1,63}");
    /** BCrypt reads the first 72 bytes of a password only: a longer one would be silently cut. */
    static final int MAX_PASSWORD_BYTES = 72;
    /** The least minimum length: the setting may raise it, never lower it. */
    static final int MIN_PASSWORD_LENGTH = 8;

    private final JdbcTemplate jdbc;
    private final PasswordEncoder encoder;
    private final ApplicationEventPublisher events;
    private final int minPasswordLength;

    public Accounts(JdbcTemplate jdbc, PasswordEncoder encoder, ApplicationEventPublisher events,
                    @Value("${tracker.accounts.min-password-length:8}") int minPasswordLength) {
        if (minPasswordLength < MIN_PASSWORD_LENGTH || minPasswordLength > MAX_PASSWORD_BYTES) {
            throw new IllegalStateException("tracker.accounts.min-password-length is " + minPasswordLength
                    + ": it may raise the minimum of " + MIN_PASSWORD_LENGTH + " characters up to "
                    + MAX_PASSWORD_BYTES + ", never lower it");
        }
        this.jdbc = jdbc;
        this.encoder = encoder;
        this.events = events;
        this.minPasswordLength = minPasswordLength;
    }

    /** How many characters a new password has at least. */
    public int minPasswordLength() {
        return minPasswordLength;
    }

    /** An account as the referee sees it (never its password). */
    public record Account(String username, String role, boolean enabled, Instant createdAt, Instant changedAt) {
    }

    /** Announced after an account's password, role or state changed. */
    public record AccountChanged(String username) {
    }

    @Override
    public UserDetails loadUserByUsername(String username) {
        List<UserDetails> found = jdbc.query("select username, password_hash, role, enabled from account "
                        + "where username = ?",
                (rs, i) -> User.withUsername(rs.getString(1)).password(rs.getString(2)).roles(rs.getString(3))
                        .disabled(!rs.getBoolean(4)).build(), username);
        if (found.isEmpty()) {
            throw new UsernameNotFoundException("no account " + username);
        }
        return found.get(0);
    }

    /**
     * What a remembered password of {@code username} was checked against: changes with any change of the account
     * (its changed_at, state and role); null when there is no such account.
     */
    String stamp(String username) {
        List<String> found = jdbc.query("select changed_at, enabled, role from account where username = ?",
                (rs, i) -> rs.getTimestamp(1) + "/" + rs.getBoolean(2) + "/" + rs.getString(3), username);
        return found.isEmpty() ? null : found.get(0);
    }

    public boolean exists(String username) {
        Integer n = jdbc.queryForObject("select count(*) from account where username = ?", Integer.class, username);
        return n != null && n > 0;
    }

    public void create(String username, String password, String role) {
        if (username == null || !NAME.matcher(username).matches()) {
            throw new FieldRefused("username", "2-64 characters, lower-case letters, digits, '.', '_' or '-', "
                    + "starting with a letter");
        }
        requireGoodPassword("password", password);
        requireRole(role);
        try {
            jdbc.update("insert into account (username, password_hash, role) values (?, ?, ?)", username,
                    encoder.encode(password), role);
        } catch (DuplicateKeyException e) {
            throw new Conflict("username", "account '" + username + "' exists already");
        }
    }

    public List<String> usernames() {
        return jdbc.queryForList("select username from account order by username", String.class);
    }

    public List<Account> all() {
        return jdbc.query("select username, role, enabled, created_at, changed_at from account order by username",
                (rs, i) -> new Account(rs.getString(1), rs.getString(2), rs.getBoolean(3), instant(rs.getTimestamp(4)),
                        instant(rs.getTimestamp(5))));
    }

    /** The account, or null. */
    public Account find(String username) {
        List<Account> found = jdbc.query("select username, role, enabled, created_at, changed_at from account "
                        + "where username = ?",
                (rs, i) -> new Account(rs.getString(1), rs.getString(2), rs.getBoolean(3), instant(rs.getTimestamp(4)),
                        instant(rs.getTimestamp(5))), username);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Whether {@code password} is the account's (a BCrypt check: tens of milliseconds by design). */
    public boolean passwordMatches(String username, String password) {
        List<String> hash = jdbc.queryForList("select password_hash from account where username = ?", String.class,
                username);
        return !hash.isEmpty() && password != null && encoder.matches(password, hash.get(0));
    }

    /** The account holder changes their own password: the current one must be given. */
    public void changeOwnPassword(String username, String current, String replacement) {
        if (current == null || !passwordMatches(username, current)) {
            throw new FieldRefused("currentPassword", "is not this account's password");
        }
        requireGoodPassword("newPassword", replacement);
        setPassword(username, replacement);
    }

    /** Sets a password (the referee's reset, or the holder's change). */
    public void setPassword(String username, String password) {
        requireGoodPassword("password", password);
        update(username, "password_hash = ?", encoder.encode(password));
    }

    /**
     * The referee's change of an account: enabled or not, its role, or a new password; {@code by} is the referee.
     * The tracker always keeps one enabled referee, and a referee does not lock themselves out.
     */
    @Transactional
    public Account change(String username, Boolean enabled, String role, String password, String by) {
        Account account = find(username);
        if (account == null) {
            throw new NotFound("account '" + username + "' does not exist");
        }
        if (enabled == null && role == null && password == null) {
            throw new FieldRefused("body", "give enabled, role or password");
        }
        if (role != null) {
            requireRole(role);
        }
        if (password != null) {
            requireGoodPassword("password", password);
        }
        boolean stillReferee = (role == null ? account.role() : role).equals(REFEREE)
                && (enabled == null ? account.enabled() : enabled);
        if (username.equals(by) && !stillReferee) {
            throw new Conflict(enabled != null && !enabled ? "enabled" : "role", "you cannot disable your own account "
                    + "or take your own referee role: another referee can");
        }
        if (REFEREE.equals(account.role()) && account.enabled() && !stillReferee && enabledReferees() <= 1) {
            throw new Conflict(enabled != null && !enabled ? "enabled" : "role", "'" + username + "' is the last "
                    + "enabled referee");
        }
        if (enabled != null) {
            update(username, "enabled = ?", enabled);
        }
        if (role != null) {
            update(username, "role = ?", role);
        }
        if (password != null) {
            update(username, "password_hash = ?", encoder.encode(password));
        }
        return find(username);
    }

    private int enabledReferees() {
        Integer n = jdbc.queryForObject("select count(*) from account where role = ? and enabled = ?", Integer.class,
                REFEREE, true);
        return n == null ? 0 : n;
    }

    private void update(String username, String assignment, Object value) {
        int rows = jdbc.update("update account set " + assignment + ", changed_at = ? where username = ?", value,
                Timestamp.from(Instant.now()), username);
        if (rows == 0) {
            throw new NotFound("account '" + username + "' does not exist");
        }
        events.publishEvent(new AccountChanged(username));
    }

    private void requireGoodPassword(String field, String password) {
        if (password == null || password.codePointCount(0, password.length()) < minPasswordLength) {
            throw new FieldRefused(field, "at least " + minPasswordLength + " characters");
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw new FieldRefused(field, "at most " + MAX_PASSWORD_BYTES + " bytes (BCrypt reads no more)");
        }
        if (CommonPasswords.contains(password)) {
            throw new FieldRefused(field, "this is one of the most common passwords, which guessers try first: "
                    + "choose another");
        }
    }

    private static void requireRole(String role) {
        if (!REFEREE.equals(role) && !PLAYER.equals(role)) {
            throw new FieldRefused("role", "REFEREE or PLAYER");
        }
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
