package org.wargame.tracker.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A fresh, empty schema per measurement in the PostgreSQL database the benchmark is given ({@code -Dbench.postgres}:
 * a JDBC URL, default the local {@code tracker_bench} that docs/production/create-database.sh makes with
 * TRACKER_DB_NAME=tracker_bench; {@code -Dbench.postgres.user}, {@code -Dbench.postgres.password}, default tracker),
 * so that a tracker started on it migrates its own tables; dropped afterwards. Null when PostgreSQL is not reachable:
 * the benchmark then skips its PostgreSQL rows with a note.
 */
record PostgresSchemas(String url, String user, String password) {

    static PostgresSchemas reachable() {
        PostgresSchemas p = new PostgresSchemas(System.getProperty("bench.postgres",
                "jdbc:postgresql://localhost:5432/tracker_bench"), System.getProperty("bench.postgres.user", "tracker"),
                System.getProperty("bench.postgres.password", "tracker"));
        try (Connection c = DriverManager.getConnection(p.url(), p.user(), p.password())) {
            return c.isValid(2) ? p : null;
        } catch (SQLException e) {
            return null;
        }
    }

    /** Creates an empty schema; its URL (the database's with {@code currentSchema} and {@code extra} settings). */
    String fresh(String name, String extra) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.execute("create schema " + name);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + name + extra;
    }

    static String name() {
        return "bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    void drop(String name) {
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + name + " cascade");
        } catch (SQLException e) {
            System.out.println("benchmark: could not drop schema " + name + ": " + e.getMessage());
        }
    }
}
