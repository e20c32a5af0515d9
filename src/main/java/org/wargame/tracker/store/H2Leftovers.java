package org.wargame.tracker.store;

import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.index.Index;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.db.MVIndex;
import org.h2.mvstore.db.MVTable;
import org.h2.mvstore.tx.Transaction;
import org.h2.mvstore.tx.TransactionStore;
import org.h2.schema.Schema;
import org.h2.table.Table;
import org.h2.value.VersionedValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Rows H2 kept of a transaction that never committed, rolled back when the file is opened after the process stopped
 * without closing it ({@code kill -9}, a crash, a power cut).
 * <p>
 * H2 writes a chunk of its file at every commit, and with it whatever other transactions have written so far, each
 * change marked with its transaction and an undo record beside it, so that opening the file again rolls those
 * transactions back. The maps of a chunk are taken one after another while other transactions go on writing, so a
 * chunk can hold a row without its undo record; H2 calls such a row a "leftover after unclean shutdown" (its
 * {@code TxDecisionMaker}) and rolls it back only when a later write meets the same key. Until then a transaction
 * that happens to get the same slot number reads the row as its own: after a {@code kill -9}, one action that was
 * never acknowledged showed its event in the store without its chain link or read model (CrashRecoveryTest, once in
 * about a hundred kills). This rolls every such row back to its last committed value before anything else reads the
 * file, as H2's own next write to it would.
 */
final class H2Leftovers {

    private static final Logger LOG = LoggerFactory.getLogger(H2Leftovers.class);

    private H2Leftovers() {
    }

    /**
     * At the start, before anything else has the data source: looks through the file unless H2 closed it cleanly
     * ({@link #closedCleanly}) and no look-through was left unfinished. A mark beside the file says one is under
     * way: H2 itself marks a file clean while opening one whose header is behind its last chunk, so a start stopped
     * between that open and this roll back's commit would otherwise leave a clean-looking file with its leftovers.
     * A new file, a restored backup (a copy of a running file) and one left by a crash have no clean mark.
     */
    static void atStart(String url, String user, String password, DataSource dataSource) {
        Path file = databaseFile(url, user, password);
        Path pending = file == null ? null : file.resolveSibling(file.getFileName() + LOOKING_THROUGH);
        if (file != null && closedCleanly(file) && !Files.exists(pending)) {
            LOG.info("H2 file closed cleanly: no rows of unfinished transactions to look for");
            return;
        }
        try {
            if (pending != null && Files.exists(file)) {
                Files.write(pending, new byte[0]);
                syncFolder(pending.getParent());
            }
            if (rollBack(dataSource, false) && pending != null) {
                Files.deleteIfExists(pending);
                syncFolder(pending.getParent());
            }
        } catch (IOException e) {
            // without the mark the file is looked through all the same; only a later start may skip it wrongly
            LOG.warn("H2 file: the mark of a look-through under way: {}", e.toString());
            rollBack(dataSource, false);
        }
    }

    /** The mark beside the H2 file while it is being looked through. */
    static final String LOOKING_THROUGH = ".looking-through";

    /** The H2 file ({@code <name>.mv.db}) the URL opens, as H2 resolves it; null when it cannot say. */
    static Path databaseFile(String url, String user, String password) {
        try {
            String name = new org.h2.engine.ConnectionInfo(url, new Properties(), user,
                    password == null ? "" : password).getName();
            return Path.of(name + ".mv.db").toAbsolutePath();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether H2 closed the file cleanly: both copies of its header (the first two 4 KB blocks, plain text such as
     * {@code H:2,block:1329,blockSize:1000,chunk:3df,clean:1,...}) carry {@code clean:1}, which a clean close writes
     * and the first chunk written after an open removes (H2's FileStore). Anything else, or a file that cannot be
     * read, counts as not clean.
     */
    static boolean closedCleanly(Path file) {
        byte[] head = new byte[2 * 4096];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, head.length) < head.length) {
                return false;
            }
        } catch (IOException e) {
            return false;
        }
        for (int block = 0; block < 2; block++) {
            String header = new String(head, block * 4096, 4096, StandardCharsets.ISO_8859_1);
            if (!header.startsWith("H:2,") || !header.contains(",clean:1,")) {
                return false;
            }
        }
        return true;
    }

    private static void syncFolder(Path folder) throws IOException {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /**
     * Opens the file through {@code dataSource} (H2 rolls back the transactions it has undo records of) and rolls
     * back the rows left without one, saying so in the log. Only before anything else uses the data source: a
     * transaction that began after the open ones were listed would look like a leftover. (So not when H2Recovery
     * opens the file again after a full disk while requests go on: the next start looks through it.)
     *
     * @param quiet whether to say nothing when the database cannot be reached (a caller trying every second)
     * @return false when the database could not be reached (the caller may try again)
     */
    static boolean rollBack(DataSource dataSource, boolean quiet) {
        long start = System.nanoTime();
        try (Connection connection = dataSource.getConnection()) {
            Map<String, Integer> found = rollBack(connection);
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (found.isEmpty()) {
                LOG.info("H2 file looked through for rows of unfinished transactions in {} ms: none", millis);
            } else {
                int rows = found.values().stream().mapToInt(Integer::intValue).sum();
                LOG.warn("H2 file: {} of a transaction that never committed (the process stopped while it was "
                        + "writing; nothing of it was acknowledged) rolled back in {} ms: {}",
                        rows == 1 ? "1 row" : rows + " rows", millis, found);
            }
            return true;
        } catch (SQLException | RuntimeException e) {
            if (quiet) {
                return false;
            }
            LOG.warn("H2 file: could not look for rows of unfinished transactions: {}", e.toString());
            return false;
        }
    }

    /**
     * Rolls back every row of every table and index marked with a transaction that is not open (none is, right
     * after the file was opened, but the caller's own), then writes and syncs the file.
     *
     * @return the rows rolled back, by table and index, in the order found (empty when there were none)
     */
    static Map<String, Integer> rollBack(Connection connection) throws SQLException {
        if (!connection.isWrapperFor(JdbcConnection.class)
                || !(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)
                || !session.getDatabase().isPersistent()) {
            return Map.of();
        }
        Database database = session.getDatabase();
        TransactionStore transactions = database.getStore().getTransactionStore();
        Set<Integer> open = new HashSet<>();
        for (Transaction t : transactions.getOpenTransactions()) {
            open.add(t.getId());
        }
        Map<String, Integer> found = new LinkedHashMap<>();
        for (Schema schema : database.getAllSchemas()) {
            for (Table table : schema.getAllTablesAndViews(session)) {
                if (!(table instanceof MVTable)) {
                    continue;
                }
                for (Index index : table.getIndexes()) {
                    if (index instanceof MVIndex<?, ?> mv) {
                        int n = rollBack(mv.getMVMap(), open);
                        if (n > 0) {
                            found.put(table.getName() + " (" + index.getName() + ")", n);
                        }
                    }
                }
            }
        }
        if (!found.isEmpty()) {
            MVStore store = database.getStore().getMvStore();
            store.commit();
            store.sync();
        }
        return found;
    }

    /** The transaction slot of an operation id (H2 keeps the log id in its low 40 bits: {@code Transaction}). */
    static int transactionOf(long operationId) {
        return (int) (operationId >>> 40);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <K, V> int rollBack(MVMap<K, VersionedValue<V>> map, Set<Integer> open) {
        List<Map.Entry<K, VersionedValue<V>>> leftovers = new ArrayList<>();
        for (Map.Entry<K, VersionedValue<V>> entry : map.entrySet()) {
            long operation = entry.getValue().getOperationId();
            if (operation != 0 && !open.contains(transactionOf(operation))) {
                leftovers.add(Map.entry(entry.getKey(), entry.getValue()));
            }
        }
        for (Map.Entry<K, VersionedValue<V>> leftover : leftovers) {
            V committed = leftover.getValue().getCommittedValue();
            if (committed == null) {
                map.remove(leftover.getKey()); // a row inserted by the transaction: it never was
            } else {
                // an H2 value (a row, an index entry) is its own committed version
                map.put(leftover.getKey(), (VersionedValue) committed);
            }
        }
        return leftovers.size();
    }
}
