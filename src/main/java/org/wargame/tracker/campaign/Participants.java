package org.wargame.tracker.campaign;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.NotYourSide;

import java.util.List;

/**
 * Who the logged-in account is in a campaign: the referee (acts for every side) or a player of some sides. An
 * account that is neither may not see the campaign (403).
 */
@Component
public class Participants {

    private final CampaignViews views;

    public Participants(CampaignViews views) {
        this.views = views;
    }

    public static boolean isReferee(Authentication auth) {
        return auth.getAuthorities().stream().anyMatch(a -> a.getAuthority().equals("ROLE_REFEREE"));
    }

    /** Refuses anybody but the referee: "only the referee {@code what}". */
    public static void requireReferee(Authentication auth, String what) {
        if (!isReferee(auth)) {
            throw new NotYourSide("only the referee " + what);
        }
    }

    /** The actor for {@code campaignId}; refuses an unknown campaign and an account that plays no side of it. */
    public Actor actor(Authentication auth, String campaignId) {
        if (!views.exists(campaignId)) {
            throw new org.wargame.tracker.refusal.NotFound("campaign '" + campaignId + "' does not exist");
        }
        return actorIn(auth, campaignId);
    }

    /** The actor for a campaign known to exist (read from one of its scenarios): one query less per action. */
    public Actor actorIn(Authentication auth, String campaignId) {
        return seated(auth, views.sidesOf(campaignId, auth.getName()));
    }

    /**
     * The actor who plays {@code sides} (read with the scenario's row, as {@code ScenarioViews.sidesAt} does);
     * refuses an account that plays no side and is not the referee.
     */
    public Actor seated(Authentication auth, List<String> sides) {
        Actor actor = new Actor(auth.getName(), isReferee(auth), sides);
        actor.requireParticipant();
        return actor;
    }
}
