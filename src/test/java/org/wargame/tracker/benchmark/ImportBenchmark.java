package org.wargame.tracker.benchmark;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.history.HistoryTransfer;
import org.wargame.tracker.history.ReadModelRebuild;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The import alone, for working on it (not part of the test suite: its name does not end in Test): imports
 * {@code target/benchmark/export.jsonl} (written by {@link ActionBenchmark}, or given with
 * {@code -Dimport.file=...}) into fresh trackers on H2, {@code -Dimport.rounds} times (3 unless said), then once
 * into a fresh schema of PostgreSQL when it is reachable ({@link PostgresSchemas}), and prints the rate of each and
 * the floor (plain JDBC batch inserts of the same rows, {@link ImportFloor}). With {@code -Dimport.rebuilds=N}
 * (inside the argLine), N rebuilds of the last H2 round's store, each next to a raw scan and parse of its rows.
 * {@code mvn -o test -Dtest=ImportBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 */
class ImportBenchmark {

    @Test
    void measure() throws Exception {
        Path file = Path.of(System.getProperty("import.file", "target/benchmark/export.jsonl"));
        if (!Files.exists(file)) {
            System.out.println("IMPORT | no " + file + ": run ActionBenchmark first");
            return;
        }
        byte[] export = Files.readAllBytes(file);
        int rounds = Integer.getInteger("import.rounds", 3);
        for (int round = 0; round < rounds; round++) {
            Path fresh = Files.createTempDirectory("tracker-bench-import-");
            try (ConfigurableApplicationContext tracker = start("--tracker.data-dir=" + fresh)) {
                double rate = importInto(tracker, export, "H2 round " + round);
                if (round == rounds - 1) {
                    rebuilds(tracker);
                    verifies(tracker);
                    System.gc();
                    double floor = ImportFloor.h2(jdbc(tracker), streams(tracker), ImportFloor.settings(tracker));
                    System.out.printf(Locale.ROOT, "IMPORT | H2 floor (plain JDBC batch insert of the same rows, fresh "
                            + "file, same tables): %,.0f events/s; import / floor %.2f%n", floor, rate / floor);
                }
            }
            ClosedTrackers.letGo();
        }
        PostgresSchemas postgres = PostgresSchemas.reachable();
        if (postgres == null) {
            System.out.println("IMPORT | PostgreSQL not reachable: skipped");
            return;
        }
        for (String extra : System.getProperty("import.postgres.settings", ",off,")
                .split(",", -1)) {
            String schema = PostgresSchemas.name();
            String floorSchema = PostgresSchemas.name();
            Path fresh = Files.createTempDirectory("tracker-bench-import-");
            // "off": the batches not rewritten (the postgres profile rewrites them), to compare
            boolean off = extra.equals("off");
            try (ConfigurableApplicationContext tracker = start("--tracker.data-dir=" + fresh,
                    "--spring.datasource.hikari.data-source-properties.reWriteBatchedInserts=" + !off,
                    "--spring.profiles.active=postgres", "--TRACKER_DB_URL=" + postgres.fresh(schema, off ? "" : extra),
                    "--TRACKER_DB_USER=" + postgres.user(), "--TRACKER_DB_PASSWORD=" + postgres.password())) {
                double rate = importInto(tracker, export, "PostgreSQL " + extra);
                // the floor's batches rewritten as the tracker's are (else the floor was the slower one)
                System.gc();
                double floor = ImportFloor.rate(jdbc(tracker), streams(tracker), postgres.fresh(floorSchema,
                        off ? "" : extra + "&reWriteBatchedInserts=true"),
                        postgres.user(), postgres.password(), "postgresql");
                System.out.printf(Locale.ROOT, "IMPORT | PostgreSQL %s floor: %,.0f events/s; import / floor %.2f%n",
                        extra, floor, rate / floor);
            } finally {
                postgres.drop(schema);
                postgres.drop(floorSchema);
            }
        }
    }

    /**
     * {@code -Dimport.rebuilds=N} rebuilds of the imported store (0 unless said), each followed by a raw scan and
     * parse of the same rows, as the benchmark's row measures them.
     */
    private static void rebuilds(ConfigurableApplicationContext tracker) throws InterruptedException {
        int n = Integer.getInteger("import.rebuilds", 0);
        ReadModelRebuild rebuild = tracker.getBean(ReadModelRebuild.class);
        for (int i = 0; i < n; i++) {
            ReadModelRebuild.Progress started = rebuild.start("bench", false);
            ReadModelRebuild.Progress p;
            do {
                Thread.sleep(5);
                p = rebuild.progress();
            } while (p.status().equals("running"));
            double seconds = java.time.Duration.between(p.startedAt(), p.finishedAt()).toNanos() / 1e9;
            double rate = p.eventsDone() / seconds;
            double raw = rawScan(tracker);
            System.out.printf(Locale.ROOT, "REBUILD | %s %,d events: %,.0f events/s; raw scan + parse %,.0f; "
                    + "ratio %.2f%n", p.status(), p.eventsDone(), rate, raw, rate / raw);
        }
    }

    /**
     * {@code -Dimport.verifies=N} verifies of the whole imported store (0 unless said), in process, each after the
     * same raw scan and parse of the same rows.
     */
    private static void verifies(ConfigurableApplicationContext tracker) {
        int n = Integer.getInteger("import.verifies", 0);
        org.wargame.tracker.store.ChainVerification verification =
                tracker.getBean(org.wargame.tracker.store.ChainVerification.class);
        for (int i = 0; i < n; i++) {
            double raw = rawScan(tracker);
            long t = System.nanoTime();
            org.wargame.tracker.store.ChainVerification.Report report = verification.all();
            double rate = report.eventsChecked() / ((System.nanoTime() - t) / 1e9);
            List<String> streams = jdbc(tracker).queryForList("select aggregate_identifier from domain_event_entry "
                    + "where sequence_number = 0", String.class);
            t = System.nanoTime();
            tracker.getBean(org.wargame.tracker.history.SealVerification.class).check(streams);
            double seals = (System.nanoTime() - t) / 1e6;
            System.out.printf(Locale.ROOT, "VERIFY | ok %s, %,d events: %,.0f events/s; raw scan + parse %,.0f; "
                    + "ratio %.2f; the seals of its %d streams checked in %.1f ms%n", report.ok(),
                    report.eventsChecked(), rate, raw, rate / raw, streams.size(), seals);
        }
    }

    /** Events per second of a plain JDBC read of every event row, parsing payload and metadata. */
    private static double rawScan(ConfigurableApplicationContext tracker) {
        long[] events = {0};
        long t = System.nanoTime();
        jdbc(tracker).query("select payload, meta_data from domain_event_entry order by global_index", rs -> {
            try {
                PARSER.readTree(rs.getBytes(1));
                byte[] meta = rs.getBytes(2);
                if (meta != null) {
                    PARSER.readTree(meta);
                }
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            events[0]++;
        });
        return events[0] / ((System.nanoTime() - t) / 1e9);
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper PARSER =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private static ConfigurableApplicationContext start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--server.port=0", "--tracker.load-samples=false",
                "--TRACKER_REFEREE_PASSWORD=" + ApiTestSupport.REFEREE_PASSWORD,
                "--TRACKER_PLAYER_PASSWORD=" + ApiTestSupport.PLAYER_PASSWORD));
        return new SpringApplicationBuilder(TrackerApplication.class).run(all.toArray(String[]::new));
    }

    private static double importInto(ConfigurableApplicationContext tracker, byte[] export, String what) {
        HistoryTransfer transfer = tracker.getBean(HistoryTransfer.class);
        System.gc(); // the import and its floor each start from a collected heap (ClosedTrackers)
        long t = System.nanoTime();
        HistoryTransfer.ImportResult result = transfer.importHistory(new ByteArrayInputStream(export));
        double seconds = (System.nanoTime() - t) / 1e9;
        System.out.printf(Locale.ROOT, "IMPORT | %s: %,d events in %.2f s: %,.0f events/s%n", what, result.events(),
                seconds, result.events() / seconds);
        return result.events() / seconds;
    }

    private static JdbcTemplate jdbc(ConfigurableApplicationContext tracker) {
        return tracker.getBean(JdbcTemplate.class);
    }

    private static List<String> streams(ConfigurableApplicationContext tracker) {
        return jdbc(tracker).queryForList("select aggregate_identifier from domain_event_entry where "
                + "sequence_number = 0", String.class);
    }
}
