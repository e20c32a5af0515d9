package org.wargame.tracker.benchmark;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The cost of a synced acknowledgement (issue 24, item 1; not part of the suite: its name does not end in Test).
 * Run it with {@code mvn -o test -Dtest=SyncedActionBenchmark -Dsurefire.failIfNoSpecifiedTests=false}. HTTP clock
 * advances by 1 client and by 4 clients (each on its own scenario), next to the floor of the same disk in the same
 * run: an append of 800 bytes followed by {@code force(false)} (fdatasync), one after another, and the same
 * append without the force. It prints the rates and, where the tracker counts them, the syncs it made and the
 * commits they covered.
 */
class SyncedActionBenchmark extends ApiTestSupport {

    private static final int ACTIONS = Integer.getInteger("bench.actions", 600);
    private static final int CLIENTS = 4;
    private static final Actor REFEREE = new Actor("referee", true, List.of());
    private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);
    private static final String BASIC = "Basic " + Base64.getEncoder().encodeToString(
            ("referee:" + REFEREE_PASSWORD).getBytes(StandardCharsets.UTF_8));

    @Autowired
    ScenarioService service;
    @Autowired
    ApplicationContext context;

    @Value("${tracker.data-dir}")
    String dataDir;

    @Test
    void measure() throws Exception {
        String campaign = campaign();
        List<String> scenarios = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            scenarios.add(service.start(campaign, new StartScenarioRequest(null, "sync-" + i, 100_000,
                    List.of("axis", "british"), List.of(new Placement("c" + i, Map.of("hex", "F1", "terrain",
                    "open-ground"))), List.of()), REFEREE));
        }
        for (int i = 0; i < 300; i++) { // warm-up
            advance(scenarios.get(i % CLIENTS));
        }
        List<String> lines = new ArrayList<>();
        for (int round = 1; round <= 2; round++) { // the floors and the tracker take turns
            double fsync = floor(true);
            double write = floor(false);
            long[] before = counts();
            double one = rate(() -> {
                for (int i = 0; i < ACTIONS; i++) {
                    advance(scenarios.get(0));
                }
                return ACTIONS;
            });
            long[] afterOne = counts();
            double four = concurrent(scenarios);
            long[] afterFour = counts();
            lines.add(String.format(Locale.ROOT, "round %d: floor append 800 B + fdatasync %.0f/s, append only %.0f/s"
                            + " | 1 client %.0f actions/s (%.2f of the fdatasync floor), syncs %s | %d clients %.0f"
                            + " actions/s (%.2f), syncs %s", round, fsync, write, one, one / fsync,
                    syncs(before, afterOne), CLIENTS, four, four / fsync, syncs(afterOne, afterFour)));
        }
        lines.forEach(line -> System.out.println("synced-action benchmark: " + line));
    }

    /** syncs made / commits covered between two counts, or "-" where the tracker does not count them. */
    private static String syncs(long[] from, long[] to) {
        return from == null ? "-" : (to[0] - from[0]) + " for " + (to[1] - from[1]) + " commits";
    }

    /** The tracker's own counts (syncs, commits covered), if it keeps them. */
    private long[] counts() {
        if (!context.containsBean("durableCommits")) {
            return null;
        }
        Object bean = context.getBean("durableCommits");
        try {
            return new long[]{(long) bean.getClass().getMethod("syncs").invoke(bean),
                    (long) bean.getClass().getMethod("commitsSynced").invoke(bean)};
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private double concurrent(List<String> scenarios) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            return rate(() -> {
                List<Future<?>> done = new ArrayList<>();
                for (String scenario : scenarios) {
                    done.add(pool.submit(() -> {
                        for (int i = 0; i < ACTIONS / CLIENTS; i++) {
                            advance(scenario);
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
                return ACTIONS / CLIENTS * CLIENTS;
            });
        } finally {
            pool.shutdownNow();
        }
    }

    /** Appends of 800 bytes to a file next to the database, each forced to the disk or not. */
    private double floor(boolean force) throws Exception {
        Path file = Path.of(dataDir, "floor-" + UUID.randomUUID() + ".bin");
        ByteBuffer row = ByteBuffer.allocate(800);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            return rate(() -> {
                for (int i = 0; i < ACTIONS; i++) {
                    row.clear();
                    channel.write(row);
                    if (force) {
                        channel.force(false);
                    }
                }
                return ACTIONS;
            });
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private interface Work {
        long run() throws Exception;
    }

    private static double rate(Work work) throws Exception {
        long start = System.nanoTime();
        long n = work.run();
        return n / ((System.nanoTime() - start) / 1e9);
    }

    private String campaign() {
        String id = "sync-bench-" + UUID.randomUUID().toString().substring(0, 8);
        String yaml = "id: " + id + "\nname: \"Sync benchmark\"\nruleSet: asl\nreferee: referee\nsides:\n"
                + "  - { id: british, name: British, nationality: British, players: [alice] }\n"
                + "  - { id: axis, name: Italians, nationality: Italian, players: [bruno] }\nroster:\n"
                + "  - { id: c0, kind: crew, side: british, data: {}, state: {} }\n"
                + "  - { id: c1, kind: crew, side: british, data: {}, state: {} }\n"
                + "  - { id: c2, kind: crew, side: british, data: {}, state: {} }\n"
                + "  - { id: c3, kind: crew, side: british, data: {}, state: {} }\n";
        Response r = post("referee", "/api/campaigns", yaml, "application/yaml");
        if (r.status() != 201) {
            throw new IllegalStateException(r.raw());
        }
        return id;
    }

    /** One clock advance with a plain keep-alive connection, reading the whole response. */
    private void advance(String scenario) throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri("/api/scenarios/" + scenario + "/clock/advance").toURL()
                .openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Authorization", BASIC);
        c.setRequestProperty("Content-Type", "application/json");
        c.getOutputStream().write(EMPTY);
        int status = c.getResponseCode();
        byte[] body;
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            body = in.readAllBytes();
        }
        if (status != 200) {
            throw new IllegalStateException(status + " " + new String(body, StandardCharsets.UTF_8));
        }
    }
}
