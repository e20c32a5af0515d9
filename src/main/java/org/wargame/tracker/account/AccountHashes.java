package org.wargame.tracker.account;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The accounts as a complete move carries them (a referee's export with {@code accounts=true}): name, role, state
 * and the BCrypt hash of the password, never the password itself. On the other tracker an account is added only
 * where there is none of that name: an account it has keeps its own password.
 */
@Component
public class AccountHashes {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_.-]{1,63}");
    /** What BCrypt writes: version, cost, 22 characters of salt and 31 of hash. */
    private static final Pattern BCRYPT = Pattern.compile("\\$2[aby]\\$\\d\\d\\$[./A-Za-z0-9]{53}");

    private final JdbcTemplate jdbc;

    AccountHashes(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One account with its password hash. */
    public record Hashed(String username, String passwordHash, String role, boolean enabled) {
    }

    /** Every account, by name. */
    public List<Hashed> all() {
        return jdbc.query("select username, password_hash, role, enabled from account order by username",
                (rs, i) -> new Hashed(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)));
    }

    /** What is wrong with an account read from a file, or null when it may be added. */
    public static String problem(Hashed account) {
        if (account.username() == null || !NAME.matcher(account.username()).matches()) {
            return "username is not an account name";
        }
        if (account.passwordHash() == null || !BCRYPT.matcher(account.passwordHash()).matches()) {
            return "passwordHash is not a BCrypt hash";
        }
        if (!Accounts.REFEREE.equals(account.role()) && !Accounts.PLAYER.equals(account.role())) {
            return "role must be " + Accounts.REFEREE + " or " + Accounts.PLAYER;
        }
        return null;
    }

    /** Adds the account unless one of that name exists; whether it was added. */
    public boolean addIfMissing(Hashed account) {
        String problem = problem(account);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Integer n = jdbc.queryForObject("select count(*) from account where username = ?", Integer.class,
                account.username());
        if (n != null && n > 0) {
            return false;
        }
        jdbc.update("insert into account (username, password_hash, role, enabled) values (?, ?, ?, ?)",
                account.username(), account.passwordHash(), account.role(), account.enabled());
        return true;
    }
}
