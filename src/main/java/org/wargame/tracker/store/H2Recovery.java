package org.wargame.tracker.store;

import com.zaxxer.hikari.HikariDataSource;
import jakarta.annotation.PreDestroy;
import org.h2.engine.Database;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * After H2 failed to write (a full disk), it closes the database and every connection of the pool answers "the
 * database has been closed" until the process restarts. Every second this looks at the H2 file last synced: once it
 * is closed, its files are released ({@code shutdownImmediately}) and the pool drops its connections, so that the
 * next connection opens the file again; while the disk is still full that fails and writes answer 503, and once
 * space returns the tracker carries on without a restart. The next start then looks through the file for rows of
 * unfinished transactions ({@link H2Leftovers}), whatever its header says. Nothing here runs on PostgreSQL.
 */
@Component
public class H2Recovery {

    private static final Logger LOG = LoggerFactory.getLogger(H2Recovery.class);

    private final DurableCommits commits;
    private final DataSource dataSource;
    private ScheduledExecutorService executor;
    /** The mark that makes the next start look through the file (H2Leftovers), until it could be written. */
    private volatile Path lookAtNextStart;

    public H2Recovery(DurableCommits commits, DataSource dataSource) {
        this.commits = commits;
        this.dataSource = dataSource;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "h2-recovery");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        if (executor != null) {
            executor.shutdown(); // no interrupt: one inside H2's file operation would close the database
        }
    }

    void check() {
        Path mark = lookAtNextStart;
        if (mark != null) {
            try { // on a disk still full this may fail: tried again every second
                Files.write(mark, new byte[0]);
                lookAtNextStart = null;
            } catch (IOException e) {
                LOG.debug("H2 recovery: the look-through mark not written yet: {}", e.toString());
            }
        }
        try {
            Database database = commits.database();
            if (database == null) {
                return;
            }
            MVStore store = database.getStore().getMvStore();
            if (!store.isClosed() && store.getPanicException() == null) {
                return;
            }
            if (database.isClosing() && store.getPanicException() == null) {
                // closed on purpose (SHUTDOWN: the stop's, an operator's), not by a failed write: its store counts
                // as closed while H2 rewrites the file, and releasing it then cut the rewrite short, leaving the
                // file at its running size (a benchmark's stop: 4.9 times the events' bytes where 1.6 was usual)
                return;
            }
            commits.forget(database);
            // the file is opened again while requests go on, too late to look through it (H2Leftovers): the next
            // start does, even after a clean close, since leftovers of the failed write stay in it until then
            if (database.getDatabasePath() != null) {
                lookAtNextStart = Path.of(database.getDatabasePath() + ".mv.db" + H2Leftovers.LOOKING_THROUGH)
                        .toAbsolutePath();
            }
            LOG.warn("H2 closed its database after a failed write ({}); releasing it so that it is opened again",
                    store.getPanicException() == null ? "closed" : store.getPanicException().getMessage());
            try {
                database.shutdownImmediately();
            } catch (RuntimeException e) {
                LOG.warn("H2 recovery: {}", e.toString());
            }
            if (dataSource instanceof HikariDataSource hikari && hikari.getHikariPoolMXBean() != null) {
                hikari.getHikariPoolMXBean().softEvictConnections();
            }
        } catch (RuntimeException e) {
            LOG.warn("H2 recovery: {}", e.toString());
        }
    }
}
