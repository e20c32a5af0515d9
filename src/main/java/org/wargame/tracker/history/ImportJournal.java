package org.wargame.tracker.history;

import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.store.Dialect;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.Quarantine;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a crash leaves of a history import, settled. On H2 an import is stored in batches, each its own transaction
 * ({@link HistoryImport}), so a {@code kill -9} or a power cut between two leaves part of a campaign that no page
 * lists, no one can finish, and whose file the tracker then refuses ("already exists"). Before its first batch the
 * import writes one row per stream of its file into {@code history_import} (migration V29) and commits them; its last
 * batch's transaction marks them stored (with that batch go the file's accounts, dice seeds and kept contents); they
 * are removed once its read models are built. On PostgreSQL the events are stored in one transaction
 * ({@link StoreBesideCheck}) that writes the rows already marked stored: a crash before its commit leaves nothing,
 * one after it leaves the read models to build. At every start, before anything is served, and before every import,
 * the rows left are settled: an import whose last batch never committed is removed, every row it wrote (events, chain
 * links, clock rows, snapshots, read models); one whose last batch committed has its read models built, as a rebuild
 * builds them. Either way the file can be sent again (removed) or is there whole (built), and the log says which.
 * <p>
 * With several trackers on one PostgreSQL database, an import holds a session advisory lock for its whole length, one
 * for all imports (so one import runs at a time across the trackers, as within one): a tracker that starts while
 * another imports cannot take it and leaves the journal alone; a crashed importer's session ends and with it its
 * lock. H2 is opened by one tracker only.
 */
@Component
class ImportJournal implements SmartInitializingSingleton {

    private static final Logger LOG = LoggerFactory.getLogger(ImportJournal.class);
    /** The first key of the import lock: its own key space, clear of the stream guard's (migration V28). */
    private static final int IMPORT_LOCK = 1952539500;

    private final JdbcTemplate jdbc;
    private final DataSource dataSource;
    private final TransactionTemplate transactions;
    private final EventTables tables;
    private final ReadModelRebuild rebuild;
    private final Quarantine quarantine;
    private volatile Dialect dialect;

    ImportJournal(JdbcTemplate jdbc, DataSource dataSource, PlatformTransactionManager transactionManager,
                  EventTables tables, ReadModelRebuild rebuild, Quarantine quarantine) {
        this.jdbc = jdbc;
        this.dataSource = dataSource;
        this.transactions = new TransactionTemplate(transactionManager);
        this.tables = tables;
        this.rebuild = rebuild;
        this.quarantine = quarantine;
    }

    /** The rows of a stream's read models (constants, never input). */
    static final String[][] READ_MODELS = {{"campaign_member", "campaign_id"},
            {"campaign_view", "campaign_id"}, {"scenario_part", "scenario_id"}, {"scenario_view", "scenario_id"},
            {"scenario_checkpoint", "scenario_id"}, {"counter_line", "stream_id"}, {"counter_line_mark", "stream_id"}};

    /** At the start, before the web server takes a request: what a crash left of an import, settled. */
    @Override
    public void afterSingletonsInstantiated() {
        try (Turn turn = turn(false)) {
            if (turn == null) {
                LOG.info("history imports: another tracker is importing; what it journalled is left to it");
            }
        }
    }

    /**
     * The right to import, held until closed: on PostgreSQL the import lock on a connection of its own; what earlier
     * imports left is settled first. {@code refuse}: a lock held elsewhere is refused with 409; otherwise null.
     */
    Turn turn(boolean refuse) {
        Connection lock = null;
        if (shared()) {
            try {
                lock = dataSource.getConnection();
                lock.setAutoCommit(true);
                if (!tryLock(lock)) {
                    lock.close();
                    if (refuse) {
                        throw new Conflict("another history import is running on another instance of this "
                                + "tracker; try again when it is done");
                    }
                    return null;
                }
            } catch (SQLException e) {
                close(lock);
                throw new IllegalStateException("the import lock could not be taken: " + e.getMessage(), e);
            }
        }
        Turn turn = new Turn(lock);
        try {
            settle();
        } catch (RuntimeException e) {
            turn.close();
            throw e;
        }
        return turn;
    }

    /** Whether several trackers may share the database (PostgreSQL), so that another one's import may be left. */
    boolean shared() {
        if (dialect == null) {
            dialect = Dialect.of(jdbc);
        }
        return dialect == Dialect.POSTGRESQL;
    }

    private static boolean tryLock(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_try_advisory_lock(" + IMPORT_LOCK + ", 0)")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static void close(Connection lock) {
        if (lock == null) {
            return;
        }
        // the pool keeps the session, and a session keeps its lock: unlocked before it goes back; should that fail,
        // the connection is broken and its session, with the lock, is gone
        try (Statement s = lock.createStatement()) {
            s.execute("select pg_advisory_unlock(" + IMPORT_LOCK + ", 0)");
        } catch (SQLException e) {
            LOG.warn("import lock: could not unlock ({}); the connection is closed", e.getMessage());
        }
        try {
            lock.close();
        } catch (SQLException e) {
            LOG.warn("import lock: could not close its connection ({})", e.getMessage());
        }
    }

    /** One stream of a file being imported: its id and type, in the file's order. */
    record Entry(String stream, String type) {
    }

    /** The right to import (see {@link #turn}); its journal rows written, marked and removed through it. */
    final class Turn implements AutoCloseable {
        private final Connection lock;
        private final String importId = UUID.randomUUID().toString();

        private Turn(Connection lock) {
            this.lock = lock;
        }

        /** Journals the file's streams and commits, before its first batch of events. */
        void begin(String campaignId, List<Entry> streams) {
            Timestamp now = Timestamp.from(Instant.now());
            List<Object[]> rows = new ArrayList<>(streams.size());
            for (int i = 0; i < streams.size(); i++) {
                rows.add(new Object[] {streams.get(i).stream(), streams.get(i).type(), importId, campaignId, i, false,
                        now});
            }
            transactions.executeWithoutResult(status -> jdbc.batchUpdate("insert into history_import (stream_id, "
                    + "stream_type, import_id, campaign_id, position, stored, started_at) values (?, ?, ?, ?, ?, ?, ?)",
                    rows));
        }

        /** In the last batch's transaction: every event of the file is stored with it. */
        void stored() {
            jdbc.update("update history_import set stored = ? where import_id = ?", true, importId);
        }

        /** The import is whole, read models included: its journal rows go. */
        void finished() {
            transactions.executeWithoutResult(status -> jdbc.update("delete from history_import where import_id = ?",
                    importId));
        }

        /**
         * The compensating removal, in the caller's transaction, of every row of the file's streams and of its
         * journal rows.
         */
        void remove(Collection<String> streams) {
            removeStreams(streams);
            jdbc.update("delete from history_import where import_id = ?", importId);
        }

        @Override
        public void close() {
            ImportJournal.close(lock);
        }
    }

    private void removeStreams(Collection<String> streams) {
        for (String stream : streams) {
            tables.removeImported(stream);
            for (String[] table : READ_MODELS) {
                jdbc.update("delete from " + table[0] + " where " + table[1] + " = ?", stream);
            }
        }
    }

    /** A journalled import: its campaign, its streams in the file's order, whether its last batch committed. */
    private record Left(String importId, String campaignId, boolean stored, List<Entry> streams, Instant startedAt) {
    }

    /** Every import the journal holds, each settled: removed, or its read models built. */
    void settle() {
        Map<String, Left> left = new LinkedHashMap<>();
        jdbc.query("select import_id, campaign_id, stored, stream_id, stream_type, started_at from history_import "
                + "order by started_at, import_id, position", rs -> {
                    String id = rs.getString(1);
                    Left l = left.get(id);
                    if (l == null) { // an import's first row names its campaign, state and start
                        l = new Left(id, rs.getString(2), rs.getBoolean(3), new ArrayList<>(),
                                rs.getTimestamp(6).toInstant());
                        left.put(id, l);
                    }
                    l.streams().add(new Entry(rs.getString(4), rs.getString(5)));
                });
        for (Left l : left.values()) {
            long t0 = System.nanoTime();
            if (l.stored()) {
                build(l);
                LOG.warn("history import of {} (storing since {}) was cut short after all its events were stored: "
                        + "the read models of its {} streams built in {} ms; the campaign is there whole",
                        l.campaignId(), l.startedAt(), l.streams().size(), (System.nanoTime() - t0) / 1_000_000);
            } else {
                List<String> streams = l.streams().stream().map(Entry::stream).toList();
                transactions.executeWithoutResult(status -> {
                    removeStreams(streams);
                    jdbc.update("delete from history_import where import_id = ?", l.importId());
                });
                LOG.warn("history import of {} (storing since {}) was cut short while it stored its events: every "
                        + "row of its {} streams removed in {} ms; the file can be imported again", l.campaignId(),
                        l.startedAt(), streams.size(), (System.nanoTime() - t0) / 1_000_000);
            }
        }
    }

    /**
     * The read models of an import whose events are all stored, built as a rebuild builds them; a stream that cannot
     * be folded is held read-only with the reason, as a rebuild holds it (the import had folded it: it should not).
     */
    private void build(Left l) {
        SimpleEventHandlerInvoker projections = rebuild.projections();
        for (Entry stream : l.streams()) {
            try {
                rebuild.rebuild(projections, stream.stream(), stream.type(), n -> { });
            } catch (RuntimeException e) {
                StreamFault fault = StreamFault.of(stream.stream(), e);
                quarantine.hold(stream.stream(), stream.type(), fault.sequence(), fault.reason());
                LOG.error("history import of {}: stream {} cannot be folded at event #{} ({}); it is read-only now",
                        l.campaignId(), stream.stream(), fault.sequence(), fault.reason());
            }
        }
        transactions.executeWithoutResult(status -> jdbc.update("delete from history_import where import_id = ?",
                l.importId()));
    }
}
