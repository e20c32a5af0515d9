package org.wargame.tracker.store;

import org.h2.engine.Database;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A row H2 wrote to its file without the undo record of its transaction (a chunk taken while the transaction was
 * writing, then {@code kill -9}) is read, once the file is opened again, by any transaction that gets the same slot,
 * as its own; {@link H2Leftovers} rolls it back before anything reads the file. The leftover is made here as a torn
 * chunk leaves it: a transaction inserts a row and is left open, its undo log is emptied, the store writes a chunk,
 * and the database is dropped without closing.
 */
class H2LeftoversTest {

    @TempDir
    Path dir;

    private String url() {
        return DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";DB_CLOSE_ON_EXIT=FALSE");
    }

    @Test
    void aRowWithoutItsUndoRecordIsSeenByItsSlotUntilRolledBack() throws Exception {
        try (Connection setup = DriverManager.getConnection(url(), "sa", "")) {
            try (Statement s = setup.createStatement()) {
                s.execute("create table event(id bigint primary key, stream varchar(40), payload varchar(100))");
                s.execute("create index event_stream on event(stream)");
                s.execute("insert into event values (1, 'scenario', 'acknowledged')");
            }
            Connection torn = DriverManager.getConnection(url(), "sa", "");
            torn.setAutoCommit(false);
            try (Statement s = torn.createStatement()) {
                s.execute("insert into event values (2, 'scenario', 'never acknowledged')");
                s.execute("update event set payload = 'changed, never acknowledged' where id = 1");
            }
            Database database = database(torn);
            MVStore store = database.getStore().getMvStore();
            int undone = 0;
            for (String name : store.getMapNames()) {
                if (name.startsWith("undoLog")) {
                    MVMap<Object, Object> undo = store.openMap(name);
                    undone += undo.size();
                    undo.clear(); // the chunk below is taken as if the undo log's map had been read first
                }
            }
            assertThat(undone).as("undo records of the open transaction").isGreaterThanOrEqualTo(3);
            store.commit();
            database.shutdownImmediately(); // as kill -9: nothing more is written
        }

        try (Connection reader = DriverManager.getConnection(url(), "sa", "")) {
            // the first transaction after the start takes the slot the torn one had: H2 shows it the leftover
            assertThat(payloads(reader)).containsExactly("changed, never acknowledged", "never acknowledged");

            Map<String, Integer> rolledBack = H2Leftovers.rollBack(reader);

            // the two rows (the insert, the update) and their index entries (an update moves its entry: two)
            assertThat(rolledBack).containsExactly(Map.entry("EVENT (EVENT_DATA)", 2),
                    Map.entry("EVENT (EVENT_STREAM)", 2));
            assertThat(payloads(reader)).containsExactly("acknowledged");
            try (ResultSet rs = reader.createStatement().executeQuery(
                    "select count(*) from event where stream = 'scenario'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("through the index").isEqualTo(1);
            }
            assertThat(H2Leftovers.rollBack(reader)).as("a second pass").isEmpty();
            // and the key is free again, as if the insert had never been
            reader.createStatement().execute("insert into event values (2, 'scenario', 'played again')");
        }
        try (Connection again = DriverManager.getConnection(url(), "sa", "")) {
            assertThat(payloads(again)).containsExactly("acknowledged", "played again");
        }
    }

    @Test
    void theStartLooksThroughAFileACrashLeftAndSaysSoInItsHeader() throws Exception {
        Path file = dir.resolve("t.mv.db");
        assertThat(H2Leftovers.databaseFile(url(), "sa", "")).isEqualTo(file.toAbsolutePath());
        assertThat(H2Leftovers.closedCleanly(file)).as("no file yet").isFalse();
        try (Connection c = DriverManager.getConnection(url(), "sa", "")) {
            c.createStatement().execute("create table event(id bigint primary key, stream varchar(40), "
                    + "payload varchar(100))");
            c.createStatement().execute("insert into event values (1, 'scenario', 'acknowledged')");
        }
        assertThat(H2Leftovers.closedCleanly(file)).as("after the last connection closed").isTrue();

        Connection torn = DriverManager.getConnection(url(), "sa", "");
        torn.setAutoCommit(false);
        torn.createStatement().execute("insert into event values (2, 'scenario', 'never acknowledged')");
        Database database = database(torn);
        MVStore store = database.getStore().getMvStore();
        for (String name : store.getMapNames()) {
            if (name.startsWith("undoLog")) {
                store.<Object, Object>openMap(name).clear();
            }
        }
        store.commit();
        database.shutdownImmediately();
        assertThat(H2Leftovers.closedCleanly(file)).as("after a chunk and no close").isFalse();

        H2Leftovers.atStart(url(), "sa", "", dataSource());

        assertThat(dir.resolve("t.mv.db" + H2Leftovers.LOOKING_THROUGH)).as("the mark, once done").doesNotExist();
        try (Connection reader = DriverManager.getConnection(url(), "sa", "")) {
            assertThat(payloads(reader)).containsExactly("acknowledged");
        }
    }

    @Test
    void aCleanFileIsNotOpenedUnlessALookThroughWasLeftUnfinished() throws Exception {
        try (Connection c = DriverManager.getConnection(url(), "sa", "")) {
            c.createStatement().execute("create table t(id int primary key)");
        }
        javax.sql.DataSource refuses = new org.springframework.jdbc.datasource.AbstractDataSource() {
            @Override
            public Connection getConnection() throws SQLException {
                throw new SQLException("a clean file is not opened to be looked through");
            }

            @Override
            public Connection getConnection(String username, String password) throws SQLException {
                return getConnection();
            }
        };
        H2Leftovers.atStart(url(), "sa", "", refuses); // would log a warning and leave the mark

        Path mark = dir.resolve("t.mv.db" + H2Leftovers.LOOKING_THROUGH);
        assertThat(mark).doesNotExist();
        java.nio.file.Files.write(mark, new byte[0]); // a start stopped while looking through
        H2Leftovers.atStart(url(), "sa", "", dataSource());
        assertThat(mark).as("looked through, then taken away").doesNotExist();
    }

    private org.h2.jdbcx.JdbcDataSource dataSource() {
        org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
        ds.setURL(url());
        ds.setUser("sa");
        ds.setPassword("");
        return ds;
    }

    @Test
    void aFileClosedCleanlyHasNone() throws Exception {
        try (Connection c = DriverManager.getConnection(url(), "sa", "")) {
            c.createStatement().execute("create table t(id int primary key)");
            c.createStatement().execute("insert into t values (1)");
            assertThat(H2Leftovers.rollBack(c)).isEmpty();
        }
    }

    private static java.util.List<String> payloads(Connection c) throws SQLException {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (ResultSet rs = c.createStatement().executeQuery("select payload from event order by id")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out.stream().sorted().toList();
    }

    private static Database database(Connection c) throws SQLException {
        return ((SessionLocal) c.unwrap(JdbcConnection.class).getSession()).getDatabase();
    }
}
