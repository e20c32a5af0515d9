package org.wargame.tracker.scenario;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.account.Actor;

/**
 * A command about the end of a scenario: propose to conclude it or to reopen it, accept, decline or withdraw the
 * open proposal. One command type with the request inside, as {@link HistoryCommand}; what each may do is decided
 * by {@link ConclusionPolicy}. {@code expectedVersion}: as every state-changing command (null: not asked).
 */
public record ConclusionCommand(@TargetAggregateIdentifier String scenarioId, Actor actor, Request request,
                                Long expectedVersion) {

    public ConclusionCommand(String scenarioId, Actor actor, Request request) {
        this(scenarioId, actor, request, null);
    }

    public sealed interface Request {
    }

    /** Conclude with {@code result}: the referee's concludes at once, a player's is a proposal. */
    public record Conclude(String proposalId, String result) implements Request {
    }

    /** Reopen a concluded scenario: the referee's reopens at once, a player's is a proposal. */
    public record Reopen(String proposalId, String reason) implements Request {
    }

    public record Accept(String proposalId) implements Request {
    }

    public record Decline(String proposalId, String reason) implements Request {
    }

    public record Withdraw(String proposalId) implements Request {
    }
}
