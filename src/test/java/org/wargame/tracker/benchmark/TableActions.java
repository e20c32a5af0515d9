package org.wargame.tracker.benchmark;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioService.ActionResult;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.StartScenarioRequest;
import org.wargame.tracker.store.Commands;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What the benchmarks share: a campaign's file, a history made of a table's actions within the turn limit, the
 * actions a client sends over HTTP, and the durable floors of the same disk and database.
 * <p>
 * A history is played as at a table: the referee moves the clock on, and in each Movement Phase the phasing side's
 * counters move {@value #MOVES_PER_PHASE} times (A4; a move has no limit of its own here: movement points are the
 * players' to count). Each Game Turn is then about 540 events, so that 50,000 events fit in 100 Game Turns (the
 * cap of {@link ScenarioPlan#MAX_TURN_LIMIT}), and every Game Turn of every history looks the same: a longer history
 * has more of them, not bigger ones. A scenario is left in a Movement Phase, where a move is always accepted: the
 * measured actions are moves, which do not use up the turn limit.
 */
final class TableActions {

    static final Actor REFEREE = new Actor("referee", true, List.of());
    static final int MOVES_PER_PHASE = 260;
    private static final int BATCH = Integer.getInteger("bench.setup-batch", 100);
    private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);

    private final String basic;

    TableActions(String refereePassword) {
        this.basic = "Basic " + Base64.getEncoder().encodeToString(("referee:" + refereePassword)
                .getBytes(StandardCharsets.UTF_8));
    }

    String basic() {
        return basic;
    }

    /** The YAML of a campaign of {@code counters} roster counters, half British crews and half Italian squads. */
    static String campaignYaml(String id, int counters) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("id: ").append(id).append("\nname: \"Benchmark, ").append(counters).append(" counters\"\n")
                .append("ruleSet: asl\nreferee: referee\nsides:\n")
                .append("  - { id: british, name: British, nationality: British, players: [alice] }\n")
                .append("  - { id: axis, name: Italians, nationality: Italian, players: [bruno] }\nroster:\n");
        for (int i = 0; i < counters; i++) {
            boolean british = i % 2 == 0;
            yaml.append("  - { id: c").append(i).append(", kind: ").append(british ? "crew" : "squad")
                    .append(", side: ").append(british ? "british" : "axis").append(", data: {}, state: {} }\n");
        }
        return yaml.toString();
    }

    static String campaignId(int counters) {
        return "bench-" + counters + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A parked scenario: its id, and the counters of the side whose Movement Phase it is. */
    record Parked(String id, List<String> movers, int counters) {
        /** The body of the {@code n}th measured move: a mover to one of nine hexes. */
        Map<String, Object> move(long n) {
            return Map.of("type", "move", "counter", movers.get((int) (n % movers.size())), "hex",
                    "F" + (n % 9 + 1), "terrain", "open-ground");
        }

        byte[] moveJson(long n) {
            Map<String, Object> m = move(n);
            return ("{\"type\":\"move\",\"counter\":\"" + m.get("counter") + "\",\"hex\":\"" + m.get("hex")
                    + "\",\"terrain\":\"open-ground\"}").getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * A scenario placing {@code counters} roster counters whose history holds at least {@code events} events, all
     * of them actions of the table (clock steps and moves), left in a Movement Phase.
     */
    static Parked scenario(ScenarioService service, Commands commands, String campaign, String name, int counters,
                           long events) {
        List<Placement> placements = new ArrayList<>();
        for (int i = 0; i < counters; i++) {
            placements.add(new Placement("c" + i, Map.of("hex", "F" + (i % 9 + 1), "terrain", "open-ground")));
        }
        String id = service.start(campaign, new StartScenarioRequest(null, name, ScenarioPlan.MAX_TURN_LIMIT,
                List.of("axis", "british"), placements, List.of()), REFEREE);
        ActionResult[] at = {service.advance(id, null, REFEREE)};
        int[] moved = {0};
        long[] n = {0};
        while (at[0].state().events() < events || !"MPh".equals(at[0].state().clock().phase())) {
            // the set-up's actions are committed in transactions of up to BATCH actions (each one as a player's:
            // decided on the state the one before left), so that a long history is played in minutes
            commands.atomically(() -> {
                for (int i = 0; i < BATCH && (at[0].state().events() < events
                        || !"MPh".equals(at[0].state().clock().phase())); i++) {
                    ScenarioState s = at[0].state();
                    boolean moving = "MPh".equals(s.clock().phase());
                    if (moving && moved[0] < MOVES_PER_PHASE && s.events() < events) {
                        at[0] = service.act(id, new Parked(id, movers(s, counters), counters).move(n[0]++), REFEREE);
                        moved[0]++;
                    } else {
                        if (s.clock().gameTurn() >= ScenarioPlan.MAX_TURN_LIMIT) {
                            throw new IllegalStateException("the history of " + events + " events does not fit "
                                    + "the turn limit");
                        }
                        at[0] = service.advance(id, null, REFEREE);
                        moved[0] = 0;
                    }
                }
                return null;
            });
        }
        return new Parked(id, movers(at[0].state(), counters), counters);
    }

    /** The counters of the side whose phase it is (counters c0, c2... are British, c1, c3... Italian). */
    private static List<String> movers(ScenarioState s, int counters) {
        List<String> ids = new ArrayList<>();
        int first = "british".equals(s.clock().phasingSide()) ? 0 : 1;
        for (int i = first; i < counters; i += 2) {
            ids.add("c" + i);
        }
        return ids;
    }

    /** One move over HTTP, with a plain keep-alive connection, reading the whole answer. */
    void httpMove(URI base, Parked scenario, long n) throws IOException {
        send(base.resolve("/api/scenarios/" + scenario.id() + "/actions"), scenario.moveJson(n));
    }

    /** One clock step over HTTP. */
    void httpAdvance(URI base, String scenario) throws IOException {
        send(base.resolve("/api/scenarios/" + scenario + "/clock/advance"), EMPTY);
    }

    private void send(URI uri, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Authorization", basic);
        c.setRequestProperty("Content-Type", "application/json");
        c.getOutputStream().write(body);
        int status = c.getResponseCode();
        byte[] answer;
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            answer = in.readAllBytes();
        }
        if (status != 200 && status != 201) {
            throw new IllegalStateException(status + " " + new String(answer, StandardCharsets.UTF_8));
        }
    }

    // ------------------------------------------------------------------------------------------------ floors

    /** Milliseconds of each of {@code n} appends of 800 bytes to a file in {@code dir}, each forced or not. */
    static List<Double> appendFloor(Path dir, int n, boolean force) throws IOException {
        Path file = dir.resolve("floor-" + UUID.randomUUID() + ".bin");
        ByteBuffer row = ByteBuffer.allocate(800);
        List<Double> ms = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (int i = 0; i < n; i++) {
                long t = System.nanoTime();
                row.clear();
                channel.write(row);
                if (force) {
                    channel.force(false);
                }
                ms.add((System.nanoTime() - t) / 1e6);
            }
        } finally {
            Files.deleteIfExists(file);
        }
        return ms;
    }

    /**
     * The durable one-row-commit floor of a tracker's own database: milliseconds of each of {@code n} transactions
     * that insert one row of 800 bytes, through the tracker's data source and transaction manager (so on H2 each is
     * synced like an action's commit, on PostgreSQL its server syncs its log).
     */
    static List<Double> oneRowCommits(JdbcTemplate jdbc, PlatformTransactionManager transactions, int n) {
        jdbc.execute("create table if not exists bench_floor (id bigint primary key, payload varbinary(800))"
                .replace("varbinary(800)", vendor(jdbc).equals("postgresql") ? "bytea" : "varbinary(800)"));
        TransactionTemplate tx = new TransactionTemplate(transactions);
        byte[] payload = new byte[800];
        List<Double> ms = new ArrayList<>();
        long base = jdbc.queryForObject("select coalesce(max(id), 0) from bench_floor", Long.class);
        for (int i = 1; i <= n; i++) {
            long key = base + i;
            long t = System.nanoTime();
            tx.executeWithoutResult(s -> jdbc.update("insert into bench_floor (id, payload) values (?, ?)", key,
                    payload));
            ms.add((System.nanoTime() - t) / 1e6);
        }
        return ms;
    }

    static void dropFloor(JdbcTemplate jdbc) {
        jdbc.execute("drop table if exists bench_floor");
    }

    private static String vendor(JdbcTemplate jdbc) {
        return jdbc.execute((java.sql.Connection c) -> c.getMetaData().getDatabaseProductName()).toLowerCase(
                java.util.Locale.ROOT);
    }
}
