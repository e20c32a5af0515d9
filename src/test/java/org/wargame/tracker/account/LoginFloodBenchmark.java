package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

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
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A player's action while others flood the login with wrong passwords (not part of the test suite: its name does
 * not end in Test). Run it with {@code mvn test -Dtest=LoginFloodBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * it writes {@code target/benchmark/login-flood.md}. alice advances the clock of her scenario through HTTP
 * (keep-alive, Basic credentials, the whole response read) while {@code FLOODERS} clients send wrong passwords as
 * fast as they can: from one address against another player's account, from a new address each time against that
 * account (the account's delay holds up only addresses that failed on it, so that its owner is never locked out:
 * every attempt costs a BCrypt check), and from a new address with a new account name each time (nothing to
 * throttle either).
 */
class LoginFloodBenchmark extends ApiTestSupport {

    private static final int ACTIONS = Integer.getInteger("flood.actions", 300);
    private static final int FLOODERS = Integer.getInteger("flood.clients", 4);

    record Phase(String name, IntFunction<String[]> attempt) {
    }

    @Test
    void measure() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        // a long turn limit: no phase runs out of clock
        String scenario = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "ex-10-3",
                "turnLimit", 1000)).at("/scenarioId").asText();
        HttpClient player = HttpClient.newHttpClient();
        String alice = basic("alice", PLAYER_PASSWORD);
        for (int i = 0; i < 200; i++) {
            advanceAs(player, alice, scenario); // warm-up
        }
        List<Phase> phases = List.of(
                new Phase("no flood", null),
                new Phase("flood: one address, wrong passwords for bruno", n -> new String[]{"bruno", "10.9.0.1"}),
                new Phase("flood: a new address each time, wrong passwords for bruno",
                        n -> new String[]{"bruno", "10.8." + (n / 250 % 250) + "." + (n % 250)}),
                new Phase("flood: a new address and a new account name each time",
                        n -> new String[]{"nobody-" + n, "10.7." + (n / 250 % 250) + "." + (n % 250)}));
        StringBuilder report = new StringBuilder("# A player's action during a wrong-password flood\n\n")
                .append("alice advances her scenario's clock through HTTP (keep-alive, Basic) ").append(ACTIONS)
                .append(" times per row while ").append(FLOODERS).append(" clients flood the login; ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, H2.\n\n")
                .append("| while | median | p90 | p99 | flood attempts/s | answers to the flood |\n")
                .append("|---|---|---|---|---|---|\n");
        for (Phase phase : phases) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong attempts = new AtomicLong();
            Map<Integer, Long> answers = new ConcurrentHashMap<>();
            List<Thread> flood = new ArrayList<>();
            AtomicLong counter = new AtomicLong();
            if (phase.attempt() != null) {
                for (int t = 0; t < FLOODERS; t++) {
                    Thread thread = new Thread(() -> {
                        HttpClient client = HttpClient.newHttpClient();
                        while (running.get()) {
                            String[] who = phase.attempt().apply((int) counter.getAndIncrement());
                            try {
                                int status = client.send(HttpRequest.newBuilder(uri("/api/me"))
                                        .header("Authorization", basic(who[0], "wrong-password"))
                                        .header("X-Forwarded-For", who[1]).GET().build(),
                                        HttpResponse.BodyHandlers.discarding()).statusCode();
                                answers.merge(status, 1L, Long::sum);
                                attempts.incrementAndGet();
                            } catch (IOException | InterruptedException e) {
                                return;
                            }
                        }
                    });
                    thread.start();
                    flood.add(thread);
                }
                Thread.sleep(2000); // the flood under way
            }
            long start = System.nanoTime();
            long attemptsAtStart = attempts.get();
            List<Double> millis = new ArrayList<>();
            for (int i = 0; i < ACTIONS; i++) {
                long t0 = System.nanoTime();
                advanceAs(player, alice, scenario);
                millis.add((System.nanoTime() - t0) / 1e6);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long floodCount = attempts.get() - attemptsAtStart;
            running.set(false);
            for (Thread thread : flood) {
                thread.join(10_000);
            }
            Collections.sort(millis);
            report.append(String.format(Locale.ROOT, "| %s | %.1f ms | %.1f ms | %.1f ms | %s | %s |%n",
                    phase.name(), at(millis, 0.5), at(millis, 0.9), at(millis, 0.99),
                    phase.attempt() == null ? "-" : String.format(Locale.ROOT, "%.0f", floodCount / seconds),
                    phase.attempt() == null ? "-" : answers.toString()));
        }
        Path out = Path.of("target", "benchmark", "login-flood.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report.toString());
        System.out.println(report);
    }

    private void advanceAs(HttpClient client, String auth, String scenario) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                        + "/api/scenarios/" + scenario + "/clock/advance")).header("Authorization", auth)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("advance: " + r.statusCode() + " " + r.body());
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static double at(List<Double> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
    }
}
