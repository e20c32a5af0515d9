package org.wargame.tracker.store;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;

import javax.sql.DataSource;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A 2xx means on disk (issue 24, item 1) and no setting drops it (issue 21, item 3): on H2 every acknowledged action
 * is covered by a sync of the file made after its commit and before its answer, counted by the tracker and, where
 * strace is installed, seen as {@code fsync} calls on the database file; a database URL that names a write delay is
 * given {@code WRITE_DELAY=0} all the same, and a database that runs with a delay is refused at the start.
 */
class DurableCommitsTest extends ApiTestSupport {

    private static final int ACTIONS = 30;

    @Autowired
    DurableCommits commits;
    @Autowired
    DataSource dataSource;

    @TempDir
    Path temp;

    private boolean h2() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return c.getMetaData().getDatabaseProductName().equals("H2");
        }
    }

    private String scenario() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        return startPlan("referee", campaign, "ex-10-3");
    }

    @Test
    void every_acknowledged_action_is_synced_before_its_answer() throws Exception {
        assumeTrue(h2(), "H2 only: PostgreSQL syncs its log at commit");
        String scenario = scenario();
        for (int i = 0; i < ACTIONS; i++) {
            long syncsBefore = commits.syncs();
            long coveredBefore = commits.commitsSynced();
            assertThat(advance("referee", scenario).status()).isEqualTo(200);
            // one client: a sync began after this action's commit and ended before its answer
            assertThat(commits.syncs()).as("action %d", i).isGreaterThan(syncsBefore);
            assertThat(commits.commitsSynced()).as("action %d", i).isGreaterThan(coveredBefore);
        }
    }

    @Test
    void concurrent_actions_share_syncs() throws Exception {
        assumeTrue(h2(), "H2 only: PostgreSQL syncs its log at commit");
        List<String> scenarios = List.of(scenario(), scenario(), scenario(), scenario());
        long syncsBefore = commits.syncs();
        long coveredBefore = commits.commitsSynced();
        ExecutorService pool = Executors.newFixedThreadPool(scenarios.size());
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (String scenario : scenarios) {
                answers.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < ACTIONS; i++) {
                        ok += advance("referee", scenario).status() == 200 ? 1 : 0;
                    }
                    return ok;
                }));
            }
            for (Future<Integer> answer : answers) {
                assertThat(answer.get(120, TimeUnit.SECONDS)).isEqualTo(ACTIONS);
            }
        } finally {
            pool.shutdownNow();
        }
        long syncs = commits.syncs() - syncsBefore;
        long covered = commits.commitsSynced() - coveredBefore;
        System.out.printf("durable commits: %d actions by %d clients, %d commits covered by %d syncs%n",
                ACTIONS * scenarios.size(), scenarios.size(), covered, syncs);
        assertThat(covered).isGreaterThanOrEqualTo((long) ACTIONS * scenarios.size());
        assertThat(syncs).isPositive().isLessThanOrEqualTo(covered);
    }

    /** strace attached to this JVM sees at least one fsync of the database file per acknowledged action. */
    @Test
    void strace_sees_the_syncs() throws Exception {
        assumeTrue(h2(), "H2 only");
        assumeTrue(new File("/usr/bin/strace").canExecute(), "strace is not installed");
        String scenario = scenario();
        advance("referee", scenario);
        String pid = String.valueOf(ProcessHandle.current().pid());
        Path trace = temp.resolve("strace.txt");
        List<String> command = new ArrayList<>(List.of("/usr/bin/strace", "-f", "-y", "-qq",
                "-e", "trace=fsync,fdatasync", "-o", trace.toString()));
        try (var tasks = Files.list(Path.of("/proc", pid, "task"))) {
            tasks.forEach(task -> command.addAll(List.of("-p", task.getFileName().toString())));
        }
        Process strace = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(temp.resolve("strace.log").toFile()).start();
        try {
            Thread.sleep(1500); // attached
            assumeTrue(strace.isAlive(), "strace could not attach: " + Files.readString(temp.resolve("strace.log")));
            for (int i = 0; i < ACTIONS; i++) {
                assertThat(advance("referee", scenario).status()).isEqualTo(200);
            }
            Thread.sleep(500);
        } finally {
            strace.destroy(); // strace detaches on SIGTERM
            strace.waitFor(20, TimeUnit.SECONDS);
        }
        Matcher m = Pattern.compile("f(?:data)?sync\\(\\d+<[^>]*tracker\\.mv\\.db>\\)\\s*=\\s*0")
                .matcher(Files.readString(trace));
        int syncs = 0;
        while (m.find()) {
            syncs++;
        }
        System.out.printf("durable commits: strace saw %d syncs of the database file for %d actions (JVM %s)%n",
                syncs, ACTIONS, ManagementFactory.getRuntimeMXBean().getName());
        assertThat(syncs).isGreaterThanOrEqualTo(ACTIONS);
    }

    @Test
    void a_url_with_a_write_delay_still_runs_without_one() throws SQLException {
        String url = "jdbc:h2:file:" + temp.resolve("override") + ";DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=500";
        try (HikariDataSource hikari = new HikariDataSource()) {
            hikari.setJdbcUrl(url);
            hikari.setUsername("tracker");
            new DurableDataSource().postProcessAfterInitialization(hikari, "dataSource");
            assertThat(hikari.getJdbcUrl()).endsWith(";WRITE_DELAY=0").doesNotContain("WRITE_DELAY=500");
            try (Connection c = hikari.getConnection()) {
                assertThat(writeDelay(c)).isEqualTo("0");
                assertThat(DurabilityCheck.h2(c)).isNull();
            }
        }
    }

    @Test
    void a_database_with_a_write_delay_is_refused_in_one_line() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + temp.resolve("delayed")
                + ";WRITE_DELAY=500", "tracker", "")) {
            assertThat(writeDelay(c)).isEqualTo("500");
            String refusal = DurabilityCheck.h2(c);
            assertThat(refusal).startsWith("Refusing to start: H2's WRITE_DELAY is 500 ms").doesNotContain("\n");
        }
    }

    @Test
    void postgresql_with_synchronous_commit_off_is_refused_in_one_line() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            assumeTrue(c.getMetaData().getDatabaseProductName().equals("PostgreSQL"), "PostgreSQL only");
            assertThat(DurabilityCheck.postgres(c)).as("as the tracker runs").isNull();
            try {
                c.createStatement().execute("SET synchronous_commit = off");
                assertThat(DurabilityCheck.postgres(c))
                        .startsWith("Refusing to start: PostgreSQL runs with synchronous_commit = off")
                        .doesNotContain("\n");
            } finally {
                c.createStatement().execute("RESET synchronous_commit");
            }
        }
    }

    private static String writeDelay(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
