package org.wargame.tracker.campaign;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.NotFound;

import java.util.List;

/** Reads of the campaign read model. */
@Component
public class CampaignViews {

    private final JdbcTemplate jdbc;

    public CampaignViews(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public record CampaignSummary(String campaignId, String name, String ruleSet) {
    }

    public boolean exists(String campaignId) {
        Integer n = jdbc.queryForObject("select count(*) from campaign_view where campaign_id = ?", Integer.class,
                campaignId);
        return n != null && n > 0;
    }

    public List<CampaignSummary> all() {
        return jdbc.query("select campaign_id, name, rule_set from campaign_view order by name",
                (rs, i) -> new CampaignSummary(rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    public List<CampaignSummary> of(String username) {
        return jdbc.query("select distinct v.campaign_id, v.name, v.rule_set from campaign_view v "
                        + "join campaign_member m on m.campaign_id = v.campaign_id where m.username = ? order by v.name",
                (rs, i) -> new CampaignSummary(rs.getString(1), rs.getString(2), rs.getString(3)), username);
    }

    public CampaignState state(String campaignId) {
        List<String> json = jdbc.queryForList("select state_json from campaign_view where campaign_id = ?",
                String.class, campaignId);
        if (json.isEmpty()) {
            throw new NotFound("campaign '" + campaignId + "' does not exist");
        }
        return CampaignProjection.read(json.get(0));
    }

    public List<String> sidesOf(String campaignId, String username) {
        return jdbc.queryForList("select side_id from campaign_member where campaign_id = ? and username = ?",
                String.class, campaignId, username);
    }
}
