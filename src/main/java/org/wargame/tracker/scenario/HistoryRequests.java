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

    public HistoryRequests(Commands commands, ScenarioViews scenarios) {
        this.commands = commands;
        this.scenarios = scenarios;
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
        return new Outcome(disputeId, false, first, send(scenarioId, actor, new Dispute(disputeId, actionId, reason),
                null));
    }

    /** The referee's ruling; {@code corrected}: the disputed action's request as an upheld ruling corrects it. */
    public Outcome resolve(String scenarioId, Actor actor, String disputeId, boolean upheld, String ruling,
                           String rule, String correction, Map<String, Object> corrected) {
        long first = scenarios.header(scenarioId).events();
        return new Outcome(disputeId, false, first, send(scenarioId, actor, new Resolve(disputeId, upheld, ruling,
                rule, correction, corrected), null));
    }

    private ScenarioState send(String scenarioId, Actor actor, HistoryCommand.Request request, Long expected) {
        return commands.send(new HistoryCommand(scenarioId, actor, request, expected), actor.account(), null);
    }
}
