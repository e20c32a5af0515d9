package org.wargame.tracker.benchmark;

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
 * file's size is read every 1,000 events, and once more after a clean stop.
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
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TrackerApplication.class).run(
                "--server.port=0", "--tracker.data-dir=" + data, "--spring.profiles.active=default",
                "--TRACKER_REFEREE_PASSWORD=benchmark-referee", "--TRACKER_PLAYER_PASSWORD=benchmark-player")) {
            ScenarioService service = app.getBean(ScenarioService.class);
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
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
                    rows.add(row(mark, Files.size(file), started));
                    mark += 1000;
                }
            }
            for (Thread t : clients) {
                t.join();
            }
            events = count(jdbc);
            rows.add(row(events, Files.size(file), started));
        }
        long afterStop = Files.size(file);
        String report = String.format(Locale.ROOT, """
                # Size of the H2 file (WRITE_DELAY=0: every commit in the file before the action is answered)

                4 clients advancing 4 scenarios' clocks in process, %d events; file size read every 1,000 events.

                | events | file MB | MB per 1,000 events | seconds |
                |---|---|---|---|
                %s
                After a clean stop (compaction at close): %.1f MB, %.2f MB per 1,000 events.
                Machine: %d processors, Java %s
                """, events, String.join("\n", rows), afterStop / 1e6, afterStop / 1e6 / (events / 1000.0),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        Path out = Path.of("target", "benchmark", "h2-file-size.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    private static long count(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    private static String row(long events, long bytes, long started) throws IOException {
        return String.format(Locale.ROOT, "| %,d | %.1f | %.2f | %.0f |", events, bytes / 1e6,
                bytes / 1e6 / (events / 1000.0), (System.nanoTime() - started) / 1e9);
    }
}
