package org.wargame.tracker.web;

import org.wargame.tracker.store.ChainVerification;

import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.ScenarioViews;

import java.util.ArrayList;
import java.util.List;

/** Checks the hash chain: of the whole store (referee) or of one campaign and its scenarios (its participants). */
@RestController
public class VerifyController {

    private final ChainVerification verification;
    private final Participants participants;
    private final ScenarioViews scenarios;

    public VerifyController(ChainVerification verification, Participants participants, ScenarioViews scenarios) {
        this.verification = verification;
        this.participants = participants;
        this.scenarios = scenarios;
    }

    @GetMapping("/api/history/verify")
    public ChainVerification.Report verifyAll(Authentication auth) {
        requireReferee(auth, "verifies the whole store");
        return verification.all();
    }

    @GetMapping("/api/campaigns/{campaignId}/verify")
    public ChainVerification.Report verifyCampaign(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        return verification.streams(streamsOf(campaignId));
    }

    /** The campaign's stream, then each of its scenarios' streams. */
    List<String> streamsOf(String campaignId) {
        List<String> streams = new ArrayList<>();
        streams.add(campaignId);
        scenarios.ofCampaign(campaignId).forEach(s -> streams.add(s.scenarioId()));
        return streams;
    }

    static void requireReferee(Authentication auth, String what) {
        if (!Participants.isReferee(auth)) {
            throw new NotYourSide("only the referee " + what);
        }
    }
}
