package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tampered and re-chained imports: generated mutations (jqwik's generators) of real exports moved to fresh ids, each
 * re-chained with the public algorithm ({@link ForgedHistory}, nine in ten; the others keep their stale hashes), sent
 * over HTTP. Whatever comes: no 5xx; a refusal is a problem naming a line and stores no row (the event and chain
 * tables counted before and after); an import that is accepted reads back (its scenarios, their audit) without a
 * 5xx. Bounded: {@code fuzz.tries} (default 80) within {@code fuzz.seconds} (default 150); {@code fuzz.seed} repeats.
 */
class ImportFuzzTest extends ApiTestSupport {

    static final int TRIES = Integer.getInteger("fuzz.tries", 80);
    static final long SECONDS = Long.getLong("fuzz.seconds", 150);
    static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Autowired
    JdbcTemplate jdbc;

    private long rows() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class)
                + jdbc.queryForObject("select count(*) from event_chain", Long.class);
    }

    @Test
    void tampered_and_re_chained_imports_never_get_a_5xx_and_a_refusal_stores_no_row() {
        JqwikSession.start();
        try {
            fuzz();
        } finally {
            JqwikSession.finish();
        }
    }

    private void fuzz() {
        List<String> exports = List.of(playedExport("asl-west-of-alamein.yaml", "alice", "ex-10-3"),
                playedExport("hex-sample.yaml", "gerd", "first-clash"));
        Map<String, Integer> answers = new TreeMap<>();
        int fiveHundreds = 0;
        int storedByRefusal = 0;
        long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
        int tries = 0;
        for (; tries < TRIES && System.nanoTime() < deadline; tries++) {
            Random random = new Random(SEED + tries);
            List<ObjectNode> lines = ForgedHistory.moved(exports.get(tries % exports.size()));
            List<String> done = new ArrayList<>();
            int edits = 1 + random.nextInt(3);
            for (int i = 0; i < edits; i++) {
                done.add(mutate(lines, random));
            }
            if (random.nextInt(10) != 0) {
                ForgedHistory.rechain(lines);
            }
            String file = ForgedHistory.text(lines);
            long before = rows();
            Response r = post("referee", "/api/history/import", file, "application/x-ndjson");
            String what = "try " + tries + " (seed " + (SEED + tries) + "): " + done + " -> " + r.raw();
            answers.merge(r.status() + (r.status() >= 400 ? " " + kind(r) : ""), 1, Integer::sum);
            if (r.status() >= 500) {
                fiveHundreds++;
                System.out.println("ImportFuzzTest 5xx: " + what);
            }
            if (r.status() >= 400) {
                assertThat(r.at("/status").asInt()).as(what).isEqualTo(r.status());
                if (rows() != before) {
                    storedByRefusal++;
                    System.out.println("ImportFuzzTest stored by a refusal: " + what);
                }
            } else {
                assertThat(r.status()).as(what).isEqualTo(201);
                readsBack(lines, what);
            }
        }
        System.out.println("ImportFuzzTest: seed " + SEED + ", " + tries + " imports, 5xx " + fiveHundreds
                + ", rows stored by a refusal " + storedByRefusal + ", answers " + answers);
        assertThat(fiveHundreds).isZero();
        assertThat(storedByRefusal).isZero();
        assertThat(tries).isGreaterThanOrEqualTo(Math.min(TRIES, 30));
        assertThat(get("referee", "/api/history/verify").at("/ok").asBoolean()).isTrue();
    }

    private static String kind(Response r) {
        String detail = r.at("/detail").asText();
        return detail.matches("line \\d+: .*") ? "line" : "other";
    }

    /** An accepted import reads back: each scenario, its events and its audit answer without a 5xx. */
    private void readsBack(List<ObjectNode> lines, String what) {
        lines.stream().filter(l -> "Scenario".equals(l.path("streamType").asText()))
                .map(l -> l.get("stream").asText()).distinct().forEach(s -> {
                    for (String path : List.of("/api/scenarios/" + s, "/api/scenarios/" + s + "/events",
                            "/api/scenarios/" + s + "/audit?from=0&to=100", "/api/scenarios/" + s + "/state?after=3")) {
                        assertThat(get("referee", path).status()).as(path + " after " + what).isLessThan(500);
                    }
                });
    }

    // ---- mutations: generated by jqwik, applied to one line (or to the lines' order)

    private static final List<String> TYPES = List.of("scenario.ClockAdvanced", "scenario.ActionUndone",
            "scenario.ScenarioStarted", "campaign.CampaignCreated", "campaign.CounterEnlisted", "hex.WeaponTransferred",
            "asl.GunTransferred", "scenario.TableFlipped", "org.wargame.tracker.scenario.ScenarioEvent$ActionTaken",
            "java.lang.Runtime", "");

    static String mutate(List<ObjectNode> lines, Random r) {
        int at = 1 + r.nextInt(lines.size() - 1);
        ObjectNode line = lines.get(at);
        int kind = Arbitraries.integers().between(0, 13).generator(100).next(r).value();
        switch (kind) {
            case 0, 1, 2 -> {
                ObjectNode payload = (ObjectNode) line.get("payload");
                List<String> names = new ArrayList<>();
                payload.fieldNames().forEachRemaining(names::add);
                String field = names.isEmpty() || r.nextInt(5) == 0 ? "extra" : names.get(r.nextInt(names.size()));
                if (kind == 2) {
                    payload.remove(field);
                    return "line " + (at + 1) + " payload." + field + " removed";
                }
                JsonNode value = json(r);
                payload.set(field, value);
                return "line " + (at + 1) + " payload." + field + " = " + abbreviated(value);
            }
            case 3 -> {
                JsonNode value = r.nextBoolean() ? NODES.nullNode() : json(r);
                line.set("metaData", value);
                return "line " + (at + 1) + " metaData = " + abbreviated(value);
            }
            case 4 -> {
                if (line.get("metaData") instanceof ObjectNode meta) {
                    String key = List.of("side", "account", "actionId", "gameTurn", "phase", "replayOf")
                            .get(r.nextInt(6));
                    JsonNode value = json(r);
                    meta.set(key, value);
                    return "line " + (at + 1) + " metaData." + key + " = " + abbreviated(value);
                }
                return "none";
            }
            case 5 -> {
                String type = TYPES.get(r.nextInt(TYPES.size()));
                line.put("type", type);
                return "line " + (at + 1) + " type = " + type;
            }
            case 6 -> {
                JsonNode revision = List.of(NODES.nullNode(), NODES.textNode("0"), NODES.textNode("2"),
                        NODES.textNode("99"), NODES.numberNode(1)).get(r.nextInt(5));
                line.set("revision", revision);
                return "line " + (at + 1) + " revision = " + revision;
            }
            case 7 -> {
                String time = Arbitraries.of("not a time", "2026-13-40T99:00:00Z", "", "1700000000",
                        "2026-05-01T10:15:30Z", "2026-05-01T10:15:30.123456789Z", "2026-05-01 10:15").generator(100)
                        .next(r).value();
                line.put("timestamp", time);
                return "line " + (at + 1) + " timestamp = " + time;
            }
            case 8 -> {
                ObjectNode payload = (ObjectNode) line.get("payload");
                String field = r.nextBoolean() ? "rolledBackTo" : "actionAt";
                long value = Arbitraries.of(-1L, 0L, 1L, 2L, 5L, 99999L, Long.MAX_VALUE).generator(100).next(r)
                        .value();
                payload.put(field, value);
                return "line " + (at + 1) + " payload." + field + " = " + value;
            }
            case 9 -> {
                ObjectNode payload = (ObjectNode) line.get("payload");
                String ruleSet = List.of("asl", "hex", "skirmish", "chess").get(r.nextInt(4));
                if (payload.has("ruleSet")) {
                    payload.put("ruleSet", ruleSet);
                    return "line " + (at + 1) + " payload.ruleSet = " + ruleSet;
                }
                payload.put("campaignId", r.nextBoolean() ? "asl-west-of-alamein" : "someone-elses");
                return "line " + (at + 1) + " payload.campaignId changed";
            }
            case 10 -> {
                int other = 1 + r.nextInt(lines.size() - 1);
                ObjectNode swap = lines.get(at);
                lines.set(at, lines.get(other));
                lines.set(other, swap);
                return "lines " + (at + 1) + " and " + (other + 1) + " swapped";
            }
            case 11 -> {
                lines.remove(at);
                return "line " + (at + 1) + " removed";
            }
            case 12 -> {
                lines.add(at, lines.get(at).deepCopy());
                return "line " + (at + 1) + " given twice";
            }
            default -> {
                String field = List.of("sequence", "stream", "streamType", "eventIdentifier").get(r.nextInt(4));
                JsonNode value = r.nextBoolean() ? json(r) : field.equals("sequence")
                        ? NODES.numberNode(line.get("sequence").asLong() + 1) : NODES.textNode("Scenario");
                line.set(field, value);
                return "line " + (at + 1) + " " + field + " = " + abbreviated(value);
            }
        }
    }

    /** Any JSON value from jqwik's generators: nulls, edge numbers, odd text, small containers. */
    private static JsonNode json(Random r) {
        return value(2).generator(100).next(r).value();
    }

    private static Arbitrary<JsonNode> value(int depth) {
        Arbitrary<JsonNode> scalar = Arbitraries.oneOf(
                Arbitraries.just(NODES.nullNode()),
                Arbitraries.of(true, false).map(NODES::booleanNode),
                Arbitraries.integers().map(NODES::numberNode),
                Arbitraries.of(0L, -1L, 1L, 6L, 99999L, Long.MAX_VALUE).map(NODES::numberNode),
                Arbitraries.of(3.5, -0.5, 1e308).map(NODES::numberNode),
                Arbitraries.strings().ofMaxLength(30).map(NODES::textNode),
                Arbitraries.of("", "asl", "hex", "br-crew-1", "british", "axis", "RPh", "\u0000", "é€𝄞")
                        .map(NODES::textNode));
        if (depth <= 0) {
            return scalar;
        }
        Arbitrary<JsonNode> child = value(depth - 1);
        Arbitrary<JsonNode> array = child.list().ofMaxSize(3).map(list -> {
            ArrayNode node = NODES.arrayNode();
            list.forEach(node::add);
            return node;
        });
        Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.of("id", "gameTurn", "phase", "side", "counter",
                "values", "kind"), child).ofMaxSize(3).map(map -> {
                    ObjectNode node = NODES.objectNode();
                    map.forEach(node::set);
                    return node;
                });
        return Arbitraries.frequencyOf(Tuple.of(6, scalar), Tuple.of(2, array), Tuple.of(2, object));
    }

    private static String abbreviated(JsonNode value) {
        String text = value.toString();
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }
}
