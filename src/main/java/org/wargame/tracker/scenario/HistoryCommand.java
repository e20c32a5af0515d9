package org.wargame.tracker.scenario;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.account.Actor;

import java.util.Map;

/**
 * A command about a scenario's own history: undo, consent to or refuse an undo, dispute an action, rule on a
 * dispute. One command type with the request inside, so the scenario aggregate needs one handler for all of them;
 * what each may do is decided by {@link UndoPolicy}. {@code afterTheEnd}: the campaign's period for disputes after a
 * scenario's end is not over (checked by {@link HistoryRequests}); a concluded scenario takes a dispute only then,
 * and a ruling at any time.
 */
public record HistoryCommand(@TargetAggregateIdentifier String scenarioId, Actor actor, Request request,
                             Long expectedVersion, boolean afterTheEnd) {

    public HistoryCommand(String scenarioId, Actor actor, Request request) {
        this(scenarioId, actor, request, null, false);
    }

    public HistoryCommand(String scenarioId, Actor actor, Request request, Long expectedVersion) {
        this(scenarioId, actor, request, expectedVersion, false);
    }

    public sealed interface Request {
    }

    /** Undo an action in force ({@code actionId}; null: the last one, through the API only). */
    public record Undo(String requestId, String actionId, String reason) implements Request {
    }

    public record AcceptUndo(String requestId) implements Request {
    }

    public record RefuseUndo(String requestId, String reason) implements Request {
    }

    public record Dispute(String disputeId, String actionId, String reason) implements Request {
    }

    /**
     * Rule on a dispute. {@code correction}: in words; {@code corrected}: the disputed action's request as corrected
     * (same action type; null removes the action), taken in its place with its dice when upheld.
     */
    public record Resolve(String disputeId, boolean upheld, String ruling, String rule, String correction,
                          Map<String, Object> corrected) implements Request {
    }
}
