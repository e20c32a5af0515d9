package org.wargame.tracker.scenario;

import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignViews;

/**
 * The {@link Viewer} of a request: its actor, made blind when it is the referee of a campaign whose file declares a
 * blind referee. Every read path that asks {@link Visibility} takes its viewer from here, so the declaration cannot
 * be missed on one of them.
 */
@Component
public class Viewers {

    private final CampaignViews campaigns;

    Viewers(CampaignViews campaigns) {
        this.campaigns = campaigns;
    }

    /** {@code actor} reading campaign {@code campaignId} (or one of its scenarios). */
    public Viewer of(Actor actor, String campaignId) {
        // only a referee can be blind: a player's read costs no query of the campaign
        return Viewer.of(actor, actor.referee() && campaigns.state(campaignId).blindReferee());
    }
}
