package org.wargame.tracker.store;

import jakarta.annotation.PreDestroy;
import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
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
 * emptiest chunks (a bounded amount per run) so that their space is reused, and, once the file holds more free space
 * than the fill rate allows, moves the chunks at its end into the holes and cuts the file short (H2's own
 * background thread does both; rewriting alone left a played file at ten times its events' bytes while it ran,
 * docs/speed.md). Nothing here runs on PostgreSQL.
 */
@Component
public class H2Housekeeping {

    private static final Logger LOG = LoggerFactory.getLogger(H2Housekeeping.class);

    private final DataSource dataSource;
    private final long everyMillis;
    private final int fillRate;
    private final int writeBytes;
    private final long settleMillis;
    private final int quietWriteBytes;
    /** The store's version at the last round: how many commits came between two rounds. */
    private volatile long lastVersion = -1;
    /** Whether the last round found the disk (nearly) full: said once, and once again when it has room. */
    private volatile boolean paused;

    /** A round at least this long is logged: actions waited for it (docs/speed.md). */
    static final long LONG_ROUND_MS = 500;

    /** The smallest round worth writing: below it, the disk is taken as full. */
    static final int LEAST_ROUND = 1 << 20;
    private ScheduledExecutorService executor;

    /**
     * Commits (store versions, each commit one, the rounds' own writes a few) between two rounds at most for the
     * tracker to count as quiet: a table's pace is a few a second, a flood hundreds.
     */
    static final int QUIET_VERSIONS = 30;

    @Autowired
    public H2Housekeeping(DataSource dataSource, @Value("${tracker.h2.compact-every-ms:1000}") long everyMillis,
                          @Value("${tracker.h2.fill-rate:80}") int fillRate,
                          @Value("${tracker.h2.compact-write-bytes:4194304}") int writeBytes,
                          @Value("${tracker.h2.compact-write-bytes-quiet:67108864}") int quietWriteBytes,
                          @Value("${tracker.h2.settle-at-stop-ms:5000}") long settleMillis) {
        this.dataSource = dataSource;
        this.settleMillis = settleMillis;
        this.everyMillis = everyMillis;
        this.fillRate = fillRate;
        this.writeBytes = writeBytes;
        this.quietWriteBytes = Math.max(writeBytes, quietWriteBytes);
    }

    H2Housekeeping(DataSource dataSource, long everyMillis, int fillRate, int writeBytes, long settleMillis) {
        this(dataSource, everyMillis, fillRate, writeBytes, writeBytes * 16, settleMillis);
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

    /**
     * At the tracker's stop, before H2 closes the file: unless H2 is to rewrite the file whole at its close (the
     * tracker's URL, {@link DurableDataSource}), rounds of {@link #compact()} while there is still space to give
     * back, for at most {@code tracker.h2.settle-at-stop-ms} (H2's own compaction at close, bounded by the URL's
     * {@code MAX_COMPACT_TIME}, left a played file at five times its events' bytes). A chunk that died within the
     * URL's {@code RETENTION_TIME} is kept, so a round that could give nothing back waits a little for it (three
     * times at most in a row).
     */
    @PreDestroy
    public void stop() {
        if (executor != null) {
            // no interrupt: a thread interrupted inside a file operation closes H2's file channel under it
            // (ClosedByInterruptException), and H2 then closes the whole database; the round under way ends by itself
            executor.shutdown();
            try {
                executor.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (defragmentsAtClose()) {
            return; // H2 rewrites the whole file at its close (DurableDataSource): rounds now would be thrown away
        }
        long deadline = System.nanoTime() + settleMillis * 1_000_000L;
        MVStore store = store();
        long size = store == null ? 0 : store.getFileStore().size();
        int idle = 0; // rounds in a row that gave nothing back: three, and what is left is not worth the wait
        try {
            while (settleMillis > 0 && store != null && System.nanoTime() < deadline && !store.isClosed()
                    && idle < 3 && compact()) {
                long now = store.getFileStore().size();
                if (now >= size) {
                    idle++;
                    Thread.sleep(200);
                } else {
                    idle = 0;
                }
                size = Math.min(size, now);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One round: rewrite up to {@code writeBytes} of the emptiest chunks while they are under the fill rate, then,
     * while less of the file than the fill rate is in use, move up to {@code writeBytes} of chunks from its end into
     * free space nearer its start, which lets H2 truncate the file. When few commits came since the last round (a
     * table's pace, or nobody playing) a round may write {@code tracker.h2.compact-write-bytes-quiet}: a file a
     * flood left at ten times its live pages was cut short only after 15 to 30 s of idle rounds of 4 MB (H2 cuts
     * the file only once the chunks at its end are moved, and it picks them among all chunks), within 10 s so
     * (docs/speed.md); a round holds H2's store for its writes, which a flood's actions would wait on.
     *
     * @return whether the round found the chunks or the file under the fill rate
     */
    boolean compact() {
        try {
            MVStore store = store();
            if (store == null || store.isClosed()) {
                return false;
            }
            long version = store.getCurrentVersion();
            boolean quiet = lastVersion >= 0 && version - lastVersion <= QUIET_VERSIONS;
            int budget = budget(quiet ? quietWriteBytes : writeBytes, usableBytes(store));
            if (budget == 0) {
                if (!paused) {
                    LOG.warn("H2 housekeeping paused: the disk holding the file is (nearly) full");
                }
                paused = true;
                return false;
            }
            if (paused) {
                LOG.info("H2 housekeeping resumed: the disk has room again");
            }
            paused = false;
            boolean work = false;
            long began = System.nanoTime();
            if (store.getFileStore().getChunksFillRate() < fillRate) {
                store.compact(fillRate, budget);
                work = true;
            }
            long rewritten = System.nanoTime();
            if (store.getFileStore() instanceof RandomAccessStore file && file.getFillRate() < fillRate) {
                file.compactMoveChunks(fillRate, budget, store);
                work = true;
            }
            long took = (System.nanoTime() - began) / 1_000_000;
            if (took >= LONG_ROUND_MS) { // H2 holds its store through each call: a commit meanwhile waited
                LOG.info("H2 housekeeping: a round of {} MB held the file {} ms ({} ms rewriting, {} ms moving)",
                        budget >> 20, took, (rewritten - began) / 1_000_000, (System.nanoTime() - rewritten)
                                / 1_000_000);
            }
            lastVersion = store.getCurrentVersion();
            return work;
        } catch (RuntimeException e) {
            LOG.warn("H2 housekeeping: {}", e.toString());
            return false;
        }
    }

    /**
     * What a round may write, given the bytes free on the file's disk: a quarter of them at most (a round writes its
     * live pages anew before the old chunks are freed, and a move copies chunks before their old place is), none
     * under {@value #LEAST_ROUND} bytes. On a full disk every round's write failed, each leaving H2 a partly
     * written chunk, and after one such disk the file opened again refused to load ("Double mark": two chunks
     * claimed one block), with the housekeeping's writes among the failed ones (seen once in CI).
     */
    static int budget(int planned, long usable) {
        long room = usable / 4;
        return room < LEAST_ROUND ? 0 : (int) Math.min(planned, room);
    }

    private static long usableBytes(MVStore store) {
        try {
            String name = store.getFileStore().getFileName();
            return java.nio.file.Files.getFileStore(java.nio.file.Path.of(name)).getUsableSpace();
        } catch (java.io.IOException | RuntimeException e) {
            return Long.MAX_VALUE; // a file the disk cannot be asked about: rounds as before
        }
    }

    /** Whether H2 rewrites the file whole at its clean close ({@code DEFRAG_ALWAYS}, which the tracker sets). */
    boolean defragmentsAtClose() {
        Database database = fileDatabase();
        return database != null && database.getSettings().defragAlways;
    }

    /** The MVStore of the H2 file database behind the data source, or null (PostgreSQL, in-memory H2). */
    MVStore store() {
        Database database = fileDatabase();
        return database == null ? null : database.getStore().getMvStore();
    }

    /** The H2 file database behind the data source, or null (PostgreSQL, in-memory H2). */
    private Database fileDatabase() {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.isWrapperFor(JdbcConnection.class)
                    || !(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)
                    || !session.getDatabase().isPersistent()) {
                return null;
            }
            return session.getDatabase();
        } catch (SQLException e) {
            return null;
        }
    }
}
