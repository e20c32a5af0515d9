package org.wargame.tracker.account;

import com.fasterxml.jackson.annotation.JsonIgnore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The wrong passwords given for an account (when, from which client address), kept in the database so that the
 * holder sees them after logging in on any instance: whoever guesses at the referee's password is seen by the
 * referee. Only the latest {@link #KEPT} per account are kept, and only for existing accounts (a flood of invented
 * names stores nothing). A failure to store one is logged, never turned into an error of the login.
 */
@Component
public class FailedLogins {

    static final int KEPT = 20;
    private static final Logger LOG = LoggerFactory.getLogger(FailedLogins.class);

    private final JdbcTemplate jdbc;

    public FailedLogins(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One failed login: when and from where. */
    public record Failure(Instant at, String address) {

        private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm:ss 'UTC'",
                Locale.ENGLISH).withZone(ZoneOffset.UTC);

        /** The time as a page shows it. */
        @JsonIgnore
        public String when() {
            return WHEN.format(at);
        }
    }

    void record(String username, String address) {
        try {
            Timestamp now = Timestamp.from(Instant.now());
            int stored = jdbc.update("insert into login_failure (username, address, failed_at) select username, ?, ? "
                    + "from account where username = ?", cut(address), now, username);
            if (stored > 0) {
                // keep the latest KEPT: the id of the KEPT-th newest bounds what stays
                jdbc.update("delete from login_failure where username = ? and id < (select min(id) from (select id "
                        + "from login_failure where username = ? order by id desc limit " + KEPT + ") latest)",
                        username, username);
            }
        } catch (DataAccessException e) {
            LOG.warn("a failed login of '{}' could not be recorded: {}", username, e.getMessage());
        }
    }

    /** The latest failed logins of {@code username}, newest first. */
    public List<Failure> recent(String username) {
        return jdbc.query("select failed_at, address from login_failure where username = ? order by id desc limit "
                + KEPT, (rs, i) -> new Failure(rs.getTimestamp(1).toInstant(), rs.getString(2)), username);
    }

    private static String cut(String address) {
        return address.length() <= 64 ? address : address.substring(0, 64);
    }
}
