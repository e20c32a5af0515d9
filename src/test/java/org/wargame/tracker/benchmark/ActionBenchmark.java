package org.wargame.tracker.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.io.IOException;
import java.io.InputStream;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The speed benchmark of issue 14 (not part of the test suite: its name does not end in Test). Run it with
 * {@code mvn -o test -Dtest=ActionBenchmark -Dsurefire.failIfNoSpecifiedTests=false}; it writes
 * {@code target/benchmark/report.md}: every row of the table, each next to its floor measured in the same
 * run (a raw JDBC scan of the same rows with a Jackson parse of each payload and metadata; GET health and GET
 * scenario through the same HTTP client), with the ratio and the goal. On the default H2 file database; scenarios
 * of 10 and of 100 counters (ASL crews and squads cloned from the sample's kinds under new ids: benchmark data).
 */
class ActionBenchmark extends ApiTestSupport {

    private static final int LONG = 20_000;
    private static final int WARMUP = 1000;
    private static final int MEASURED = 1000;
    private static final int READS = 20;
    private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);
    private static final String BASIC = "Basic " + java.util.Base64.getEncoder().encodeToString(
            ("referee:" + REFEREE_PASSWORD).getBytes(StandardCharsets.UTF_8));
    private static final Actor REFEREE = new Actor("referee", true, List.of());
    private static final ObjectMapper PARSER = new ObjectMapper();

    @Autowired
    ScenarioService service;

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    org.wargame.tracker.scenario.ScenarioRecord record;

    @Value("${tracker.data-dir}")
    String dataDir;

    private final HttpClient client = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    private final List<String[]> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    @Test
    void measure() throws Exception {
        long started = System.nanoTime();
        String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
        String campaign10 = campaign(10);
        String long10 = scenario(campaign10, "bench-20000", 10, LONG);
        String short10 = scenario(campaign(10), "bench-100", 10, 100); // a counter plays one scenario at a time
        String page10 = scenario(campaign(10), "bench-1000", 10, 1000);
        String campaign100 = campaign(100);
        String short100 = scenario(campaign100, "bench-100x100", 100, 100);
        String warm = scenario(campaign(10), "bench-warmup", 10, 10);
        notes.add(String.format(Locale.ROOT, "Set-up (campaigns, a %,d-event scenario and shorter ones, in process): "
                + "%.0f s", LONG, (System.nanoTime() - started) / 1e9));
        logIn();

        // ---- one action: in process and HTTP, at 100 and 20,000 events, with floors
        for (int i = 0; i < WARMUP; i++) {
            service.advance(warm, null, REFEREE);
            httpAdvance(warm);
        }
        List<Double> shortIn = new ArrayList<>();
        List<Double> longIn = new ArrayList<>();
        List<Double> shortHttp = new ArrayList<>();
        List<Double> longHttp = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) { // the two histories take turns: neither runs warmer
            shortIn.add(timed(() -> service.advance(short10, null, REFEREE)));
            longIn.add(timed(() -> service.advance(long10, null, REFEREE)));
        }
        for (int i = 0; i < MEASURED; i++) {
            shortHttp.add(timed(() -> httpAdvance(short10)));
            longHttp.add(timed(() -> httpAdvance(long10)));
        }
        Stats health = get("/actuator/health", MEASURED);
        Stats scenarioGet = get("/api/scenarios/" + long10, MEASURED);
        Stats inShort = Stats.of(shortIn);
        Stats inLong = Stats.of(longIn);
        Stats httpShort = Stats.of(shortHttp);
        Stats httpLong = Stats.of(longHttp);
        row("one action (clock advance), in process, 100 events", ms(inShort), "-", "-", "-", null);
        row("one action (clock advance), in process, 20,000 events", ms(inLong), ms(inShort) + " (at 100)",
                ratio(inLong.median / inShort.median), "flat (at most 1.5)", inLong.median / inShort.median <= 1.5);
        row("one action (clock advance), HTTP, 100 events", ms(httpShort), ms(scenarioGet) + " (GET scenario)",
                ratio(httpShort.median / scenarioGet.median), "-", null);
        row("one action (clock advance), HTTP, 20,000 events", ms(httpLong), ms(httpShort) + " (at 100)",
                ratio(httpLong.median / httpShort.median), "flat (at most 1.5)",
                httpLong.median / httpShort.median <= 1.5);
        row("floor: GET /actuator/health", ms(health), "-", "-", "-", null);
        row("floor: GET /api/scenarios/{id} (20,000 events)", ms(scenarioGet), ms(health) + " (health)",
                ratio(scenarioGet.median / health.median), "-", null);

        // ---- time travel at 20,000 events
        long last = lastSequence(long10);
        for (long n : new long[]{10, 1_000, 10_000, 19_990, 9_999}) {
            String path = "/api/scenarios/" + long10 + "/state?after=" + n;
            double cold = timed(() -> body(path));
            Stats warmStats = get(path, READS);
            boolean nearCheckpoint = (n + 1) % 500 == 0;
            row("GET state?after=" + n + (nearCheckpoint ? " (a checkpoint: after 10,000 events)" : "")
                            + ", " + String.format(Locale.ROOT, "%,d", last + 1) + " events",
                    ms(warmStats) + String.format(Locale.ROOT, " (first call %.1f)", cold),
                    ms(scenarioGet) + " (GET scenario)", ratio(warmStats.median / scenarioGet.median),
                    nearCheckpoint ? "at most 10 ms" : "at most 50 ms",
                    warmStats.median <= (nearCheckpoint ? 10 : 50));
        }
        int turn = body("/api/scenarios/" + long10).get("clock").get("gameTurn").asInt();
        last = lastSequence(long10);
        Map<String, String> reads = new LinkedHashMap<>();
        reads.put("GET steps (the last 100 events)", "/api/scenarios/" + long10 + "/steps?from=" + (last - 99)
                + "&to=" + last);
        reads.put("GET audit?gameTurn=" + turn + " (the last)", "/api/scenarios/" + long10 + "/audit?gameTurn="
                + turn);
        reads.put("GET bookmarks (first page of 500)", "/api/scenarios/" + long10 + "/bookmarks");
        reads.put("GET bookmarks?kind=gameTurn (folded to Game Turns)", "/api/scenarios/" + long10
                + "/bookmarks?kind=gameTurn");
        reads.put("GET events?after=10000 (a page of 500)", "/api/scenarios/" + long10 + "/events?after=10000");
        for (Map.Entry<String, String> read : reads.entrySet()) {
            Stats s = get(read.getValue(), READS);
            int size = raw(read.getValue()).length;
            boolean page = read.getKey().startsWith("GET events");
            row(read.getKey() + ", 20,000 events", ms(s) + ", " + kb(size), ms(scenarioGet) + " (GET scenario)",
                    ratio(s.median / scenarioGet.median), page ? "under 20 ms, paged" : "at most 50 ms",
                    s.median <= (page ? 20 : 50));
        }

        // ---- pages
        Stats scenarioPage = get("/scenarios/" + long10, READS);
        Stats timeline1000 = get("/scenarios/" + page10 + "/timeline", READS);
        Stats timeline20000 = get("/scenarios/" + long10 + "/timeline", READS);
        Stats timelinePast = get("/scenarios/" + long10 + "/timeline?at=5000", READS);
        Stats auditPage = get("/scenarios/" + long10 + "/audit", READS);
        int size1000 = raw("/scenarios/" + page10 + "/timeline").length;
        int size20000 = raw("/scenarios/" + long10 + "/timeline").length;
        int sizePast = raw("/scenarios/" + long10 + "/timeline?at=5000").length;
        int sizeAudit = raw("/scenarios/" + long10 + "/audit").length;
        row("floor: scenario page, 20,000 events", ms(scenarioPage) + ", " + kb(raw("/scenarios/" + long10).length),
                "-", "-", "-", null);
        row("timeline page, 1,000 events", ms(timeline1000) + ", " + kb(size1000), ms(scenarioPage)
                        + " (scenario page)", ratio(timeline1000.median / scenarioPage.median),
                "at most 200 ms and 300 KB", timeline1000.median <= 200 && size1000 <= 300 * 1024);
        row("timeline page, 20,000 events (now)", ms(timeline20000) + ", " + kb(size20000), ms(scenarioPage)
                        + " (scenario page)", ratio(timeline20000.median / scenarioPage.median),
                "at most 200 ms and 300 KB", timeline20000.median <= 200 && size20000 <= 300 * 1024);
        row("timeline page, 20,000 events (at=5000)", ms(timelinePast) + ", " + kb(sizePast), ms(scenarioPage)
                        + " (scenario page)", ratio(timelinePast.median / scenarioPage.median),
                "at most 200 ms and 300 KB", timelinePast.median <= 200 && sizePast <= 300 * 1024);
        row("audit page (current Game Turn), 20,000 events", ms(auditPage) + ", " + kb(sizeAudit), ms(scenarioPage)
                        + " (scenario page)", ratio(auditPage.median / scenarioPage.median), "at most 200 ms",
                auditPage.median <= 200);

        System.gc();
        long rssAfterRun = rss();
        List<Double> together = new ArrayList<>();
        ExecutorService four = Executors.newFixedThreadPool(4);
        try {
            List<Future<Double>> pages = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                long at = 4_000L * (i + 1);
                pages.add(four.submit(() -> timed(() -> raw("/scenarios/" + long10 + "/timeline?at=" + at))));
            }
            for (Future<Double> f : pages) {
                together.add(f.get());
            }
        } finally {
            four.shutdown();
        }
        long rssFour = rss();
        // one process: the tracker and this benchmark's HTTP client; its flags are the argLine of the command
        String flags = String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .stream().filter(a -> a.startsWith("-X")).toList());
        notes.add("RSS: VmRSS of the test JVM, which runs the tracker and the benchmark's HTTP client (one process), "
                + "flags " + (flags.isEmpty() ? "none" : "`" + flags + "`") + "; read after a full collection "
                + "(System.gc()) and again, without one, after the four timeline pages");
        row("RSS of the test JVM (tracker and benchmark client) after the 20,000-event run and a full collection",
                mb(rssAfterRun) + String.format(Locale.ROOT, ", heap used %s of %s committed", mb(heapUsed()),
                        mb(Runtime.getRuntime().totalMemory())), "-", "-", "under 600 MB",
                rssAfterRun < 600L << 20);
        row("four timeline pages (20,000 events) at once", String.format(Locale.ROOT, "%.0f ms slowest; RSS %s",
                Collections.max(together), mb(rssFour)), ms(timeline20000) + " (one alone)",
                ratio(Collections.max(together) / timeline20000.median), "RSS under 600 MB", rssFour < 600L << 20);

        // ---- growth and action time per 1,000 actions, 10 and 100 counters
        // each measured twice, the first pair discarded: H2's housekeeping compacts the file written by the set-up
        // at first, which made the first window's growth negative
        thousandActions(short10);
        thousandActions(short100);
        Growth g10 = thousandActions(short10);
        Growth g100 = thousandActions(short100);
        row("1,000 actions, 10 counters: H2 file growth; time; bytes written (to disk / by write calls)",
                mb(g10.fileBytes) + String.format(Locale.ROOT, "; %.1f s; %s / %s written", g10.seconds,
                        mb(g10.toDisk), mb(g10.written)),
                kb(g10.eventBytes) + " (the events' own bytes)",
                ratio((double) g10.fileBytes / g10.eventBytes), "under 3x the events' bytes",
                g10.fileBytes < 3 * g10.eventBytes);
        row("1,000 actions, 100 counters: H2 file growth; time; bytes written (to disk / by write calls)",
                mb(g100.fileBytes) + String.format(Locale.ROOT, "; %.1f s; %s / %s written", g100.seconds,
                        mb(g100.toDisk), mb(g100.written)),
                kb(g100.eventBytes) + " (the events' own bytes); "
                        + String.format(Locale.ROOT, "%.1f s with 10 counters", g10.seconds),
                ratio((double) g100.fileBytes / g100.eventBytes) + "; time " + ratio(g100.seconds / g10.seconds),
                "under 3x; time at most 1.5x 10 counters'", g100.fileBytes < 3 * g100.eventBytes
                        && g100.seconds <= 1.5 * g10.seconds);
        row("scenario read model (scenario_view head and scenario_part rows), 10 / 100 counters",
                kb(viewBytes(short10)) + " / " + kb(viewBytes(short100)), "-", "-", "-", null);
        row("scenario checkpoint row (scenario_checkpoint.state_json), 10 counters", kb(checkpointBytes(long10)),
                "-", "-", "-", null);

        // ---- raw floor, export, verify
        List<String> streams10 = List.of(campaign10, long10);
        long exportEvents = count(streams10);
        byte[][] exported = new byte[1][];
        // the floor, export and verify take turns, five rounds, the best of each kept: on a shared machine each then
        // has the same chance of a quiet moment (measured one after the other, the ratios were mostly the load)
        double raw = 0;
        double exportSeconds = Double.MAX_VALUE;
        double verifySeconds = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            raw = Math.max(raw, rawScanRate(jdbc, streams10, 1));
            exportSeconds = Math.min(exportSeconds, timed(() -> exported[0] = raw("/api/campaigns/" + campaign10
                    + "/export")) / 1e3);
            verifySeconds = Math.min(verifySeconds, timed(() -> body("/api/campaigns/" + campaign10 + "/verify"))
                    / 1e3);
        }
        long exportLines = lines(exported[0]) - 1;
        // kept for ImportBenchmark, which measures the import alone from this file
        Files.createDirectories(Path.of("target", "benchmark"));
        Files.write(Path.of("target", "benchmark", "export.jsonl"), exported[0]);
        double exportRate = exportLines / exportSeconds;
        double rawAll = raw;
        row(String.format(Locale.ROOT, "export of %,d events", exportLines), rate(exportRate), rate(rawAll)
                        + " (raw scan + Jackson parse, same rows)", ratio(exportRate / rawAll),
                "at least half the raw rate", exportRate >= rawAll / 2);
        double verifyRate = exportEvents / verifySeconds;
        row(String.format(Locale.ROOT, "verify of %,d events", exportEvents), rate(verifyRate), rate(rawAll),
                ratio(verifyRate / rawAll), "keep (at least half the raw rate)", verifyRate >= rawAll / 2);

        // a 100-counter campaign with a scenario of about 1,200 events, exported for the import below
        String campaignC = campaign(100);
        String scenarioC = scenario(campaignC, "bench-import-100", 100, 1_200);
        byte[] exportC = raw("/api/campaigns/" + campaignC + "/export");

        // ---- import and rebuild in a fresh tracker
        Path fresh = Files.createTempDirectory("tracker-bench-fresh-");
        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + fresh, "--server.port=0", "--tracker.load-samples=false",
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            String base = "http://localhost:" + other.getEnvironment().getProperty("local.server.port");
            Path file = fresh.resolve("tracker.mv.db");
            long before = Files.size(file);
            long linesC = lines(exportC) - 1;
            double importC = timed(() -> post(base + "/api/history/import", exportC)) / 1e3;
            long afterC = Files.size(file);
            row(String.format(Locale.ROOT, "import of a 100-counter campaign's %,d events", linesC),
                    rate(linesC / importC) + String.format(Locale.ROOT, " (%.2f s); H2 file %s", importC,
                            mb(afterC)), mb(afterC - before) + " file growth", "-",
                    "linear in events, file under 10 MB", afterC < 10L << 20);
            double importA = timed(() -> post(base + "/api/history/import", exported[0])) / 1e3;
            double importRate = exportLines / importA;
            row(String.format(Locale.ROOT, "import of the %,d-event export into a fresh tracker", exportLines),
                    rate(importRate) + String.format(Locale.ROOT, " (%.1f s)", importA), rate(rawAll) + " (raw)",
                    ratio(importRate / rawAll), "at least 50,000 events/s", importRate >= 50_000);
            // what H2 can do at all with the rows that import wrote: plain JDBC batch inserts, no check, no fold
            List<String> importedStreams = jdbcOf(other).queryForList("select aggregate_identifier from "
                    + "domain_event_entry where sequence_number = 0 and aggregate_identifier in (?, ?)",
                    String.class, campaign10, long10);
            double floor = ImportFloor.h2(jdbcOf(other), importedStreams, ImportFloor.settings(other));
            row(String.format(Locale.ROOT, "floor: plain JDBC batch insert of the same %,d events' rows (event, "
                    + "chain link, clock row) into a fresh H2 file, same tables and settings", exportLines),
                    rate(floor), "-", ratio(importRate / floor) + " (import / floor)", "-", null);
            long beforeRebuild = Files.size(file);
            long total = jdbcOf(other).queryForObject("select count(*) from domain_event_entry", Long.class);
            long ownBytes = jdbcOf(other).queryForObject("select sum(octet_length(payload)) + "
                    + "sum(coalesce(octet_length(meta_data), 0)) from domain_event_entry", Long.class);
            double rebuildSeconds = rebuild(base);
            long growth = Files.size(file) - beforeRebuild;
            double rawFresh = rawScanRate(jdbcOf(other), null, 1);
            for (int round = 0; round < 2; round++) { // taking turns with the floor, as above
                rebuildSeconds = Math.min(rebuildSeconds, rebuild(base));
                rawFresh = Math.max(rawFresh, rawScanRate(jdbcOf(other), null, 1));
            }
            double rebuildRate = total / rebuildSeconds;
            row(String.format(Locale.ROOT, "read-model rebuild of %,d events", total), rate(rebuildRate)
                            + String.format(Locale.ROOT, " (%.1f s); file growth %s", rebuildSeconds, mb(growth)),
                    rate(rawFresh) + " (raw, same store); events' own bytes " + mb(ownBytes),
                    ratio(rebuildRate / rawFresh) + "; growth " + ratio((double) growth / ownBytes),
                    "at least a third of the raw rate, growth under 2x the events' bytes",
                    rebuildRate >= rawFresh / 3 && growth < 2 * ownBytes);
        }

        // ---- the same import on PostgreSQL (production), when one is reachable: a fresh schema per tracker
        PostgresSchemas postgres = PostgresSchemas.reachable();
        if (postgres == null) {
            notes.add("PostgreSQL rows skipped: no PostgreSQL reachable (-Dbench.postgres=jdbc:postgresql://..., "
                    + "-Dbench.postgres.user, -Dbench.postgres.password; default the local tracker_bench that "
                    + "docs/production/create-database.sh makes with TRACKER_DB_NAME=tracker_bench)");
        } else {
            postgresImport(postgres, exported[0], exportLines, rawAll);
        }

        // ---- the state holds no earlier state: read-model row and snapshot sizes flat in history length
        long rowShort = rowBytes(short10);
        long rowLong = rowBytes(long10);
        row("scenario read-model row, 10 counters: 100 / 20,000 events", rowShort + " / " + rowLong + " bytes",
                "-", ratio((double) rowLong / rowShort), "ratio at most 1.2", rowLong <= 1.2 * rowShort);
        long snapShort = snapshotBytes(page10);
        long snapLong = snapshotBytes(long10);
        row("latest aggregate snapshot, 10 counters: 1,000 / 20,000 events (none exists before 250)",
                snapShort + " / " + snapLong + " bytes", "-", ratio((double) snapLong / Math.max(1, snapShort)),
                "ratio at most 1.2", snapShort > 0 && snapLong <= 1.2 * snapShort);

        // ---- upheld rulings 10, 100 and 1,000 actions back in the 20,000-event scenario (fold of the record)
        for (int back : new int[] {10, 100, 1000}) {
            double ms = ruling(long10, back);
            row(String.format(Locale.ROOT, "upheld ruling %,d actions back (replays the later ones), 20,000 events",
                    back), ms < 0 ? "refused" : String.format(Locale.ROOT, "%.0f ms", ms), "-", "-",
                    "under 1 s", ms >= 0 && ms < 1000);
        }
        notes.add(String.format(Locale.ROOT, "Raw floor (JDBC scan of the 20,000-event stream and Jackson parse of "
                + "each payload and metadata): %s", rate(raw)));
        notes.add(String.format(Locale.ROOT, "Whole run: %.0f s", (System.nanoTime() - started) / 1e9));
        notes.add("Load average (/proc/loadavg: 1, 5, 15 minutes) at the start: " + loadBefore + "; at the end: "
                + Files.readString(Path.of("/proc/loadavg")).trim() + " (2 cores; other builds may run)");
        write();
    }

    /** The export imported into a fresh tracker on a fresh PostgreSQL schema, next to its floor on another one. */
    private void postgresImport(PostgresSchemas postgres, byte[] export, long events, double raw) throws Exception {
        String schema = PostgresSchemas.name();
        String floorSchema = PostgresSchemas.name();
        String copySchema = PostgresSchemas.name();
        Path fresh = Files.createTempDirectory("tracker-bench-postgres-");
        // the tracker's connections rewrite batches (its postgres profile); the floor's the same, by its URL
        String extra = "&reWriteBatchedInserts=true";
        try (ConfigurableApplicationContext other = new SpringApplicationBuilder(TrackerApplication.class)
                .run("--tracker.data-dir=" + fresh, "--server.port=0", "--tracker.load-samples=false",
                        "--spring.profiles.active=postgres", "--TRACKER_DB_URL=" + postgres.fresh(schema, ""),
                        "--TRACKER_DB_USER=" + postgres.user(), "--TRACKER_DB_PASSWORD=" + postgres.password(),
                        "--TRACKER_REFEREE_PASSWORD=" + REFEREE_PASSWORD,
                        "--TRACKER_PLAYER_PASSWORD=" + PLAYER_PASSWORD)) {
            String base = "http://localhost:" + other.getEnvironment().getProperty("local.server.port");
            double seconds = timed(() -> post(base + "/api/history/import", export)) / 1e3;
            double rate = events / seconds;
            row(String.format(Locale.ROOT, "import of the %,d-event export into a fresh tracker on PostgreSQL 15",
                    events), rate(rate) + String.format(Locale.ROOT, " (%.1f s)", seconds),
                    rate(raw) + " (raw, H2)", ratio(rate / raw), "at least 50,000 events/s", rate >= 50_000);
            List<String> streams = jdbcOf(other).queryForList("select aggregate_identifier from domain_event_entry "
                    + "where sequence_number = 0", String.class);
            double floor = ImportFloor.rate(jdbcOf(other), streams, postgres.fresh(floorSchema, extra),
                    postgres.user(), postgres.password(), "postgresql");
            row(String.format(Locale.ROOT, "floor: plain JDBC batch insert (rewritten to multi-row "
                    + "inserts) of the same rows into a fresh PostgreSQL schema"), rate(floor), "-", ratio(rate / floor) + " (import / floor)", "-", null);
            double copy = ImportFloor.copy(jdbcOf(other), streams, postgres.fresh(copySchema, ""), postgres.user(),
                    postgres.password());
            row("floor: PostgreSQL COPY (text format, 5,000 events a transaction) of the same rows into a fresh "
                    + "schema", rate(copy), "-", ratio(rate / copy) + " (import / COPY)", "-", null);
        } finally {
            postgres.drop(schema);
            postgres.drop(floorSchema);
            postgres.drop(copySchema);
        }
    }

    // ------------------------------------------------------------------------------------------------ set-up

    /** A campaign of {@code counters} roster counters, half British crews and half Italian squads. */
    private String campaign(int counters) {
        StringBuilder yaml = new StringBuilder();
        String id = "bench-" + counters + "-" + UUID.randomUUID().toString().substring(0, 8);
        yaml.append("id: ").append(id).append("\nname: \"Benchmark, ").append(counters).append(" counters\"\n")
                .append("ruleSet: asl\nreferee: referee\nsides:\n")
                .append("  - { id: british, name: British, nationality: British, players: [alice] }\n")
                .append("  - { id: axis, name: Italians, nationality: Italian, players: [bruno] }\nroster:\n");
        for (int i = 0; i < counters; i++) {
            boolean british = i % 2 == 0;
            yaml.append("  - { id: c").append(i).append(", kind: ").append(british ? "crew" : "squad")
                    .append(", side: ").append(british ? "british" : "axis").append(", data: {}, state: {} }\n");
        }
        Response r = post("referee", "/api/campaigns", yaml.toString(), "application/yaml");
        if (r.status() != 201) {
            throw new IllegalStateException(r.raw());
        }
        return id;
    }

    /** A scenario placing {@code counters} roster counters whose history holds {@code events} clock advances. */
    private String scenario(String campaign, String name, int counters, int events) {
        List<Placement> placements = new ArrayList<>();
        for (int i = 0; i < counters; i++) {
            placements.add(new Placement("c" + i, Map.of("hex", "F" + (i % 9 + 1), "terrain", "open-ground")));
        }
        String id = service.start(campaign, new StartScenarioRequest(null, name, 100_000,
                List.of("axis", "british"), placements, List.of()), REFEREE);
        for (int i = 1; i < events; i++) {
            service.advance(id, null, REFEREE);
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

    // ------------------------------------------------------------------------------------------------ measures

    /**
     * {@code written}: bytes the JVM passed to write calls meanwhile (/proc/self/io wchar: H2's chunks, but also
     * both ends of the HTTP exchange, whose answers carry the scenario: with 100 counters about 40 KB each);
     * {@code toDisk}: bytes it sent to the storage layer (write_bytes: H2's chunks and compaction).
     */
    private record Growth(long fileBytes, long eventBytes, double seconds, long written, long toDisk) {
    }

    /** 1,000 clock advances through HTTP: the H2 file's growth, the events' own bytes, the time, bytes written. */
    private Growth thousandActions(String scenario) throws IOException {
        Path file = Path.of(dataDir, "tracker.mv.db");
        long events = eventBytes(scenario);
        long before = Files.size(file);
        long wrote = written();
        long toDisk = io("write_bytes:");
        long t = System.nanoTime();
        for (int i = 0; i < 1000; i++) {
            httpAdvance(scenario);
        }
        double seconds = (System.nanoTime() - t) / 1e9;
        return new Growth(Files.size(file) - before, eventBytes(scenario) - events, seconds, written() - wrote,
                io("write_bytes:") - toDisk);
    }

    private static long written() throws IOException {
        return io("wchar:");
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

    /** The scenario read model's bytes: its row's head and its parts (layout 1, one row per counter). */
    private long viewBytes(String scenario) {
        return jdbc.queryForObject("select octet_length(state_json) + (select coalesce(sum(octet_length(part_json)), "
                + "0) from scenario_part p where p.scenario_id = v.scenario_id) from scenario_view v "
                + "where scenario_id = ?", Long.class, scenario);
    }

    private long checkpointBytes(String scenario) {
        Long bytes = jdbc.queryForObject("select max(octet_length(state_json)) from scenario_checkpoint "
                + "where scenario_id = ?", Long.class, scenario);
        return bytes == null ? 0 : bytes;
    }

    private long count(List<String> streams) {
        long n = 0;
        for (String s : streams) {
            n += jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                    Long.class, s);
        }
        return n;
    }

    private long lastSequence(String stream) {
        return jdbc.queryForObject("select max(sequence_number) from domain_event_entry where aggregate_identifier "
                + "= ?", Long.class, stream);
    }

    /** Events per second of a plain JDBC read of these streams' rows, parsing each payload and metadata. */
    private static double rawScanRate(JdbcTemplate jdbc, List<String> streams, int rounds) {
        String where = streams == null ? "" : " where aggregate_identifier in ("
                + String.join(", ", streams.stream().map(s -> "?").toList()) + ")";
        Object[] args = streams == null ? new Object[0] : streams.toArray();
        double best = 0;
        for (int round = 0; round < rounds; round++) {
            long[] n = {0};
            long t = System.nanoTime();
            jdbc.query("select payload, meta_data from domain_event_entry" + where + " order by global_index",
                    rs -> {
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
            best = Math.max(best, n[0] / ((System.nanoTime() - t) / 1e9));
        }
        return best;
    }

    private static JdbcTemplate jdbcOf(ConfigurableApplicationContext context) {
        return context.getBean(JdbcTemplate.class);
    }

    /** Starts a rebuild and waits for it; its duration in seconds as the server measured it. */
    private double rebuild(String base) throws Exception {
        HttpResponse<String> started = client.send(HttpRequest.newBuilder(URI.create(base + "/api/history/rebuild"))
                .header("Authorization", BASIC).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        if (started.statusCode() != 202) {
            throw new IllegalStateException(started.body());
        }
        JsonNode progress;
        do {
            Thread.sleep(50);
            progress = JSON.readTree(client.send(HttpRequest.newBuilder(URI.create(base + "/api/history/rebuild"))
                    .header("Authorization", BASIC).GET().build(), HttpResponse.BodyHandlers.ofString()).body());
        } while (!progress.get("status").asText().matches("done|failed"));
        if (!progress.get("status").asText().equals("done")) {
            throw new IllegalStateException(progress.toString());
        }
        return java.time.Duration.between(java.time.Instant.parse(progress.get("startedAt").asText()),
                java.time.Instant.parse(progress.get("finishedAt").asText())).toNanos() / 1e9;
    }

    private long rowBytes(String scenario) {
        return viewBytes(scenario);
    }

    private long snapshotBytes(String scenario) {
        Long bytes = jdbc.queryForObject("select max(octet_length(payload)) from snapshot_event_entry "
                + "where aggregate_identifier = ?", Long.class, scenario);
        return bytes == null ? 0 : bytes;
    }

    /** Disputes the action {@code back} actions before the last one in force and upholds it: the ruling in ms. */
    private double ruling(String scenario, int back) {
        List<org.wargame.tracker.scenario.ScenarioLog.TakenAction> inForce = record.log(scenario).inForceFrom(0);
        String actionId = inForce.get(inForce.size() - 1 - back).actionId();
        Response dispute = post("bruno", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", actionId, "reason", "benchmark"));
        if (dispute.status() != 201) {
            return -1;
        }
        long t = System.nanoTime();
        Response ruling = post("referee", "/api/scenarios/" + scenario + "/disputes/" + dispute.at("/id").asText()
                + "/resolve", Map.of("upheld", true, "ruling", "benchmark"));
        double ms = (System.nanoTime() - t) / 1e6;
        return ruling.status() == 200 ? ms : -1;
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

    private Stats get(String path, int times) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            ms.add(timed(() -> raw(path)));
        }
        return Stats.of(ms);
    }

    private byte[] raw(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(uri(path)).header("Authorization", BASIC).GET()
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(path + ": " + r.statusCode() + " " + new String(r.body(),
                    StandardCharsets.UTF_8));
        }
        return r.body();
    }

    private JsonNode body(String path) throws IOException, InterruptedException {
        return JSON.readTree(raw(path));
    }

    private void post(String url, byte[] body) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", BASIC)
                .header("Content-Type", "application/x-ndjson").POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException(url + ": " + r.statusCode() + " " + r.body());
        }
    }

    /** One clock advance with a plain keep-alive connection, reading the whole response. */
    private void httpAdvance(String scenario) throws IOException {
        java.net.HttpURLConnection c = (java.net.HttpURLConnection) uri("/api/scenarios/" + scenario
                + "/clock/advance").toURL().openConnection();
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
        report.append(String.format(Locale.ROOT, "# Benchmark of the history paths (issue 14)%n%n"
                + "H2 file database, %d processors, Java %s, max heap %s. Times are medians of %d calls (actions: "
                + "%d each after %d warm-up actions) through HTTP with one keep-alive client, unless said.%n%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                mb(Runtime.getRuntime().maxMemory()), READS, MEASURED, WARMUP));
        report.append("| operation | measured | floor in the same run | ratio | goal | met |\n");
        report.append("|---|---|---|---|---|---|\n");
        for (String[] r : rows) {
            report.append("| ").append(String.join(" | ", r)).append(" |\n");
        }
        report.append('\n');
        notes.forEach(n -> report.append("- ").append(n).append('\n'));
        report.append("- Stream reads: each batch is `aggregate_identifier = ? and sequence_number >= ? and "
                + "sequence_number < ? + 500 order by aggregate_identifier, sequence_number`: H2's plan says "
                + "`/* index sorted */` on the unique index, PostgreSQL's an Index Scan without Sort "
                + "(StreamReadPlanTest).\n");
        Path out = Path.of("target", "benchmark", "report.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    private static String ms(Stats s) {
        return String.format(Locale.ROOT, "%.2f ms (p90 %.2f)", s.median, s.p90);
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
