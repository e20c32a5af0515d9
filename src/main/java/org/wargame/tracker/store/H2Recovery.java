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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * After H2 failed to write (a full disk), it closes the database and every connection of the pool answers "the
 * database has been closed" until the process restarts. Every second this looks at the H2 file last synced: once it
 * is closed, its files are released ({@code shutdownImmediately}) and the pool drops its connections, so that the
 * next connection opens the file again; while the disk is still full that fails and writes answer 503, and once
 * space returns the tracker carries on without a restart. Nothing here runs on PostgreSQL.
 */
@Component
public class H2Recovery {

    private static final Logger LOG = LoggerFactory.getLogger(H2Recovery.class);

    private final DurableCommits commits;
    private final DataSource dataSource;
    private ScheduledExecutorService executor;

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
        try {
            Database database = commits.database();
            if (database == null) {
                return;
            }
            MVStore store = database.getStore().getMvStore();
            if (!store.isClosed() && store.getPanicException() == null) {
                return;
            }
            commits.forget(database);
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
