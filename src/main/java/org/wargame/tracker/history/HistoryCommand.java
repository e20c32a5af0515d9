package org.wargame.tracker.history;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.scenario.Actor;

/**
 * A command about a scenario's own history: undo, consent to or refuse an undo, dispute an action, rule on a
 * dispute. One command type with the request inside, so the scenario aggregate needs one handler for all of them;
 * what each may do is decided by {@link UndoPolicy}.
 */
public record HistoryCommand(@TargetAggregateIdentifier String scenarioId, Actor actor, Request request) {

    public sealed interface Request {
    }

    /** Undo the last action ({@code actionId}, when given, must be it). */
    public record Undo(String requestId, String actionId, String reason) implements Request {
    }

    public record AcceptUndo(String requestId) implements Request {
    }

    public record RefuseUndo(String requestId, String reason) implements Request {
    }

    public record Dispute(String disputeId, String actionId, String reason) implements Request {
    }

    public record Resolve(String disputeId, boolean upheld, String ruling, String rule, String correction)
            implements Request {
    }
}
