package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The H2 file URL the tracker opens: synced commits, a parsed-statement cache large enough for an action, no
 * query result kept whole for reuse by each cached statement, and the file rewritten to its live pages at a clean
 * close.
 */
class DurableDataSourceTest {

    @Test
    void aFileUrlGetsNoWriteDelayAndTheStatementCache() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;WRITE_DELAY=500;RETENTION_TIME=2000"))
                .isEqualTo("jdbc:h2:file:./x;RETENTION_TIME=2000;QUERY_CACHE_SIZE=128;OPTIMIZE_REUSE_RESULTS=FALSE"
                        + ";DEFRAG_ALWAYS=TRUE;WRITE_DELAY=0");
    }

    @Test
    void aStatementCacheOrResultReuseTheUrlNamesIsKept() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x; query_cache_size = 16"))
                .isEqualTo("jdbc:h2:file:./x; query_cache_size = 16;OPTIMIZE_REUSE_RESULTS=FALSE;DEFRAG_ALWAYS=TRUE"
                        + ";WRITE_DELAY=0");
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;optimize_reuse_results=true"))
                .isEqualTo("jdbc:h2:file:./x;optimize_reuse_results=true;QUERY_CACHE_SIZE=128;DEFRAG_ALWAYS=TRUE"
                        + ";WRITE_DELAY=0");
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;Defrag_Always=false"))
                .isEqualTo("jdbc:h2:file:./x;Defrag_Always=false;QUERY_CACHE_SIZE=128;OPTIMIZE_REUSE_RESULTS=FALSE"
                        + ";WRITE_DELAY=0");
    }

    /**
     * A file of 6,000 commits with nine rows in ten deleted, closed cleanly: H2 rewrites it to what is live, the
     * rows are all there when it opens again, and it counts as closed cleanly (a start does not look it through).
     */
    @Test
    void aCleanCloseRewritesTheFileToItsLivePages(@TempDir Path dir) throws Exception {
        String url = DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";RETENTION_TIME=2000");
        Path file = dir.resolve("t.mv.db");
        long open;
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             java.sql.Statement sql = c.createStatement()) {
            sql.execute("create table row_of_play (id int primary key, body varchar(4000))");
            try (java.sql.PreparedStatement insert = c.prepareStatement("insert into row_of_play values (?, ?)")) {
                for (int i = 0; i < 6_000; i++) { // one commit each, as actions commit
                    insert.setInt(1, i);
                    insert.setString(2, i + " " + Long.toHexString(i * 0x9E3779B97F4A7C15L).repeat(60));
                    insert.executeUpdate();
                }
            }
            sql.execute("delete from row_of_play where mod(id, 10) <> 0");
            open = java.nio.file.Files.size(file);
        }
        long closed = java.nio.file.Files.size(file);
        // 600 rows of about 1 KB live: the file while open held every commit's pages
        assertThat(closed).as("the file after a clean close, against %,d bytes open", open)
                .isLessThan(open / 10).isLessThan(2_000_000);
        assertThat(H2Leftovers.closedCleanly(file)).isTrue();
        assertThat(java.nio.file.Files.list(dir).map(p -> p.getFileName().toString()))
                .as("no copy left beside it").containsExactly("t.mv.db");
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             ResultSet left = c.createStatement().executeQuery("select count(*), min(id), max(id), sum(length(body)) "
                     + "from row_of_play")) {
            left.next();
            assertThat(left.getInt(1)).isEqualTo(600);
            assertThat(left.getInt(2)).isZero();
            assertThat(left.getInt(3)).isEqualTo(5_990);
        }
    }

    @Test
    void h2TakesTheSettings(@TempDir Path dir) throws Exception {
        String url = DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";DB_CLOSE_ON_EXIT=FALSE");
        try (Connection c = DriverManager.getConnection(url, "sa", "");
             ResultSet rs = c.createStatement().executeQuery("select setting_name, setting_value from "
                     + "information_schema.settings where setting_name in ('QUERY_CACHE_SIZE', 'WRITE_DELAY') "
                     + "order by setting_name")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(2)).isEqualTo("128");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(2)).isEqualTo("0");
            // not among the settings H2 lists: asked of the database itself
            assertThat(((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession())
                    .getDatabase().getOptimizeReuseResults()).isFalse();
        }
    }

    /**
     * At the stop, before its pool closes, the data source's file is closed and rewritten on the stop's own thread
     * (the pool waits 10 s at most for the close of its last connection, which a large file's copy outlasted): the
     * file is small while the pool is still open, and the pool then closes without an error.
     */
    @Test
    void theStopClosesTheFileBeforeThePool(@TempDir Path dir) throws Exception {
        DurableDataSource durable = new DurableDataSource();
        com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource();
        pool.setJdbcUrl("jdbc:h2:file:" + dir.resolve("t") + ";RETENTION_TIME=2000");
        pool.setUsername("sa");
        pool.setPassword("");
        pool.setMinimumIdle(2);
        Object bean = durable.postProcessAfterInitialization(pool, "dataSource");
        Path file = dir.resolve("t.mv.db");
        long open;
        try (Connection c = pool.getConnection(); java.sql.Statement sql = c.createStatement()) {
            sql.execute("create table row_of_play (id int primary key, body varchar(4000))");
            for (int i = 0; i < 3_000; i++) { // one commit each
                sql.executeUpdate("insert into row_of_play values (" + i + ", '" + "x".repeat(900) + "')");
            }
            sql.execute("delete from row_of_play where mod(id, 10) <> 0");
            open = java.nio.file.Files.size(file);
        }
        assertThat(durable.requiresDestruction(bean)).isTrue();
        durable.postProcessBeforeDestruction(bean, "dataSource");
        assertThat(pool.isClosed()).as("the pool is still open").isFalse();
        assertThat(java.nio.file.Files.size(file)).as("the file, against %,d bytes open", open)
                .isLessThan(open / 10);
        assertThat(H2Leftovers.closedCleanly(file)).isTrue();
        pool.close();
        try (Connection c = DriverManager.getConnection(pool.getJdbcUrl(), "sa", "");
             ResultSet left = c.createStatement().executeQuery("select count(*) from row_of_play")) {
            left.next();
            assertThat(left.getInt(1)).isEqualTo(300);
        }
    }

    /**
     * Two pools of one JVM on the same file (a second tracker in a test, on the first one's data directory): the
     * first to close leaves the file open for the other, which goes on reading and writing it.
     */
    @Test
    void aFileAnotherPoolUsesIsLeftOpen(@TempDir Path dir) throws Exception {
        DurableDataSource durable = new DurableDataSource();
        String url = "jdbc:h2:file:" + dir.resolve("t");
        try (com.zaxxer.hikari.HikariDataSource first = pool(durable, url);
             com.zaxxer.hikari.HikariDataSource second = pool(durable, url)) {
            try (Connection c = first.getConnection(); java.sql.Statement sql = c.createStatement()) {
                sql.execute("create table row_of_play (id int primary key)");
                sql.execute("insert into row_of_play values (1)");
            }
            try (Connection c = second.getConnection()) {
                assertThat(c.isValid(1)).isTrue();
            }
            durable.postProcessBeforeDestruction(second, "dataSource");
            second.close();
            try (Connection c = first.getConnection(); java.sql.Statement sql = c.createStatement()) {
                sql.execute("insert into row_of_play values (2)");
                ResultSet rows = sql.executeQuery("select count(*) from row_of_play");
                rows.next();
                assertThat(rows.getInt(1)).isEqualTo(2);
            }
        }
    }

    private static com.zaxxer.hikari.HikariDataSource pool(DurableDataSource durable, String url) {
        com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername("sa");
        pool.setPassword("");
        pool.setMinimumIdle(2);
        durable.postProcessAfterInitialization(pool, "dataSource");
        return pool;
    }

    @Test
    void aMemoryDatabaseIsLeftToItsPool() {
        com.zaxxer.hikari.HikariDataSource pool = new com.zaxxer.hikari.HikariDataSource();
        pool.setJdbcUrl("jdbc:h2:mem:t");
        assertThat(new DurableDataSource().requiresDestruction(pool)).isFalse();
        pool.close();
    }
}
