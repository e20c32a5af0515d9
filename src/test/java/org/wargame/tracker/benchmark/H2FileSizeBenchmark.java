package org.wargame.tracker.benchmark;

import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The size of the embedded H2 file as the history grows (not part of the test suite: its name does not end in Test).
 * Run it with {@code mvn test -Dtest=H2FileSizeBenchmark -Dsurefire.failIfNoSpecifiedTests=false}; it writes
 * {@code target/benchmark/h2-file-size.md}. Four clients advance the clocks of four scenarios in process (the
 * fastest the store is ever written: one commit per action, each written to the file before it returns) up to
 * {@code -Dtracker.benchmark.events} events (default 20,000), with the tracker's own settings (application.yml); the
 * file's size and H2's estimate of its live pages are read every 1,000 events, then every 5 s while nobody plays
 * ({@code -Dtracker.benchmark.settle-seconds}, 30 unless said), and once more after a clean stop (with the stop's
 * length); each table's bytes with its indexes at the end of the flood.
 */
class H2FileSizeBenchmark {

    @TempDir
    Path data;

    @Test
    void measure() throws Exception {
        int target = Integer.getInteger("tracker.benchmark.events", 20_000);
        Path file = data.resolve("tracker.mv.db");
        List<String> rows = new ArrayList<>();
        long started = System.nanoTime();
        long events;
        String tables;
        long stopping;
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TrackerApplication.class).run(
                "--server.port=0", "--tracker.data-dir=" + data, "--spring.profiles.active=default",
                "--TRACKER_REFEREE_PASSWORD=benchmark-referee", "--TRACKER_PLAYER_PASSWORD=benchmark-player")) {
            ScenarioService service = app.getBean(ScenarioService.class);
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            MVStore store = store(app.getBean(javax.sql.DataSource.class));
            Actor referee = new Actor("referee", true, List.of());
            List<String> scenarios = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                scenarios.add(service.start("asl-west-of-alamein", new StartScenarioRequest(null, "size " + i,
                        100, List.of("axis", "british"), List.of(), List.of()), referee));
            }
            AtomicInteger next = new AtomicInteger();
            events = count(jdbc);
            long mark = (events / 1000 + 1) * 1000;
            List<Thread> clients = new ArrayList<>();
            for (String scenario : scenarios) {
                Thread t = new Thread(() -> {
                    String playing = scenario;
                    int played = 0;
                    while (next.getAndIncrement() < target) {
                        try {
                            service.advance(playing, null, referee);
                        } catch (org.wargame.tracker.refusal.Refusal atTheLimit) {
                            // a scenario lasts at most 100 Game Turns: the flood goes on in a new one
                            playing = service.start("asl-west-of-alamein", new StartScenarioRequest(null,
                                    scenario + " " + ++played, 100, List.of("axis", "british"), List.of(),
                                    List.of()), referee);
                        }
                    }
                });
                t.start();
                clients.add(t);
            }
            while (clients.stream().anyMatch(Thread::isAlive)) {
                Thread.sleep(50);
                events = count(jdbc);
                while (events >= mark) {
                    rows.add(row(mark, Files.size(file), started, store));
                    mark += 1000;
                }
            }
            for (Thread t : clients) {
                t.join();
            }
            events = count(jdbc);
            rows.add(row(events, Files.size(file), started, store));
            settle(rows, file, started, store, events);
            tables = tables(jdbc);
            stopping = System.nanoTime();
        }
        double stopSeconds = (System.nanoTime() - stopping) / 1e9;
        long afterStop = Files.size(file);
        String report = String.format(Locale.ROOT, """
                # Size of the H2 file (WRITE_DELAY=0: every commit in the file before the action is answered)

                4 clients advancing 4 scenarios' clocks in process, %d events; file size read every 1,000 events.

                | events | file MB | live pages MB (H2's fill rates) | file MB per 1,000 events | seconds |
                |---|---|---|---|---|
                %s
                After a clean stop (compaction at close, the stop took %.1f s): %.1f MB, %.2f MB per 1,000 events.

                Live bytes by table with its indexes (H2's DISK_SPACE_USED) at the end of the flood:

                | table | MB | against the events' own bytes |
                |---|---|---|
                %s
                Machine: %d processors, Java %s
                """, events, String.join("\n", rows), stopSeconds, afterStop / 1e6,
                afterStop / 1e6 / (events / 1000.0), tables,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        Path out = Path.of("target", "benchmark", "h2-file-size.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    /** Each table's pages with its indexes, largest first, next to the events' payload and metadata. */
    private static String tables(JdbcTemplate jdbc) {
        long own = jdbc.queryForObject(
                "select sum(octet_length(payload) + octet_length(meta_data)) from domain_event_entry", Long.class);
        List<String> names = jdbc.queryForList("select table_name from information_schema.tables"
                + " where table_schema = 'PUBLIC' and table_type = 'BASE TABLE'", String.class);
        List<long[]> sizes = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < names.size(); i++) {
            long used = jdbc.queryForObject("select disk_space_used(?)", Long.class, "\"" + names.get(i) + "\"");
            sizes.add(new long[] {used, i});
            total += used;
        }
        sizes.sort((a, b) -> Long.compare(b[0], a[0]));
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "| the events' own bytes (payload and metadata) | %.1f | 1.00 |",
                own / 1e6));
        for (long[] size : sizes) {
            lines.add(String.format(Locale.ROOT, "| %s | %.1f | %.2f |",
                    names.get((int) size[1]).toLowerCase(Locale.ROOT), size[0] / 1e6, (double) size[0] / own));
        }
        lines.add(String.format(Locale.ROOT, "| all tables | %.1f | %.2f |", total / 1e6, (double) total / own));
        return String.join("\n", lines);
    }

    private static long count(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    private static String row(long events, long bytes, long started, MVStore store) {
        // H2's own estimates: the share of the file in chunks, and of the chunks' bytes in live pages
        double live = bytes / 1e6 * store.getFileStore().getFillRate() / 100.0
                * store.getFileStore().getChunksFillRate() / 100.0;
        return String.format(Locale.ROOT, "| %,d | %.1f | %.1f | %.2f | %.0f |", events, bytes / 1e6, live,
                bytes / 1e6 / (events / 1000.0), (System.nanoTime() - started) / 1e9);
    }

    /** After the flood: the file every 5 s for {@code tracker.benchmark.settle-seconds} (30 unless said), idle. */
    private static void settle(List<String> rows, Path file, long started, MVStore store, long events)
            throws IOException, InterruptedException {
        int seconds = Integer.getInteger("tracker.benchmark.settle-seconds", 30);
        for (int s = 5; s <= seconds; s += 5) {
            Thread.sleep(5000);
            rows.add(row(events, Files.size(file), started, store) + " idle " + s + " s");
        }
    }

    private static MVStore store(javax.sql.DataSource dataSource) throws java.sql.SQLException {
        try (java.sql.Connection c = dataSource.getConnection()) {
            return ((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession())
                    .getDatabase().getStore().getMvStore();
        }
    }
}
