package org.wargame.tracker.benchmark;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.Actor;
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
 * events, read model) from command to stored events, in-process and through HTTP, in a scenario whose history
 * holds 100 events and in one whose history holds 20,000, on the default H2 file database.
 */
class ActionBenchmark extends ApiTestSupport {

    private static final int WARMUP = 300;
    private static final int MEASURED = 1000;

    @Autowired
    ScenarioService service;

    @Test
    void measure() throws IOException {
        Actor referee = new Actor("referee", true, List.of());
        String shortScenario = scenario(referee, "bench-100", 100);
        String longScenario = scenario(referee, "bench-20000", 20_000);

        // warm up the JIT on a third scenario, then measure each
        String warm = scenario(referee, "bench-warmup", 10);
        for (int i = 0; i < WARMUP; i++) {
            service.advance(warm, null, referee);
            advance("referee", warm);
        }
        Stats inProcessShort = inProcess(shortScenario, referee);
        Stats inProcessLong = inProcess(longScenario, referee);
        Stats httpShort = http(shortScenario);
        Stats httpLong = http(longScenario);

        String report = String.format(Locale.ROOT, """
                # Action benchmark (H2 file database, %d measured actions each after %d warm-up actions)

                | where | history | median ms | p90 ms | mean ms |
                |---|---|---|---|---|
                | in-process | 100 events | %.3f | %.3f | %.3f |
                | in-process | 20,000 events | %.3f | %.3f | %.3f |
                | HTTP | 100 events | %.3f | %.3f | %.3f |
                | HTTP | 20,000 events | %.3f | %.3f | %.3f |

                Ratio of in-process medians, 20,000 / 100 events: %.2f (target: at most 1.5)
                In-process median at 20,000 events: %.3f ms (target: under 1 ms)
                HTTP median at 20,000 events: %.3f ms (target: under 3 ms)
                Machine: %d processors, Java %s
                """, MEASURED, WARMUP,
                inProcessShort.median, inProcessShort.p90, inProcessShort.mean,
                inProcessLong.median, inProcessLong.p90, inProcessLong.mean,
                httpShort.median, httpShort.p90, httpShort.mean,
                httpLong.median, httpLong.p90, httpLong.mean,
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

    private Stats inProcess(String scenario, Actor referee) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            long t = System.nanoTime();
            service.advance(scenario, null, referee);
            ms.add((System.nanoTime() - t) / 1e6);
        }
        return Stats.of(ms);
    }

    private Stats http(String scenario) {
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < MEASURED; i++) {
            long t = System.nanoTime();
            Response r = advance("referee", scenario);
            ms.add((System.nanoTime() - t) / 1e6);
            if (r.status() != 200) {
                throw new IllegalStateException(r.raw());
            }
        }
        return Stats.of(ms);
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
