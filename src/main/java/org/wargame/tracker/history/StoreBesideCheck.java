package org.wargame.tracker.history;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.EventTables.ChainedEvent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * On PostgreSQL, an import's rows stored while its check reads on (issue 24, item 5: the import took its check and
 * then its store, about 0.55 of the database's own batch insert of the same rows). One transaction on a thread of its
 * own takes the rows the check has spooled, {@value #STEP} at a time, and commits only once the whole file is checked
 * and folded, with the clock rows that fold made, the journal's rows (already marked stored: the events and the
 * journal commit together) and the file's accounts, seeds and kept contents ({@link #commit}). A refusal of the
 * file, or a crash, rolls it all back: nothing of the file was ever visible, and nothing is left to settle. Should
 * the storing itself fail before the end (a fault of the database, an event the tracker holds already under another
 * stream's name), the transaction is rolled back and the import stores the file in batches after the check, as on H2,
 * which then refuses it in the same words as before. H2, whose commit grows faster than its transaction, keeps those
 * batches.
 */
final class StoreBesideCheck implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StoreBesideCheck.class);

    /** Rows handed over, and appended, at a time (fewer when the import's batches are smaller). */
    static final int STEP = 1_000;

    /** The work of the transaction's end, run on its thread once every row is appended. */
    private record Finish(Supplier<int[]> work) {
    }

    private static final Object ABORT = new Object();

    private final EventTables tables;
    private final Path spool;
    private final TransactionTemplate transactions;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final int step;
    private long written;
    private long handed;
    private volatile boolean finishing;

    // the store's side, read after the thread ended
    private volatile RuntimeException storeFailed;
    private volatile RuntimeException finishFailed;
    private volatile int[] result;
    private volatile long stored;

    StoreBesideCheck(EventTables tables, Path spool, TransactionTemplate transactions, int step) {
        this.step = Math.max(1, Math.min(step, STEP));
        this.tables = tables;
        this.spool = spool;
        this.transactions = transactions;
        this.thread = new Thread(this::store, "history-import-store");
        thread.setDaemon(true);
        thread.start();
    }

    /** The check spooled a row; every step's rows the writer is flushed and they are handed over (then true). */
    boolean row(CheckedRows.Writer rows) throws IOException {
        if (++written - handed == step) {
            hand(rows);
            return true;
        }
        return false;
    }

    /** The check has read the whole file: the rest handed over. */
    void checked(CheckedRows.Writer rows) throws IOException {
        hand(rows);
    }

    private void hand(CheckedRows.Writer rows) throws IOException {
        if (written > handed && storeFailed == null) {
            rows.flush(); // the store reads the rows from the file
            handed = written;
            queue.add(handed);
        }
    }

    /** How many rows the transaction holds so far. */
    long stored() {
        return stored;
    }

    /**
     * Runs {@code work} in the transaction once every handed row is appended, and commits: its answer, or its failure
     * thrown (then nothing is stored). Null when the storing failed before: nothing is stored, and the caller stores
     * the file in batches.
     */
    int[] commit(Supplier<int[]> work) throws InterruptedException {
        finishing = true;
        queue.add(new Finish(work));
        thread.join();
        if (storeFailed != null) {
            LOG.info("history import: the rows stored beside the check were rolled back ({}); the file is stored in "
                    + "batches after it", org.springframework.core.NestedExceptionUtils.getMostSpecificCause(
                            storeFailed).getMessage().lines().findFirst().orElse(""));
            return null;
        }
        if (finishFailed != null) {
            throw finishFailed;
        }
        return result;
    }

    /** Rolls the transaction back unless it committed (the check refused the file, or failed). */
    @Override
    public void close() {
        if (!finishing) {
            queue.add(ABORT);
        }
        try {
            thread.join(TimeUnit.MINUTES.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Thrown inside the transaction to roll it back. */
    private static final class RolledBack extends RuntimeException {
        RolledBack(String why) {
            super(why, null, false, false);
        }
    }

    private void store() {
        try {
            result = transactions.execute(status -> {
                try (CheckedRows.Reader rows = new CheckedRows.Reader(spool)) {
                    List<ChainedEvent> batch = new ArrayList<>(step);
                    long read = 0;
                    while (true) {
                        Object message = queue.take();
                        if (message instanceof Long upTo) {
                            try {
                                for (; read < upTo; read++) {
                                    batch.add(rows.next().row());
                                }
                                tables.append(batch);
                            } catch (IOException | RuntimeException e) {
                                storeFailed = e instanceof RuntimeException r ? r
                                        : new IllegalStateException(e.getMessage(), e);
                                throw new RolledBack("storing failed");
                            }
                            stored = read;
                            batch.clear();
                        } else if (message instanceof Finish finish) {
                            try {
                                return finish.work().get();
                            } catch (RuntimeException e) {
                                finishFailed = e;
                                throw new RolledBack("its end failed");
                            }
                        } else {
                            throw new RolledBack("the file was refused");
                        }
                    }
                } catch (IOException e) {
                    storeFailed = new IllegalStateException(e.getMessage(), e);
                    throw new RolledBack("the spool could not be read");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RolledBack("interrupted");
                }
            });
        } catch (RolledBack e) {
            // rolled back as it says; what failed, if anything, is kept above
        } catch (RuntimeException e) { // the commit itself
            if (finishing && finishFailed == null && storeFailed == null) {
                finishFailed = e;
            } else if (storeFailed == null && finishFailed == null) {
                storeFailed = e;
            }
        }
    }
}
