package org.wargame.tracker.history;

import org.springframework.stereotype.Component;
import org.wargame.tracker.scenario.ScenarioViews;

import java.util.ArrayList;
import java.util.List;

/** The streams of a campaign's history, as verify and export read them: its own, then each of its scenarios'. */
@Component
public class CampaignStreams {

    private final ScenarioViews scenarios;

    public CampaignStreams(ScenarioViews scenarios) {
        this.scenarios = scenarios;
    }

    public List<String> of(String campaignId) {
        List<String> streams = new ArrayList<>();
        streams.add(campaignId);
        scenarios.ofCampaign(campaignId).forEach(s -> streams.add(s.scenarioId()));
        return streams;
    }
}
