package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kill while H2 rewrites the file at its clean close ({@code DEFRAG_ALWAYS}, {@link DurableDataSource}) loses
 * nothing: H2 closes the file cleanly first, writes the copy beside it ({@code .tempFile}) and renames it over the
 * file only once the copy is synced. A process writes rows, each round a few more in their own commits, then closes
 * the database; it is killed with SIGKILL at points spread over the time a whole close took. The file opened again
 * holds every row the process committed, and no copy is left beside it.
 */
class H2RewriteAtCloseCrashTest {

    private static final int ROUNDS = 6;

    @TempDir
    Path dir;

    @Test
    void aKillDuringTheRewriteAtCloseLosesNoCommittedRow() throws Exception {
        String url = DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";DB_CLOSE_ON_EXIT=FALSE");
        Path file = dir.resolve("t.mv.db");
        Path copy = dir.resolve("t.mv.db.tempFile");
        // a first round closes whole: how long a close with its rewrite takes here
        Round whole = round(url, -1);
        assertThat(whole.closedAfterMillis()).as("the first close ended").isPositive();
        long expected = whole.committed();
        int cutDuringCopy = 0;
        for (int round = 1; round <= ROUNDS; round++) {
            long killAt = whole.closedAfterMillis() * round / (ROUNDS + 1);
            Round killed = round(url, killAt);
            expected = killed.committed();
            cutDuringCopy += Files.exists(copy) ? 1 : 0;
            try (Connection c = DriverManager.getConnection(url, "sa", "");
                 ResultSet rs = c.createStatement().executeQuery("select count(*), sum(length(body)) from played")) {
                rs.next();
                assertThat(rs.getLong(1)).as("rows after a kill %d ms into the close", killAt).isEqualTo(expected);
                assertThat(rs.getLong(2)).isEqualTo(expected * Writer.BODY);
                assertThat(Files.exists(copy)).as("H2 removes a copy left at the open").isFalse();
            }
        }
        assertThat(Files.exists(file)).isTrue();
        assertThat(cutDuringCopy).as("kills that found the copy half written (what this test is about)")
                .isPositive();
        System.out.printf("H2 rewrite at close: a whole close %d ms; %d kills into it, %d while the copy was being "
                + "written, %d rows kept%n", whole.closedAfterMillis(), ROUNDS, cutDuringCopy, expected);
    }

    private record Round(long committed, long closedAfterMillis) {
    }

    /** A writer's round, killed {@code killAtMillis} into its close (never, when negative). */
    private Round round(String url, long killAtMillis) throws Exception {
        Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("surefire.test.class.path",
                        System.getProperty("java.class.path")), Writer.class.getName(), url)
                .redirectErrorStream(true).start();
        long committed = -1;
        long closed = -1;
        StringBuilder said = new StringBuilder();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                said.append(line).append('\n');
                if (line.startsWith("CLOSING ")) {
                    committed = Long.parseLong(line.substring(8).trim());
                    long closing = System.nanoTime();
                    if (killAtMillis >= 0) {
                        Thread.sleep(killAtMillis);
                        writer.destroyForcibly(); // SIGKILL
                        break;
                    }
                    while ((line = out.readLine()) != null && !line.startsWith("CLOSED")) {
                        continue;
                    }
                    closed = (System.nanoTime() - closing) / 1_000_000;
                    break;
                }
            }
        }
        assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(committed).as("the writer committed its rows; it said:%n%s", said).isPositive();
        return new Round(committed, closed);
    }

    /** Adds rows (the first time 30,000 of 1 KB, then 50), each batch committed, and closes the database. */
    static final class Writer {
        static final int BODY = 1000;

        public static void main(String[] args) throws Exception {
            Connection c = DriverManager.getConnection(args[0], "sa", "");
            try (Statement s = c.createStatement()) {
                s.execute("create table if not exists played (id bigint primary key, body varchar(1000))");
            }
            long next;
            try (ResultSet rs = c.createStatement().executeQuery("select coalesce(max(id), 0) from played")) {
                rs.next();
                next = rs.getLong(1) + 1;
            }
            int rows = next == 1 ? 30_000 : 50;
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("insert into played values (?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    insert.setLong(1, next + i);
                    insert.setString(2, String.format("%016x", (next + i) * 0x9E3779B97F4A7C15L).repeat(BODY / 16 + 1)
                            .substring(0, BODY));
                    insert.executeUpdate();
                    if (i % 100 == 99 || i == rows - 1) {
                        c.commit();
                    }
                }
            }
            try (ResultSet rs = c.createStatement().executeQuery("select count(*) from played")) {
                rs.next();
                System.out.println("CLOSING " + rs.getLong(1));
            }
            System.out.flush();
            c.close(); // the last connection: H2 closes the database and rewrites the file
            System.out.println("CLOSED");
            System.out.flush();
        }
    }
}
