package org.wargame.tracker.load;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * A concurrent load through one or more running trackers (only on 127.0.0.1): a few scenarios of one campaign, and
 * clients that advance their clocks through instances chosen at random, for a bounded number of actions and a bounded
 * time. Then it checks what a club needs: no 5xx, every acknowledged action stored exactly once and nothing else
 * stored, every instance's read model equal to the others' and to the events folded again, the hash chain verified.
 * JDK only, so that CI runs it as a single source file next to the packaged application:
 * <pre>
 * TRACKER_REFEREE_PASSWORD=... java src/test/java/org/wargame/tracker/load/LoadDriver.java \
 *     --ports 8081,8082 --clients 8 --scenarios 4 --actions 2000 --seconds 120
 * </pre>
 * Exit status 0 only when every check passed. The crash test uses the same class in process.
 */
public final class LoadDriver {

    /** What the clients saw. {@code acknowledged}: per scenario, the action ids answered 2xx. */
    public static final class Tally {
        public final AtomicInteger sent = new AtomicInteger();
        public final AtomicInteger ok = new AtomicInteger();
        public final AtomicInteger conflicts = new AtomicInteger();
        public final AtomicInteger serverErrors = new AtomicInteger();
        public final AtomicInteger otherRefusals = new AtomicInteger();
        public final AtomicInteger unanswered = new AtomicInteger();
        public final Map<String, Set<String>> acknowledged = new ConcurrentHashMap<>();
        public final List<String> firstErrors = java.util.Collections.synchronizedList(new ArrayList<>());

        public int acknowledgedCount() {
            return acknowledged.values().stream().mapToInt(Set::size).sum();
        }

        @Override
        public String toString() {
            return "sent " + sent + ", 2xx " + ok + ", 409 " + conflicts + ", 5xx " + serverErrors
                    + ", other 4xx " + otherRefusals + ", unanswered " + unanswered;
        }
    }

    private final List<URI> bases;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public LoadDriver(List<Integer> ports, String user, String password) {
        this.bases = ports.stream().map(p -> URI.create("http://127.0.0.1:" + p)).toList();
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Starts {@code count} scenarios of {@code campaign} without counters (their clocks are what is played). */
    public List<String> startScenarios(String campaign, int count) throws IOException {
        Map<?, ?> view = (Map<?, ?>) Json.parse(get(bases.get(0), "/api/campaigns/" + campaign).body());
        List<String> sides = new ArrayList<>();
        for (Object side : (List<?>) view.get("sides")) {
            sides.add((String) ((Map<?, ?>) side).get("id"));
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String body = "{\"name\": \"load " + (i + 1) + "\", \"turnLimit\": 100, \"sideOrder\": "
                    + Json.strings(sides) + ", \"counters\": [], \"extraCounters\": []}";
            HttpResponse<String> r = post(bases.get(i % bases.size()), "/api/campaigns/" + campaign + "/scenarios",
                    body);
            if (r.statusCode() != 201) {
                throw new IOException("start of a scenario answered " + r.statusCode() + ": " + r.body());
            }
            ids.add((String) ((Map<?, ?>) Json.parse(r.body())).get("scenarioId"));
        }
        return ids;
    }

    /**
     * {@code clients} threads advance the clocks of {@code scenarios} through instances chosen at random, until
     * {@code maxActions} were sent, {@code maxTime} passed or {@code stop} says so. A client whose request gets no
     * answer (the instance died) stops.
     */
    public Tally play(List<String> scenarios, int clients, int maxActions, Duration maxTime, BooleanSupplier stop,
                      Tally tally) throws InterruptedException {
        long deadline = System.nanoTime() + maxTime.toNanos();
        AtomicBoolean halt = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (!halt.get() && !stop.getAsBoolean() && System.nanoTime() < deadline) {
                    if (tally.sent.incrementAndGet() > maxActions) {
                        tally.sent.decrementAndGet();
                        return;
                    }
                    String scenario = scenarios.get(random.nextInt(scenarios.size()));
                    URI base = bases.get(random.nextInt(bases.size()));
                    try {
                        HttpResponse<String> r = post(base, "/api/scenarios/" + scenario + "/clock/advance",
                                "{\"confirm\": [\"decision\"]}"); // pass over decisions, as a referee may
                        record(tally, scenario, r);
                    } catch (IOException e) {
                        tally.unanswered.incrementAndGet();
                        note(tally, "no answer from " + base + ": " + e);
                        return; // the instance is gone (killed): this client stops
                    }
                }
            }, "load-client-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        halt.set(true);
        return tally;
    }

    private static void record(Tally tally, String scenario, HttpResponse<String> r) {
        int status = r.statusCode();
        if (status >= 200 && status < 300) {
            Object actionId = ((Map<?, ?>) Json.parse(r.body())).get("actionId");
            tally.acknowledged.computeIfAbsent(scenario, s -> ConcurrentHashMap.newKeySet()).add((String) actionId);
            tally.ok.incrementAndGet();
        } else if (status == 409) {
            tally.conflicts.incrementAndGet();
            note(tally, "409: " + r.body());
        } else if (status >= 500) {
            tally.serverErrors.incrementAndGet();
            note(tally, status + ": " + r.body());
        } else {
            tally.otherRefusals.incrementAndGet();
            note(tally, status + ": " + r.body());
        }
    }

    private static void note(Tally tally, String error) {
        if (tally.firstErrors.size() < 10) {
            tally.firstErrors.add(error);
        }
    }

    /**
     * The checks after a load; each problem found is a line of the answer (empty: all good). {@code exact}: nothing
     * may be stored that was not acknowledged (no request went unanswered).
     */
    public List<String> check(List<String> scenarios, Tally tally, boolean exact) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String scenario : scenarios) {
            Map<String, Integer> stored = new HashMap<>();
            List<Object> all = new ArrayList<>();
            long after = -1;
            while (true) { // the events come in pages of at most 500
                List<?> page = (List<?>) Json.parse(get(bases.get(0), "/api/scenarios/" + scenario + "/events"
                        + (after < 0 ? "" : "?after=" + after)).body());
                all.addAll(page);
                if (page.size() < 500) {
                    break;
                }
                after = ((Number) ((Map<?, ?>) page.get(page.size() - 1)).get("sequence")).longValue();
            }
            for (Object e : all) {
                Map<?, ?> event = (Map<?, ?>) e;
                if ("ClockAdvanced".equals(event.get("type")) || String.valueOf(event.get("type")).endsWith(
                        ".ClockAdvanced")) {
                    stored.merge((String) event.get("actionId"), 1, Integer::sum);
                }
            }
            Set<String> acknowledged = tally.acknowledged.getOrDefault(scenario, Set.of());
            long lost = acknowledged.stream().filter(a -> !stored.containsKey(a)).count();
            long twice = stored.values().stream().filter(n -> n > 1).count();
            long unacknowledged = stored.keySet().stream().filter(a -> !acknowledged.contains(a)).count();
            if (lost > 0) {
                problems.add(scenario + ": " + lost + " acknowledged actions are not stored");
            }
            if (twice > 0) {
                problems.add(scenario + ": " + twice + " actions are stored twice");
            }
            if (exact && unacknowledged > 0) {
                problems.add(scenario + ": " + unacknowledged + " stored actions were never acknowledged");
            }
            String fromEvents = get(bases.get(0), "/api/scenarios/" + scenario + "/state").body();
            for (URI base : bases) {
                String readModel = get(base, "/api/scenarios/" + scenario).body();
                if (!readModel.equals(fromEvents)) {
                    problems.add(scenario + ": the read model of " + base + " differs from the events folded again");
                }
            }
        }
        for (URI base : bases) {
            HttpResponse<String> verify = get(base, "/api/history/verify");
            Object ok = verify.statusCode() == 200 ? ((Map<?, ?>) Json.parse(verify.body())).get("ok") : null;
            if (!Boolean.TRUE.equals(ok)) {
                problems.add(base + "/api/history/verify: " + verify.statusCode() + " " + verify.body());
            }
        }
        return problems;
    }

    public HttpResponse<String> get(URI base, String path) throws IOException {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    public HttpResponse<String> post(URI base, String path, String json) throws IOException {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException {
        try {
            return http.send(request.header("Authorization", authorization).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>(Map.of("ports", "8080", "clients", "8", "scenarios", "4",
                "actions", "2000", "seconds", "120", "campaign", "asl-west-of-alamein", "user", "referee"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String password = System.getenv("TRACKER_REFEREE_PASSWORD");
        if (password == null || password.isBlank()) {
            System.err.println("set TRACKER_REFEREE_PASSWORD");
            System.exit(2);
        }
        List<Integer> ports = java.util.Arrays.stream(options.get("ports").split(",")).map(Integer::valueOf).toList();
        LoadDriver driver = new LoadDriver(ports, options.get("user"), password);
        List<String> scenarios = driver.startScenarios(options.get("campaign"),
                Integer.parseInt(options.get("scenarios")));
        long t = System.nanoTime();
        Tally tally = driver.play(scenarios, Integer.parseInt(options.get("clients")),
                Integer.parseInt(options.get("actions")), Duration.ofSeconds(Long.parseLong(options.get("seconds"))),
                () -> false, new Tally());
        double seconds = (System.nanoTime() - t) / 1e9;
        System.out.printf(java.util.Locale.ROOT, "load: %d clients through %s, %d scenarios: %s in %.1f s%n",
                Integer.parseInt(options.get("clients")), ports, scenarios.size(), tally, seconds);
        tally.firstErrors.forEach(e -> System.out.println("  " + e));
        List<String> problems = driver.check(scenarios, tally, true);
        if (tally.serverErrors.get() > 0 || tally.unanswered.get() > 0) {
            problems.add(0, tally.serverErrors + " answers were 5xx and " + tally.unanswered + " went unanswered");
        }
        if (tally.ok.get() == 0) {
            problems.add("no action was acknowledged");
        }
        problems.forEach(p -> System.out.println("FAILED: " + p));
        if (problems.isEmpty()) {
            System.out.println("load: ok (" + tally.acknowledgedCount() + " acknowledged actions stored once each, "
                    + "read models equal on every instance, chain verified)");
        }
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** Just enough JSON reading for the answers above: objects, arrays, strings, numbers, booleans, null. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        static Object parse(String text) {
            Json json = new Json(text);
            Object value = json.value();
            json.space();
            if (json.i != text.length()) {
                throw new IllegalArgumentException("trailing text at " + json.i);
            }
            return value;
        }

        static String strings(List<String> values) {
            return values.stream().map(v -> "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"")
                    .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
        }

        private void space() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private Object value() {
            space();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> map = new LinkedHashMap<>();
                i++;
                space();
                if (s.charAt(i) == '}') {
                    i++;
                    return map;
                }
                while (true) {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    map.put(key, value());
                    space();
                    if (s.charAt(i++) == '}') {
                        return map;
                    }
                }
            }
            if (c == '[') {
                List<Object> list = new ArrayList<>();
                i++;
                space();
                if (s.charAt(i) == ']') {
                    i++;
                    return list;
                }
                while (true) {
                    list.add(value());
                    space();
                    if (s.charAt(i++) == ']') {
                        return list;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            if (start == i) {
                throw new IllegalArgumentException("unexpected '" + c + "' at " + i);
            }
            return Double.valueOf(s.substring(start, i));
        }

        private void expect(char c) {
            if (s.charAt(i++) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + (i - 1));
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') {
                    return out.toString();
                }
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> out.append('\n');
                        case 't' -> out.append('\t');
                        case 'r' -> out.append('\r');
                        case 'b' -> out.append('\b');
                        case 'f' -> out.append('\f');
                        case 'u' -> {
                            out.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> out.append(e);
                    }
                } else {
                    out.append(c);
                }
            }
        }
    }
}
