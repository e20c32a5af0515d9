package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

/** The H2 file URL the tracker opens: synced commits and a parsed-statement cache large enough for an action. */
class DurableDataSourceTest {

    @Test
    void aFileUrlGetsNoWriteDelayAndTheStatementCache() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;WRITE_DELAY=500;RETENTION_TIME=2000"))
                .isEqualTo("jdbc:h2:file:./x;RETENTION_TIME=2000;QUERY_CACHE_SIZE=128;COMPRESS=TRUE;WRITE_DELAY=0");
    }

    @Test
    void aStatementCacheTheUrlNamesIsKept() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x; query_cache_size = 16"))
                .isEqualTo("jdbc:h2:file:./x; query_cache_size = 16;COMPRESS=TRUE;WRITE_DELAY=0");
    }

    @Test
    void compressionTheUrlNamesIsKept() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;COMPRESS=FALSE"))
                .isEqualTo("jdbc:h2:file:./x;COMPRESS=FALSE;QUERY_CACHE_SIZE=128;WRITE_DELAY=0");
    }

    /** The same JSON-like rows take less than half the file with the tracker's URL as with compression off. */
    @Test
    void theFileIsCompressed(@TempDir Path dir) throws Exception {
        long compressed = fileOf(dir.resolve("on"), DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("on/t")));
        long plain = fileOf(dir.resolve("off"), "jdbc:h2:file:" + dir.resolve("off/t") + ";COMPRESS=FALSE");
        assertThat(compressed).as("compressed %,d bytes against %,d", compressed, plain).isLessThan(plain / 2);
    }

    private static long fileOf(Path dir, String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.createStatement().execute("create table payload (id int primary key, json varchar(4000))");
            c.setAutoCommit(false);
            try (var insert = c.prepareStatement("insert into payload values (?, ?)")) {
                for (int i = 0; i < 5_000; i++) {
                    insert.setInt(1, i);
                    insert.setString(2, "{\"unit\":\"squad-" + (i % 40) + "\",\"from\":\"" + (i % 97)
                            + "\",\"to\":\"" + (i % 89) + "\",\"section\":\"A4.1\",\"gameTurn\":" + (i / 500) + "}");
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            c.commit();
            c.createStatement().execute("shutdown");
        }
        return java.nio.file.Files.size(dir.resolve("t.mv.db"));
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
        }
    }
}
