package org.wargame.tracker.scenario;

import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.ConclusionCommand.Accept;
import org.wargame.tracker.scenario.ConclusionCommand.Conclude;
import org.wargame.tracker.scenario.ConclusionCommand.Decline;
import org.wargame.tracker.scenario.ConclusionCommand.Reopen;
import org.wargame.tracker.scenario.ConclusionCommand.Withdraw;
import org.wargame.tracker.scenario.ScenarioEvent.ConclusionAccepted;
import org.wargame.tracker.scenario.ScenarioEvent.ConclusionDeclined;
import org.wargame.tracker.scenario.ScenarioEvent.ConclusionProposed;
import org.wargame.tracker.scenario.ScenarioEvent.ConclusionWithdrawn;
import org.wargame.tracker.scenario.ScenarioEvent.ReopeningDeclined;
import org.wargame.tracker.scenario.ScenarioEvent.ReopeningProposed;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioReopened;
import org.wargame.tracker.scenario.ScenarioState.Proposal;

import java.util.Arrays;
import java.util.List;

/**
 * Who may end a scenario, and reopen it, as a function of the scenario and the command (the aggregate applies what
 * it returns), shaped as an undo with consent:
 * <ul>
 * <li>the referee concludes, and reopens a concluded scenario, at once;</li>
 * <li>a player of a side of the scenario proposes; a player of another side (another person) or the referee
 * accepts or declines; the proposing side may withdraw; one proposal is open at a time;</li>
 * <li>a proposal to conclude lapses when the game changes (the fold closes it), so an acceptance always ends the
 * scenario as it stood when it was proposed.</li>
 * </ul>
 * Whether the campaign allows a reopening (no later scenario uses its counters) is the campaign's to decide, in the
 * same unit of work.
 */
public final class ConclusionPolicy {

    private ConclusionPolicy() {
    }

    /** The events of the command, in order; {@code seedHex}: the dice seed the conclusion reveals (null: none). */
    public static List<ScenarioEvent> decide(ScenarioState state, ConclusionCommand command, String seedHex) {
        Actor actor = command.actor();
        ConclusionCommand.Request request = command.request();
        if (request instanceof Conclude conclude) {
            requireInPlay(state);
            if (conclude.result() == null || conclude.result().isBlank()) {
                throw new FieldRefused("result", "say how the scenario ended (\"British victory\")");
            }
            if (actor.referee()) {
                return List.of(concluded(state, conclude.result().trim(), seedHex));
            }
            String side = proposingSide(state, actor, "conclude");
            requireNoneOpen(state);
            return List.of(new ConclusionProposed(conclude.proposalId(), side, actor.account(),
                    conclude.result().trim()));
        }
        if (request instanceof Reopen reopen) {
            if (!state.concluded()) {
                throw new Conflict("scenario '" + state.name() + "' is in play; only a concluded scenario is reopened");
            }
            String reason = reopen.reason() == null || reopen.reason().isBlank() ? null : reopen.reason().trim();
            if (actor.referee()) {
                return List.of(new ScenarioReopened(state.campaignId(), actor.account(), null, reason));
            }
            String side = proposingSide(state, actor, "reopen");
            requireNoneOpen(state);
            return List.of(new ReopeningProposed(reopen.proposalId(), side, actor.account(), reason));
        }
        if (request instanceof Accept accept) {
            Proposal open = open(state, accept.proposalId());
            requireOtherSide(state, actor, open, "accept");
            if (Proposal.CONCLUDE.equals(open.kind())) {
                return List.of(new ConclusionAccepted(open.proposalId(), actor.account()),
                        concluded(state, open.text(), seedHex));
            }
            return List.of(new ScenarioReopened(state.campaignId(), actor.account(), open.proposedBy(), open.text()));
        }
        if (request instanceof Decline decline) {
            Proposal open = open(state, decline.proposalId());
            requireOtherSide(state, actor, open, "decline");
            String reason = decline.reason() == null || decline.reason().isBlank() ? null : decline.reason().trim();
            return List.of(Proposal.CONCLUDE.equals(open.kind())
                    ? new ConclusionDeclined(open.proposalId(), actor.account(), reason)
                    : new ReopeningDeclined(open.proposalId(), actor.account(), reason));
        }
        Withdraw withdraw = (Withdraw) request;
        Proposal open = open(state, withdraw.proposalId());
        if (!actor.account().equals(open.proposedBy()) && sidesOf(open).stream().noneMatch(actor.sides()::contains)) {
            throw new NotYourSide(actor.account() + " did not propose this; the proposing side withdraws it, the"
                    + " other side declines it");
        }
        return List.of(Proposal.CONCLUDE.equals(open.kind())
                ? new ConclusionWithdrawn(open.proposalId(), actor.account())
                : new ReopeningDeclined(open.proposalId(), actor.account(), "withdrawn"));
    }

    private static ScenarioConcluded concluded(ScenarioState state, String result, String seedHex) {
        return new ScenarioConcluded(state.campaignId(), result, state.ruleSet().outcome(state.rules()), seedHex);
    }

    private static void requireInPlay(ScenarioState state) {
        if (state.concluded()) {
            throw new Conflict("scenario '" + state.name() + "' is concluded; nothing more can happen in it");
        }
    }

    private static void requireNoneOpen(ScenarioState state) {
        if (state.proposal() != null) {
            throw new Conflict("a proposal to " + state.proposal().kind() + " the scenario by "
                    + state.proposal().proposedBy() + " is open; accept, decline or withdraw it first");
        }
    }

    /** The scenario's sides the actor plays, comma-separated; refused when it plays none of them. */
    private static String proposingSide(ScenarioState state, Actor actor, String what) {
        List<String> mine = state.sideOrder().stream().filter(actor.sides()::contains).toList();
        if (mine.isEmpty()) {
            throw new NotYourSide(actor.account() + " plays no side of scenario '" + state.name()
                    + "': only its players or the referee may " + what + " it");
        }
        return String.join(",", mine);
    }

    /** Consent comes from the referee or another person playing a side of the scenario other than the proposer's. */
    private static void requireOtherSide(ScenarioState state, Actor actor, Proposal open, String what) {
        if (actor.referee()) {
            return;
        }
        List<String> proposers = sidesOf(open);
        boolean otherSide = state.sideOrder().stream()
                .anyMatch(s -> actor.sides().contains(s) && !proposers.contains(s));
        if (!otherSide || actor.account().equals(open.proposedBy())) {
            String theirs = String.join(" and ", proposers.stream().map(state::sideName).toList());
            throw new NotYourSide(actor.account() + " cannot " + what + " the proposal of the " + theirs
                    + ": the other side or the referee answers it" + (what.equals("decline")
                    ? " (the proposing side may withdraw it)" : ""));
        }
    }

    private static List<String> sidesOf(Proposal open) {
        return open.side() == null ? List.of() : Arrays.asList(open.side().split(","));
    }

    private static Proposal open(ScenarioState state, String proposalId) {
        Proposal open = state.proposal();
        if (open == null || !open.proposalId().equals(proposalId)) {
            throw new NotFound("proposal '" + proposalId + "' is not open (answered, withdrawn, or lapsed when the"
                    + " game changed)");
        }
        return open;
    }
}
