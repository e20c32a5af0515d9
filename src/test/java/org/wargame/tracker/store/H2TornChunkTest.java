package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * H2 alone, killed again and again: six threads each insert a row into two tables and update a third in one
 * transaction, on the tracker's H2 URL; the process is killed with SIGKILL after one to two seconds; the file is
 * opened again, {@link H2Leftovers} rolls back what it finds, and no transaction may show in part. Without the roll
 * back, H2 2.3.232 showed one in part after 71 kills on this machine's kind (a row of the second table without its
 * row of the first, read by the first transaction after the start). Long, so only on demand:
 * {@code ./mvnw test -Dtest=H2TornChunkTest -Dh2.kills=150}.
 */
@EnabledIfSystemProperty(named = "h2.kills", matches = "\\d+")
class H2TornChunkTest {

    @TempDir
    Path dir;

    @Test
    void noTransactionShowsInPartAfterAKill() throws Exception {
        int kills = Integer.getInteger("h2.kills");
        String url = DurableDataSource.durable("jdbc:h2:file:" + dir.resolve("t") + ";DB_CLOSE_ON_EXIT=FALSE");
        int rounds = 0;
        int leftovers = 0;
        int roundsWithLeftovers = 0;
        for (int kill = 1; kill <= kills; kill++) {
            Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx128m", "-cp", System.getProperty("surefire.test.class.path",
                            System.getProperty("java.class.path")),
                    Writer.class.getName(), url)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            Thread.sleep(1000 + ThreadLocalRandom.current().nextInt(1000));
            writer.destroyForcibly(); // SIGKILL
            writer.waitFor(30, TimeUnit.SECONDS);
            try (Connection c = DriverManager.getConnection(url, "sa", "")) {
                Map<String, Integer> found = H2Leftovers.rollBack(c);
                int n = found.values().stream().mapToInt(Integer::intValue).sum();
                leftovers += n;
                roundsWithLeftovers += n > 0 ? 1 : 0;
                try (ResultSet rs = c.createStatement().executeQuery("select"
                        + " (select count(*) from a left join b on a.id = b.id where b.id is null),"
                        + " (select count(*) from b left join a on a.id = b.id where a.id is null),"
                        + " (select count(*) from r left join a on a.id = r.last where a.id is null)")) {
                    rs.next();
                    assertThat(new int[] {rs.getInt(1), rs.getInt(2), rs.getInt(3)})
                            .as("after kill %d: rows of a without b, of b without a, of r without a", kill)
                            .containsExactly(0, 0, 0);
                }
            }
            rounds++;
        }
        System.out.printf("H2 killed %d times: %d rows of unfinished transactions rolled back after %d of the kills%n",
                rounds, leftovers, roundsWithLeftovers);
    }

    /** The process killed: writes until it is. */
    static final class Writer {
        public static void main(String[] args) throws Exception {
            String url = args[0];
            try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
                s.execute("create table if not exists a(id bigint primary key, stream varchar(40), "
                        + "payload varbinary(800))");
                s.execute("create index if not exists a_stream on a(stream, id)");
                s.execute("create table if not exists b(id bigint primary key, hash varchar(64))");
                s.execute("create table if not exists r(stream varchar(40) primary key, last bigint)");
            }
            AtomicLong next = new AtomicLong(System.currentTimeMillis() * 1000);
            for (int t = 0; t < 6; t++) {
                String stream = "stream-" + t;
                Thread thread = new Thread(() -> {
                    try (Connection c = DriverManager.getConnection(url, "sa", "");
                         PreparedStatement a = c.prepareStatement("insert into a values (?, ?, ?)");
                         PreparedStatement b = c.prepareStatement("insert into b values (?, ?)");
                         PreparedStatement r = c.prepareStatement("merge into r key(stream) values (?, ?)")) {
                        c.setAutoCommit(false);
                        byte[] payload = new byte[600];
                        while (true) {
                            long id = next.incrementAndGet();
                            a.setLong(1, id);
                            a.setString(2, stream);
                            a.setBytes(3, payload);
                            a.executeUpdate();
                            b.setLong(1, id);
                            b.setString(2, Long.toHexString(id));
                            b.executeUpdate();
                            r.setString(1, stream);
                            r.setLong(2, id);
                            r.executeUpdate();
                            c.commit();
                        }
                    } catch (SQLException e) {
                        e.printStackTrace();
                    }
                });
                thread.start();
            }
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
