package org.wargame.tracker.web.api;

import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.history.CampaignStreams;
import org.wargame.tracker.history.SealVerification;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.ChainVerification;
import org.wargame.tracker.store.EventChain;

import java.util.List;

/** Checks the hash chain: of the whole store (referee) or of one campaign and its scenarios (its participants). */
@RestController
class VerifyController {

    private final ChainVerification verification;
    private final Participants participants;
    private final ScenarioViews scenarios;
    private final CampaignStreams streams;

    private final SealVerification sealChecks;

    VerifyController(ChainVerification verification, Participants participants, ScenarioViews scenarios,
                            CampaignStreams streams, SealVerification sealChecks) {
        this.sealChecks = sealChecks;
        this.verification = verification;
        this.participants = participants;
        this.scenarios = scenarios;
        this.streams = streams;
    }

    /**
     * The chain's report with the check of the sealed choices ({@code seals}); {@code ok} only when both are.
     */
    public record Verified(boolean ok, long eventsChecked, int brokenCount, ChainVerification.Broken firstBroken,
                           java.util.Map<String, String> heads, SealVerification.Report seals) {
        static Verified of(ChainVerification.Report chain, SealVerification.Report seals) {
            return new Verified(chain.ok() && seals.ok(), chain.eventsChecked(), chain.brokenCount(),
                    chain.firstBroken(), chain.heads(), seals);
        }
    }

    @GetMapping("/api/history/verify")
    public Verified verifyAll(Authentication auth) {
        Participants.requireReferee(auth, "verifies the whole store");
        return Verified.of(verification.all(), sealChecks.check(null));
    }

    /** A list of receipts kept from earlier responses: each is checked to be still on the chain. */
    public record ReceiptsRequest(List<EventChain.Receipt> receipts) {
    }

    public record ReceiptsReport(boolean ok, List<ChainVerification.ReceiptCheck> receipts) {
    }

    /**
     * Any participant may check receipts: a history rewritten consistently in both tables (so that verify alone is
     * fine) no longer holds the hash a player was given.
     */
    @PostMapping("/api/history/verify")
    public ReceiptsReport verifyReceipts(@RequestBody ReceiptsRequest request, Authentication auth) {
        if (request == null || request.receipts() == null || request.receipts().isEmpty()) {
            throw new FieldRefused("receipts", "a list of receipts: {\"stream\", \"sequence\", \"hash\"}");
        }
        if (request.receipts().size() > 1000) {
            throw new FieldRefused("receipts", "at most 1000 receipts at once");
        }
        for (EventChain.Receipt r : request.receipts()) {
            if (r == null || r.stream() == null || r.hash() == null) {
                throw new FieldRefused("receipts", "each receipt needs stream, sequence and hash");
            }
            if (!Participants.isReferee(auth)) {
                participants.actorIn(auth, campaignOf(r.stream()));
            }
        }
        List<ChainVerification.ReceiptCheck> checks = verification.receipts(request.receipts());
        return new ReceiptsReport(checks.stream().allMatch(ChainVerification.ReceiptCheck::ok), checks);
    }

    /** The campaign a stream belongs to (a campaign's own stream, or one of its scenarios'). */
    private String campaignOf(String stream) {
        return scenarios.exists(stream) ? scenarios.campaignOf(stream) : stream;
    }

    @GetMapping("/api/campaigns/{campaignId}/verify")
    public Verified verifyCampaign(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        List<String> all = streams.of(campaignId);
        return Verified.of(verification.streams(all), sealChecks.check(all));
    }
}
