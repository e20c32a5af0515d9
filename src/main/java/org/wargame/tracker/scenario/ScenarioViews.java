package org.wargame.tracker.scenario;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.NotFound;

import java.util.ArrayList;
import java.util.List;

/** Reads of the scenario read model. */
@Component
public class ScenarioViews {

    private final JdbcTemplate jdbc;

    public ScenarioViews(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** {@code eventCount} in the API (a count; {@code events} is always a list there). */
    public record ScenarioSummary(String scenarioId, String campaignId, String name, boolean concluded,
                                  @com.fasterxml.jackson.annotation.JsonProperty("eventCount") long events) {
    }

    public ScenarioState state(String scenarioId) {
        ScenarioState state = ScenarioRow.read(jdbc, scenarioId);
        if (state == null) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return state;
    }

    /** The few facts an action needs before it is sent, without reading the whole state. */
    public record Header(String campaignId, String ruleSet, long events) {
    }

    public Header header(String scenarioId) {
        List<Header> found = jdbc.query("select campaign_id, rule_set, event_count from scenario_view "
                + "where scenario_id = ?", (rs, i) -> new Header(rs.getString(1), rs.getString(2), rs.getLong(3)),
                scenarioId);
        if (found.isEmpty()) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return found.get(0);
    }

    /**
     * The sides {@code username} plays in the scenario's campaign, read with the scenario's row in one statement
     * where the campaign and then the sides were two (a round trip of every request on a scenario, on PostgreSQL);
     * refuses an unknown scenario.
     */
    public List<String> sidesAt(String scenarioId, String username) {
        boolean[] found = {false};
        List<String> sides = new ArrayList<>();
        jdbc.query("select m.side_id from scenario_view v left join campaign_member m on "
                + "m.campaign_id = v.campaign_id and m.username = ? where v.scenario_id = ?", rs -> {
                    found[0] = true;
                    String side = rs.getString(1);
                    if (side != null) {
                        sides.add(side);
                    }
                }, username, scenarioId);
        if (!found[0]) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return List.copyOf(sides);
    }

    public boolean exists(String scenarioId) {
        return !jdbc.queryForList("select 1 from scenario_view where scenario_id = ?", Integer.class, scenarioId)
                .isEmpty();
    }

    public String campaignOf(String scenarioId) {
        List<String> ids = jdbc.queryForList("select campaign_id from scenario_view where scenario_id = ?",
                String.class, scenarioId);
        if (ids.isEmpty()) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        return ids.get(0);
    }

    public List<ScenarioSummary> ofCampaign(String campaignId) {
        return jdbc.query("select scenario_id, campaign_id, name, concluded, event_count from scenario_view "
                        + "where campaign_id = ? order by name", (rs, i) -> new ScenarioSummary(rs.getString(1),
                        rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getLong(5)), campaignId);
    }
}
