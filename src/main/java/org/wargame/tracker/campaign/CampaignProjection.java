package org.wargame.tracker.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The read model of campaigns (state as JSON) and of who plays which side (for visibility and permissions). The
 * events of one unit of work are folded together and each campaign's row is written once when it commits: a
 * campaign's creation is one event per roster counter, and writing the whole roster for each made an import
 * quadratic in the roster's size (a rebuild or a history import is one unit of work per stream, so the same).
 */
@Component
@ProcessingGroup("projections")
public class CampaignProjection {

    private static final String PENDING = CampaignProjection.class.getName() + ".pending";

    private final JdbcTemplate jdbc;

    public CampaignProjection(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(CampaignEvent event) {
        if (!CurrentUnitOfWork.isStarted()) {
            save(event.campaignId(), List.of(event));
            return;
        }
        UnitOfWork<?> unitOfWork = CurrentUnitOfWork.get().root();
        Map<String, List<CampaignEvent>> pending = unitOfWork.getOrComputeResource(PENDING, key -> {
            Map<String, List<CampaignEvent>> byCampaign = new LinkedHashMap<>();
            unitOfWork.onPrepareCommit(u -> byCampaign.forEach(this::save));
            return byCampaign;
        });
        pending.computeIfAbsent(event.campaignId(), id -> new ArrayList<>()).add(event);
    }

    /** Folds a campaign's events of one unit of work onto its row and writes the row once. */
    private void save(String campaignId, List<CampaignEvent> events) {
        if (events.get(0) instanceof CampaignCreated created) {
            CampaignState state = CampaignState.created(created).evolveAll(events.subList(1, events.size()));
            jdbc.update("insert into campaign_view (campaign_id, name, rule_set, state_json) values (?, ?, ?, ?)",
                    created.campaignId(), created.name(), created.ruleSet(), write(state));
            List<Object[]> members = new ArrayList<>();
            for (Side side : created.sides()) {
                for (String player : side.players()) {
                    members.add(new Object[]{created.campaignId(), player, side.id()});
                }
            }
            jdbc.batchUpdate("insert into campaign_member (campaign_id, username, side_id) values (?, ?, ?)",
                    members);
            return;
        }
        CampaignState state = read(jdbc.queryForObject("select state_json from campaign_view where campaign_id = ?",
                String.class, campaignId)).evolveAll(events);
        jdbc.update("update campaign_view set state_json = ? where campaign_id = ?", write(state), campaignId);
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
