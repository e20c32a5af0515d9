package org.wargame.tracker.scenario;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenario read model in parts (layout 1): the row's head holds no counter, each counter is a row of
 * scenario_part, an action rewrites the parts it changed and no other, and what is read back is the fold of the
 * events.
 */
class ScenarioPartsApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void counters_are_parts_an_action_rewrites_only_those_it_changed_and_the_row_reads_as_the_fold() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        String head = jdbc.queryForObject("select state_json from scenario_view where scenario_id = ?", String.class,
                scenario);
        assertThat(head).doesNotContain("br-crew-1");
        Map<String, String> before = parts(scenario);
        assertThat(before.keySet()).anyMatch(k -> k.contains("br-crew-1"));

        // a clock advance changes no counter: no part differs
        advance("bruno", scenario);
        assertThat(parts(scenario)).isEqualTo(before);

        // becoming Pack-TI changes the crew, and only the counters the rule changes
        Response packed = post("alice", "/api/scenarios/" + scenario + "/actions",
                Map.of("type", "become-pack-ti", "crew", "br-crew-1"));
        Map<String, String> after = parts(scenario);
        assertThat(after.keySet()).isEqualTo(before.keySet());
        List<String> changed = after.keySet().stream().filter(k -> !after.get(k).equals(before.get(k))).toList();
        if (packed.status() == 200) {
            assertThat(changed).isNotEmpty().allMatch(k -> k.startsWith("counters"));
            assertThat(changed.size()).isLessThan(after.size());
        } else {
            assertThat(changed).isEmpty();
        }
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state").body())
                .isEqualTo(get("alice", "/api/scenarios/" + scenario).body());
    }

    @Test
    void a_row_stored_whole_reads_whole_and_is_split_by_the_next_action() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("alice", campaign, "ex-10-3");
        advance("bruno", scenario);
        var live = get("alice", "/api/scenarios/" + scenario).body();
        // as a database before V13 holds it: the whole state in the row, no parts
        String whole = ScenarioProjection.write(ScenarioRow.read(jdbc, scenario));
        jdbc.update("update scenario_view set state_json = ?, layout = 0 where scenario_id = ?", whole, scenario);
        jdbc.update("delete from scenario_part where scenario_id = ?", scenario);
        assertThat(get("alice", "/api/scenarios/" + scenario).body()).isEqualTo(live);

        advance("bruno", scenario);
        assertThat(jdbc.queryForObject("select layout from scenario_view where scenario_id = ?", Integer.class,
                scenario)).isEqualTo(ScenarioRow.LAYOUT);
        assertThat(parts(scenario)).isNotEmpty();
        assertThat(get("alice", "/api/scenarios/" + scenario + "/state").body())
                .isEqualTo(get("alice", "/api/scenarios/" + scenario).body());
    }

    private Map<String, String> parts(String scenario) {
        Map<String, String> parts = new java.util.TreeMap<>();
        jdbc.query("select field, entry_index, part_key, part_json from scenario_part where scenario_id = ?", rs -> {
            parts.put(rs.getString(1) + "/" + rs.getInt(2) + "/" + rs.getString(3), rs.getString(4));
        }, scenario);
        return parts;
    }
}
