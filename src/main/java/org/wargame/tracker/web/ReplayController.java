package org.wargame.tracker.web;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioRecord;

import org.wargame.tracker.history.ActionAudit;
import org.wargame.tracker.history.DiceStatistics;
import org.wargame.tracker.history.DiceVerification;
import org.wargame.tracker.history.ScenarioReplay;

import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;

import java.util.ArrayList;
import java.util.List;

/** Reading the past: a scenario as it stood after any event, bookmarks, step-through, audit, dice statistics. */
@RestController
public class ReplayController {

    private final ScenarioReplay replay;
    private final ScenarioViews scenarios;
    private final Participants participants;

    private final ScenarioRecord record;

    public ReplayController(ScenarioReplay replay, ScenarioViews scenarios, Participants participants,
                            ScenarioRecord record) {
        this.record = record;
        this.replay = replay;
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
        participants.actorIn(auth, scenarios.campaignOf(scenarioId));
        ScenarioLog log = record.log(scenarioId);
        long length = log.length();
        long n = after == null ? length - 1 : after;
        if (n < 0 || n >= length) {
            throw new FieldRefused("after", "an event of this scenario: 0 to " + (length - 1));
        }
        return ScenarioView.of(log.stateAt(n + 1));
    }

    @GetMapping("/api/scenarios/{scenarioId}/bookmarks")
    public List<ScenarioReplay.Bookmark> bookmarks(@PathVariable String scenarioId,
                                                   @RequestParam(required = false) String kind, Authentication auth) {
        List<ScenarioReplay.Bookmark> all = ScenarioReplay.bookmarks(readable(scenarioId, auth));
        return kind == null ? all : all.stream().filter(b -> b.kind().equals(kind)).toList();
    }

    @GetMapping("/api/scenarios/{scenarioId}/steps")
    public List<ScenarioReplay.Step> steps(@PathVariable String scenarioId, @RequestParam(required = false) Long from,
                                           @RequestParam(required = false) Long to, Authentication auth) {
        List<DomainEventMessage<?>> events = readable(scenarioId, auth);
        return ScenarioReplay.steps(events, from == null ? 0 : from, to == null ? events.size() - 1 : to);
    }

    @GetMapping("/api/scenarios/{scenarioId}/audit")
    public List<ActionAudit.AuditedAction> audit(@PathVariable String scenarioId,
                                                 @RequestParam(required = false) Integer gameTurn,
                                                 @RequestParam(required = false) Long from,
                                                 @RequestParam(required = false) Long to, Authentication auth) {
        List<DomainEventMessage<?>> events = readable(scenarioId, auth);
        return ActionAudit.of(events, gameTurn, from == null ? 0 : from, to == null ? Long.MAX_VALUE : to);
    }

    /** After the conclusion, every server die recomputed from the revealed seed; before, says it is not revealed. */
    @GetMapping("/api/scenarios/{scenarioId}/dice/verify")
    public DiceVerification.Report verifyDice(@PathVariable String scenarioId, Authentication auth) {
        List<DomainEventMessage<?>> events = readable(scenarioId, auth);
        return DiceVerification.of(scenarioId, events.stream().map(e -> (Object) e.getPayload()).toList());
    }

    @GetMapping("/api/campaigns/{campaignId}/dice")
    public List<DiceStatistics.Distribution> dice(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        List<List<DomainEventMessage<?>>> streams = new ArrayList<>();
        scenarios.ofCampaign(campaignId).forEach(s -> streams.add(replay.events(s.scenarioId())));
        return DiceStatistics.of(streams);
    }

    private List<DomainEventMessage<?>> readable(String scenarioId, Authentication auth) {
        participants.actor(auth, scenarios.campaignOf(scenarioId));
        return replay.events(scenarioId);
    }
}
