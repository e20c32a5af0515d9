package org.wargame.tracker.store;

import jakarta.persistence.EntityManagerFactory;
import org.hibernate.dialect.DatabaseVersion;
import org.hibernate.dialect.Dialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The store as configured: on H2, every commit written to the file before it returns (WRITE_DELAY 0) and dead chunks
 * reused after 2 s; on PostgreSQL, a dialect that knows the server's real version and keeps payloads as bytea.
 */
class StoreSettingsTest extends ApiTestSupport {

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EntityManagerFactory entityManagerFactory;

    private String product() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return c.getMetaData().getDatabaseProductName();
        }
    }

    /** H2 lists a setting as stored and as in force: both must say the same. */
    private java.util.List<String> h2Setting(String name) {
        return jdbc.queryForList("select setting_value from information_schema.settings where setting_name = ?",
                String.class, name);
    }

    @Test
    void h2_writes_each_commit_to_the_file_before_it_returns() throws SQLException {
        assumeTrue(product().equals("H2"), "H2 only");
        assertThat(h2Setting("WRITE_DELAY")).isNotEmpty().containsOnly("0");
        assertThat(h2Setting("RETENTION_TIME")).isNotEmpty().containsOnly("2000");
        assertThat(h2Setting("MAX_COMPACT_TIME")).isNotEmpty().containsOnly("2000");
    }

    @Test
    void the_postgresql_dialect_reports_the_server_version() throws SQLException {
        assumeTrue(product().equals("PostgreSQL"), "PostgreSQL only");
        Dialect dialect = entityManagerFactory.unwrap(SessionFactoryImplementor.class).getJdbcServices()
                .getDialect();
        assertThat(dialect).isInstanceOf(ByteaPostgresDialect.class);
        int server = Integer.parseInt(jdbc.queryForObject("select current_setting('server_version_num')",
                String.class));
        DatabaseVersion version = dialect.getVersion();
        assertThat(version.getDatabaseMajorVersion()).isEqualTo(server / 10000);
        assertThat(version.getDatabaseMinorVersion()).isEqualTo(server % 10000);
        assertThat(jdbc.queryForObject("select data_type from information_schema.columns where table_name = "
                + "'domain_event_entry' and column_name = 'payload'", String.class)).isEqualTo("bytea");
    }
}
