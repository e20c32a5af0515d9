package org.wargame.tracker.scenario;

import org.wargame.tracker.store.StoredJson;

import org.wargame.tracker.scenario.UndoLedger.Checkpoint;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDropped;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioState;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an upheld dispute appends after its {@link DisputeUpheld}: the corrected action (when the ruling gives one)
 * in the disputed action's place, then every later action that the roll-back took away, re-decided in order by the
 * rule set with its original request and the very dice it had (recorded rolls are handed back as they were, source
 * and server number kept: nothing is rolled again). Pure: a function of the state and the ruling, so the events it
 * returns fold like any others.
 * <p>
 * A later action that the rules now refuse, or that would need other dice than it rolled, is recorded as an
 * {@link ActionDropped} with the refusal. A corrected action that the rules refuse refuses the ruling.
 */
public final class DisputeReplay {

    /** One event of the ruling; {@code replayOf} is the action it belongs to (null for the DisputeUpheld itself). */
    public record Decided(Object event, String replayOf, String side) {
    }

    private DisputeReplay() {
    }

    public static List<Decided> rule(ScenarioState state, DisputeUpheld upheld) {
        UndoLedger ledger = state.ledger();
        int at = ledger.indexOf(upheld.actionId());
        Checkpoint disputed = ledger.checkpoints().get(at);
        List<Checkpoint> later = ledger.checkpoints().subList(at + 1, ledger.checkpoints().size());
        List<Decided> out = new ArrayList<>();
        out.add(new Decided(upheld, null, null));
        ScenarioState s = state.evolve(upheld);

        if (upheld.corrected() != null) {
            if (UndoLedger.CLOCK.equals(disputed.type())) {
                throw new IllegalArgumentException("corrected: the disputed action is a clock advance; it has no "
                        + "request to correct (uphold without one to remove it)");
            }
            Map<String, Object> request = new LinkedHashMap<>(upheld.corrected());
            Object type = request.putIfAbsent("type", disputed.type());
            if (type != null && !type.equals(disputed.type())) {
                throw new IllegalArgumentException("corrected: the correction must be a '" + disputed.type()
                        + "' action like the disputed one, not '" + type + "'");
            }
            request.remove("dice");
            List<Decided> corrected;
            try {
                corrected = action(s, disputed.actionId(), disputed.type(), request, disputed.dice());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("corrected: " + e.getMessage(), e);
            }
            String side = corrected.get(0).side();
            if (side != null && !side.equals(UndoPolicy.sideOf(disputed))) {
                throw new IllegalArgumentException("corrected: the correction is taken by side '" + side
                        + "', the disputed action by '" + UndoPolicy.sideOf(disputed) + "'");
            }
            s = fold(s, corrected, out);
        }
        for (Checkpoint action : later) {
            List<Decided> replayed;
            try {
                replayed = UndoLedger.CLOCK.equals(action.type()) ? clock(s, action)
                        : action(s, action.actionId(), action.type(), action.request(), action.dice());
            } catch (RuntimeException e) {
                replayed = List.of(new Decided(new ActionDropped(upheld.disputeId(), action.actionId(), action.type(),
                        action.request(), e.getMessage()), action.actionId(), null));
            }
            s = fold(s, replayed, out);
        }
        return out;
    }

    private static ScenarioState fold(ScenarioState s, List<Decided> events, List<Decided> out) {
        for (Decided d : events) {
            s = s.evolve(d.event());
            out.add(d);
        }
        return s;
    }

    private static List<Decided> action(ScenarioState s, String actionId, String type, Map<String, Object> request,
                                        List<DiceRoll> dice) {
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = s.ruleSet();
        RuleAction action;
        try {
            action = StoredJson.mapper().convertValue(request, ruleSet.actionType());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + type + "' is not an action of rule set " + s.ruleSetId()
                    + " or its fields are wrong");
        }
        String side = ruleSet.actingSide(s.rules(), action);
        Recorded recorded = new Recorded(dice);
        List<RuleEvent> events = ruleSet.decide(s.rules(), s.clock(), action, recorded);
        recorded.requireAllUsed();
        List<Decided> out = new ArrayList<>();
        out.add(new Decided(new ActionTaken(actionId, type, request, recorded.used()), actionId, side));
        events.forEach(e -> out.add(new Decided(e, actionId, side)));
        return out;
    }

    /** A clock advance at its place: one step on from wherever the clock now is. */
    private static List<Decided> clock(ScenarioState s, Checkpoint advance) {
        GameClock from = s.clock();
        GameClock to = s.ruleSet().phases().next(from, s.sideOrder());
        if (to.gameTurn() > s.turnLimit()) {
            throw new IllegalStateException("clock: the scenario's last Game Turn (" + s.turnLimit() + ") is over");
        }
        Recorded recorded = new Recorded(advance.dice());
        List<RuleEvent> events = s.ruleSet().clockAdvanced(s.rules(), from, to, recorded);
        recorded.requireAllUsed();
        List<Decided> out = new ArrayList<>();
        out.add(new Decided(new ClockAdvanced(advance.actionId(), from, to, recorded.used()), advance.actionId(),
                null));
        events.forEach(e -> out.add(new Decided(e, advance.actionId(), null)));
        return out;
    }

    /** The dice an action rolled, handed back in order; a rule asking for anything else refuses the replay. */
    private static final class Recorded implements Dice {
        private final Deque<DiceRoll> left;
        private final List<DiceRoll> used = new ArrayList<>();

        Recorded(List<DiceRoll> dice) {
            this.left = new ArrayDeque<>(dice);
        }

        @Override
        public DiceRoll roll(DiceKind kind, String purpose) {
            DiceRoll next = left.poll();
            if (next == null || !kind.name().equals(next.kind())) {
                throw new IllegalStateException("dice: after the ruling the action needs a " + kind.name() + " for "
                        + purpose + " that it did not roll; take it again");
            }
            used.add(next);
            return next;
        }

        void requireAllUsed() {
            if (!left.isEmpty()) {
                throw new IllegalStateException("dice: after the ruling the action no longer uses " + left.size()
                        + " of its rolls; take it again");
            }
        }

        List<DiceRoll> used() {
            return List.copyOf(used);
        }
    }
}
