package org.wargame.tracker.scenario;

import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.HistoryCommand.AcceptUndo;
import org.wargame.tracker.scenario.HistoryCommand.Dispute;
import org.wargame.tracker.scenario.HistoryCommand.RefuseUndo;
import org.wargame.tracker.scenario.HistoryCommand.Resolve;
import org.wargame.tracker.scenario.HistoryCommand.Undo;
import org.wargame.tracker.scenario.Replay.Decided;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeDismissed;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioEvent.UndoAccepted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRefused;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioLog.InForce;
import org.wargame.tracker.scenario.ScenarioLog.TakenAction;

import java.util.ArrayList;
import java.util.List;

/**
 * Who may undo what, as a function of the scenario, its record and the command (the aggregate applies what it
 * returns). Any action still in force can be undone or disputed, however far back: the scenario returns to the
 * state before it, folded from the record, and every later action is re-decided with its own dice
 * ({@link Replay}).
 * <ul>
 * <li>A player undoes their own side's action at once when no die decided it nor any later action the undo
 * re-decides: nothing was decided by chance.</li>
 * <li>Otherwise the undo is only a request until a player of another side (or the referee) accepts.</li>
 * <li>The referee undoes any action at once.</li>
 * <li>Any participant disputes any action in force; only the referee rules, and an upheld dispute rolls the
 * scenario back to before the action, takes the corrected action if the ruling gives one, and replays every later
 * action with its dice.</li>
 * </ul>
 */
public final class UndoPolicy {

    private UndoPolicy() {
    }

    /** The events of the command, in order (those replayed after a roll-back included). */
    public static List<Object> decide(ScenarioState state, ScenarioLog log, HistoryCommand command) {
        return decideAll(state, log, command).stream().map(Decided::event).toList();
    }

    /** The events of the command, with which action each replayed one belongs to. */
    public static List<Decided> decideAll(ScenarioState state, ScenarioLog log, HistoryCommand command) {
        Actor actor = command.actor();
        actor.requireParticipant();
        HistoryCommand.Request request = command.request();
        if (request instanceof Undo undo) {
            return undo(state, log, actor, undo);
        }
        if (request instanceof AcceptUndo accept) {
            UndoRequested pending = request(state, accept.requestId());
            requireConsenter(actor, pending);
            InForce found = inForce(log, pending.actionId(), pending.actionAt(), "requestId");
            TakenAction action = found.action();
            return rollBack(state, log, found, accept.requestId(),
                    new UndoAccepted(pending.requestId(), pending.actionId(), actor.account()),
                    new ActionUndone(pending.actionId(), pending.requestedBy(), actor.account(), pending.reason(),
                            action.at()));
        }
        if (request instanceof RefuseUndo refuse) {
            UndoRequested pending = request(state, refuse.requestId());
            if (!actor.account().equals(pending.requestedBy())) { // the requester may withdraw their own
                requireConsenter(actor, pending);
            }
            return own(new UndoRefused(pending.requestId(), pending.actionId(), actor.account(), refuse.reason()));
        }
        if (request instanceof Dispute dispute) {
            if (dispute.reason() == null || dispute.reason().isBlank()) {
                throw new FieldRefused("reason", "say what is wrong with the action");
            }
            if (dispute.actionId() == null) {
                throw new FieldRefused("actionId", "name the action disputed");
            }
            if (state.disputes().stream().anyMatch(d -> d.actionId().equals(dispute.actionId()))) {
                throw new Conflict("actionId", "action " + dispute.actionId()
                        + " is already disputed; the referee has not ruled yet");
            }
            TakenAction action = inForce(log, dispute.actionId(), null, "actionId").action();
            return own(new ActionDisputed(dispute.disputeId(), dispute.actionId(), actor.account(), dispute.reason(),
                    action.at()));
        }
        return resolve(state, log, actor, (Resolve) request);
    }

    private static List<Decided> undo(ScenarioState state, ScenarioLog log, Actor actor, Undo undo) {
        ScenarioState.LastAction last = state.lastAction();
        InForce found;
        if (undo.actionId() == null || last != null && undo.actionId().equals(last.actionId())) {
            if (last == null) {
                throw new Conflict("undo", "there is no action to undo");
            }
            found = inForce(log, last.actionId(), last.at(), "actionId");
        } else {
            found = inForce(log, undo.actionId(), null, "actionId");
        }
        TakenAction action = found.action();
        List<TakenAction> later = found.later();
        if (actor.referee()) {
            return rollBack(state, log, found, undo.requestId(),
                    new ActionUndone(action.actionId(), actor.account(), actor.account(), undo.reason(),
                            action.at()));
        }
        if (action.side() != null) {
            actor.requireMayActFor(action.side());
        }
        boolean chance = action.diced() || later.stream().anyMatch(TakenAction::diced);
        if (!chance) {
            return rollBack(state, log, found, undo.requestId(),
                    new ActionUndone(action.actionId(), actor.account(), null, undo.reason(), action.at()));
        }
        if (state.requests().stream().anyMatch(r -> r.actionId().equals(action.actionId()))) {
            throw new Conflict("a request to undo action " + action.actionId() + " is already waiting for consent");
        }
        return own(new UndoRequested(undo.requestId(), action.actionId(), action.side(), actor.account(),
                undo.reason(), action.at()));
    }

    private static List<Decided> resolve(ScenarioState state, ScenarioLog log, Actor actor, Resolve resolve) {
        if (!actor.referee()) {
            throw new NotYourSide("only the referee rules on disputes");
        }
        ActionDisputed dispute = state.disputes().stream()
                .filter(d -> d.disputeId().equals(resolve.disputeId())).findFirst()
                .orElseThrow(() -> new NotFound("dispute '" + resolve.disputeId() + "' is not open"));
        if (resolve.ruling() == null || resolve.ruling().isBlank()) {
            throw new FieldRefused("ruling", "the referee's ruling is required");
        }
        if (!resolve.upheld() && resolve.corrected() != null) {
            throw new FieldRefused("corrected", "only an upheld dispute corrects the action");
        }
        if (!resolve.upheld()) {
            return own(new DisputeDismissed(dispute.disputeId(), dispute.actionId(), actor.account(),
                    resolve.ruling()));
        }
        InForce found = inForce(log, dispute.actionId(), dispute.actionAt(), "disputeId");
        TakenAction action = found.action();
        DisputeUpheld upheld = new DisputeUpheld(dispute.disputeId(), dispute.actionId(), actor.account(),
                resolve.ruling(), resolve.rule(), resolve.correction(), resolve.corrected(), action.at());
        List<Decided> out = new ArrayList<>();
        out.add(new Decided(upheld, null, null));
        ScenarioState s = state.evolve(FoldInput.of(upheld, null), log);
        if (resolve.corrected() != null) {
            s = Replay.corrected(s, action, resolve.corrected(), out);
        }
        return Replay.later(s, found.later(), dispute.disputeId(), out);
    }

    /** The command's own events, the last of them the roll-back, then every later action replayed. */
    private static List<Decided> rollBack(ScenarioState state, ScenarioLog log, InForce action, String by,
                                          ScenarioEvent... events) {
        List<Decided> out = new ArrayList<>();
        ScenarioState s = state;
        for (ScenarioEvent e : events) {
            out.add(new Decided(e, null, null));
            s = s.evolve(FoldInput.of(e, null), log);
        }
        return Replay.later(s, action.later(), by, out);
    }

    private static List<Decided> own(ScenarioEvent event) {
        return List.of(new Decided(event, null, null));
    }

    private static InForce inForce(ScenarioLog log, String actionId, Long at, String field) {
        return log.inForceWithLater(actionId, at).orElseThrow(() -> new Conflict(field, "action " + actionId
                + " is not in force: it was undone or ruled out, or never taken in this scenario"));
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

    private static UndoRequested request(ScenarioState state, String requestId) {
        return state.requests().stream().filter(r -> r.requestId().equals(requestId)).findFirst()
                .orElseThrow(() -> new NotFound("undo request '" + requestId + "' is not pending"));
    }
}
