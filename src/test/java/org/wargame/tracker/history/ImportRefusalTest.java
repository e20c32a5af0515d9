package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The forged and damaged imports of issue 21, each re-chained with the public algorithm (so the file's own chain
 * verifies) and sent to the tracker the export came from under fresh ids: each is refused with a 400 problem naming
 * the line and the reason, and no row is stored. The same file unchanged imports (201).
 */
class ImportRefusalTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    private long rows() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class)
                + jdbc.queryForObject("select count(*) from event_chain", Long.class);
    }

    /** An asl campaign with a scenario played: clock advances and an undo (a roll-back with rolledBackTo). */
    private String aslExport() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("alice", scenario);
        advance("bruno", scenario);
        assertThat(post("alice", "/api/scenarios/" + scenario + "/undo", Map.of()).status()).isLessThan(300);
        advance("alice", scenario);
        return get("alice", "/api/campaigns/" + campaign + "/export").raw();
    }

    private String hexExport() {
        String campaign = importSample("hex-sample.yaml");
        String scenario = startPlan("gerd", campaign, "first-clash");
        advance("gerd", scenario);
        advance("gerd", scenario);
        return get("gerd", "/api/campaigns/" + campaign + "/export").raw();
    }

    /** The file refused with {@code status}, its detail starting with the line, and nothing stored. */
    private Response refused(String file, int status, int line, String reason) {
        long before = rows();
        Response r = post("referee", "/api/history/import", file, "application/x-ndjson");
        assertThat(r.status()).as(r.raw()).isEqualTo(status);
        assertThat(r.at("/status").asInt()).isEqualTo(status);
        assertThat(r.at("/detail").asText()).as(r.raw()).startsWith("line " + line + ":").contains(reason);
        assertThat(rows()).as("rows after a refused import").isEqualTo(before);
        return r;
    }

    /** The moved export with one line changed, re-chained. */
    private static String forged(String export, String type, Consumer<ObjectNode> change, int[] line) {
        List<ObjectNode> lines = ForgedHistory.moved(export);
        int at = ForgedHistory.first(lines, type);
        change.accept(lines.get(at));
        ForgedHistory.rechain(lines);
        line[0] = at + 1;
        return ForgedHistory.text(lines);
    }

    @Test
    void the_export_moved_to_fresh_ids_and_re_chained_imports() {
        String file = ForgedHistory.text(ForgedHistory.moved(aslExport()));
        long before = rows();
        Response r = post("referee", "/api/history/import", file, "application/x-ndjson");
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        assertThat(r.at("/streams").asInt()).isEqualTo(2);
        assertThat(rows()).isEqualTo(before + 2L * r.at("/eventCount").asLong());
        assertThat(get("referee", "/api/history/verify").at("/ok").asBoolean()).isTrue();
    }

    @Test
    void a_roll_back_past_the_streams_end_is_refused() {
        int[] line = {0};
        String file = forged(aslExport(), "ActionUndone", l -> ((ObjectNode) l.get("payload"))
                .put("rolledBackTo", 99999), line);
        refused(file, 400, line[0], "payload.rolledBackTo: 99999 is outside the stream");
    }

    @Test
    void a_scenario_whose_rule_set_was_changed_is_refused() {
        int[] line = {0};
        String file = forged(hexExport(), "ScenarioStarted", l -> ((ObjectNode) l.get("payload"))
                .put("ruleSet", "asl"), line);
        long before = rows();
        Response r = post("referee", "/api/history/import", file, "application/x-ndjson");
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        // refused at the start itself (the hex counters are no asl counters) or at the first hex event after it
        assertThat(r.at("/detail").asText()).as(r.raw()).matches("line \\d+: .*");
        int refusedAt = Integer.parseInt(r.at("/detail").asText().replaceAll("^line (\\d+):.*$", "$1"));
        assertThat(refusedAt).isGreaterThanOrEqualTo(line[0]);
        assertThat(rows()).isEqualTo(before);
    }

    /**
     * The tracker starts a scenario under its campaign's rule set and no other: a file whose campaign was created
     * under another one than its scenarios were started under is refused at the scenario's start (a re-chained fuzz
     * of ImportFuzzTest once stored the asl sample's campaign as a skirmish one, its players then seeing a skirmish
     * campaign of asl scenarios).
     */
    @Test
    void a_campaign_whose_rule_set_was_changed_is_refused_at_its_scenarios_start() {
        String export = aslExport();
        int[] line = {0};
        String file = forged(export, "CampaignCreated", l -> ((ObjectNode) l.get("payload")).put("ruleSet",
                "skirmish"), line);
        int start = ForgedHistory.first(ForgedHistory.moved(export), "ScenarioStarted") + 1;
        refused(file, 400, start, "payload.ruleSet: a scenario of campaign ");
        Response r = post("referee", "/api/history/import", file, "application/x-ndjson");
        assertThat(r.at("/detail").asText()).contains("is played under its rule set, skirmish, not 'asl'");
    }

    @Test
    void a_scenario_start_without_its_sides_is_refused() {
        // found by ImportFuzzTest: accepted, its scenario then answered 500 on every read
        int[] line = {0};
        String file = forged(aslExport(), "ScenarioStarted", l -> ((ObjectNode) l.get("payload")).remove("sides"),
                line);
        refused(file, 400, line[0], "payload.sides: required");
    }

    @Test
    void a_scenario_side_without_its_name_or_not_the_campaigns_is_refused() {
        int[] line = {0};
        String file = forged(aslExport(), "ScenarioStarted", l -> ((ObjectNode) l.get("payload").get("sides").get(0))
                .remove("name"), line);
        refused(file, 400, line[0], "payload.sides[0]: a side has its id and its name");
        file = forged(aslExport(), "ScenarioStarted", l -> ((ObjectNode) l.get("payload").get("sides").get(1))
                .put("id", "partisans"), line);
        refused(file, 400, line[0], "payload.sides[1].id: 'partisans' is no side of the campaign");
    }

    @Test
    void an_event_without_metadata_is_refused() {
        int[] line = {0};
        String file = forged(aslExport(), "ClockAdvanced", l -> l.putNull("metaData"), line);
        refused(file, 400, line[0], "metaData: missing");
    }

    @Test
    void an_action_id_longer_than_the_record_keeps_is_refused_by_its_line() {
        int[] line = {0};
        String file = forged(aslExport(), "ClockAdvanced", l -> ((ObjectNode) l.get("metaData")).put("actionId",
                "a".repeat(256)), line);
        refused(file, 400, line[0], "metaData.actionId: at most 255 characters");
        String taking = forged(aslExport(), "ClockAdvanced", l -> ((ObjectNode) l.get("payload")).put("actionId",
                "a".repeat(256)), line);
        refused(taking, 400, line[0], "payload.actionId: at most 255 characters");
    }

    @Test
    void an_unknown_event_type_is_refused() {
        int[] line = {0};
        String file = forged(aslExport(), "ClockAdvanced", l -> l.put("type", "scenario.TableFlipped"), line);
        refused(file, 400, line[0], "type: 'scenario.TableFlipped' is no event type");
    }

    @Test
    void a_timestamp_that_is_not_a_time_is_refused() {
        int[] line = {0};
        String file = forged(aslExport(), "ClockAdvanced", l -> l.put("timestamp", "not a time"), line);
        refused(file, 400, line[0], "timestamp: 'not a time' is not a time");
    }

    @Test
    void a_file_cut_at_a_line_end_is_refused() {
        List<ObjectNode> lines = ForgedHistory.moved(aslExport());
        int kept = lines.size() - 4;
        String cut = ForgedHistory.text(lines.subList(0, kept));
        refused(cut, 400, kept + 1, "its header (line 1) says");
        // streams taken out: the campaign's stream alone
        List<ObjectNode> campaignOnly = lines.stream().filter(l -> !"Scenario".equals(l.path("streamType")
                .asText())).toList();
        refused(ForgedHistory.text(campaignOnly), 400, campaignOnly.size() + 1, "which its header (line 1) says");
    }

    @Test
    void a_scenario_grafted_onto_a_campaign_of_the_tracker_is_refused() {
        String export = aslExport();
        String existing = ForgedHistory.lines(export).get(0).get("campaignId").asText();
        int[] line = {0};
        String file = forged(export, "ScenarioStarted", l -> ((ObjectNode) l.get("payload"))
                .put("campaignId", existing), line);
        refused(file, 400, line[0], "payload.campaignId: a scenario of this file belongs to its campaign");

        // the scenario alone, under the existing campaign's name: the file holds no event of that campaign
        List<ObjectNode> lines = ForgedHistory.moved(export);
        List<ObjectNode> scenarioOnly = new java.util.ArrayList<>(lines.stream()
                .filter(l -> l.has("format") || "Scenario".equals(l.path("streamType").asText())).toList());
        scenarioOnly.get(0).put("campaignId", existing);
        ForgedHistory.rechain(scenarioOnly);
        refused(ForgedHistory.text(scenarioOnly), 400, 2, "the file holds no event of campaign " + existing);
    }

    @Test
    void a_line_over_the_line_limit_is_refused_but_the_file_may_be_of_any_size() {
        List<ObjectNode> lines = ForgedHistory.moved(aslExport());
        ObjectNode big = lines.get(2);
        ((ObjectNode) big.get("metaData")).put("note", "x".repeat(5 * 1024 * 1024));
        ForgedHistory.rechain(lines);
        refused(ForgedHistory.text(lines), 400, 3, "the limit of one line");
    }
}
