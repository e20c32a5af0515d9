package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The game clock index (table event_clock) against the fold: through undos and an upheld ruling, every event's
 * clock in the index is the clock the fold gives after it, the rolled-back events are the ones an independent walk
 * of the events finds, and a stream stored before the index existed is indexed when it is first read or acted on.
 * Also: the events and bookmarks come a page at a time.
 */
class EventClockIndexApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    EventClockProjection projection;

    private String played() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        Random random = new Random(7);
        List<String> advances = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String who = random.nextBoolean() ? "alice" : "bruno";
            if (random.nextInt(4) == 0) {
                post(who, "/api/scenarios/" + scenario + "/undo", Map.of()); // 409 when nothing is left: fine
            } else {
                Response r = moveOn(scenario); // by the players whose move it is
                assertThat(r.status()).as(r.raw()).isEqualTo(200);
                advances.add(r.at("/actionId").asText());
            }
        }
        // an upheld ruling on an advance a few actions back: rolled back, the later ones replayed
        String disputed = advances.get(advances.size() - 3);
        Response dispute = post("bruno", "/api/scenarios/" + scenario + "/disputes",
                Map.of("actionId", disputed, "reason", "too soon"));
        assertThat(dispute.status()).as(dispute.raw()).isEqualTo(201);
        Response ruling = post("referee", "/api/scenarios/" + scenario + "/disputes/" + dispute.at("/id").asText()
                + "/resolve", Map.of("upheld", true, "ruling", "too soon"));
        assertThat(ruling.status()).as(ruling.raw()).isEqualTo(200);
        moveOn(scenario);
        return scenario;
    }

    private List<JsonNode> events(String scenario) {
        List<JsonNode> all = new ArrayList<>();
        get("alice", "/api/scenarios/" + scenario + "/events").body().forEach(all::add);
        return all;
    }

    private Map<Long, JsonNode> indexed(String scenario) {
        Map<Long, JsonNode> rows = new LinkedHashMap<>();
        jdbc.query("select sequence_number, game_turn, player_turn, phase, step, undone_by, kind from event_clock "
                + "where scenario_id = ? order by sequence_number", rs -> {
            var row = JSON.createObjectNode().put("gameTurn", rs.getInt(2)).put("playerTurn", rs.getInt(3))
                    .put("phase", rs.getString(4)).put("step", rs.getString(5));
            row.put("undoneBy", rs.getObject(6) == null ? null : rs.getLong(6)).put("kind", rs.getString(7));
            rows.put(rs.getLong(1), row);
        }, scenario);
        return rows;
    }

    @Test
    void every_events_clock_in_the_index_is_the_clock_the_fold_gives_after_it() {
        String scenario = played();
        List<JsonNode> events = events(scenario);
        Map<Long, JsonNode> index = indexed(scenario);
        assertThat(index).hasSize(events.size());
        JsonNode steps = get("alice", "/api/scenarios/" + scenario + "/steps?from=0&to=" + (events.size() - 1))
                .body();
        assertThat(steps.size()).isEqualTo(events.size());
        for (JsonNode step : steps) {
            JsonNode fold = step.get("clockAfter");
            JsonNode row = index.get(step.get("sequence").asLong());
            assertThat(row.get("gameTurn").asInt()).as("event %s", step.get("sequence")).isEqualTo(
                    fold.get("gameTurn").asInt());
            assertThat(row.get("playerTurn").asInt()).isEqualTo(fold.get("playerTurn").asInt());
            assertThat(row.get("phase").asText()).isEqualTo(fold.get("phase").asText());
            assertThat(row.get("step").isNull() ? null : row.get("step").asText())
                    .isEqualTo(fold.get("step").isNull() ? null : fold.get("step").asText());
        }
        // rolled back: the events an independent walk of the record finds, each with its first undoer
        Map<Long, Long> undone = new HashMap<>();
        index.forEach((sequence, row) -> {
            if (!row.get("undoneBy").isNull()) {
                undone.put(sequence, row.get("undoneBy").asLong());
            }
        });
        assertThat(undone).isNotEmpty().isEqualTo(rolledBack(events));
        // bookmarks: the start and every clock advance, in order
        List<Long> advances = new ArrayList<>();
        events.forEach(e -> {
            if (e.get("type").asText().matches("ScenarioStarted|ClockAdvanced")) {
                advances.add(e.get("sequence").asLong());
            }
        });
        List<Long> bookmarks = new ArrayList<>();
        get("alice", "/api/scenarios/" + scenario + "/bookmarks").body()
                .forEach(b -> bookmarks.add(b.get("sequence").asLong()));
        assertThat(bookmarks).isEqualTo(advances);
    }

    /**
     * Which events an undo or an upheld dispute rolled back, walking the events: those from the position it names
     * (or the latest ActionTaken or ClockAdvanced of the action it names) to the roll-back, leaving out the start
     * and the undo and dispute bookkeeping.
     */
    private static Map<Long, Long> rolledBack(List<JsonNode> events) {
        List<String> bookkeeping = List.of("ActionUndone", "UndoRequested", "UndoAccepted", "UndoRefused",
                "ActionDisputed", "DisputeDismissed", "DisputeUpheld");
        Map<String, Integer> taking = new HashMap<>();
        Map<Long, Long> undone = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            String type = e.get("type").asText();
            if (type.equals("ActionTaken") || type.equals("ClockAdvanced")) {
                taking.put(e.get("payload").get("actionId").asText(), i);
            }
            Integer from = null;
            if (type.equals("ActionUndone") || type.equals("DisputeUpheld")) {
                JsonNode to = e.get("payload").get("rolledBackTo");
                from = to != null && !to.isNull() ? to.asInt() : taking.get(e.get("payload").get("actionId").asText());
            }
            if (from == null) {
                continue;
            }
            for (int k = from; k < i; k++) {
                String t = events.get(k).get("type").asText();
                if (!bookkeeping.contains(t) && !t.equals("ScenarioStarted")) {
                    undone.putIfAbsent((long) k, (long) i);
                }
            }
        }
        return undone;
    }

    @Test
    void a_stream_stored_before_the_index_is_indexed_when_read_or_acted_on() {
        String scenario = played();
        Map<Long, JsonNode> before = indexed(scenario);
        JsonNode bookmarks = get("alice", "/api/scenarios/" + scenario + "/bookmarks").body();

        jdbc.update("delete from event_clock where scenario_id = ?", scenario); // as before migration V4
        projection.forget(); // as after a restart
        assertThat(get("alice", "/api/scenarios/" + scenario + "/bookmarks").body()).isEqualTo(bookmarks);
        assertThat(indexed(scenario)).isEqualTo(before);

        jdbc.update("delete from event_clock where scenario_id = ?", scenario);
        projection.forget();
        long count = get("alice", "/api/scenarios/" + scenario).at("/eventCount").asLong();
        Response next = moveOn(scenario); // one event, or a side's done and the advance in a phase both end
        assertThat(next.status()).as(next.raw()).isEqualTo(200);
        Map<Long, JsonNode> after = indexed(scenario);
        assertThat(after).hasSize(before.size() + (int) (next.at("/scenario/eventCount").asLong() - count));
        before.forEach((sequence, row) -> assertThat(after.get(sequence)).isEqualTo(row));
    }

    @Test
    void the_audit_of_a_game_turn_is_the_audit_of_its_actions_from_the_whole_record() {
        String scenario = played();
        int turns = get("alice", "/api/scenarios/" + scenario).at("/clock/gameTurn").asInt();
        JsonNode all = get("referee", "/api/scenarios/" + scenario + "/audit").body();
        for (int turn = 1; turn <= turns + 1; turn++) {
            List<JsonNode> expected = new ArrayList<>();
            for (JsonNode action : all) {
                if (action.get("clockBefore").get("gameTurn").asInt() == turn) {
                    expected.add(action);
                }
            }
            List<JsonNode> actual = new ArrayList<>();
            get("referee", "/api/scenarios/" + scenario + "/audit?gameTurn=" + turn).body().forEach(actual::add);
            assertThat(actual).as("Game Turn %d", turn).isEqualTo(expected);
        }
    }

    @Test
    void events_and_bookmarks_come_a_page_at_a_time_with_a_link_to_the_next() throws Exception {
        String scenario = played();
        List<JsonNode> events = events(scenario);
        HttpResponse<String> page = raw("/api/scenarios/" + scenario + "/events?limit=5");
        assertThat(page.statusCode()).isEqualTo(200);
        JsonNode first = JSON.readTree(page.body());
        assertThat(first.size()).isEqualTo(5);
        assertThat(first.get(4)).isEqualTo(events.get(4));
        assertThat(page.headers().firstValue("Link")).hasValue(
                "</api/scenarios/" + scenario + "/events?after=4&limit=5>; rel=\"next\"");
        JsonNode second = get("alice", "/api/scenarios/" + scenario + "/events?after=4&limit=5").body();
        assertThat(second.get(0)).isEqualTo(events.get(5));
        long last = events.size() - 1;
        HttpResponse<String> end = raw("/api/scenarios/" + scenario + "/events?after=" + (last - 2));
        assertThat(JSON.readTree(end.body()).size()).isEqualTo(2);
        assertThat(end.headers().firstValue("Link")).isEmpty();
        assertThat(get("alice", "/api/scenarios/" + scenario + "/events?limit=501").status()).isEqualTo(400);

        HttpResponse<String> marks = raw("/api/scenarios/" + scenario + "/bookmarks?limit=3");
        JsonNode three = JSON.readTree(marks.body());
        assertThat(three.size()).isEqualTo(3);
        long after = three.get(2).get("sequence").asLong();
        assertThat(marks.headers().firstValue("Link").orElseThrow()).contains("after=" + after);
        JsonNode rest = get("alice", "/api/scenarios/" + scenario + "/bookmarks?after=" + after).body();
        assertThat(rest.get(0).get("sequence").asLong()).isGreaterThan(after);
        JsonNode turns = get("alice", "/api/scenarios/" + scenario + "/bookmarks?kind=gameTurn").body();
        turns.forEach(b -> assertThat(b.get("kind").asText()).isEqualTo("gameTurn"));
    }

    private HttpResponse<String> raw(String path) throws IOException, InterruptedException {
        String token = Base64.getEncoder().encodeToString(("alice:" + PLAYER_PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(path)).header("Authorization",
                "Basic " + token).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
