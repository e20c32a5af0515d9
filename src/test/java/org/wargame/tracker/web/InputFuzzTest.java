package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Arbitrary and mutated JSON and YAML, made by jqwik generators, thrown at the four ways in (an action, a
 * scenario start, a campaign import, a history import) through the running application over HTTP. Whatever comes,
 * the answer is never a 5xx, a refusal is a problem, and after every refusal the number of stored events is
 * unchanged; at the end every hash chain verifies.
 * <p>
 * Bounded for {@code mvn verify}: {@code fuzz.tries} inputs (default 200) within {@code fuzz.seconds} (default 60).
 * A longer run: {@code mvn test -Dtest=InputFuzzTest -Dfuzz.tries=20000 -Dfuzz.seconds=3600}; {@code fuzz.seed}
 * repeats a run (the seed is printed).
 */
class InputFuzzTest extends ApiTestSupport {

    static final int TRIES = Integer.getInteger("fuzz.tries", 200);
    static final long SECONDS = Long.getLong("fuzz.seconds", 60);
    static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int GEN_SIZE = 100;

    @Autowired
    JdbcTemplate jdbc;

    long events() {
        Long n = jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
        return n == null ? 0 : n;
    }

    /** One way in: its path, account, content type and the input generator. */
    record Target(String name, String user, String path, String contentType, Function<Random, String> input) {
    }

    @Test
    void arbitrary_and_mutated_inputs_never_get_a_5xx_and_refusals_store_nothing() {
        JqwikSession.start(); // jqwik's generators outside a property: this test runs in Spring's context
        try {
            fuzz();
        } finally {
            JqwikSession.finish();
        }
    }

    private void fuzz() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("alice", scenario);
        advance("alice", scenario);
        String history = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        String yaml = sample("asl-west-of-alamein.yaml");
        List<Target> targets = List.of(
                new Target("action", "alice", "/api/scenarios/" + scenario + "/actions", "application/json",
                        r -> json(mutated(actionSeed(r), r), r)),
                new Target("start", "alice", "/api/campaigns/" + campaign + "/scenarios", "application/json",
                        r -> json(mutated(startSeed(r), r), r)),
                new Target("campaign", "referee", "/api/campaigns", "application/yaml",
                        r -> campaignFile(yaml, r)),
                new Target("history", "referee", "/api/history/import", "application/x-ndjson",
                        r -> historyFile(history, r)));
        System.out.println("InputFuzzTest: seed " + SEED + " (-Dfuzz.seed=" + SEED + " repeats it), " + TRIES
                + " tries within " + SECONDS + " s");
        Map<String, Integer> statuses = new TreeMap<>();
        long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
        int tries = 0;
        for (; tries < TRIES && System.nanoTime() < deadline; tries++) {
            Random random = new Random(SEED + tries);
            Target target = targets.get(tries % targets.size());
            String body = target.input().apply(random);
            String type = random.nextInt(20) == 0 ? pick(random, List.of("application/json", "application/yaml",
                    "application/x-ndjson")) : target.contentType();
            long before = events();
            Response response = send(target.user(), HttpRequest.newBuilder(uri(target.path()))
                    .header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofString(body)));
            statuses.merge(target.name() + " " + response.status(), 1, Integer::sum);
            String what = target.name() + " try " + tries + " (seed " + (SEED + tries) + "), " + type + ": "
                    + abbreviated(body) + "\n -> " + response.raw();
            assertThat(response.status()).as(what).isLessThan(500);
            if (response.status() >= 400) {
                assertThat(response.at("/status").asInt()).as(what).isEqualTo(response.status());
                // the field's path is the sender's own words (a mutated map key "Bnull" reads like a class name in
                // "plans[0].map.hexes.Bnull"): the detail is read for internals without it
                String field = response.at("/field").asText("");
                String detail = response.at("/detail").asText();
                assertThat(field.isEmpty() ? detail : detail.replace(field, "<field>")).as(what)
                        .doesNotContainPattern(InputContractApiTest.INTERNAL);
                assertThat(events()).as("events after a refusal: " + what).isEqualTo(before);
            }
        }
        System.out.println("InputFuzzTest: " + tries + " inputs, answers " + statuses);
        Response verify = get("referee", "/api/history/verify");
        assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        assertThat(tries).isGreaterThanOrEqualTo(Math.min(TRIES, 40));
    }

    // ---- seeds: valid inputs that the mutations start from

    static JsonNode actionSeed(Random r) {
        List<Map<String, Object>> actions = List.of(
                Map.of("type", "move", "counter", "br-mule-1", "hex", "B5", "terrain", "open-ground"),
                Map.of("type", "become-pack-ti", "crew", "br-crew-1"),
                Map.of("type", "rally", "counter", "br-crew-1"),
                Map.of("type", "fire", "firer", "it-squad-1", "target", "br-mule-1", "weapon", "it-squad-1",
                        "fireType", "IFT", "result", "pin"),
                Map.of("type", "casualty", "counter", "br-mule-1", "result", "pin",
                        "dice", List.of(Map.of("kind", "dr", "values", List.of(3)))),
                Map.of("type", "repair-gun", "gun", "br-94mm"));
        return JSON.valueToTree(actions.get(r.nextInt(actions.size())));
    }

    static JsonNode startSeed(Random r) {
        ObjectNode start = NODES.objectNode().put("plan", r.nextBoolean() ? "ex-10-3" : "ex-10-41");
        if (r.nextBoolean()) {
            start.put("turnLimit", 1 + r.nextInt(8));
        }
        if (r.nextBoolean()) {
            start.putArray("sideOrder").add("axis").add("british");
        }
        if (r.nextInt(3) == 0) {
            start.put("name", "fuzzed " + r.nextInt(1000));
        }
        return start;
    }

    // ---- mutations of a JSON tree

    static JsonNode mutated(JsonNode seed, Random r) {
        JsonNode tree = seed.deepCopy();
        int steps = r.nextInt(4);
        for (int i = 0; i < steps; i++) {
            tree = mutateOnce(tree, r);
        }
        return tree;
    }

    static JsonNode mutateOnce(JsonNode tree, Random r) {
        switch (r.nextInt(8)) {
            case 0:
                return arbitraryJson(r);
            case 1:
                return NODES.arrayNode().add(tree);
            default:
                List<JsonNode> containers = new ArrayList<>();
                collect(tree, containers);
                if (containers.isEmpty()) {
                    return arbitraryJson(r);
                }
                JsonNode container = containers.get(r.nextInt(containers.size()));
                if (container instanceof ObjectNode object) {
                    List<String> names = new ArrayList<>();
                    object.fieldNames().forEachRemaining(names::add);
                    int op = r.nextInt(4);
                    if (op == 0 || names.isEmpty()) {
                        object.set(r.nextBoolean() ? pick(r, List.of("notes", "satchelcharge", "turnlimit", "x"))
                                : text(r), arbitraryJson(r));
                    } else if (op == 1) {
                        object.remove(pick(r, names));
                    } else {
                        object.set(pick(r, names), arbitraryJson(r));
                    }
                } else if (container instanceof ArrayNode array) {
                    if (array.isEmpty() || r.nextBoolean()) {
                        array.add(arbitraryJson(r));
                    } else {
                        array.set(r.nextInt(array.size()), arbitraryJson(r));
                    }
                }
                return tree;
        }
    }

    static void collect(JsonNode node, List<JsonNode> containers) {
        if (node.isContainerNode()) {
            containers.add(node);
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                collect(it.next(), containers);
            }
        }
    }

    /** Any JSON value, from jqwik's generators: nulls, edge numbers, odd text, nesting. */
    static JsonNode arbitraryJson(Random r) {
        return value(2 + r.nextInt(3)).generator(GEN_SIZE).next(r).value();
    }

    static Arbitrary<JsonNode> value(int depth) {
        Arbitrary<JsonNode> scalar = Arbitraries.oneOf(
                Arbitraries.just(NODES.nullNode()),
                Arbitraries.of(true, false).map(NODES::booleanNode),
                Arbitraries.integers().map(NODES::numberNode),
                Arbitraries.of(0, -1, 1, 6, 7, Integer.MAX_VALUE, Integer.MIN_VALUE).map(NODES::numberNode),
                Arbitraries.of(new BigInteger("100000000000000000000"), new BigInteger("-99999999999999999999999"))
                        .map(NODES::numberNode),
                Arbitraries.of(3.5, 1.5, -0.5, 1e308, 6.0, 1e-9).map(NODES::numberNode),
                Arbitraries.strings().ofMaxLength(40).map(NODES::textNode),
                Arbitraries.of("", " ", "br-crew-1", "a/b", "x\r\ny", "../..", "*alias", "null", "${x}",
                        "<script>", "\u0000", "é€𝄞").map(NODES::textNode),
                Arbitraries.strings().withCharRange('a', 'z').ofLength(5000).map(NODES::textNode));
        if (depth <= 0) {
            return scalar;
        }
        Arbitrary<JsonNode> child = value(depth - 1);
        Arbitrary<JsonNode> array = child.list().ofMaxSize(4).map(list -> {
            ArrayNode node = NODES.arrayNode();
            list.forEach(node::add);
            return node;
        });
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.of("type", "counter", "dice", "values", "kind",
                "plan", "turnLimit", "sideOrder", "id", "sides", "roster", "crew", "hex"), child).ofMaxSize(4)
                .map(map -> {
                    ObjectNode node = NODES.objectNode();
                    map.forEach(node::set);
                    return node;
                });
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, scalar), net.jqwik.api.Tuple.of(2, array),
                net.jqwik.api.Tuple.of(2, object));
    }

    /** The tree as text, sometimes broken as text: truncated, a key given twice, a stray byte, deep nesting. */
    static String json(JsonNode tree, Random r) {
        String text = tree.toString();
        switch (r.nextInt(10)) {
            case 0:
                return text.substring(0, r.nextInt(text.length() + 1));
            case 1:
                return text.startsWith("{") && text.length() > 2 ? "{\"type\": \"rally\", " + text.substring(1)
                        : text;
            case 2: {
                int at = r.nextInt(text.length() + 1);
                return text.substring(0, at) + (char) r.nextInt(128) + text.substring(at);
            }
            case 3:
                return "[".repeat(100 + r.nextInt(5000)) + "]".repeat(r.nextInt(10));
            case 4:
                return text + " " + text;
            default:
                return text;
        }
    }

    // ---- campaign files: line edits of the sample, or its tree mutated

    static String campaignFile(String sample, Random r) {
        String id = "fuzz-" + UUID.randomUUID().toString().substring(0, 8);
        String file = sample.replaceFirst("(?m)^id: .*$", "id: " + id);
        if (r.nextInt(6) == 0) {
            try {
                JsonNode tree = RequestYaml.MAPPER.readTree(file);
                return json(mutated(tree, r), r);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<String> lines = new ArrayList<>(List.of(file.split("\n")));
        int edits = r.nextInt(4);
        for (int i = 0; i < edits && !lines.isEmpty(); i++) {
            int at = r.nextInt(lines.size());
            String line = lines.get(at);
            switch (r.nextInt(9)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, line); // the same key twice
                case 2 -> lines.add(at, " ".repeat(r.nextInt(8)) + text(r) + ": " + scalar(r));
                case 3 -> lines.set(at, line.replaceAll(":\\s.*$", ": " + scalar(r)));
                case 4 -> lines.set(at, line.replaceAll("\\d+", pick(r, List.of("1.5", "0", "-1", "1e20",
                        "100000000000000000000", "~", "null"))));
                case 5 -> lines.set(at, line.replaceFirst(":\\s", ": &a" + r.nextInt(9) + " "));
                case 6 -> lines.add(at, line.replaceAll("^(\\s*-?\\s*\\w+):.*$", "$1: *a" + r.nextInt(9)));
                case 7 -> lines.set(at, line.substring(0, r.nextInt(line.length() + 1)));
                default -> lines.add(at, "---");
            }
        }
        return String.join("\n", lines) + "\n";
    }

    static String scalar(Random r) {
        return pick(r, List.of("~", "null", "''", "1.5", "-7", "1e400", "[null]", "{}", "[]", "!!binary AAAA",
                "\"a/b\"", "\"x\\r\\ny\"", "*x", "&x 3", "yes", "0x1F", "\"" + "z".repeat(300) + "\"",
                "[a, a]", "{a: 1, a: 2}"));
    }

    // ---- history files: line edits of an export

    static String historyFile(String export, Random r) {
        List<String> lines = new ArrayList<>(List.of(export.split("\n")));
        int edits = 1 + r.nextInt(3);
        for (int i = 0; i < edits && !lines.isEmpty(); i++) {
            int at = r.nextInt(lines.size());
            switch (r.nextInt(7)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, lines.get(at));
                case 2 -> lines.set(at, json(mutated(parse(lines.get(at)), r), r));
                case 3 -> lines.set(at, lines.get(at).substring(0, r.nextInt(lines.get(at).length() + 1)));
                case 4 -> lines.add(at, arbitraryJson(r).toString());
                case 5 -> {
                    int other = r.nextInt(lines.size());
                    String swap = lines.get(at);
                    lines.set(at, lines.get(other));
                    lines.set(other, swap);
                }
                default -> lines.set(at, lines.get(at).replaceAll("\"sequence\":\\d+", "\"sequence\":"
                        + pick(r, List.of("-1", "1.5", "null", "99999999999", "\"0\""))));
            }
        }
        return String.join("\n", lines) + "\n";
    }

    static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            return NODES.textNode(line);
        }
    }

    // ---- small helpers

    static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    static String text(Random r) {
        return Arbitraries.strings().ofMinLength(1).ofMaxLength(12).generator(GEN_SIZE).next(r).value()
                .replaceAll("[\\s:#'\"\\\\{}\\[\\],&*!|>%@`-]", "k");
    }

    static String abbreviated(String body) {
        return body.length() <= 600 ? body : body.substring(0, 600) + "... (" + body.length() + " chars)";
    }

    static String sample(String name) {
        try {
            return Files.readString(Path.of("campaigns", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A lenient YAML reader, to start a JSON mutation from the sample campaign's tree. */
    private static final class RequestYaml {
        static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
                new com.fasterxml.jackson.dataformat.yaml.YAMLMapper();
    }
}
