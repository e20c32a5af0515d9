package org.wargame.tracker.store;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/** The H2 file shrinks while the tracker runs once most of what it held is dead, and keeps what is live. */
class H2HousekeepingTest {

    /**
     * A round writes at most a quarter of what the file's disk has free, and nothing on a disk with less than 4 MB
     * free (a full disk: every write of a round failed, each leaving H2 a partly written chunk).
     */
    @Test
    void aRoundWritesAQuarterOfTheFreeSpaceAtMost() {
        int planned = 64 << 20;
        assertThat(H2Housekeeping.budget(planned, 10L << 30)).isEqualTo(planned);
        assertThat(H2Housekeeping.budget(planned, 100L << 20)).isEqualTo(25 << 20);
        assertThat(H2Housekeeping.budget(4 << 20, 8L << 20)).isEqualTo(2 << 20);
        assertThat(H2Housekeeping.budget(planned, 4L << 20)).isEqualTo(1 << 20);
        assertThat(H2Housekeeping.budget(planned, (4L << 20) - 1)).isZero();
        assertThat(H2Housekeeping.budget(planned, 0)).isZero();
    }

    @Test
    void aFileMostlyFreedIsCutShortWhileOpen(@TempDir Path dir) throws Exception {
        mostlyFreed(dir, housekeeping -> {
            for (int round = 0; round < 60; round++) {
                housekeeping.compact();
            }
        });
    }

    /**
     * The tracker's stop, before H2 closes the file, where H2 is not to rewrite it whole at its close: rounds until
     * the file stops shrinking.
     */
    @Test
    void theStopSettlesTheFile(@TempDir Path dir) throws Exception {
        mostlyFreed(dir, ";DEFRAG_ALWAYS=FALSE", H2Housekeeping::stop);
    }

    /** Where H2 rewrites the file whole at its close (the tracker's URL), the stop leaves the file to it. */
    @Test
    void theStopLeavesTheFileToH2sRewriteAtItsClose(@TempDir Path dir) throws Exception {
        JdbcDataSource source = new JdbcDataSource();
        source.setURL(DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t")));
        source.setUser("sa");
        try (Connection open = source.getConnection()) {
            assertThat(new H2Housekeeping(source, 1, 80, 4 << 20, 30_000).defragmentsAtClose()).isTrue();
        }
        JdbcDataSource plain = new JdbcDataSource();
        plain.setURL(DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("u") + ";DEFRAG_ALWAYS=FALSE"));
        plain.setUser("sa");
        try (Connection open = plain.getConnection()) {
            assertThat(new H2Housekeeping(plain, 1, 80, 4 << 20, 30_000).defragmentsAtClose()).isFalse();
        }
    }

    /**
     * Stopping while a round is under way leaves the database open: an interrupt inside a file operation closes H2's
     * file channel, and H2 then the database (the tracker's last writes at its stop failed so).
     */
    @Test
    void stoppingDuringARoundLeavesTheDatabaseOpen(@TempDir Path dir) throws Exception {
        for (int attempt = 0; attempt < 5; attempt++) {
            long pause = 5 + 10L * attempt; // the stop lands at different points of the rounds
            mostlyFreed(dir.resolve("a" + attempt), housekeeping -> {
                housekeeping.start();
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                housekeeping.stop();
            });
        }
    }

    private static void mostlyFreed(Path dir, java.util.function.Consumer<H2Housekeeping> then) throws Exception {
        mostlyFreed(dir, "", then);
    }

    private static void mostlyFreed(Path dir, String settings, java.util.function.Consumer<H2Housekeeping> then)
            throws Exception {
        JdbcDataSource source = new JdbcDataSource();
        source.setURL(DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";RETENTION_TIME=0" + settings));
        source.setUser("sa");
        Path file = dir.resolve("t.mv.db");
        try (Connection open = source.getConnection(); Statement sql = open.createStatement()) {
            sql.execute("create table row_of_play (id int primary key, body varchar(4000))");
            try (PreparedStatement insert = open.prepareStatement("insert into row_of_play values (?, ?)")) {
                for (int i = 0; i < 6_000; i++) { // one commit each, as actions commit
                    insert.setInt(1, i);
                    insert.setString(2, i + " " + Long.toHexString(Double.doubleToLongBits(Math.random())).repeat(60));
                    insert.executeUpdate();
                }
            }
            sql.execute("delete from row_of_play where mod(id, 10) <> 0");
            long grown = Files.size(file);

            then.accept(new H2Housekeeping(source, 1, 80, 4 << 20, 30_000));

            assertThat(Files.size(file)).as("the file after housekeeping, against %,d bytes before", grown)
                    .isLessThan(grown / 2);
            try (ResultSet left = sql.executeQuery("select count(*), min(id), max(id) from row_of_play")) {
                left.next();
                assertThat(left.getInt(1)).isEqualTo(600);
                assertThat(left.getInt(3)).isEqualTo(5_990);
            }
        }
    }
}
