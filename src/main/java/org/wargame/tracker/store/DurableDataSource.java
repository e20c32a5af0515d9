package org.wargame.tracker.store;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.SQLExceptionOverride;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The embedded H2 file's durability settings, whatever {@code spring.datasource.url} says: the URL's own
 * {@code WRITE_DELAY} is replaced by {@code WRITE_DELAY=0} (H2 applies a URL's settings again on every new connection,
 * so a value set once at the start would be undone by the pool's next connection), and a connection whose database
 * was closed under it (a full disk, an I/O error) is dropped from the pool, so that the next one opens the file again
 * once the disk takes writes. {@link DurabilityCheck} reads the setting back at the start. Before the data source is
 * handed to anything, the rows a crash may have left of a transaction that never committed are rolled back
 * ({@link H2Leftovers}). At the stop, once everything that uses the data source has stopped, the file is closed
 * before the pool is: see {@link #postProcessBeforeDestruction}.
 */
@Component
public class DurableDataSource implements DestructionAwareBeanPostProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(DurableDataSource.class);

    private static final Pattern WRITE_DELAY = Pattern.compile("(?i);\\s*WRITE_DELAY\\s*=[^;]*");

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        // a pool already started was seen before (a test's own processor may hand it here first)
        if (bean instanceof HikariDataSource hikari && hikari.getJdbcUrl() != null
                && isH2File(hikari.getJdbcUrl()) && hikari.getHikariPoolMXBean() == null) {
            hikari.setJdbcUrl(durable(hikari.getJdbcUrl()));
            if (hikari.getExceptionOverrideClassName() == null) {
                hikari.setExceptionOverrideClassName(ClosedDatabase.class.getName());
            }
            // before anything else reads the file: what a crash may have left of an unfinished transaction
            H2Leftovers.atStart(hikari.getJdbcUrl(), hikari.getUsername(), hikari.getPassword(), hikari);
        }
        return bean;
    }

    @Override
    public boolean requiresDestruction(Object bean) {
        return bean instanceof HikariDataSource hikari && hikari.getJdbcUrl() != null && isH2File(hikari.getJdbcUrl());
    }

    /**
     * Just before the pool closes (every bean that uses it is stopped by then), H2 closes the file on this thread
     * and, with {@code DEFRAG_ALWAYS}, rewrites it to its live pages, however long that takes. Left to the pool, the
     * file was closed with its last connection, which the pool waits for 10 s at most: a file whose copy takes
     * longer (beyond some 600,000 events at about 16 ms per 1,000) stayed at its running size when the process
     * ended. A platform that kills the stop sooner cuts the copy as before, which loses nothing (docs/backup.md).
     */
    @Override
    public void postProcessBeforeDestruction(Object bean, String beanName) {
        if (bean instanceof HikariDataSource hikari && !hikari.isClosed() && hikari.getHikariPoolMXBean() != null
                && isH2File(hikari.getJdbcUrl())) {
            long started = System.nanoTime();
            // a connection of its own: the pool's are closed with the database, and the pool then closes them quietly
            try (Connection c = DriverManager.getConnection(hikari.getJdbcUrl(), hikari.getUsername(),
                    hikari.getPassword()); Statement sql = c.createStatement()) {
                int others = ((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession())
                        .getDatabase().getSessions(false).length - 1 - hikari.getHikariPoolMXBean()
                        .getTotalConnections();
                if (others > 0) { // another pool of this JVM on the same file (a second tracker in a test)
                    LOG.info("H2 file left open at this pool's close: {} other connection(s) use it", others);
                    return;
                }
                sql.execute("SHUTDOWN");
            } catch (SQLException e) {
                LOG.warn("the H2 file was not closed before its pool ({}): the pool's last connection closes it",
                        e.getMessage());
                return;
            }
            LOG.info("H2 file closed{} in {} ms", DEFRAG_TRUE.matcher(hikari.getJdbcUrl()).find()
                    ? " and rewritten to its live pages" : "", (System.nanoTime() - started) / 1_000_000);
        }
    }

    private static final Pattern DEFRAG_TRUE = Pattern.compile("(?i);\\s*DEFRAG_ALWAYS\\s*=\\s*TRUE");

    static boolean isH2File(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        return u.startsWith("jdbc:h2:") && !u.startsWith("jdbc:h2:mem:") && !u.startsWith("jdbc:h2:tcp:")
                && !u.startsWith("jdbc:h2:ssl:");
    }

    /**
     * The URL with {@code WRITE_DELAY=0} in place of any write delay it names, and a parsed-statement cache of
     * {@value #STATEMENTS} per connection unless it names one: H2 keeps 8 by default, fewer than an HTTP request's
     * statements with its sign-in, action and answer, so each was parsed again every time (13% of an HTTP action in
     * a profile; about 10% of its time in the benchmark, docs/speed.md). And no result kept for reuse unless it
     * says so: H2 keeps each cached statement's last result whole, to answer the same query again while no table it
     * reads has changed, so every pooled connection held the last result of up to {@value #STATEMENTS} statements
     * (an export's rows, an audit page's) for as long as the tracker ran. A read after a write is never answered
     * from it anyway (in the benchmark the heap in use before the rulings, after the history pages, was 67.1 MB
     * without it against 69.6 to 74.7 in three runs with it). And a file rewritten whole at every clean close
     * ({@code DEFRAG_ALWAYS}): H2 closes it, copies its live pages, compressed, into a new file beside it, syncs that
     * and renames it over the old one (a crash meanwhile leaves the old file, closed cleanly; H2 removes the half
     * copy at the next open). A played file was 4.2 times its events' bytes after a stop with H2's bounded
     * compaction, 1.7 so, for a stop 1.3 s long at 20,000 events (docs/speed.md).
     */
    static String durable(String url) {
        String cached = QUERY_CACHE.matcher(url).find() ? url : url + ";QUERY_CACHE_SIZE=" + STATEMENTS;
        String unkept = REUSE.matcher(cached).find() ? cached : cached + ";OPTIMIZE_REUSE_RESULTS=FALSE";
        String packed = DEFRAG.matcher(unkept).find() ? unkept : unkept + ";DEFRAG_ALWAYS=TRUE";
        return WRITE_DELAY.matcher(packed).replaceAll("") + ";WRITE_DELAY=0";
    }

    private static final Pattern QUERY_CACHE = Pattern.compile("(?i);\\s*QUERY_CACHE_SIZE\\s*=");
    private static final Pattern REUSE = Pattern.compile("(?i);\\s*OPTIMIZE_REUSE_RESULTS\\s*=");
    private static final Pattern DEFRAG = Pattern.compile("(?i);\\s*DEFRAG_ALWAYS\\s*=");
    /** Parsed statements kept per connection: a page or an HTTP action uses a few dozen distinct ones. */
    static final int STATEMENTS = 128;

    /**
     * Hikari asks this about every SQL error on a pooled connection: one that says the database is closed, out of
     * disk space or failed to write is dropped (H2's codes are not among those Hikari drops by itself).
     */
    public static class ClosedDatabase implements SQLExceptionOverride {

        /** H2: database closed (90098), no disk space (90100), I/O errors (90028, 90031), file corrupted (90030). */
        static final Set<Integer> GONE = Set.of(90098, 90100, 90028, 90031, 90030, 90121);

        @java.lang.Override
        public Override adjudicate(SQLException e) {
            for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
                if (t instanceof SQLException sql && GONE.contains(sql.getErrorCode())) {
                    return Override.MUST_EVICT;
                }
            }
            return Override.CONTINUE_EVICT;
        }
    }
}
