package org.wargame.tracker.web.api;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.history.CampaignStreams;
import org.wargame.tracker.history.HistoryTransfer;
import org.wargame.tracker.history.ReadModelRebuild;

import java.io.IOException;
import java.util.List;

/** Export and import of a campaign's history, and the rebuild of the read models. */
@RestController
class HistoryController {

    private final HistoryTransfer transfer;
    private final ReadModelRebuild rebuild;
    private final Participants participants;
    private final CampaignStreams streams;
    private final org.wargame.tracker.scenario.Viewers viewers;

    HistoryController(HistoryTransfer transfer, ReadModelRebuild rebuild, Participants participants,
                             CampaignStreams streams, org.wargame.tracker.scenario.Viewers viewers) {
        this.viewers = viewers;
        this.transfer = transfer;
        this.rebuild = rebuild;
        this.participants = participants;
        this.streams = streams;
    }

    /**
     * The history as JSON Lines, written to the response as the rows are read. The referee may ask for a complete
     * move: {@code accounts=true} adds every account with its password hash, {@code seeds=true} the dice seeds of
     * the campaign's scenarios (a player may not: 403).
     */
    @GetMapping(value = "/api/campaigns/{campaignId}/export", produces = "application/x-ndjson")
    public void export(@PathVariable String campaignId, @RequestParam(required = false) Boolean accounts,
                       @RequestParam(required = false) Boolean seeds, Authentication auth,
                       HttpServletResponse response) throws IOException {
        var actor = participants.actor(auth, campaignId);
        // the kept contents of sealed choices go with the export of a viewer who may read them all (Visibility)
        HistoryTransfer.Including including = new HistoryTransfer.Including(Boolean.TRUE.equals(accounts),
                Boolean.TRUE.equals(seeds), org.wargame.tracker.scenario.Visibility.exportsSecrets(
                viewers.of(actor, campaignId)));
        if (including.accounts()) {
            Participants.requireReferee(auth, "exports the accounts");
        }
        if (including.seeds()) {
            Participants.requireReferee(auth, "exports the dice seeds");
        }
        List<String> streams = this.streams.of(campaignId);
        response.setHeader("Content-Disposition", "attachment; filename=\"" + campaignId + ".history.jsonl\"");
        response.setContentType("application/x-ndjson");
        transfer.export(campaignId, streams, response.getOutputStream(), including);
    }

    /** Imports an exported history, read from the request as it arrives (see {@link HistoryTransfer}). */
    @PostMapping(value = "/api/history/import", consumes = "application/x-ndjson")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.CREATED)
    public HistoryTransfer.ImportResult importHistory(HttpServletRequest request, Authentication auth)
            throws IOException {
        Participants.requireReferee(auth, "imports histories");
        return transfer.importHistory(request.getInputStream());
    }

    /** How the last (or the running) import went. */
    @GetMapping("/api/history/import")
    public HistoryTransfer.Progress importProgress(Authentication auth) {
        Participants.requireReferee(auth, "imports histories");
        return transfer.progress();
    }

    /** A rebuild refuses a broken hash chain unless {@code force=true} (query parameter or body field). */
    public record RebuildRequest(Boolean force) {
    }

    @PostMapping("/api/history/rebuild")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ReadModelRebuild.Progress startRebuild(@RequestParam(required = false) Boolean force,
                                                  @RequestBody(required = false) RebuildRequest body,
                                                  Authentication auth) {
        Participants.requireReferee(auth, "rebuilds the read models");
        boolean forced = Boolean.TRUE.equals(force) || (body != null && Boolean.TRUE.equals(body.force()));
        return rebuild.start(auth.getName(), forced);
    }

    @GetMapping("/api/history/rebuild")
    public ReadModelRebuild.Progress rebuildProgress(Authentication auth) {
        Participants.requireReferee(auth, "rebuilds the read models");
        return rebuild.progress();
    }
}
