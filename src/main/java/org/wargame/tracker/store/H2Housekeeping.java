package org.wargame.tracker.store;

import jakarta.annotation.PreDestroy;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the embedded H2 file small. The tracker runs H2 with {@code WRITE_DELAY=0}, so that every commit is written
 * to the file before the action is answered (it survives {@code kill -9}); H2 then stores one chunk per commit and
 * stops its own background thread, which is what rewrites half-empty chunks. Without it the file grows with every
 * commit. This does that work instead: every {@code tracker.h2.compact-every-ms} it rewrites the live pages of the
 * emptiest chunks (a bounded amount per run) so that their space is reused. Nothing here runs on PostgreSQL.
 */
@Component
public class H2Housekeeping {

    private static final Logger LOG = LoggerFactory.getLogger(H2Housekeeping.class);

    private final DataSource dataSource;
    private final long everyMillis;
    private final int fillRate;
    private final int writeBytes;
    private ScheduledExecutorService executor;

    public H2Housekeeping(DataSource dataSource, @Value("${tracker.h2.compact-every-ms:1000}") long everyMillis,
                          @Value("${tracker.h2.fill-rate:80}") int fillRate,
                          @Value("${tracker.h2.compact-write-bytes:4194304}") int writeBytes) {
        this.dataSource = dataSource;
        this.everyMillis = everyMillis;
        this.fillRate = fillRate;
        this.writeBytes = writeBytes;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        if (everyMillis <= 0 || store() == null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "h2-housekeeping");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::compact, everyMillis, everyMillis, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }

    /** One round: rewrite up to {@code writeBytes} of the emptiest chunks while they are under the fill rate. */
    void compact() {
        try {
            MVStore store = store();
            if (store != null && !store.isClosed() && store.getFileStore().getChunksFillRate() < fillRate) {
                store.compact(fillRate, writeBytes);
            }
        } catch (RuntimeException e) {
            LOG.warn("H2 housekeeping: {}", e.toString());
        }
    }

    /** The MVStore of the H2 file database behind the data source, or null (PostgreSQL, in-memory H2). */
    MVStore store() {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.isWrapperFor(JdbcConnection.class)) {
                return null;
            }
            if (!(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)
                    || !session.getDatabase().isPersistent()) {
                return null;
            }
            return session.getDatabase().getStore().getMvStore();
        } catch (SQLException e) {
            return null;
        }
    }
}
