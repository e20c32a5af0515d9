package org.wargame.tracker.web.api;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.history.ActionAudit;
import org.wargame.tracker.history.DiceStatistics;
import org.wargame.tracker.history.DiceVerification;
import org.wargame.tracker.history.ScenarioReplay;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioRecord;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventHistory;

import java.util.List;

/** Reading the past: a scenario as it stood after any event, bookmarks, step-through, audit, dice statistics. */
@RestController
class ReplayController {

    /** The most bookmarks in one answer. */
    static final int PAGE = 500;

    private final ScenarioReplay replay;
    private final EventHistory history;
    private final ScenarioViews scenarios;
    private final Participants participants;

    private final ScenarioRecord record;
    private final org.wargame.tracker.scenario.SealedSecrets secrets;
    private final org.wargame.tracker.scenario.Viewers viewers;

    ReplayController(ScenarioReplay replay, EventHistory history, ScenarioViews scenarios,
                            Participants participants, ScenarioRecord record,
                            org.wargame.tracker.scenario.SealedSecrets secrets,
                            org.wargame.tracker.scenario.Viewers viewers) {
        this.viewers = viewers;
        this.record = record;
        this.secrets = secrets;
        this.replay = replay;
        this.history = history;
        this.scenarios = scenarios;
        this.participants = participants;
    }

    /**
     * The scenario after event {@code after} (default: the last), folded from the events, not the read model: from
     * the nearest checkpoint at or before it, reading only the events after that.
     */
    @GetMapping("/api/scenarios/{scenarioId}/state")
    public ScenarioView state(@PathVariable String scenarioId, @RequestParam(required = false) Long after,
                              Authentication auth) {
        var actor = participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
        ScenarioLog log = record.log(scenarioId);
        long length = log.length();
        long n = after == null ? length - 1 : after;
        if (n < 0 || n >= length) {
            throw new FieldRefused("after", "an event of this scenario: 0 to " + (length - 1));
        }
        // the seals as they stood then, as this viewer may see them (Visibility)
        var then = log.stateAt(n + 1);
        return ScenarioView.of(then).seenBy(viewers.of(actor, then.campaignId()), then, secrets);
    }

    /**
     * The clock's turning points, a page at a time: those after {@code after} (default: from the start), at most
     * {@code limit} (default and most: {@value #PAGE}); {@code kind=gameTurn} folds them to Game Turns. A
     * {@code Link} header with {@code rel="next"} points to the next page when there may be one.
     */
    @GetMapping("/api/scenarios/{scenarioId}/bookmarks")
    public ResponseEntity<List<ScenarioReplay.Bookmark>> bookmarks(@PathVariable String scenarioId,
                                                                   @RequestParam(required = false) String kind,
                                                                   @RequestParam(required = false) Long after,
                                                                   @RequestParam(required = false) Integer limit,
                                                                   Authentication auth) {
        readable(scenarioId, auth);
        int size = Paging.limit(limit, PAGE);
        List<ScenarioReplay.Bookmark> page = replay.bookmarks(scenarioId, kind, after == null ? -1 : after, size);
        ResponseEntity.BodyBuilder response = ResponseEntity.ok();
        if (page.size() == size) {
            response.header("Link", "</api/scenarios/" + scenarioId + "/bookmarks?after="
                    + page.get(page.size() - 1).sequence() + (kind == null ? "" : "&kind=" + kind)
                    + "&limit=" + size + ">; rel=\"next\"");
        }
        return response.body(page);
    }

    /** Events {@code from..to} (default: the last 100), at most {@value ScenarioReplay#MAX_RANGE} at a time. */
    @GetMapping("/api/scenarios/{scenarioId}/steps")
    public List<ScenarioReplay.Step> steps(@PathVariable String scenarioId, @RequestParam(required = false) Long from,
                                           @RequestParam(required = false) Long to, Authentication auth) {
        readable(scenarioId, auth);
        return replay.steps(scenarioId, from, to);
    }

    @GetMapping("/api/scenarios/{scenarioId}/audit")
    public List<ActionAudit.AuditedAction> audit(@PathVariable String scenarioId,
                                                 @RequestParam(required = false) Integer gameTurn,
                                                 @RequestParam(required = false) Long from,
                                                 @RequestParam(required = false) Long to, Authentication auth) {
        readable(scenarioId, auth);
        return replay.audit(scenarioId, gameTurn, from, to);
    }

    /** After the conclusion, every server die recomputed from the revealed seed; before, says it is not revealed. */
    @GetMapping("/api/scenarios/{scenarioId}/dice/verify")
    public DiceVerification.Report verifyDice(@PathVariable String scenarioId, Authentication auth) {
        readable(scenarioId, auth);
        // streamed (twice), never the whole list
        return DiceVerification.of(scenarioId, each -> history.forEach(scenarioId, 0, Long.MAX_VALUE,
                e -> each.accept(e.getPayload())));
    }

    /** Every scenario's dice, read stream by stream: only the tally is kept. */
    @GetMapping("/api/campaigns/{campaignId}/dice")
    public List<DiceStatistics.Distribution> dice(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        DiceStatistics.Tally tally = new DiceStatistics.Tally();
        scenarios.ofCampaign(campaignId).forEach(s -> history.forEach(s.scenarioId(), 0, Long.MAX_VALUE, tally));
        return tally.distributions();
    }

    private void readable(String scenarioId, Authentication auth) {
        participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
    }
}
