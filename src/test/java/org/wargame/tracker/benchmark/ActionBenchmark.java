package org.wargame.tracker.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.benchmark.TableActions.Parked;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.store.Commands;
import org.wargame.tracker.store.H2Housekeeping;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.wargame.tracker.benchmark.TableActions.REFEREE;

/**
 * The speed benchmark of issues 14 and 24 (not part of the test suite: its name does not end in Test). Run it with
 * {@code ./mvnw -o test -Dtest=ActionBenchmark -Dsurefire.failIfNoSpecifiedTests=false} (the argLine of
 * docs/speed.md); it writes {@code target/benchmark/report.md}: every figure next to its floor measured in the same
 * run, in rounds that take turns with it, and the ratio.
 * <p>
 * The rules of the measurement: every repeat of a read follows a write to the same scenario (a move), so that no
 * cached result of the database or of the tracker answers it; a floor is measured the same way as what it is the
 * floor of (the same writes between its repeats, the same rounds, medians of both). Histories of 1,000, 20,000 and
 * 50,000 events are played as at a table ({@link TableActions}: clock steps and moves, within the turn limit). On
 * the default H2 file database; PostgreSQL rows when one is reachable ({@link PostgresSchemas}).
 */
class ActionBenchmark extends ApiTestSupport {

    /** The histories' lengths ({@code -Dbench.sizes}, a quicker run with shorter ones; the second is exported). */
    private static final int[] SIZES = java.util.Arrays.stream(System.getProperty("bench.sizes", "1000,20000,50000")
            .split(",")).mapToInt(Integer::parseInt).toArray();
    private static final int ROUNDS = 4;
    private static final int BLOCK = Integer.getInteger("bench.block", 150);
    private static final int READS = Integer.getInteger("bench.reads", 15);
    /** Rounds of the two trackers' rows, each through one tracker and through two, taking turns. */
    private static final int ROUNDS_OF_PAIRS = Integer.getInteger("bench.pair-rounds", 5);
    /** Rebuilds (and floors) before the measured ones: see the rebuild's row. */
    private static final int REBUILD_WARM_UPS = Integer.getInteger("bench.rebuild-warm-ups", 15);
    private static final ObjectMapper PARSER = new ObjectMapper();

    @Autowired
    H2Housekeeping housekeeping;
    @Autowired
    ScenarioService service;
    @Autowired
    Commands commands;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    PlatformTransactionManager transactions;
    @Autowired
    org.wargame.tracker.scenario.ScenarioRecord record;
    @Autowired
    org.wargame.tracker.campaign.CounterLines counterLines;

    @Value("${tracker.data-dir}")
    String dataDir;

    private final TableActions table = new TableActions(REFEREE_PASSWORD);
    private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    private final List<String[]> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    /** Moves sent to each scenario so far (the next one's index). */
    private final Map<String, Long> moves = new HashMap<>();

    @Test
    void measure() throws Exception {
        long started = System.nanoTime();
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
        if (Boolean.getBoolean("bench.pairs-only")) { // item 3 alone, for an A/B of a change to the hand-over
            PostgresSchemas postgres = PostgresSchemas.reachable();
            if (postgres == null) {
                throw new IllegalStateException("-Dbench.pairs-only needs a reachable PostgreSQL (-Dbench.postgres)");
            }
            twoInstances(postgres);
            notes.add("Only the two trackers' rows (-Dbench.pairs-only)");
            write();
            return;
        }
        Map<Integer, Parked> bySize = new LinkedHashMap<>();
        Map<Integer, String> campaignOf = new LinkedHashMap<>();
        java.util.concurrent.ExecutorService builders = java.util.concurrent.Executors.newFixedThreadPool(SIZES.length);
        Map<Integer, java.util.concurrent.Future<Parked>> building = new LinkedHashMap<>();
        for (int size : SIZES) { // a counter plays one scenario at a time: a campaign each; played side by side
            String campaign = campaign(10);
            campaignOf.put(size, campaign);
            building.put(size, builders.submit(() -> TableActions.scenario(service, commands, campaign,
                    "bench-" + size, 10, size)));
        }
        Parked short10 = TableActions.scenario(service, commands, campaign(10), "bench-100", 10, 100);
        Parked short100 = TableActions.scenario(service, commands, campaign(100), "bench-100x100", 100, 100);
        Parked warm = TableActions.scenario(service, commands, campaign(10), "bench-warmup", 10, 10);
        for (Map.Entry<Integer, java.util.concurrent.Future<Parked>> b : building.entrySet()) {
            bySize.put(b.getKey(), b.getValue().get());
        }
        builders.shutdown();
        logIn();
        Parked long20 = bySize.get(SIZES[1]);
        notes.add(String.format(Locale.ROOT, "Set-up: histories of %s events played in process as at a table "
                + "(clock steps by the referee, %d moves in each Movement Phase, within the 100-Game-Turn cap): "
                + "%.0f s", String.join(" / ", java.util.Arrays.stream(SIZES).mapToObj(n -> String.format(
                        Locale.ROOT, "%,d", n)).toList()), TableActions.MOVES_PER_PHASE,
                (System.nanoTime() - started) / 1e9));

        // ---- warm-up: every path measured below, on a scenario of its own
        for (int i = 0; i < 5 * BLOCK; i++) {
            act(warm);
            httpMove(warm);
            if (i % 10 == 0) {
                raw("/api/scenarios/" + warm.id());
            }
        }
        TableActions.oneRowCommits(jdbc, transactions, 300);
        TableActions.appendFloor(Path.of(dataDir), 300, true);

        // ---- one action, in process and over HTTP, at 100 to 50,000 events, next to its floors, in rounds
        List<Parked> actionScenarios = new ArrayList<>(List.of(short10));
        actionScenarios.addAll(bySize.values());
        Map<Parked, List<Double>> inProcess = new LinkedHashMap<>();
        Map<Parked, List<Double>> overHttp = new LinkedHashMap<>();
        actionScenarios.forEach(p -> {
            inProcess.put(p, new ArrayList<>());
            overHttp.put(p, new ArrayList<>());
        });
        List<Double> commitFloor = new ArrayList<>();
        List<Double> syncFloor = new ArrayList<>();
        List<Double> scenarioGet = new ArrayList<>();
        List<Double> healthGet = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            commitFloor.addAll(TableActions.oneRowCommits(jdbc, transactions, BLOCK));
            syncFloor.addAll(TableActions.appendFloor(Path.of(dataDir), BLOCK, true));
            for (int i = 0; i < BLOCK; i++) {
                for (Parked p : actionScenarios) {
                    inProcess.get(p).add(timed(() -> act(p)));
                }
            }
            for (int i = 0; i < BLOCK; i++) {
                for (Parked p : actionScenarios) {
                    overHttp.get(p).add(timed(() -> httpMove(p)));
                }
            }
            for (int i = 0; i < BLOCK; i++) { // a write between reads, as for every read below
                act(long20);
                scenarioGet.add(timed(() -> raw("/api/scenarios/" + long20.id())));
                act(long20);
                healthGet.add(timed(() -> raw("/actuator/health")));
            }
        }
        Stats commit = Stats.of(commitFloor);
        Stats sync = Stats.of(syncFloor);
        Stats get = Stats.of(scenarioGet);
        Stats health = Stats.of(healthGet);
        row("floor: append 800 B + fdatasync, a file next to the database", ms(sync), "-", "-", "-", null);
        row("floor: durable one-row commit (800 B, the tracker's data source and transaction manager, synced)",
                ms(commit) + ", " + perSecond(commit), ms(sync) + " (fdatasync)", ratio(commit.median / sync.median),
                "-", null);
        row("floor: GET /actuator/health (a write before each)", ms(health), "-", "-", "-", null);
        row("floor: GET /api/scenarios/{id}, " + events(long20) + " (a write before each)", ms(get), ms(health) + " (health)",
                ratio(get.median / health.median), "-", null);
        Stats in1k = null;
        Stats http1k = null;
        for (Parked p : actionScenarios) {
            Stats in = Stats.of(inProcess.get(p));
            Stats http = Stats.of(overHttp.get(p));
            String at = events(p);
            if (in1k == null && p != short10) {
                in1k = in;
                http1k = http;
            }
            row("one action (move), in process, 1 client, " + at, ms(in) + ", " + perSecond(in), perSecond(commit)
                    + " (durable one-row commit)", ratio(commit.median / in.median) + " (rate / floor)",
                    "at least 0.5", commit.median / in.median >= 0.5);
            row("one action (move), HTTP, 1 client, " + at, ms(http) + ", " + perSecond(http), perSecond(commit)
                    + " (durable one-row commit); " + ms(get) + " (GET scenario)", ratio(commit.median
                    / http.median) + " (rate / floor); " + ratio(http.median / get.median) + " (time / GET)",
                    "at least 0.5 of the floor's rate; at most 1.5x GET's time", commit.median / http.median >= 0.5
                            && http.median / get.median <= 1.5);
        }
        Stats in50k = Stats.of(inProcess.get(bySize.get(SIZES[SIZES.length - 1])));
        Stats http50k = Stats.of(overHttp.get(bySize.get(SIZES[SIZES.length - 1])));
        row(String.format(Locale.ROOT, "one action at %,d events against %,d, in process / HTTP",
                SIZES[SIZES.length - 1], SIZES[0]), ms(in50k) + " / " + ms(http50k),
                ms(in1k) + " / " + ms(http1k), ratio(in50k.median / in1k.median) + " / "
                        + ratio(http50k.median / http1k.median), "flat (at most 1.5)",
                in50k.median / in1k.median <= 1.5 && http50k.median / http1k.median <= 1.5);

        // ---- what a write costs on the disk: 1,000 HTTP moves, 10 and 100 counters, bytes per action
        thousandActions(short10);
        thousandActions(short100);
        Growth g10 = thousandActions(short10);
        Growth g100 = thousandActions(short100);
        for (Growth g : List.of(g10, g100)) {
            row(String.format(Locale.ROOT, "1,000 moves over HTTP, %d counters: bytes sent to the disk per action "
                            + "(/proc/self/io write_bytes); by write calls (wchar, HTTP too); H2 file growth", g.counters),
                    kb(g.toDisk / 1000) + "; " + kb(g.written / 1000) + "; " + mb(g.fileBytes), kb(g.eventBytes / 1000)
                            + " (the events' own bytes per action)", ratio((double) g.toDisk / g.eventBytes)
                            + " (to disk / events)", "-", null);
        }
        Path file = Path.of(dataDir, "tracker.mv.db");
        long running = Files.size(file);
        long all = allEventBytes(jdbc);
        row(String.format(Locale.ROOT, "H2 file of this tracker (%,d events, played as at a table), running",
                        allEvents(jdbc)), mb(running), mb(all) + " (the events' own bytes: payload and metadata)",
                ratio((double) running / all), "under 3", running < 3 * all);
        // then at a table's pace: a move every 250 ms, the housekeeping running beside them; the size after 20 s,
        // and once it has shrunk and then not changed for 30 s (at most -Dbench.pace-seconds, 120), which is what a
        // table lives with (the housekeeping first rewrites chunks, which leaves the size as it is for a while)
        long paceStarts = System.nanoTime();
        long paceMax = Long.getLong("bench.pace-seconds", 120) * 1_000_000_000L;
        long at20 = -1;
        long at20Events = -1;
        long last = Files.size(file);
        long lastChange = paceStarts;
        List<Double> paceMoves = new ArrayList<>(); // each move's time: a housekeeping round holds the file
        while (System.nanoTime() - paceStarts < paceMax) {
            paceMoves.add(timed(() -> httpMove(short10)));
            Thread.sleep(250);
            long now = Files.size(file);
            if (now != last) {
                last = now;
                lastChange = System.nanoTime();
            }
            if (at20 < 0 && System.nanoTime() - paceStarts >= 20_000_000_000L) {
                at20 = now;
                at20Events = allEventBytes(jdbc);
            }
            if (at20 >= 0 && last < running && System.nanoTime() - lastChange >= 30_000_000_000L) {
                break;
            }
        }
        long pacedSeconds = (System.nanoTime() - paceStarts) / 1_000_000_000L;
        long paced = Files.size(file);
        long pacedEvents = allEventBytes(jdbc);
        if (at20 >= 0) {
            row("the same file, running, after 20 s more at a table's pace (a move every 250 ms)", mb(at20),
                    mb(at20Events) + " (the events' own bytes)", ratio((double) at20 / at20Events), "under 3",
                    at20 < 3 * at20Events);
        }
        row(String.format(Locale.ROOT, "the same file, running, after %d s at a table's pace (shrunk, then "
                        + "unchanged for 30 s, or at most %d s)", pacedSeconds, paceMax / 1_000_000_000L), mb(paced),
                mb(pacedEvents) + " (the events' own bytes)", ratio((double) paced / pacedEvents), "under 3",
                paced < 3 * pacedEvents);
        List<Double> sortedPace = paceMoves.stream().sorted().toList();
        row(String.format(Locale.ROOT, "the %,d moves over HTTP at that pace, while the housekeeping shrank the file: "
                        + "median, the slowest 1 in 100, the slowest", sortedPace.size()),
                String.format(Locale.ROOT, "%.1f ms, %.1f ms, %.1f ms", sortedPace.get(sortedPace.size() / 2),
                        sortedPace.get(Math.min(sortedPace.size() - 1, (int) (sortedPace.size() * 0.99))),
                        sortedPace.get(sortedPace.size() - 1)), "-", "-", "-", null);

        // ---- history reads at 1,000 / 20,000 / 50,000 events, each after a write
        Map<String, Function<Parked, String>> reads = new LinkedHashMap<>();
        reads.put("floor: GET /api/scenarios/{id}", p -> "/api/scenarios/" + p.id());
        // the first page holds every bookmark up to 500: a dozen at 1,000 events, 500 at 20,000 and 50,000, so its
        // time follows the page, not the history (no goal); a page of 10 is the same read at every length
        reads.put("GET bookmarks (first page, up to 500)", p -> "/api/scenarios/" + p.id() + "/bookmarks");
        reads.put("GET bookmarks (a page of 10)", p -> "/api/scenarios/" + p.id() + "/bookmarks?limit=10");
        reads.put("GET bookmarks?kind=gameTurn", p -> "/api/scenarios/" + p.id() + "/bookmarks?kind=gameTurn");
        reads.put("GET audit?gameTurn= (the last Game Turn)", p -> "/api/scenarios/" + p.id() + "/audit?gameTurn="
                + gameTurn(p));
        reads.put("GET steps (the last 100 events)", p -> "/api/scenarios/" + p.id() + "/steps?from="
                + (last(p) - 99) + "&to=" + last(p));
        reads.put("GET events (a page of 500 from the middle)", p -> "/api/scenarios/" + p.id() + "/events?after="
                + middle(p));
        reads.put("GET state?after= (the middle, 250 after a checkpoint)", p -> "/api/scenarios/" + p.id()
                + "/state?after=" + middle(p));
        reads.put("floor: scenario page", p -> "/scenarios/" + p.id());
        reads.put("timeline page (now)", p -> "/scenarios/" + p.id() + "/timeline");
        reads.put("timeline page (at the middle)", p -> "/scenarios/" + p.id() + "/timeline?at=" + middle(p));
        reads.put("audit page (current Game Turn)", p -> "/scenarios/" + p.id() + "/audit");
        // a mover's history across its campaign: its latest 200 lines, found by their kept places (V30); the
        // first read of each history reads every event once (in the first round, as a median passes it over)
        Map<String, String> campaignOfScenario = new java.util.HashMap<>();
        for (int size : SIZES) {
            campaignOfScenario.put(bySize.get(size).id(), campaignOf.get(size));
        }
        reads.put("counter history page (a mover's latest 200 lines)", p -> "/campaigns/"
                + campaignOfScenario.get(p.id()) + "/counters/" + p.movers().get(0));
        for (Map.Entry<String, Function<Parked, String>> read : reads.entrySet()) {
            Map<Integer, List<Double>> times = new LinkedHashMap<>();
            Map<Integer, Integer> sizes = new LinkedHashMap<>();
            for (int size : SIZES) {
                times.put(size, new ArrayList<>());
            }
            for (int i = 0; i < READS; i++) { // the three histories take turns, each read after a write
                for (int size : SIZES) {
                    Parked p = bySize.get(size);
                    act(p);
                    String path = read.getValue().apply(p);
                    byte[][] body = new byte[1][];
                    times.get(size).add(timed(() -> body[0] = raw(path)));
                    sizes.put(size, body[0].length);
                }
            }
            Stats small = Stats.of(times.get(SIZES[0]));
            for (int size : SIZES) {
                Stats s = Stats.of(times.get(size));
                boolean longest = size == SIZES[SIZES.length - 1] && !read.getKey().contains("up to 500");
                row(read.getKey() + ", " + events(bySize.get(size)), ms(s) + ", " + kb(sizes.get(size)),
                        size == SIZES[0] ? "-" : ms(small) + String.format(Locale.ROOT, " (at %,d)", SIZES[0]), size == SIZES[0] ? "-"
                                : ratio(s.median / small.median), longest ? "at most 2" : "-",
                        longest ? s.median <= 2 * small.median : null);
            }
        }

        // the counter history as it was read before its lines were kept (every event of the campaign read and
        // parsed): medians of 3, each after a write, beside the kept lines' page above
        for (int size : SIZES) {
            Parked p = bySize.get(size);
            List<Double> scans = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                act(p);
                scans.add(timed(() -> counterLines.scan(campaignOfScenario.get(p.id()), p.movers().get(0))));
            }
            row("a mover's history read from every event of its campaign (the path before V30; median of 3), "
                    + events(p), String.format(Locale.ROOT, "%.1f ms (%s)", median(scans), spread(scans)), "-", "-",
                    "-", null);
        }

        // ---- memory
        System.gc();
        Files.createDirectories(Path.of("target", "benchmark"));
        nativeMemory(); // with -XX:NativeMemoryTracking=summary: where the RSS goes, beside the report
        String flags = String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .stream().filter(a -> a.startsWith("-X")).toList());
        row("RSS of the test JVM (tracker and benchmark client) after the reads and a full collection", mb(rss())
                + String.format(Locale.ROOT, ", heap used %s of %s committed", mb(heapUsed()),
                mb(Runtime.getRuntime().totalMemory())), "-", "-", "under 600 MB", rss() < 600L << 20);
        notes.add("RSS: VmRSS of the test JVM (one process: the tracker and the benchmark's HTTP client), flags "
                + (flags.isEmpty() ? "none" : "`" + flags + "`"));

        // ---- the state holds no earlier state; rulings far back
        long rowShort = viewBytes(short10.id());
        long rowLong = viewBytes(bySize.get(SIZES[SIZES.length - 1]).id());
        row("scenario read model (scenario_view and scenario_part rows), 10 counters: 100 / "
                + events(bySize.get(SIZES[SIZES.length - 1])), rowShort
                + " / " + rowLong + " bytes", "-", ratio((double) rowLong / rowShort), "at most 1.2",
                rowLong <= 1.2 * rowShort);
        // before the export, the imports and the trackers they start: what stays live (the tracker's heap, the
        // benchmark's parked scenarios and the client) is written down, since a ruling far back allocates much and
        // collects the more often the fuller the heap; a tracker started and stopped in this JVM stays in the heap
        // until its soft references are cleared (ClosedTrackers: with four more trackers the ruling 1,000 back took
        // 1.1 s where it took 0.76).
        // On the longest scenario, which is not exported: the export stays the history it was
        Parked ruled = bySize.get(SIZES[SIZES.length - 1]);
        System.gc();
        notes.add(String.format(Locale.ROOT, "Heap in use before the rulings, after a full collection: %s of %s "
                + "most; its largest classes in target/benchmark/heap-before-rulings.txt", mb(heapUsed()),
                mb(Runtime.getRuntime().maxMemory())));
        Files.writeString(Path.of("target", "benchmark", "heap-before-rulings.txt"), classHistogram());
        for (int back : new int[]{10, 100, 1000}) { // medians of 3, each dispute and ruling a write of its own
            String before = events(ruled);
            List<Double> disputes = new ArrayList<>();
            List<Double> rulings = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                double[] ms = ruling(ruled.id(), back);
                disputes.add(ms[0] < 0 ? Double.MAX_VALUE : ms[0]);
                rulings.add(ms[1] < 0 ? Double.MAX_VALUE : ms[1]);
            }
            double dispute = median(disputes);
            double ruling = median(rulings);
            row(String.format(Locale.ROOT, "dispute of the action %,d actions back (finds it in the record; median "
                    + "of 3), %s", back, before), dispute == Double.MAX_VALUE ? "refused"
                    : String.format(Locale.ROOT, "%.0f ms (%s)", dispute, spread(disputes)), "-", "-", "-", null);
            row(String.format(Locale.ROOT, "upheld ruling %,d actions back (replays the later ones; median of 3), %s",
                    back, before), ruling == Double.MAX_VALUE ? "refused" : String.format(Locale.ROOT, "%.0f ms (%s)",
                    ruling, spread(rulings)), "-", "-", "under 1 s", ruling < 1000);
        }
        System.gc();
        notes.add(String.format(Locale.ROOT, "Heap in use after the rulings, after a full collection: %s; its largest "
                + "classes in target/benchmark/heap-after-rulings.txt", mb(heapUsed())));
        Files.writeString(Path.of("target", "benchmark", "heap-after-rulings.txt"), classHistogram());

        // ---- export and verify of the 20,000-event campaign next to a raw scan of its rows, in rounds, each after
        // a write
        String campaign20 = campaignOf.get(SIZES[1]);
        List<String> streams20 = List.of(campaign20, long20.id());
        List<Double> rawRates = new ArrayList<>();
        List<Double> exportRates = new ArrayList<>();
        List<Double> verifyRates = new ArrayList<>();
        byte[][] exported = new byte[1][];
        for (int round = 0; round < 6; round++) {
            act(long20);
            rawRates.add(rawScanRate(jdbc, streams20));
            act(long20);
            long n = count(streams20);
            double exportSeconds = timed(() -> exported[0] = raw("/api/campaigns/" + campaign20 + "/export")) / 1e3;
            exportRates.add(n / exportSeconds);
            act(long20);
            n = count(streams20);
            double verifySeconds = timed(() -> body("/api/campaigns/" + campaign20 + "/verify")) / 1e3;
            verifyRates.add(n / verifySeconds);
        }
        long exportLines = lines(exported[0]) - 1;
        Files.createDirectories(Path.of("target", "benchmark"));
        Files.write(Path.of("target", "benchmark", "export.jsonl"), exported[0]); // for ImportBenchmark
        double rawRate = median(rawRates);
        double exportRate = median(exportRates);
        double verifyRate = median(verifyRates);
        row(String.format(Locale.ROOT, "export of %,d events (medians of 6 rounds, each after a write)", exportLines),
                rate(exportRate), rate(rawRate) + " (raw JDBC scan + Jackson parse of the same rows, same rounds)",
                ratio(exportRate / rawRate), "at least 0.5", exportRate >= rawRate / 2);
        row(String.format(Locale.ROOT, "verify of %,d events", exportLines), rate(verifyRate), rate(rawRate),
                ratio(verifyRate / rawRate), "at least 0.5", verifyRate >= rawRate / 2);

        TableActions.dropFloor(jdbc);

        // ---- the file after a clean stop of this tracker, before the imports start trackers of their own: this
        // one's store, closed, no longer shares the heap with them (with both, an import tracker's run in the
        // 256 MB heap collected fully about once a second: 150 to 200 MB in use, the imports and the rebuild
        // measured under it)
        long events = allEvents(jdbc);
        long own = allEventBytes(jdbc);
        // the database stopped as the tracker's stop stops it (the housekeeping, then H2 closes the file and
        // rewrites it whole: DEFRAG_ALWAYS, store/DurableDataSource); the Spring context stays open, since the test
        // framework reads it after the test
        long stopping = System.nanoTime();
        housekeeping.stop();
        jdbc.execute("SHUTDOWN");
        double stopSeconds = (System.nanoTime() - stopping) / 1e9;
        long stopped = Files.size(file);
        row(String.format(Locale.ROOT, "H2 file of this tracker (%,d events), after a clean stop (the stop took "
                        + "%.1f s)", events, stopSeconds), mb(stopped), mb(own) + " (the events' own bytes)",
                ratio((double) stopped / own), "under 3", stopped < 3 * own);
        System.gc();

        // ---- import, rebuild and the file after a flood, in a fresh tracker
        importAndRebuild(exported[0], exportLines, campaign20, long20.id());

        // ---- PostgreSQL: one action next to its floors, import next to its floor
        PostgresSchemas postgres = PostgresSchemas.reachable();
        if (postgres == null) {
            notes.add("PostgreSQL rows skipped: no PostgreSQL reachable (-Dbench.postgres=jdbc:postgresql://..., "
                    + "-Dbench.postgres.user, -Dbench.postgres.password; default the local tracker_bench that "
                    + "docs/production/create-database.sh makes with TRACKER_DB_NAME=tracker_bench)");
        } else {
            postgres(postgres, exported[0], exportLines);
        }

        notes.add(String.format(Locale.ROOT, "Whole run: %.0f s", (System.nanoTime() - started) / 1e9));
        notes.add("Load average (/proc/loadavg: 1, 5, 15 minutes) at the start: " + loadBefore + "; at the end: "
                + Files.readString(Path.of("/proc/loadavg")).trim() + " (2 cores, shared with other builds)");
        write();
    }

    /** The export imported into a fresh H2 tracker, its floor, a rebuild and its floor, the file running and stopped. */
    private void importAndRebuild(byte[] export, long exportLines, String campaign, String scenario)
            throws Exception {
        // the import in rounds, each into a fresh tracker, taking turns with its floor (a fresh file), as the other
        // bulk rows; the last round's tracker is kept for the rebuild and the file
        List<Double> rates = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        for (int round = 0; round < IMPORT_ROUNDS - 1; round++) {
            Path dir = Files.createTempDirectory("tracker-bench-fresh-");
            try (ConfigurableApplicationContext other = tracker(dir)) {
                importRound(other, export, exportLines, campaign, scenario, rates, floors);
            }
            org.springframework.util.FileSystemUtils.deleteRecursively(dir);
            ClosedTrackers.letGo();
        }
        Path fresh = Files.createTempDirectory("tracker-bench-fresh-");
        Path file = fresh.resolve("tracker.mv.db");
        long own;
        long total;
        try (ConfigurableApplicationContext other = tracker(fresh)) {
            String base = base(other);
            importRound(other, export, exportLines, campaign, scenario, rates, floors);
            double importRate = median(rates);
            double floor = median(floors);
            row(String.format(Locale.ROOT, "import of the %,d-event export into a fresh tracker (H2; median of %d "
                            + "rounds, each into a fresh tracker, taking turns with the floor)", exportLines,
                            rates.size()), rate(importRate) + String.format(Locale.ROOT, " (%.1f s; the first round "
                            + "%s, %.2f of its floor)", exportLines / importRate, rate(rates.get(0)),
                            rates.get(0) / floors.get(0)), rate(floor) + " (plain JDBC batch insert of the same rows "
                            + "into a fresh H2 file, same tables and settings)", ratio(importRate / floor),
                    "at least 0.8", importRate >= 0.8 * floor);
            total = jdbcOf(other).queryForObject("select count(*) from domain_event_entry", Long.class);
            own = allEventBytes(jdbcOf(other));
            long afterImport = Files.size(file);
            List<Double> rebuildRates = new ArrayList<>();
            List<Double> rawRates = new ArrayList<>();
            // both warmed the same way, taking turns, until the rebuild's much longer code is compiled: in
            // ImportBenchmark's 24 rounds it reached its pace after 10 to 15 (35,000 events/s in the first, 300,000
            // in the last), the scan after 4; three rounds measured the compiler, not the rebuild
            for (int round = 0; round < REBUILD_WARM_UPS; round++) {
                rebuild(base);
                rawScanRate(jdbcOf(other), null);
            }
            for (int round = 0; round < 3; round++) { // taking turns with the floor
                rebuildRates.add(total / rebuild(base));
                rawRates.add(rawScanRate(jdbcOf(other), null));
            }
            double rebuildRate = median(rebuildRates);
            double rawRate = median(rawRates);
            row(String.format(Locale.ROOT, "read-model rebuild of %,d events (H2; median of 3 rounds after %d "
                            + "unmeasured, each taking turns with the floor)", total, REBUILD_WARM_UPS),
                    rate(rebuildRate) + rounds(rebuildRates), rate(rawRate) + " (raw scan + parse, same store, same "
                            + "rounds)" + rounds(rawRates), ratio(rebuildRate / rawRate), "at least 0.5",
                    rebuildRate >= rawRate / 2);
            long running = Files.size(file);
            row("H2 file after an import (a flood), running: after the import / after " + (REBUILD_WARM_UPS + 3)
                            + " rebuilds",
                    mb(afterImport) + " / " + mb(running), mb(own) + " (the events' own bytes)",
                    ratio((double) afterImport / own) + " / " + ratio((double) running / own), "under 3",
                    running < 3 * own && afterImport < 3 * own);
        }
        long stopped = Files.size(file);
        row("H2 file after an import and rebuilds, after a clean stop", mb(stopped), mb(own), ratio((double) stopped
                / own), "under 3", stopped < 3 * own);
        ClosedTrackers.letGo();
    }

    /** One H2 import into the fresh tracker {@code other}, then its floor: each rate added to its list. */
    private void importRound(ConfigurableApplicationContext other, byte[] export, long exportLines, String campaign,
                             String scenario, List<Double> rates, List<Double> floors) throws Exception {
        String base = base(other);
        rawAt(URI.create(base + "/api/campaigns")); // the login (BCrypt, once per tracker) is not the import's time
        System.gc(); // the import and its floor each start from a collected heap
        rates.add(exportLines / (timed(() -> post(base + "/api/history/import", export)) / 1e3));
        List<String> imported = jdbcOf(other).queryForList("select aggregate_identifier from domain_event_entry "
                + "where sequence_number = 0 and aggregate_identifier in (?, ?)", String.class, campaign, scenario);
        System.gc();
        floors.add(ImportFloor.h2(jdbcOf(other), imported, ImportFloor.settings(other)));
    }

    /** Imports measured on each database, each into a fresh tracker, taking turns with the floor. */
    private static final int IMPORT_ROUNDS = Integer.getInteger("bench.import-rounds", 3);
    /**
     * PostgreSQL's import rounds: five, not three (their own JVM, about 8 s a round): three gave medians of 0.73 to
     * 0.85 of the floor in five runs of the same code.
     */
    private static final int POSTGRES_IMPORT_ROUNDS = Integer.getInteger("bench.postgres-import-rounds", 5);

    /** On a fresh PostgreSQL schema: one action next to its floors (in rounds), then the import next to its floor. */

    private void postgres(PostgresSchemas postgres, byte[] export, long events) throws Exception {
        String schema = PostgresSchemas.name();
        Path fresh = Files.createTempDirectory("tracker-bench-postgres-");
        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + fresh, "--server.port=0", "--tracker.load-samples=false",
                        "--spring.profiles.active=postgres", "--TRACKER_DB_URL=" + postgres.fresh(schema, ""),
                        "--TRACKER_DB_USER=" + postgres.user(), "--TRACKER_DB_PASSWORD=" + postgres.password(),
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            URI base = URI.create(base(other));
            ScenarioService pgService = other.getBean(ScenarioService.class);
            JdbcTemplate pgJdbc = jdbcOf(other);
            PlatformTransactionManager pgTx = other.getBean(PlatformTransactionManager.class);
            String campaignId = TableActions.campaignId(10);
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(base.resolve("/api/campaigns"))
                    .header("Authorization", table.basic()).header("Content-Type", "application/yaml")
                    .POST(HttpRequest.BodyPublishers.ofString(TableActions.campaignYaml(campaignId, 10))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (created.statusCode() != 201) {
                throw new IllegalStateException(created.body());
            }
            Parked p = TableActions.scenario(pgService, other.getBean(Commands.class), campaignId, "bench-pg-1000", 10, 1000);
            long[] n = {0};
            for (int i = 0; i < 500; i++) { // warm-up
                pgService.act(p.id(), p.move(n[0]++), REFEREE);
                table.httpMove(base, p, n[0]++);
            }
            TableActions.oneRowCommits(pgJdbc, pgTx, 300);
            List<Double> floor = new ArrayList<>();
            List<Double> in = new ArrayList<>();
            List<Double> http = new ArrayList<>();
            List<Double> get = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                floor.addAll(TableActions.oneRowCommits(pgJdbc, pgTx, BLOCK));
                for (int i = 0; i < BLOCK; i++) {
                    in.add(timed(() -> pgService.act(p.id(), p.move(n[0]++), REFEREE)));
                }
                for (int i = 0; i < BLOCK; i++) {
                    http.add(timed(() -> table.httpMove(base, p, n[0]++)));
                }
                for (int i = 0; i < BLOCK; i++) {
                    pgService.act(p.id(), p.move(n[0]++), REFEREE);
                    get.add(timed(() -> rawAt(base.resolve("/api/scenarios/" + p.id()))));
                }
            }
            Stats f = Stats.of(floor);
            Stats i1 = Stats.of(in);
            Stats h1 = Stats.of(http);
            Stats g = Stats.of(get);
            row("PostgreSQL floor: durable one-row commit (800 B, the tracker's data source)", ms(f) + ", "
                    + perSecond(f), "-", "-", "-", null);
            row("PostgreSQL: one action (move), in process, 1 client, about 1,000 events", ms(i1) + ", "
                    + perSecond(i1), perSecond(f) + " (one-row commit)", ratio(f.median / i1.median)
                    + " (rate / floor)", "at least 0.5", f.median / i1.median >= 0.5);
            row("PostgreSQL: one action (move), HTTP, 1 client", ms(h1) + ", " + perSecond(h1), perSecond(f)
                    + " (one-row commit); " + ms(g) + " (GET scenario, a write before each)", ratio(f.median
                    / h1.median) + " (rate / floor); " + ratio(h1.median / g.median) + " (time / GET)",
                    "at least 0.5 of the floor's rate; at most 1.5x GET's time", f.median / h1.median >= 0.5
                            && h1.median / g.median <= 1.5);
            TableActions.dropFloor(pgJdbc);
        } finally {
            postgres.drop(schema);
        }
        ClosedTrackers.letGo();
        // the import in rounds, each into a fresh tracker and schema, taking turns with its floor (a fresh schema
        // too), as the other bulk rows, after warm-up rounds: the JVM's first is reported beside the median. In a
        // JVM of their own with this one's options (PostgresImportRounds): in this one, after six trackers had been
        // started and closed, they ran under full collections (the check of the file 0.66 to 2.4 s, against 0.34 to
        // 0.46)
        List<Double> rates = new ArrayList<>();
        List<Double> floors = new ArrayList<>();
        PostgresImportRounds.Rounds rounds = PostgresImportRounds.inOwnJvm(Path.of("target", "benchmark",
                "export.jsonl"), events, POSTGRES_IMPORT_ROUNDS);
        for (double[] round : rounds.counted()) {
            rates.add(round[0]);
            floors.add(round[1]);
        }
        double rate = median(rates);
        double floor = median(floors);
        // the JVM's first import (its code not yet compiled) beside the median, as a fresh tracker's first import
        double[] first = rounds.warmUps().isEmpty() ? rounds.counted().get(0) : rounds.warmUps().get(0);
        row(String.format(Locale.ROOT, "import of the %,d-event export into a fresh tracker on PostgreSQL 15 "
                        + "(median of %d rounds after %d warm-up rounds, each into a fresh tracker and schema, taking "
                        + "turns with the floor, in a JVM of their own with this one's options)",
                        events, POSTGRES_IMPORT_ROUNDS, rounds.warmUps().size()),
                rate(rate) + String.format(Locale.ROOT, " (%.1f s; the JVM's first import %s, %.2f of its floor)",
                        events / rate, rate(first[0]), first[0] / first[1]),
                rate(floor) + " (plain JDBC batch insert, rewritten to multi-row inserts, of the same rows)",
                ratio(rate / floor), "at least 0.8", rate >= 0.8 * floor);
        try {
            ClosedTrackers.letGo();
            twoInstances(postgres);
        } catch (Exception e) { // said in the report, so that the rest of the run stands
            notes.add("Eight clients through two trackers: not measured (" + e + ")");
        }
    }

    /** Both trackers' scenario caches: caught up, no longer cached, caught up by reading again. */
    private static long[] handOvers(ConfigurableApplicationContext... trackers) {
        long[] counts = new long[3];
        for (ConfigurableApplicationContext t : trackers) {
            var cache = (org.wargame.tracker.store.CatchingUpCache) t.getBean("scenarioCache",
                    org.axonframework.common.caching.Cache.class);
            counts[0] += cache.caughtUp();
            counts[1] += cache.gone();
            counts[2] += cache.readAgain();
        }
        return counts;
    }

    /**
     * Issue 24, item 3: eight clients acting at once, in process, on one scenario and on eight, through one tracker
     * and through two trackers on one database (each client keeps to one tracker), in rounds that take turns. A
     * client whose action is refused as a conflict (another stored first at its place in the stream) sends it again:
     * the re-sends are the work thrown away.
     */
    private void twoInstances(PostgresSchemas postgres) throws Exception {
        String schema = PostgresSchemas.name();
        String url = postgres.fresh(schema, "");
        try (ConfigurableApplicationContext a = postgresTracker(postgres, url);
             ConfigurableApplicationContext b = postgresTracker(postgres, url)) {
            URI base = URI.create(base(a));
            List<Parked> eight = new ArrayList<>();
            for (int i = 0; i < 8; i++) { // a campaign each: a counter is in play in one scenario at a time
                String campaignId = TableActions.campaignId(10);
                HttpResponse<String> created = client.send(HttpRequest.newBuilder(base.resolve("/api/campaigns"))
                        .header("Authorization", table.basic()).header("Content-Type", "application/yaml")
                        .POST(HttpRequest.BodyPublishers.ofString(TableActions.campaignYaml(campaignId, 10)))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (created.statusCode() != 201) {
                    throw new IllegalStateException(created.body());
                }
                eight.add(TableActions.scenario(a.getBean(ScenarioService.class), a.getBean(Commands.class),
                        campaignId, "bench-pair-" + i, 10, 200));
            }
            List<ScenarioService> one = List.of(a.getBean(ScenarioService.class));
            List<ScenarioService> two = List.of(a.getBean(ScenarioService.class), b.getBean(ScenarioService.class));
            int moves = Integer.getInteger("bench.pair-moves", 100);
            org.wargame.tracker.scenario.ScenarioViews seenByB = b.getBean(
                    org.wargame.tracker.scenario.ScenarioViews.class);
            for (Parked p : eight) {
                long until = System.nanoTime() + 10_000_000_000L;
                while (!seenByB.exists(p.id())) {
                    if (System.nanoTime() > until) {
                        throw new IllegalStateException("the second tracker does not see scenario " + p.id());
                    }
                    Thread.sleep(50);
                }
            }
            clients(two, eight, moves / 2); // warm-up of both trackers
            List<Double> oneOnOne = new ArrayList<>();
            List<Double> twoOnOne = new ArrayList<>();
            List<Double> oneOnEight = new ArrayList<>();
            List<Double> twoOnEight = new ArrayList<>();
            long[] resends = new long[4];
            long[] handOvers = handOvers(a, b);
            for (int round = 0; round < ROUNDS_OF_PAIRS; round++) {
                double[] r;
                r = clients(one, eight.subList(0, 1), moves);
                oneOnOne.add(r[0]);
                resends[0] += (long) r[1];
                r = clients(two, eight.subList(0, 1), moves);
                twoOnOne.add(r[0]);
                resends[1] += (long) r[1];
                r = clients(one, eight, moves);
                oneOnEight.add(r[0]);
                resends[2] += (long) r[1];
                r = clients(two, eight, moves);
                twoOnEight.add(r[0]);
                resends[3] += (long) r[1];
            }
            long[] after = handOvers(a, b);
            notes.add(String.format(Locale.ROOT, "Two trackers' cached scenarios, when the other had acted since (the rounds "
                    + "through two): %d caught up with the events checked, %d no longer cached (a collection had "
                    + "cleared the weak reference: loaded from the store), %d caught up by reading the events again",
                    after[0] - handOvers[0], after[1] - handOvers[1], after[2] - handOvers[2]));
            double r11 = median(oneOnOne);
            double r21 = median(twoOnOne);
            double r18 = median(oneOnEight);
            double r28 = median(twoOnEight);
            int sent = ROUNDS_OF_PAIRS * 8 * moves;
            row("PostgreSQL: 8 clients on one scenario, through 2 trackers on one database / through 1 (medians of "
                            + ROUNDS_OF_PAIRS + " rounds of " + sent / ROUNDS_OF_PAIRS + " actions)", actions(r21) + ", "
                            + resends[1] + " re-sent of " + sent + rounds(twoOnOne), actions(r11) + ", " + resends[0]
                            + " re-sent of " + sent + rounds(oneOnOne), ratio(r21 / r11),
                    "at least 0.9, 0 re-sent", r21 >= 0.9 * r11 && resends[1] == 0);
            row("PostgreSQL: 8 clients on 8 scenarios, through 2 trackers on one database / through 1",
                    actions(r28) + ", " + resends[3] + " re-sent of " + sent + rounds(twoOnEight), actions(r18)
                            + ", " + resends[2] + " re-sent of " + sent + rounds(oneOnEight), ratio(r28 / r18), "not slower (at least 0.9)", r28 >= 0.9 * r18);
        } finally {
            postgres.drop(schema);
        }
    }

    /**
     * Eight clients, each {@code moves} moves on scenario {@code i % scenarios} through tracker {@code i %
     * trackers}, at once: actions a second of the whole, and the re-sends.
     */
    private static double[] clients(List<ScenarioService> trackers, List<Parked> scenarios, int moves)
            throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        java.util.concurrent.atomic.AtomicLong resent = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<?>> running = new ArrayList<>();
        try {
            for (int c = 0; c < 8; c++) {
                ScenarioService tracker = trackers.get(c % trackers.size());
                Parked p = scenarios.get(c % scenarios.size());
                long first = 1_000_000L * c;
                running.add(pool.submit(() -> {
                    go.await();
                    for (long n = first; n < first + moves; n++) {
                        while (true) {
                            try {
                                tracker.act(p.id(), p.move(n), REFEREE);
                                break;
                            } catch (RuntimeException e) {
                                if (!conflict(e)) {
                                    throw e;
                                }
                                resent.incrementAndGet();
                            }
                        }
                    }
                    return null;
                }));
            }
            long t = System.nanoTime();
            go.countDown();
            for (java.util.concurrent.Future<?> f : running) {
                f.get();
            }
            double seconds = (System.nanoTime() - t) / 1e9;
            return new double[] {8.0 * moves / seconds, resent.get()};
        } finally {
            pool.shutdownNow();
        }
    }

    /** Each round's rate, in order: a round slowed by something else (a checkpoint, a collection) shows. */
    private static String rounds(List<Double> perSecond) {
        return perSecond.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r))
                .collect(java.util.stream.Collectors.joining(", ", " (rounds: ", ")"));
    }

    private static String actions(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f actions/s", perSecond);
    }

    /** A refusal because another action was stored first at the same place (the API's 409). */
    private static boolean conflict(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.axonframework.modelling.command.ConcurrencyException
                    || t instanceof org.springframework.dao.DuplicateKeyException) {
                return true;
            }
        }
        return false;
    }

    private static ConfigurableApplicationContext postgresTracker(PostgresSchemas postgres, String url)
            throws IOException {
        return new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + Files.createTempDirectory("tracker-bench-postgres-"), "--server.port=0",
                        "--tracker.load-samples=false", "--spring.profiles.active=postgres", "--TRACKER_DB_URL=" + url,
                        "--TRACKER_DB_USER=" + postgres.user(), "--TRACKER_DB_PASSWORD=" + postgres.password(),
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD);
    }

    // ------------------------------------------------------------------------------------------------ set-up

    private String campaign(int counters) {
        String id = TableActions.campaignId(counters);
        Response r = post("referee", "/api/campaigns", TableActions.campaignYaml(id, counters), "application/yaml");
        if (r.status() != 201) {
            throw new IllegalStateException(r.raw());
        }
        return id;
    }

    private void logIn() throws Exception {
        Matcher csrf = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(new String(raw("/login"),
                StandardCharsets.UTF_8));
        if (!csrf.find()) {
            throw new IllegalStateException("no login form");
        }
        client.send(HttpRequest.newBuilder(uri("/login")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=referee&password=" + URLEncoder.encode(
                        REFEREE_PASSWORD, StandardCharsets.UTF_8) + "&_csrf=" + csrf.group(1))).build(),
                HttpResponse.BodyHandlers.discarding());
    }

    private ConfigurableApplicationContext tracker(Path dir) {
        return new SpringApplicationBuilder(TrackerApplication.class).run("--tracker.data-dir=" + dir,
                "--server.port=0", "--tracker.load-samples=false", "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD);
    }

    private static String base(ConfigurableApplicationContext other) {
        return "http://localhost:" + other.getEnvironment().getProperty("local.server.port");
    }

    /** One move in process on the scenario (a write). */
    private void act(Parked p) {
        service.act(p.id(), p.move(next(p)), REFEREE);
    }

    private void httpMove(Parked p) throws IOException {
        table.httpMove(uri("/"), p, next(p));
    }

    private long next(Parked p) {
        return moves.merge(p.id(), 1L, Long::sum);
    }

    private long last(Parked p) {
        return jdbc.queryForObject("select sequence_number from domain_event_entry where aggregate_identifier = ? "
                + "order by sequence_number desc fetch first 1 rows only", Long.class, p.id());
    }

    /** The middle of the history, 250 events after a multiple of 500 (checkpoints are every 500 events). */
    private long middle(Parked p) {
        return last(p) / 2 / 500 * 500 + 250;
    }

    private int gameTurn(Parked p) {
        try {
            return body("/api/scenarios/" + p.id()).get("clock").get("gameTurn").asInt();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private String events(Parked p) {
        return String.format(Locale.ROOT, "%,d events", last(p) + 1);
    }

    // ------------------------------------------------------------------------------------------------ measures

    private record Growth(int counters, long fileBytes, long eventBytes, long written, long toDisk) {
    }

    /** 1,000 moves through HTTP: the H2 file's growth, the events' own bytes, bytes written. */
    private Growth thousandActions(Parked scenario) throws IOException {
        Path file = Path.of(dataDir, "tracker.mv.db");
        long events = eventBytes(scenario.id());
        long before = Files.size(file);
        long wrote = io("wchar:");
        long toDisk = io("write_bytes:");
        for (int i = 0; i < 1000; i++) {
            httpMove(scenario);
        }
        return new Growth(scenario.counters(), Files.size(file) - before, eventBytes(scenario.id()) - events,
                io("wchar:") - wrote, io("write_bytes:") - toDisk);
    }

    private static long io(String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private long eventBytes(String stream) {
        return jdbc.queryForObject("select coalesce(sum(octet_length(payload)) + sum(coalesce(octet_length(meta_data), "
                + "0)), 0) from domain_event_entry where aggregate_identifier = ?", Long.class, stream);
    }

    private static long allEventBytes(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select coalesce(sum(octet_length(payload)) + sum(coalesce(octet_length(meta_data), "
                + "0)), 0) from domain_event_entry", Long.class);
    }

    private static long allEvents(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    private long viewBytes(String scenario) {
        return jdbc.queryForObject("select octet_length(state_json) + (select coalesce(sum(octet_length(part_json)), "
                + "0) from scenario_part p where p.scenario_id = v.scenario_id) from scenario_view v "
                + "where scenario_id = ?", Long.class, scenario);
    }

    private long count(List<String> streams) {
        long n = 0;
        for (String s : streams) {
            n += jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                    Long.class, s);
        }
        return n;
    }

    /** Events per second of a plain JDBC read of these streams' rows (all if null), parsing payload and metadata. */
    private static double rawScanRate(JdbcTemplate jdbc, List<String> streams) {
        String where = streams == null ? "" : " where aggregate_identifier in ("
                + String.join(", ", streams.stream().map(s -> "?").toList()) + ")";
        Object[] args = streams == null ? new Object[0] : streams.toArray();
        long[] n = {0};
        long t = System.nanoTime();
        jdbc.query("select payload, meta_data from domain_event_entry" + where + " order by global_index", rs -> {
            try {
                PARSER.readTree(rs.getBytes(1));
                byte[] meta = rs.getBytes(2);
                if (meta != null) {
                    PARSER.readTree(meta);
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            n[0]++;
        }, args);
        return n[0] / ((System.nanoTime() - t) / 1e9);
    }

    private static JdbcTemplate jdbcOf(ConfigurableApplicationContext context) {
        return context.getBean(JdbcTemplate.class);
    }

    /** Starts a rebuild and waits for it; its duration in seconds as the server measured it. */
    private double rebuild(String base) throws Exception {
        HttpResponse<String> started = client.send(HttpRequest.newBuilder(URI.create(base + "/api/history/rebuild"))
                .header("Authorization", table.basic()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        if (started.statusCode() != 202) {
            throw new IllegalStateException(started.body());
        }
        JsonNode progress;
        do {
            Thread.sleep(20);
            progress = JSON.readTree(client.send(HttpRequest.newBuilder(URI.create(base + "/api/history/rebuild"))
                    .header("Authorization", table.basic()).GET().build(), HttpResponse.BodyHandlers.ofString())
                    .body());
        } while (!progress.get("status").asText().matches("done|failed"));
        if (!progress.get("status").asText().equals("done")) {
            throw new IllegalStateException(progress.toString());
        }
        return java.time.Duration.between(java.time.Instant.parse(progress.get("startedAt").asText()),
                java.time.Instant.parse(progress.get("finishedAt").asText())).toNanos() / 1e9;
    }

    /** The three times, in the order taken. */
    private static String spread(List<Double> ms) {
        return String.join(", ", ms.stream().map(m -> m == Double.MAX_VALUE ? "refused"
                : String.format(Locale.ROOT, "%.0f", m)).toList());
    }

    /**
     * Disputes the action {@code back} actions before the last one in force and upholds it: the dispute and the
     * ruling in ms (-1: refused).
     */
    private double[] ruling(String scenario, int back) {
        List<org.wargame.tracker.scenario.ScenarioLog.TakenAction> inForce = record.log(scenario).inForceFrom(0);
        if (back >= inForce.size()) {
            return new double[]{-1, -1};
        }
        String actionId = inForce.get(inForce.size() - 1 - back).actionId();
        long d = System.nanoTime();
        Response dispute = post("bruno", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", actionId, "reason", "benchmark"));
        double disputed = (System.nanoTime() - d) / 1e6;
        if (dispute.status() != 201) {
            return new double[]{-1, -1};
        }
        long t = System.nanoTime();
        Response ruling = post("referee", "/api/scenarios/" + scenario + "/disputes/" + dispute.at("/id").asText()
                + "/resolve", Map.of("upheld", true, "ruling", "benchmark"));
        double ms = (System.nanoTime() - t) / 1e6;
        return new double[]{disputed, ruling.status() == 200 ? ms : -1};
    }

    // ------------------------------------------------------------------------------------------------ HTTP

    private interface Work {
        void run() throws Exception;
    }

    /** Milliseconds {@code work} took. */
    private static double timed(Work work) {
        long t = System.nanoTime();
        try {
            work.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return (System.nanoTime() - t) / 1e6;
    }

    private byte[] raw(String path) throws IOException, InterruptedException {
        return rawAt(uri(path));
    }

    private byte[] rawAt(URI uri) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(uri).header("Authorization", table.basic()).GET()
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(uri + ": " + r.statusCode() + " " + new String(r.body(),
                    StandardCharsets.UTF_8));
        }
        return r.body();
    }

    private JsonNode body(String path) throws IOException, InterruptedException {
        return JSON.readTree(raw(path));
    }

    private void post(String url, byte[] body) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization",
                        table.basic()).header("Content-Type", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
        }
    }

    private static long lines(byte[] text) {
        long n = 0;
        for (byte b : text) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------------------------------------ report

    /**
     * With {@code -XX:NativeMemoryTracking=summary} in the argLine, the JVM's memory by kind (heap, metaspace, code,
     * threads) as {@code jcmd <pid> VM.native_memory summary} gives it, into target/benchmark/native-memory.txt.
     */
    private static void nativeMemory() throws IOException {
        if (java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .noneMatch(a -> a.startsWith("-XX:NativeMemoryTracking="))) {
            return;
        }
        try {
            Object text = java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[]{new String[]{"summary"}}, new String[]{String[].class.getName()});
            Files.writeString(Path.of("target", "benchmark", "native-memory.txt"), text.toString());
        } catch (Exception e) {
            Files.writeString(Path.of("target", "benchmark", "native-memory.txt"), "no summary: " + e + "\n");
        }
    }

    /** The heap's live classes by size, as {@code jcmd <pid> GC.class_histogram} gives them (the first 60). */
    private static String classHistogram() {
        try {
            Object text = java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[]{new String[0]}, new String[]{String[].class.getName()});
            return String.join("\n", text.toString().lines().limit(63).toList()) + "\n";
        } catch (Exception e) {
            return "no histogram: " + e + "\n";
        }
    }

    private static long rss() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    private static long heapUsed() {
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private void row(String operation, String measured, String floor, String ratio, String goal, Boolean met) {
        rows.add(new String[]{operation, measured, floor, ratio, goal, met == null ? "-" : met ? "yes" : "**no**"});
        System.out.println("BENCH | " + String.join(" | ", rows.get(rows.size() - 1)));
    }

    private void write() throws IOException {
        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT, "# Benchmark of the tracker (issues 14 and 24)%n%n"
                + "H2 file database (synced at every commit), %d processors, Java %s, max heap %s. Actions: %d rounds "
                + "of %d, taking turns with their floors; reads: medians of %d, each after a write to the same "
                + "scenario; one keep-alive HTTP client.%n%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), mb(Runtime.getRuntime().maxMemory()), ROUNDS, BLOCK, READS));
        report.append("| operation | measured | floor in the same run | ratio | goal | met |\n");
        report.append("|---|---|---|---|---|---|\n");
        for (String[] r : rows) {
            report.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        report.append('\n');
        notes.forEach(n -> report.append("- ").append(n).append('\n'));
        Path out = Path.of("target", "benchmark", "report.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String ms(Stats s) {
        return String.format(Locale.ROOT, "%.2f ms (p90 %.2f)", s.median, s.p90);
    }

    private static String perSecond(Stats s) {
        return String.format(Locale.ROOT, "%,.0f/s", 1000 / s.median);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f events/s", perSecond);
    }

    private static String kb(long bytes) {
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }

    record Stats(double median, double p90, double mean) {
        static Stats of(List<Double> values) {
            List<Double> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            return new Stats(sorted.get(sorted.size() / 2), sorted.get((int) (sorted.size() * 0.9)),
                    sorted.stream().mapToDouble(Double::doubleValue).average().orElse(0));
        }
    }
}
