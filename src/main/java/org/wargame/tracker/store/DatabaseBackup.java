package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.Conflict;

import java.nio.file.Path;

/**
 * A full backup of the database while the tracker runs: every table (events, chain, accounts with their password
 * hashes, dice seeds, read models) as one consistent copy. On H2 with its own {@code BACKUP TO}, a zip holding the
 * database file ({@code tracker.mv.db}) as of one moment, taken without stopping writes; restored by putting that
 * file into the data folder of a tracker that is not running. PostgreSQL is backed up with its own tools
 * ({@code pg_dump}, README): a copy made from inside the tracker would be neither faster nor safer.
 */
@Component
public class DatabaseBackup {

    private final JdbcTemplate jdbc;

    DatabaseBackup(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Writes the backup to {@code zip} (which must not exist yet); refused on PostgreSQL, naming pg_dump. */
    public void writeTo(Path zip) {
        if (Dialect.of(jdbc) != Dialect.H2) {
            throw new Conflict("this tracker runs on PostgreSQL: back it up with pg_dump (README, Operations); "
                    + "nothing was written");
        }
        jdbc.execute("BACKUP TO '" + zip.toAbsolutePath().toString().replace("'", "''") + "'");
    }
}
