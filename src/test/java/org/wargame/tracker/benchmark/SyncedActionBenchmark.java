package org.wargame.tracker.benchmark;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.benchmark.TableActions.Parked;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.store.Commands;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The cost of a synced acknowledgement (issue 24, item 1; not part of the suite: its name does not end in Test),
 * with {@link TableActions}' moves and floor, which ActionBenchmark shares.
 * Run it with {@code mvn -o test -Dtest=SyncedActionBenchmark -Dsurefire.failIfNoSpecifiedTests=false}. HTTP
 * moves by 1 client and by 4 clients (each on its own scenario), next to the floor of the same disk in the same
 * run: an append of 800 bytes followed by {@code force(false)} (fdatasync), one after another, and the same
 * append without the force. It prints the rates and, where the tracker counts them, the syncs it made and the
 * commits they covered.
 */
class SyncedActionBenchmark extends ApiTestSupport {

    private static final int ACTIONS = Integer.getInteger("bench.actions", 600);
    private static final int CLIENTS = 4;
    private final TableActions table = new TableActions(REFEREE_PASSWORD);
    private final java.util.concurrent.atomic.AtomicLong moves = new java.util.concurrent.atomic.AtomicLong();

    @Autowired
    ScenarioService service;
    @Autowired
    Commands commands;
    @Autowired
    ApplicationContext context;

    @Value("${tracker.data-dir}")
    String dataDir;

    @Test
    void measure() throws Exception {
        List<Parked> scenarios = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) { // a counter plays one scenario at a time: a campaign each
            scenarios.add(TableActions.scenario(service, commands, campaign(), "sync-" + i, 2, 10));
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

    private double concurrent(List<Parked> scenarios) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            return rate(() -> {
                List<Future<?>> done = new ArrayList<>();
                for (Parked scenario : scenarios) {
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

    /** Appends of 800 bytes to a file next to the database, each forced to the disk or not (the shared floor). */
    private double floor(boolean force) throws Exception {
        double ms = TableActions.appendFloor(Path.of(dataDir), ACTIONS, force).stream().mapToDouble(d -> d).sum();
        return ACTIONS / (ms / 1e3);
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
        String id = TableActions.campaignId(2);
        Response r = post("referee", "/api/campaigns", TableActions.campaignYaml(id, 2), "application/yaml");
        if (r.status() != 201) {
            throw new IllegalStateException(r.raw());
        }
        return id;
    }

    /** One move over HTTP (moves do not use up the turn limit). */
    private void advance(Parked scenario) throws IOException {
        table.httpMove(uri("/"), scenario, moves.incrementAndGet());
    }
}
