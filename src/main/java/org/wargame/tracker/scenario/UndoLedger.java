package org.wargame.tracker.scenario;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeDismissed;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioEvent.UndoAccepted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRefused;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a scenario keeps so that its recent actions can be rolled back by folding events alone: the state before
 * each of the last {@value #REACH} actions (clock advances included), and the open undo requests and disputes.
 * Part of {@link ScenarioState}, so the aggregate, the read model and time travel all agree on it.
 * <p>
 * A checkpoint's state is kept without its own ledger (that would nest every earlier checkpoint). Rolling back to
 * checkpoint i restores its state with the ledger it had then: the checkpoints before i, plus those that the later
 * actions pushed out of reach (each checkpoint keeps the one it pushed out), and without the requests and disputes
 * about the actions rolled back.
 */
public record UndoLedger(List<Checkpoint> checkpoints, List<ScenarioEvent.UndoRequested> requests,
                         List<ScenarioEvent.ActionDisputed> disputes) {

    /** How many actions back an undo or an upheld dispute can reach. */
    public static final int REACH = 20;
    /** The checkpoint type of a clock advance (an action's type is the rule set's action type). */
    public static final String CLOCK = "clock-advance";
    public static final UndoLedger EMPTY = new UndoLedger(List.of(), List.of(), List.of());

    public UndoLedger {
        checkpoints = checkpoints == null ? List.of() : List.copyOf(checkpoints);
        requests = requests == null ? List.of() : List.copyOf(requests);
        disputes = disputes == null ? List.of() : List.copyOf(disputes);
    }

    /**
     * The scenario before an action: {@code diced} when a die was rolled for it (then undoing it needs consent);
     * {@code request} is the action as it was asked for (null for a clock advance); {@code dice} every roll taken
     * for it, as recorded, so that an upheld dispute can re-decide it with the same dice; {@code clock}, for a clock
     * advance, the clock it moved to (its place). Ledgers written before dice and clock were kept load with no dice
     * and no clock: such an action, when it needs a die on a replay, is dropped rather than re-rolled.
     */
    public record Checkpoint(String actionId, String type, Map<String, Object> request, boolean diced,
                             ScenarioState before, Checkpoint pushedOut, List<DiceRoll> dice, GameClock clock) {

        public Checkpoint {
            dice = dice == null ? List.of() : List.copyOf(dice);
        }
    }

    public static boolean concerns(Object event) {
        return event instanceof ActionUndone || event instanceof UndoRequested || event instanceof UndoAccepted
                || event instanceof UndoRefused || event instanceof ActionDisputed
                || event instanceof DisputeDismissed || event instanceof DisputeUpheld;
    }

    /** The ledger after an action begins, {@code before} being the state just before it. */
    public UndoLedger taken(String actionId, String type, Map<String, Object> request, List<DiceRoll> dice,
                            GameClock clock, ScenarioState before) {
        List<Checkpoint> list = new ArrayList<>(checkpoints);
        Checkpoint pushedOut = null;
        if (list.size() >= REACH) {
            Checkpoint oldest = list.remove(0);
            // kept without what it had pushed out itself: one level, so the ledger stays at most twice REACH
            pushedOut = new Checkpoint(oldest.actionId(), oldest.type(), oldest.request(), oldest.diced(),
                    oldest.before(), null, oldest.dice(), oldest.clock());
        }
        list.add(new Checkpoint(actionId, type, request, dice != null && !dice.isEmpty(), before.withLedger(EMPTY),
                pushedOut, dice, clock));
        return new UndoLedger(list, requests, disputes);
    }

    public ScenarioState evolve(ScenarioState state, ScenarioEvent event) {
        if (event instanceof ActionUndone undone) {
            return rollBack(state, undone.actionId());
        }
        if (event instanceof DisputeUpheld upheld) {
            return rollBack(state, upheld.actionId()); // closes the dispute too: it is about a rolled-back action
        }
        UndoLedger next = this;
        if (event instanceof UndoRequested requested) {
            next = withRequests(append(requests, requested));
        } else if (event instanceof UndoAccepted accepted) {
            next = withRequests(requests.stream().filter(r -> !r.requestId().equals(accepted.requestId())).toList());
        } else if (event instanceof UndoRefused refused) {
            next = withRequests(requests.stream().filter(r -> !r.requestId().equals(refused.requestId())).toList());
        } else if (event instanceof ActionDisputed disputed) {
            next = new UndoLedger(checkpoints, requests, append(disputes, disputed));
        } else if (event instanceof DisputeDismissed dismissed) {
            next = withoutDispute(dismissed.disputeId());
        }
        return state.restoredFrom(state, next);
    }

    public Checkpoint last() {
        return checkpoints.isEmpty() ? null : checkpoints.get(checkpoints.size() - 1);
    }

    public int indexOf(String actionId) {
        for (int i = checkpoints.size() - 1; i >= 0; i--) {
            if (checkpoints.get(i).actionId().equals(actionId)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Back to before {@code actionId}: its checkpoint's state, with the checkpoints before it; requests and disputes
     * about the actions rolled back are closed with them. An action out of reach leaves the state as it is (an event
     * never fails to apply; the aggregate refuses such a roll-back before it is stored).
     */
    private ScenarioState rollBack(ScenarioState state, String actionId) {
        int i = indexOf(actionId);
        if (i < 0) {
            return state.restoredFrom(state, this);
        }
        List<Checkpoint> kept = new ArrayList<>(checkpoints);
        List<String> rolledBack = new ArrayList<>();
        for (int k = checkpoints.size() - 1; k >= i; k--) {
            Checkpoint undone = kept.remove(k);
            rolledBack.add(undone.actionId());
            if (undone.pushedOut() != null) {
                kept.add(0, undone.pushedOut());
            }
        }
        UndoLedger ledger = new UndoLedger(kept,
                requests.stream().filter(r -> !rolledBack.contains(r.actionId())).toList(),
                disputes.stream().filter(d -> !rolledBack.contains(d.actionId())).toList());
        return state.restoredFrom(checkpoints.get(i).before(), ledger);
    }

    private UndoLedger withoutDispute(String disputeId) {
        return new UndoLedger(checkpoints, requests,
                disputes.stream().filter(d -> !d.disputeId().equals(disputeId)).toList());
    }

    private UndoLedger withRequests(List<UndoRequested> list) {
        return new UndoLedger(checkpoints, list, disputes);
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> copy = new ArrayList<>(list);
        copy.add(item);
        return copy;
    }
}
