package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The H2 file URL the tracker opens: synced commits, a parsed-statement cache large enough for an action, and no
 * query result kept whole for reuse by each cached statement.
 */
class DurableDataSourceTest {

    @Test
    void aFileUrlGetsNoWriteDelayAndTheStatementCache() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;WRITE_DELAY=500;RETENTION_TIME=2000"))
                .isEqualTo("jdbc:h2:file:./x;RETENTION_TIME=2000;QUERY_CACHE_SIZE=128;OPTIMIZE_REUSE_RESULTS=FALSE"
                        + ";WRITE_DELAY=0");
    }

    @Test
    void aStatementCacheOrResultReuseTheUrlNamesIsKept() {
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x; query_cache_size = 16"))
                .isEqualTo("jdbc:h2:file:./x; query_cache_size = 16;OPTIMIZE_REUSE_RESULTS=FALSE;WRITE_DELAY=0");
        assertThat(DurableDataSource.durable("jdbc:h2:file:./x;optimize_reuse_results=true"))
                .isEqualTo("jdbc:h2:file:./x;optimize_reuse_results=true;QUERY_CACHE_SIZE=128;WRITE_DELAY=0");
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
}
