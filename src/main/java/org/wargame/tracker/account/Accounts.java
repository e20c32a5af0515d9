package org.wargame.tracker.account;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.regex.Pattern;

/** The accounts that may log in: the referee(s) and the players. Passwords are kept only as BCrypt hashes. */
@Component
public class Accounts implements UserDetailsService {

    public static final String REFEREE = "REFEREE";
    public static final String PLAYER = "PLAYER";
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_.-]{1,63}");

    private final JdbcTemplate jdbc;
    private final PasswordEncoder encoder;

    public Accounts(JdbcTemplate jdbc, PasswordEncoder encoder) {
        this.jdbc = jdbc;
        this.encoder = encoder;
    }

    @Override
    public UserDetails loadUserByUsername(String username) {
        List<UserDetails> found = jdbc.query("select username, password_hash, role from account where username = ?",
                (rs, i) -> User.withUsername(rs.getString(1)).password(rs.getString(2)).roles(rs.getString(3))
                        .build(), username);
        if (found.isEmpty()) {
            throw new UsernameNotFoundException("no account " + username);
        }
        return found.get(0);
    }

    public boolean exists(String username) {
        Integer n = jdbc.queryForObject("select count(*) from account where username = ?", Integer.class, username);
        return n != null && n > 0;
    }

    public void create(String username, String password, String role) {
        if (username == null || !NAME.matcher(username).matches()) {
            throw new IllegalArgumentException("username: 2-64 characters, lower-case letters, digits, '.', '_' or '-',"
                    + " starting with a letter");
        }
        if (password == null || password.length() < 8) {
            throw new IllegalArgumentException("password: at least 8 characters");
        }
        if (!REFEREE.equals(role) && !PLAYER.equals(role)) {
            throw new IllegalArgumentException("role: REFEREE or PLAYER");
        }
        try {
            jdbc.update("insert into account (username, password_hash, role) values (?, ?, ?)", username,
                    encoder.encode(password), role);
        } catch (DuplicateKeyException e) {
            throw new IllegalStateException("username: account '" + username + "' exists already");
        }
    }

    public List<String> usernames() {
        return jdbc.queryForList("select username from account order by username", String.class);
    }
}
