package org.wargame.tracker.store;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Where the tracker's two databases (H2, embedded; PostgreSQL, production) need different SQL: the one place that
 * says so. Everything else is written in the SQL both accept.
 */
public enum Dialect {
    H2, POSTGRESQL;

    /** The database behind {@code jdbc}, by its product name. */
    public static Dialect of(JdbcTemplate jdbc) {
        String product = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        return product != null && product.toLowerCase().contains("postgres") ? POSTGRESQL : H2;
    }

    /**
     * The isolation level at which one transaction reads one snapshot of the whole database: H2's own SNAPSHOT
     * (org.h2.engine.Constants.TRANSACTION_SNAPSHOT), PostgreSQL's REPEATABLE READ.
     */
    int snapshotIsolation() {
        return this == POSTGRESQL ? java.sql.Connection.TRANSACTION_REPEATABLE_READ : 6;
    }

    /** The next value of a sequence, in an expression. */
    String nextValue(String sequence) {
        return this == POSTGRESQL ? "nextval('" + sequence + "')" : "next value for " + sequence;
    }

    /**
     * An insert that does nothing when a row with the same key is there already (derived rows another writer may
     * have written first). Its update count does not say who wrote the row: H2's MERGE answers 1 for a row that was
     * there already.
     */
    public String insertOnce(String table, String columns, String key) {
        int values = columns.split(",").length;
        String marks = String.join(", ", java.util.Collections.nCopies(values, "?"));
        return this == POSTGRESQL
                ? "insert into " + table + " (" + columns + ") values (" + marks + ") on conflict do nothing"
                : "merge into " + table + " (" + columns + ") key (" + key + ") values (" + marks + ")";
    }

    /**
     * A table read by the named index: H2's planner, weighing a scenario's rows without statistics, took the primary
     * key's (scenario, sequence) range over the (scenario, kind, sequence) one and read every row of the scenario;
     * PostgreSQL chooses by its statistics.
     */
    String byIndex(String table, String index) {
        return this == POSTGRESQL ? table : table + " use index (" + index + ")";
    }

    /**
     * Whether a command takes its stream's lock before it reads the stream (held until its transaction ends): on
     * PostgreSQL several instances may act on one scenario, and the second waits, then decides on what the first
     * stored, instead of deciding too and losing the unique key on (stream, sequence); on H2 one instance owns the
     * database. The lock is taken in {@code tracker_guard} (migration V28) with its head, in the two-key form, in a
     * key space of its own (the first key) clear of other advisory locks.
     */
    boolean locksStreams() {
        return this == POSTGRESQL;
    }
}
