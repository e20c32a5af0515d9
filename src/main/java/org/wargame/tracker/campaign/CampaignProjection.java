package org.wargame.tracker.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.store.StoredJson;

/** The read model of campaigns (state as JSON) and of who plays which side (for visibility and permissions). */
@Component
@ProcessingGroup("projections")
public class CampaignProjection {

    private final JdbcTemplate jdbc;

    public CampaignProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(CampaignEvent event) {
        if (event instanceof CampaignCreated created) {
            CampaignState state = CampaignState.created(created);
            jdbc.update("insert into campaign_view (campaign_id, name, rule_set, state_json) values (?, ?, ?, ?)",
                    created.campaignId(), created.name(), created.ruleSet(), write(state));
            for (Side side : created.sides()) {
                for (String player : side.players()) {
                    jdbc.update("insert into campaign_member (campaign_id, username, side_id) values (?, ?, ?)",
                            created.campaignId(), player, side.id());
                }
            }
            return;
        }
        CampaignState state = read(jdbc.queryForObject("select state_json from campaign_view where campaign_id = ?",
                String.class, event.campaignId())).evolve(event);
        jdbc.update("update campaign_view set state_json = ? where campaign_id = ?", write(state), event.campaignId());
    }

    static String write(CampaignState state) {
        try {
            return StoredJson.mapper().writeValueAsString(state);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write campaign state", e);
        }
    }

    static CampaignState read(String json) {
        try {
            return StoredJson.mapper().readValue(json, CampaignState.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read campaign state", e);
        }
    }
}
