package org.wargame.tracker.web;

import org.wargame.tracker.history.HistoryTransfer;
import org.wargame.tracker.history.ReadModelRebuild;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;

/** Export and import of a campaign's history, and the rebuild of the read models. */
@RestController
public class HistoryController {

    private final HistoryTransfer transfer;
    private final ReadModelRebuild rebuild;
    private final Participants participants;
    private final VerifyController verify;

    public HistoryController(HistoryTransfer transfer, ReadModelRebuild rebuild, Participants participants,
                             VerifyController verify) {
        this.transfer = transfer;
        this.rebuild = rebuild;
        this.participants = participants;
        this.verify = verify;
    }

    @GetMapping(value = "/api/campaigns/{campaignId}/export", produces = "application/x-ndjson")
    public ResponseEntity<String> export(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        return ResponseEntity.ok()
                .header("Content-Disposition", "attachment; filename=\"" + campaignId + ".history.jsonl\"")
                .contentType(MediaType.parseMediaType("application/x-ndjson"))
                .body(transfer.export(campaignId, verify.streamsOf(campaignId)));
    }

    @PostMapping(value = "/api/history/import", consumes = "application/x-ndjson")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.CREATED)
    public HistoryTransfer.ImportResult importHistory(@RequestBody String file, Authentication auth) {
        VerifyController.requireReferee(auth, "imports histories");
        return transfer.importHistory(file);
    }

    @PostMapping("/api/history/rebuild")
    @org.springframework.web.bind.annotation.ResponseStatus(HttpStatus.ACCEPTED)
    public ReadModelRebuild.Progress startRebuild(Authentication auth) {
        VerifyController.requireReferee(auth, "rebuilds the read models");
        return rebuild.start(auth.getName());
    }

    @GetMapping("/api/history/rebuild")
    public ReadModelRebuild.Progress rebuildProgress(Authentication auth) {
        VerifyController.requireReferee(auth, "rebuilds the read models");
        return rebuild.progress();
    }
}
