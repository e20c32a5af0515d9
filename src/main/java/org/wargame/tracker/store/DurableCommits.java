package org.wargame.tracker.store;

import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A 2xx means on disk: on the embedded H2 file, every transaction that wrote is synced to the disk (the file's
 * {@code fsync}) before its commit returns, and so before any answer. H2 alone only hands each commit to the
 * operating system ({@code WRITE_DELAY=0}: it survives {@code kill -9}, not a power cut or an OS crash).
 * <p>
 * A group commit: each commit takes a ticket once H2 has committed it; one thread at a time writes what H2 still
 * holds in memory and forces the file, covering every ticket taken before it began, so commits waiting meanwhile
 * share the next sync instead of one each. The listener is registered with the transaction manager by Spring Boot;
 * every commit goes through it (Axon's unit of work, {@code @Transactional}, transaction templates). On PostgreSQL it
 * does nothing: the server syncs its log at commit ({@code synchronous_commit}, checked by {@link
 * DurabilityCheck}).
 */
@Component("durableCommits")
public class DurableCommits implements TransactionExecutionListener {

    private final DataSource dataSource;
    private final ReentrantLock syncing = new ReentrantLock();
    private final AtomicLong tickets = new AtomicLong();
    private final AtomicLong syncs = new AtomicLong();
    private volatile long syncedUpTo;
    private volatile boolean h2 = true;
    private volatile MVStore store;
    private volatile Database database;

    public DurableCommits(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void afterCommit(TransactionExecution transaction, Throwable commitFailure) {
        if (commitFailure == null && !transaction.isReadOnly() && h2) {
            awaitSynced();
        }
    }

    /** Returns once everything committed before the call is forced to the disk. */
    public void awaitSynced() {
        long ticket = tickets.incrementAndGet();
        syncing.lock();
        try {
            if (syncedUpTo >= ticket) {
                return; // a sync that began after this commit covered it
            }
            MVStore file = store();
            if (file == null) {
                return;
            }
            long upTo = tickets.get();
            file.commit(); // anything H2 still holds in memory (nothing, with WRITE_DELAY=0)
            file.sync();
            syncs.incrementAndGet();
            syncedUpTo = upTo;
        } finally {
            syncing.unlock();
        }
    }

    /** Syncs of the H2 file since the start. */
    public long syncs() {
        return syncs.get();
    }

    /** Commits covered by those syncs since the start. */
    public long commitsSynced() {
        return syncedUpTo;
    }

    /** The MVStore of the H2 file behind the data source, looked up again after the database was reopened. */
    private MVStore store() {
        MVStore known = store;
        if (known != null && !known.isClosed()) {
            return known;
        }
        // the connection of the transaction just committed, if it is still bound to this thread
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            Database db = h2Database(connection);
            if (db == null) {
                h2 = false;
                return null;
            }
            database = db;
            store = db.getStore().getMvStore();
            return store;
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    /** Drops the database closed under the tracker: the next commit looks up the one opened again. */
    void forget(Database closed) {
        if (database == closed) {
            store = null;
            database = null;
        }
    }

    /** The H2 file database last synced, or null. */
    Database database() {
        return database;
    }

    /** The MVStore of the H2 file database of this connection, or null (PostgreSQL, in-memory H2). */
    static MVStore mvStore(Connection connection) {
        Database db = h2Database(connection);
        return db == null ? null : db.getStore().getMvStore();
    }

    /** The H2 file database of this connection, or null (PostgreSQL, in-memory H2). */
    static Database h2Database(Connection connection) {
        try {
            if (!connection.isWrapperFor(JdbcConnection.class)) {
                return null;
            }
            if (!(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)
                    || !session.getDatabase().isPersistent()) {
                return null;
            }
            return session.getDatabase();
        } catch (SQLException e) {
            throw new org.springframework.dao.DataAccessResourceFailureException("the database is not reachable", e);
        }
    }
}
