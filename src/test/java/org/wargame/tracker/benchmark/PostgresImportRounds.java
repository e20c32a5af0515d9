package org.wargame.tracker.benchmark;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark's PostgreSQL import rounds, in a JVM of their own started with the benchmark's heap options: each
 * round imports the export over HTTP into a fresh tracker and schema, then its floor (a plain batch insert of the same
 * rows into a fresh schema) runs, as {@link ActionBenchmark} measured them in its own JVM. There they ran after the
 * benchmark had started and closed six trackers in a heap of 256 MB and collected fully every second or so: the
 * check of the same file took 0.66 to 2.4 s there against 0.34 to 0.46 s in a JVM of its own, and the import 0.27
 * to 0.64 of its floor between runs. The JVM is new, so its first rounds are not counted: {@code
 * bench.import-warm-ups} rounds, {@value #WARM_UPS} unless said, as the benchmark's other rows take turns with their
 * floors after warming both. The floor's path (a JDBC batch) is at its speed from the second round; the import's
 * (the HTTP body, the check's parsing and hashing, the fold, the spool, the store) climbs for five or six: twelve
 * rounds in one JVM ran at 0.42, 0.68, 0.74, 0.77, 0.80, 0.79, 0.83, 0.87, 0.95, 1.06, 0.87 and 0.91 of their floors,
 * the floor flat at 20,000 to 25,000 events/s from the first (the rebuild's rounds are warmed 15 times for the same
 * reason). Prints one line per round: {@code WARM-UP} or {@code ROUND <events/s> <floor events/s>}.
 */
final class PostgresImportRounds {

    private PostgresImportRounds() {
    }

    /** Warm-up rounds before the counted ones, unless {@code bench.import-warm-ups} says otherwise. */
    static final int WARM_UPS = 6;

    /** The rate and floor (events/s) of each warm-up round, in order, and of each counted round. */
    record Rounds(List<double[]> warmUps, List<double[]> counted) {
    }

    /** Runs {@code rounds} rounds in a child JVM with this JVM's options, after its warm-up rounds. */
    static Rounds inOwnJvm(Path export, long events, int rounds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-X") && !a.startsWith("-Xlog") || a.startsWith("-Dbench."))
                .toList());
        command.addAll(List.of("-cp", System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")),
                PostgresImportRounds.class.getName(), export.toString(), Long.toString(events),
                Integer.toString(rounds)));
        Path log = Path.of("target", "benchmark", "postgres-import-rounds.log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (child.waitFor() != 0) {
            throw new IllegalStateException("the import rounds failed (" + log + ")");
        }
        List<double[]> warmUps = new ArrayList<>();
        List<double[]> measured = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith("ROUND ") || line.startsWith("WARM-UP ")) {
                String[] f = line.split(" ");
                (f[0].equals("ROUND") ? measured : warmUps).add(new double[] {Double.parseDouble(f[1]),
                        Double.parseDouble(f[2])});
            }
        }
        if (measured.size() != rounds) {
            throw new IllegalStateException("the import rounds printed " + measured.size() + " rounds (" + log + ")");
        }
        return new Rounds(warmUps, measured);
    }

    public static void main(String[] args) throws Exception {
        // sent from the file as it is read: a whole copy in this JVM (the tracker's own) and the copy the HTTP client
        // makes of a byte array when it starts sending (16 KB buffers, all at once) were 40 MB of the tracker's heap
        // that a tracker answering another process never holds; each import met a full collection of 0.16 s so
        Path export = Path.of(args[0]);
        long events = Long.parseLong(args[1]);
        int rounds = Integer.parseInt(args[2]);
        int warmUps = Integer.getInteger("bench.import-warm-ups", WARM_UPS);
        PostgresSchemas postgres = PostgresSchemas.reachable();
        HttpClient client = HttpClient.newHttpClient();
        String basic = "Basic " + Base64.getEncoder().encodeToString(("referee:" + ApiTestSupport.REFEREE_PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        for (int round = -warmUps; round < rounds; round++) {
            String importSchema = PostgresSchemas.name();
            String floorSchema = PostgresSchemas.name();
            try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                    .run("--tracker.data-dir=" + Files.createTempDirectory("tracker-bench-postgres-"),
                            "--server.port=0", "--tracker.load-samples=false", "--spring.profiles.active=postgres",
                            "--TRACKER_DB_URL=" + postgres.fresh(importSchema, ""),
                            "--TRACKER_DB_USER=" + postgres.user(), "--TRACKER_DB_PASSWORD=" + postgres.password(),
                            "--TRACKER_REFEREE_PASSWORD=" + ApiTestSupport.REFEREE_PASSWORD,
                            "--TRACKER_PLAYER_PASSWORD=" + ApiTestSupport.PLAYER_PASSWORD)) {
                String url = "http://localhost:" + other.getEnvironment().getProperty("local.server.port")
                        + "/api/history/import";
                // the referee's login (BCrypt, tens of milliseconds, once per tracker) is not the import's time
                HttpResponse<String> login = client.send(HttpRequest.newBuilder(URI.create(url.replace(
                        "/api/history/import", "/api/campaigns"))).header("Authorization", basic).GET().build(),
                        HttpResponse.BodyHandlers.ofString());
                if (login.statusCode() != 200) {
                    throw new IllegalStateException("the login: " + login.statusCode() + " " + login.body());
                }
                System.gc(); // the import and its floor each start from a collected heap
                long t = System.nanoTime();
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url))
                        .header("Authorization", basic).header("Content-Type", "application/x-ndjson")
                        .POST(HttpRequest.BodyPublishers.ofFile(export)).build(),
                        HttpResponse.BodyHandlers.ofString());
                double seconds = (System.nanoTime() - t) / 1e9;
                if (r.statusCode() != 201) {
                    throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
                }
                JdbcTemplate jdbc = other.getBean(JdbcTemplate.class);
                List<String> streams = jdbc.queryForList("select aggregate_identifier from domain_event_entry "
                        + "where sequence_number = 0", String.class);
                // the tracker's connections rewrite batches (its postgres profile); the floor's the same, by its URL
                System.gc();
                double floor = ImportFloor.rate(jdbc, streams, postgres.fresh(floorSchema,
                        "&reWriteBatchedInserts=true"), postgres.user(), postgres.password(), "postgresql");
                System.out.printf(Locale.ROOT, "%s %.1f %.1f%n", round < 0 ? "WARM-UP" : "ROUND", events / seconds,
                        floor);
            } finally {
                postgres.drop(importSchema);
                postgres.drop(floorSchema);
            }
            ClosedTrackers.letGo();
        }
        System.exit(0); // the trackers' non-daemon threads are closed with their contexts; nothing else to wait for
    }
}
