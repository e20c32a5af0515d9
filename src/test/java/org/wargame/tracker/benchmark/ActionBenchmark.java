package org.wargame.tracker.benchmark;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The speed benchmark (not part of the test suite: its name does not end in Test). Run it with
 * {@code mvn test -Dtest=ActionBenchmark -Dsurefire.failIfNoSpecifiedTests=false}; it writes
 * {@code target/benchmark/report.md}. It measures one action (a clock advance: command, rule decision, stored
 * events, hash chain, read model) from command to stored events, in-process and through HTTP (a keep-alive
 * connection, the whole response read), in a scenario whose history holds 100 events and in one whose history
 * holds 20,000, on the default H2 file database.
 */
class ActionBenchmark extends ApiTestSupport {

    private static final int WARMUP = 1000;
    private static final int MEASURED = 1000;
    private static final byte[] EMPTY = "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    private static final String BASIC = "Basic " + java.util.Base64.getEncoder().encodeToString(
            ("referee:" + REFEREE_PASSWORD).getBytes(java.nio.charset.StandardCharsets.UTF_8));

    @Autowired
    ScenarioService service;

    @Test
    void measure() throws IOException {
        Actor referee = new Actor("referee", true, List.of());
        String shortScenario = scenario(referee, "bench-100", 100);
        String longScenario = scenario(referee, "bench-20000", 20_000);

        // warm up the JIT on a third scenario, then measure each
        String warm = scenario(referee, "bench-warmup", 10);
        for (int i = 0; i < WARMUP; i++) { // warm-up: the JIT compiles both paths before anything is measured
            service.advance(warm, null, referee);
            httpAdvance(warm);
        }
        // the two histories take turns, so neither is favoured by running later (warmer)
        List<Double> shortIn = new ArrayList<>();
        List<Double> longIn = new ArrayList<>();
        List<Double> shortHttp = new ArrayList<>();
        List<Double> longHttp = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            shortIn.add(inProcess(shortScenario, referee));
            longIn.add(inProcess(longScenario, referee));
        }
        for (int i = 0; i < MEASURED; i++) {
            shortHttp.add(http(shortScenario));
            longHttp.add(http(longScenario));
        }
        Stats inProcessShort = Stats.of(shortIn);
        Stats inProcessLong = Stats.of(longIn);
        Stats httpShort = Stats.of(shortHttp);
        Stats httpLong = Stats.of(longHttp);
        Stats floor = healthFloor();

        String report = String.format(Locale.ROOT, """
                # Action benchmark (H2 file database, %d measured actions each after %d warm-up actions)

                | where | history | median ms | p90 ms | mean ms |
                |---|---|---|---|---|
                | in-process | 100 events | %.3f | %.3f | %.3f |
                | in-process | 20,000 events | %.3f | %.3f | %.3f |
                | HTTP | 100 events | %.3f | %.3f | %.3f |
                | HTTP | 20,000 events | %.3f | %.3f | %.3f |
                | HTTP floor: GET /actuator/health, same client | - | %.3f | %.3f | %.3f |

                Ratio of in-process medians, 20,000 / 100 events: %.2f (target: at most 1.5)
                In-process median at 20,000 events: %.3f ms (target: under 1 ms)
                HTTP median at 20,000 events: %.3f ms (target: under 3 ms)
                Machine: %d processors, Java %s
                """, MEASURED, WARMUP,
                inProcessShort.median, inProcessShort.p90, inProcessShort.mean,
                inProcessLong.median, inProcessLong.p90, inProcessLong.mean,
                httpShort.median, httpShort.p90, httpShort.mean,
                httpLong.median, httpLong.p90, httpLong.mean,
                floor.median, floor.p90, floor.mean,
                inProcessLong.median / inProcessShort.median, inProcessLong.median, httpLong.median,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        Path out = Path.of("target", "benchmark", "report.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    /** A scenario of the ASL sample with a long turn limit whose history holds {@code events} events. */
    private String scenario(Actor referee, String name, int events) {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String id = service.start(campaign, new StartScenarioRequest(null, name, 100_000, List.of("axis", "british"),
                List.of(new Placement("it-squad-1", Map.of("hex", "F6", "terrain", "open-ground"))), List.of()),
                referee);
        for (int i = 1; i < events; i++) {
            service.advance(id, null, referee);
        }
        return id;
    }

    private double inProcess(String scenario, Actor referee) {
        long t = System.nanoTime();
        service.advance(scenario, null, referee);
        return (System.nanoTime() - t) / 1e6;
    }

    private double http(String scenario) throws IOException {
        long t = System.nanoTime();
        httpAdvance(scenario);
        return (System.nanoTime() - t) / 1e6;
    }

    /** The same client on the cheapest endpoint: what HTTP itself costs on this machine. */
    private Stats healthFloor() throws IOException {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            long t = System.nanoTime();
            java.net.HttpURLConnection c = (java.net.HttpURLConnection) uri("/actuator/health").toURL()
                    .openConnection();
            try (java.io.InputStream in = c.getInputStream()) {
                in.readAllBytes();
            }
            ms.add((System.nanoTime() - t) / 1e6);
        }
        return Stats.of(ms);
    }

    /**
     * One clock advance through HTTP with a plain keep-alive connection, reading the whole response (the action's
     * events and the scenario after it).
     */
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
        try (java.io.InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            body = in.readAllBytes();
        }
        if (status != 200) {
            throw new IllegalStateException(status + " " + new String(body, java.nio.charset.StandardCharsets.UTF_8));
        }
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
