package org.wargame.tracker.scenario;

import org.wargame.tracker.store.StoredJson;

import org.wargame.tracker.scenario.HistoryCommand.AcceptUndo;
import org.wargame.tracker.scenario.HistoryCommand.Dispute;
import org.wargame.tracker.scenario.HistoryCommand.RefuseUndo;
import org.wargame.tracker.scenario.HistoryCommand.Resolve;
import org.wargame.tracker.scenario.HistoryCommand.Undo;
import org.wargame.tracker.scenario.UndoLedger.Checkpoint;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeDismissed;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioEvent.UndoAccepted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRefused;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.refusal.NotFound;

import java.util.List;

/**
 * Who may undo what, as a pure function of the scenario and the command (the aggregate applies what it returns).
 * <ul>
 * <li>Only the last action can be undone; an earlier one is disputed instead.</li>
 * <li>A player undoes their own side's last action at once when no die was rolled for it: nothing was decided.</li>
 * <li>Once a die decided it, the undo is only a request until a player of another side (or the referee) accepts.</li>
 * <li>The referee undoes any last action at once.</li>
 * <li>Any participant disputes any action within reach; only the referee rules, and an upheld dispute rolls the
 * scenario back to before the action, takes the corrected action if the ruling gives one, and replays every later
 * action with its dice ({@link DisputeReplay}).</li>
 * </ul>
 */
public final class UndoPolicy {

    private UndoPolicy() {
    }

    /** The events of the command, in order (those replayed by an upheld dispute included). */
    public static List<Object> decide(ScenarioState state, HistoryCommand command) {
        return decideAll(state, command).stream().map(DisputeReplay.Decided::event).toList();
    }

    /** The events of the command, with which action each replayed one belongs to (see {@link DisputeReplay}). */
    public static List<DisputeReplay.Decided> decideAll(ScenarioState state, HistoryCommand command) {
        List<ScenarioEvent> events = decideOwn(state, command);
        if (events.size() == 1 && events.get(0) instanceof DisputeUpheld upheld) {
            return DisputeReplay.rule(state, upheld);
        }
        return events.stream().map(e -> new DisputeReplay.Decided(e, null, null)).toList();
    }

    private static List<ScenarioEvent> decideOwn(ScenarioState state, HistoryCommand command) {
        Actor actor = command.actor();
        actor.requireParticipant();
        UndoLedger ledger = state.ledger();
        HistoryCommand.Request request = command.request();
        if (request instanceof Undo undo) {
            return undo(ledger, actor, undo);
        }
        if (request instanceof AcceptUndo accept) {
            UndoRequested pending = request(ledger, accept.requestId());
            requireConsenter(actor, pending);
            requireStillLast(ledger, pending.actionId());
            return List.of(new UndoAccepted(pending.requestId(), pending.actionId(), actor.account()),
                    new ActionUndone(pending.actionId(), pending.requestedBy(), actor.account(), pending.reason()));
        }
        if (request instanceof RefuseUndo refuse) {
            UndoRequested pending = request(ledger, refuse.requestId());
            if (!actor.account().equals(pending.requestedBy())) { // the requester may withdraw their own
                requireConsenter(actor, pending);
            }
            return List.of(new UndoRefused(pending.requestId(), pending.actionId(), actor.account(),
                    refuse.reason()));
        }
        if (request instanceof Dispute dispute) {
            if (dispute.reason() == null || dispute.reason().isBlank()) {
                throw new IllegalArgumentException("reason: say what is wrong with the action");
            }
            requireInReach(ledger, dispute.actionId());
            if (ledger.disputes().stream().anyMatch(d -> d.actionId().equals(dispute.actionId()))) {
                throw new IllegalStateException("actionId: action " + dispute.actionId()
                        + " is already disputed; the referee has not ruled yet");
            }
            return List.of(new ActionDisputed(dispute.disputeId(), dispute.actionId(), actor.account(),
                    dispute.reason()));
        }
        Resolve resolve = (Resolve) request;
        if (!actor.referee()) {
            throw new NotYourSide("only the referee rules on disputes");
        }
        ActionDisputed dispute = ledger.disputes().stream()
                .filter(d -> d.disputeId().equals(resolve.disputeId())).findFirst()
                .orElseThrow(() -> new NotFound("dispute '" + resolve.disputeId() + "' is not open"));
        if (resolve.ruling() == null || resolve.ruling().isBlank()) {
            throw new IllegalArgumentException("ruling: the referee's ruling is required");
        }
        if (!resolve.upheld() && resolve.corrected() != null) {
            throw new IllegalArgumentException("corrected: only an upheld dispute corrects the action");
        }
        if (!resolve.upheld()) {
            return List.of(new DisputeDismissed(dispute.disputeId(), dispute.actionId(), actor.account(),
                    resolve.ruling()));
        }
        requireInReach(ledger, dispute.actionId());
        return List.of(new DisputeUpheld(dispute.disputeId(), dispute.actionId(), actor.account(),
                resolve.ruling(), resolve.rule(), resolve.correction(), resolve.corrected()));
    }

    private static List<ScenarioEvent> undo(UndoLedger ledger, Actor actor, Undo undo) {
        Checkpoint last = ledger.last();
        if (last == null) {
            throw new IllegalStateException("undo: there is no action to undo (or it is beyond the last "
                    + UndoLedger.REACH + " actions)");
        }
        if (undo.actionId() != null && !undo.actionId().equals(last.actionId())) {
            throw new IllegalStateException("actionId: only the last action (" + last.actionId()
                    + ") can be undone; dispute an earlier one");
        }
        if (actor.referee()) {
            return List.of(new ActionUndone(last.actionId(), actor.account(), actor.account(), undo.reason()));
        }
        String side = sideOf(last);
        if (side != null) {
            actor.requireMayActFor(side);
        }
        if (!last.diced()) {
            return List.of(new ActionUndone(last.actionId(), actor.account(), null, undo.reason()));
        }
        if (ledger.requests().stream().anyMatch(r -> r.actionId().equals(last.actionId()))) {
            throw new IllegalStateException("undo: a request to undo action " + last.actionId()
                    + " is already waiting for consent");
        }
        return List.of(new UndoRequested(undo.requestId(), last.actionId(), side, actor.account(), undo.reason()));
    }

    /** The side that took the action (asked of the rule set, as when it was taken); null for a clock advance. */
    public static String sideOf(Checkpoint checkpoint) {
        if (UndoLedger.CLOCK.equals(checkpoint.type()) || checkpoint.request() == null) {
            return null;
        }
        ScenarioState before = checkpoint.before();
        RuleAction action = StoredJson.mapper().convertValue(checkpoint.request(), before.ruleSet().actionType());
        return before.ruleSet().actingSide(before.rules(), action);
    }

    /** Consent comes from the referee or a player of another side than the action's (another person, for a clock). */
    private static void requireConsenter(Actor actor, UndoRequested request) {
        if (actor.referee()) {
            return;
        }
        boolean otherPerson = !actor.account().equals(request.requestedBy());
        boolean otherSide = request.side() == null || actor.sides().stream().anyMatch(s -> !s.equals(request.side()));
        if (!otherPerson || !otherSide) {
            throw new NotYourSide(actor.account() + " cannot consent: the opponent or the referee must");
        }
    }

    private static UndoRequested request(UndoLedger ledger, String requestId) {
        return ledger.requests().stream().filter(r -> r.requestId().equals(requestId)).findFirst()
                .orElseThrow(() -> new NotFound("undo request '" + requestId + "' is not pending"));
    }

    private static void requireStillLast(UndoLedger ledger, String actionId) {
        Checkpoint last = ledger.last();
        if (last == null || !last.actionId().equals(actionId)) {
            throw new IllegalStateException("undo: action " + actionId + " is no longer the last action; refuse the "
                    + "request, or dispute the action");
        }
    }

    private static void requireInReach(UndoLedger ledger, String actionId) {
        if (actionId == null || ledger.indexOf(actionId) < 0) {
            throw new IllegalStateException("actionId: '" + actionId + "' is not among the last " + UndoLedger.REACH
                    + " actions, which are all that can be rolled back");
        }
    }
}
