package org.wargame.tracker.store;

import org.h2.mvstore.MVStoreException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells a failure of the database to take or keep a write (a full disk, a database closed after an I/O error, no
 * connection to be had) from the tracker's own failures: such a request changed nothing that was acknowledged and
 * can be sent again once the database is back, which the tracker sees by itself ({@link DurableDataSource}).
 */
public final class StoreUnavailable {

    /** H2: I/O errors (90028, 90031), database closed (90098), no disk space (90100), called at shutdown (90121). */
    private static final Set<Integer> H2_CODES = Set.of(90028, 90031, 90098, 90100, 90121);

    private StoreUnavailable() {
    }

    public static boolean is(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 30; t = t.getCause(), depth++) {
            if (t instanceof CannotCreateTransactionException || t instanceof DataAccessResourceFailureException
                    || t instanceof SQLTransientConnectionException || t instanceof MVStoreException) {
                return true;
            }
            if (t instanceof SQLException sql && (H2_CODES.contains(sql.getErrorCode())
                    || (sql.getSQLState() != null && (sql.getSQLState().startsWith("08")
                    || sql.getSQLState().equals("53100") || sql.getSQLState().equals("57P01"))))) {
                return true; // 08: connection failures; PostgreSQL 53100: disk full, 57P01: shut down
            }
            if (t instanceof IOException && t.getMessage() != null && t.getMessage().contains("No space left")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
