package org.wargame.tracker.store;

import jakarta.annotation.PostConstruct;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * At the start, before any request is taken: the database's own settings keep an acknowledged action, or the
 * tracker refuses to start with one line naming the setting. On H2 the tracker sets {@code WRITE_DELAY 0} itself and
 * reads it back (a delay keeps commits in memory: {@code kill -9} loses them). On PostgreSQL {@code fsync} and
 * {@code synchronous_commit} must be on (off loses acknowledged commits on a crash); {@code full_page_writes} off is
 * warned about (a power cut may tear a page).
 */
@Component
public class DurabilityCheck {

    private static final Logger LOG = LoggerFactory.getLogger(DurabilityCheck.class);

    private final DataSource dataSource;

    public DurabilityCheck(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Raised when the database would lose acknowledged actions: the tracker does not start. */
    public static final class Refused extends IllegalStateException {
        Refused(String line) {
            super(line);
        }
    }

    @PostConstruct
    void check() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName();
            if ("H2".equals(product)) {
                try (Statement s = connection.createStatement()) {
                    s.execute("SET WRITE_DELAY 0");
                } catch (SQLException e) {
                    LOG.warn("Could not set H2's WRITE_DELAY to 0: {}", e.getMessage());
                }
                refuse(h2(connection));
            } else if ("PostgreSQL".equals(product)) {
                refuse(postgres(connection));
            }
        }
    }

    private static void refuse(String line) {
        if (line != null) {
            LOG.error(line);
            throw new Refused(line);
        }
    }

    /** Why this H2 database would lose acknowledged actions, or null. */
    static String h2(Connection connection) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        MVStore store = DurableCommits.mvStore(connection);
        if (store != null && store.getAutoCommitDelay() != 0) {
            values.add(String.valueOf(store.getAutoCommitDelay()));
        }
        for (String value : values) {
            if (!"0".equals(value.trim())) {
                return "Refusing to start: H2's WRITE_DELAY is " + value + " ms, not 0 (commits would be kept in "
                        + "memory for up to that long and lost on a crash); remove WRITE_DELAY from the database URL";
            }
        }
        if (values.isEmpty()) {
            return "Refusing to start: H2 does not report its WRITE_DELAY, so the tracker cannot tell that a commit "
                    + "is written before it is acknowledged";
        }
        return null;
    }

    /** Why this PostgreSQL session would lose acknowledged actions, or null; a weaker setting is only warned about. */
    static String postgres(Connection connection) throws SQLException {
        String fsync = show(connection, "fsync");
        if (!on(fsync)) {
            return "Refusing to start: PostgreSQL runs with fsync = " + fsync + " (a crash of the server or the OS "
                    + "can lose or corrupt acknowledged actions); set fsync = on";
        }
        String synchronous = show(connection, "synchronous_commit");
        if ("off".equals(synchronous.toLowerCase(Locale.ROOT))) {
            return "Refusing to start: PostgreSQL runs with synchronous_commit = off (a crash of the server loses "
                    + "the last acknowledged actions); set synchronous_commit = on for the tracker's database or user";
        }
        String fullPages = show(connection, "full_page_writes");
        if (!on(fullPages)) {
            LOG.warn("PostgreSQL runs with full_page_writes = {}: a power cut can leave torn pages that its log "
                    + "cannot repair; set full_page_writes = on unless the storage writes pages atomically", fullPages);
        }
        return null;
    }

    private static boolean on(String value) {
        return "on".equals(value.toLowerCase(Locale.ROOT));
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW " + setting)) {
            return rs.next() ? rs.getString(1) : "unknown";
        }
    }
}
