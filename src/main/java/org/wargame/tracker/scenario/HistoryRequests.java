package org.wargame.tracker.scenario;

import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.scenario.HistoryCommand.AcceptUndo;
import org.wargame.tracker.scenario.HistoryCommand.Dispute;
import org.wargame.tracker.scenario.HistoryCommand.RefuseUndo;
import org.wargame.tracker.scenario.HistoryCommand.Resolve;
import org.wargame.tracker.scenario.HistoryCommand.Undo;
import org.wargame.tracker.store.Commands;

import java.util.Map;
import java.util.UUID;

/**
 * Every history command (undo, consent or refusal, dispute, ruling) is sent here, for the API and the pages alike,
 * so that {@link UndoPolicy} decides the same for both and no caller builds a {@link HistoryCommand} of its own.
 */
@Component
public class HistoryRequests {

    private final Commands commands;
    private final ScenarioViews scenarios;
    private final org.wargame.tracker.campaign.CampaignViews campaigns;
    private final org.wargame.tracker.store.EventHistory history;
    private final java.time.Clock clock;

    @org.springframework.beans.factory.annotation.Autowired
    public HistoryRequests(Commands commands, ScenarioViews scenarios,
                           org.wargame.tracker.campaign.CampaignViews campaigns,
                           org.wargame.tracker.store.EventHistory history) {
        this(commands, scenarios, campaigns, history, java.time.Clock.systemUTC());
    }

    HistoryRequests(Commands commands, ScenarioViews scenarios, org.wargame.tracker.campaign.CampaignViews campaigns,
                    org.wargame.tracker.store.EventHistory history, java.time.Clock clock) {
        this.commands = commands;
        this.scenarios = scenarios;
        this.campaigns = campaigns;
        this.history = history;
        this.clock = clock;
    }

    /**
     * What came of a request: the id it was given (the undo request's or the dispute's, or the one answered),
     * whether it waits for consent, the scenario's event count before it (its first event, if it stored any) and
     * the scenario after it.
     */
    public record Outcome(String id, boolean pending, long firstEvent, ScenarioState after) {
    }

    /** Undoes {@code actionId} (null: the actor's last action), refused unless the scenario is at {@code expected}. */
    public Outcome undo(String scenarioId, Actor actor, String actionId, String reason, Long expectedVersion) {
        String requestId = UUID.randomUUID().toString();
        long first = scenarios.header(scenarioId).events();
        ScenarioState after = send(scenarioId, actor, new Undo(requestId, actionId, reason), expectedVersion);
        boolean pending = after.requests().stream().anyMatch(r -> r.requestId().equals(requestId));
        return new Outcome(requestId, pending, first, after);
    }

    public Outcome accept(String scenarioId, Actor actor, String requestId) {
        long first = scenarios.header(scenarioId).events();
        return new Outcome(requestId, false, first, send(scenarioId, actor, new AcceptUndo(requestId), null));
    }

    public Outcome refuse(String scenarioId, Actor actor, String requestId, String reason) {
        long first = scenarios.header(scenarioId).events();
        return new Outcome(requestId, false, first, send(scenarioId, actor, new RefuseUndo(requestId, reason), null));
    }

    public Outcome dispute(String scenarioId, Actor actor, String actionId, String reason) {
        String disputeId = UUID.randomUUID().toString();
        long first = scenarios.header(scenarioId).events();
        ScenarioState now = scenarios.state(scenarioId);
        boolean afterTheEnd = now.concluded() && withinPeriod(now);
        return new Outcome(disputeId, false, first, commands.send(new HistoryCommand(scenarioId, actor,
                new Dispute(disputeId, actionId, reason), null, afterTheEnd), actor.account(), null));
    }

    /** Whether this concluded scenario's actions may still be disputed (its campaign's period has not run out). */
    public boolean disputableAfterTheEnd(ScenarioState state) {
        return state.concluded() && withinPeriod(state);
    }

    /**
     * Whether a concluded scenario may still be disputed: the campaign file sets a period ({@code disputePeriodDays})
     * and its latest conclusion is no older than that.
     */
    private boolean withinPeriod(ScenarioState state) {
        Integer days = campaigns.state(state.campaignId()).disputePeriodDays();
        if (days == null) {
            return false;
        }
        java.time.Instant[] concluded = {null};
        history.forEach(state.scenarioId(), 0, Long.MAX_VALUE, message -> {
            if (message.getPayload() instanceof ScenarioEvent.ScenarioConcluded) {
                concluded[0] = message.getTimestamp();
            }
        });
        return concluded[0] != null && !clock.instant().isAfter(concluded[0].plus(java.time.Duration.ofDays(days)));
    }

    /** The referee's ruling; {@code corrected}: the disputed action's request as an upheld ruling corrects it. */
    public Outcome resolve(String scenarioId, Actor actor, String disputeId, boolean upheld, String ruling,
                           String rule, String correction, Map<String, Object> corrected) {
        long first = scenarios.header(scenarioId).events();
        ScenarioState before = scenarios.state(scenarioId);
        Resolve resolve = new Resolve(disputeId, upheld, ruling, rule, correction, corrected);
        if (!before.concluded() || !upheld) {
            return new Outcome(disputeId, false, first, send(scenarioId, actor, resolve, null));
        }
        // a ruling after the end: the scenario refolds with it, and the roster's hand-back is derived again in the
        // same unit of work; the campaign refuses the whole when a later scenario already used a changed counter
        ScenarioState after = commands.atomically(() -> {
            ScenarioState ruled = send(scenarioId, actor, resolve, null);
            commands.send(new org.wargame.tracker.campaign.CampaignCommand.ReviseHandBack(before.campaignId(),
                    scenarioId, ScenarioService.handBack(before), ScenarioService.handBack(ruled), disputeId,
                    actor.account(), ruling), actor.account(), null);
            return ruled;
        });
        return new Outcome(disputeId, false, first, after);
    }

    private ScenarioState send(String scenarioId, Actor actor, HistoryCommand.Request request, Long expected) {
        return commands.send(new HistoryCommand(scenarioId, actor, request, expected), actor.account(), null);
    }
}
