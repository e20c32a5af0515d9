package org.wargame.tracker.store;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

class H2RecoveryTest {

    /**
     * A SHUTDOWN (the stop's, an operator's) closes the store while H2 rewrites the file to its live pages: the
     * recovery, which releases a database closed by a failed write, leaves one that is closing on purpose alone, so
     * that the rewrite ends. Its checks run without pause all through the SHUTDOWN (it ticks every second in the
     * tracker; a benchmark's stop met one): released, the file stayed at its running size, and the log said a
     * write had failed.
     */
    @Test
    void aDatabaseClosingOnPurposeIsLeftToItsClose(@TempDir Path dir) throws Exception {
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setJdbcUrl(DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";RETENTION_TIME=2000"));
            pool.setUsername("sa");
            pool.setPassword("");
            DurableCommits commits = new DurableCommits(pool);
            H2Recovery recovery = new H2Recovery(commits, pool);
            Path file = dir.resolve("t.mv.db");
            try (Connection c = pool.getConnection(); java.sql.Statement sql = c.createStatement()) {
                sql.execute("create table row_of_play (id int primary key, body varchar(4000))");
                for (int i = 0; i < 6_000; i++) { // one commit each, as actions commit
                    sql.executeUpdate("insert into row_of_play values (" + i + ", '" + Long.toHexString(
                            i * 0x9E3779B97F4A7C15L).repeat(60) + "')");
                }
                sql.execute("delete from row_of_play where mod(id, 10) <> 0");
            }
            commits.awaitSynced(); // the database the recovery looks at
            org.h2.engine.Database database = commits.database();
            assertThat(database).isNotNull();
            long open = Files.size(file);

            AtomicBoolean closing = new AtomicBoolean(true);
            Thread checks = new Thread(() -> {
                while (closing.get()) {
                    recovery.check();
                }
            });
            checks.start();
            try (Connection c = java.sql.DriverManager.getConnection(pool.getJdbcUrl(), "sa", "")) {
                c.createStatement().execute("SHUTDOWN"); // on a connection of its own, as the stop's
            } finally {
                closing.set(false);
                checks.join();
            }
            assertThat(commits.database()).as("not released as after a failed write").isSameAs(database);
            long closed = Files.size(file);
            assertThat(closed).as("the file after the SHUTDOWN, against %,d bytes open", open)
                    .isLessThan(open / 10);
            assertThat(H2Leftovers.closedCleanly(file)).isTrue();
            pool.getHikariPoolMXBean().softEvictConnections();
            try (Connection c = pool.getConnection();
                 ResultSet left = c.createStatement().executeQuery("select count(*) from row_of_play")) {
                left.next();
                assertThat(left.getInt(1)).isEqualTo(600);
            }
        }
    }
}
