package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * The streams a rebuild could not fold (table {@code stream_quarantine}, migration V16): read-only, so that no
 * action is decided on a state the tracker cannot make ({@link StreamGuard} refuses every command on them with the
 * reason), shown to the referee. A stream is put here by the rebuild that failed on it and taken out by one that
 * folds it.
 */
@Component
public class Quarantine {

    /** A stream held read-only: where its fold stopped ({@code sequence}) and why. */
    public record Held(String stream, String type, long sequence, String reason, Instant since) {
    }

    private final JdbcTemplate jdbc;

    public Quarantine(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void hold(String stream, String type, long sequence, String reason) {
        String cut = reason.length() > 2000 ? reason.substring(0, 1997) + "..." : reason;
        release(stream);
        jdbc.update("insert into stream_quarantine (stream_id, stream_type, sequence_number, reason, quarantined_at) "
                + "values (?, ?, ?, ?, ?)", stream, type, sequence, cut, Timestamp.from(Instant.now()));
    }

    public void release(String stream) {
        jdbc.update("delete from stream_quarantine where stream_id = ?", stream);
    }

    /** The stream's quarantine, or null when it is not held. */
    public Held of(String stream) {
        List<Held> held = jdbc.query("select stream_id, stream_type, sequence_number, reason, quarantined_at from "
                + "stream_quarantine where stream_id = ?", (rs, i) -> row(rs), stream);
        return held.isEmpty() ? null : held.get(0);
    }

    public List<Held> all() {
        return jdbc.query("select stream_id, stream_type, sequence_number, reason, quarantined_at from "
                + "stream_quarantine order by quarantined_at, stream_id", (rs, i) -> row(rs));
    }

    private static Held row(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new Held(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4),
                rs.getTimestamp(5).toInstant());
    }
}
