package org.wargame.tracker.scenario;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.ActionSchema;
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
import org.wargame.tracker.scenario.ScenarioLog.TakenAction;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What follows a roll-back (an undo, or an upheld dispute): the corrected action when a ruling gives one, in the
 * place of the one rolled back, then every later action still in force, re-decided in order by the rule set with
 * its original request and the very dice it had (recorded rolls are handed back as they were, source and server
 * number kept: nothing is rolled again). Pure: a function of the state after the roll-back and the actions, so the
 * events it returns fold like any others.
 * <p>
 * A later action that the rules now refuse (a {@link Refusal} from the rule set), or that would need other dice than
 * it rolled, is
 * recorded as an {@link ActionDropped} with the refusal. Anything else (a fault of the tracker) aborts the whole
 * command and stores nothing.
 */
public final class Replay {

    /** One event of the command; {@code replayOf} is the action it re-decides (null for the command's own). */
    public record Decided(Object event, String replayOf, String side) {
    }

    private Replay() {
    }

    /**
     * The later actions re-decided after {@code state} (the state the roll-back returned to, the roll-back event
     * already folded in); {@code by} is the undo's or dispute's id, kept on every dropped action.
     */
    public static List<Decided> later(ScenarioState state, List<TakenAction> later, String by, List<Decided> out) {
        ScenarioState s = state;
        for (TakenAction action : later) {
            List<Decided> replayed;
            try {
                replayed = action.clock() ? clock(s, action) : action(s, action.actionId(), action.type(),
                        action.request(), action.dice());
            } catch (Refusal | DiceNoLongerFit e) { // the rules refuse it now; anything else aborts the command
                replayed = List.of(new Decided(new ActionDropped(by, action.actionId(), action.type(),
                        action.request(), e.getMessage()), action.actionId(), action.side()));
            }
            s = fold(s, replayed, out);
        }
        return out;
    }

    /**
     * The ruling's corrected action, taken in the place of {@code disputed} with its dice; refused (and the ruling
     * with it) when the rules refuse it, or when it is taken by another side than the disputed action.
     */
    public static ScenarioState corrected(ScenarioState s, TakenAction disputed, Map<String, Object> corrected,
                                          List<Decided> out) {
        if (disputed.clock()) {
            throw new FieldRefused("corrected", "the disputed action is a clock advance; it has no request to "
                    + "correct (uphold without one to remove it)");
        }
        Map<String, Object> request = new LinkedHashMap<>(corrected);
        Object type = request.putIfAbsent("type", disputed.type());
        if (type != null && !type.equals(disputed.type())) {
            throw new FieldRefused("corrected", "the correction must be a '" + disputed.type()
                    + "' action like the disputed one, not '" + type + "'");
        }
        if (request.containsKey("dice")) {
            throw new FieldRefused("corrected.dice", "a correction is decided with the disputed action's own dice; "
                    + "leave dice out");
        }
        // the same typed contract as a player's action (ScenarioService.act), the field named under "corrected"
        try {
            ActionSchema schema = s.ruleSet().actionSchema(disputed.type());
            if (schema == null) {
                throw new FieldRefused("type", "'" + disputed.type() + "' is no longer an action of "
                        + s.ruleSet().title() + ": uphold without a correction to remove it");
            }
            schema.check(request);
            RequestJson.convert(request, s.ruleSet().actionType());
        } catch (FieldRefused e) {
            throw e.under("corrected");
        }
        List<Decided> decided;
        try {
            decided = action(s, disputed.actionId(), disputed.type(), request, disputed.dice());
        } catch (Refusal | DiceNoLongerFit e) {
            // the referee's correction is input like any action: its refusal refuses the ruling (anything else is
            // the tracker's fault, not the referee's)
            throw new FieldRefused("corrected", e.getMessage());
        }
        String side = decided.get(0).side();
        if (side != null && disputed.side() != null && !side.equals(disputed.side())) {
            throw new FieldRefused("corrected", "the correction is taken by side '" + side
                    + "', the disputed action by '" + disputed.side() + "'");
        }
        return fold(s, decided, out);
    }

    private static ScenarioState fold(ScenarioState s, List<Decided> events, List<Decided> out) {
        for (Decided d : events) {
            s = s.evolve(FoldInput.of(d.event(), d.side()));
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
            // a request once accepted no longer reads: a fault of the tracker, not a refusal; nothing is stored
            throw new IllegalStateException("action " + actionId + " ('" + type + "') can no longer be read", e);
        }
        String side = ruleSet.actingSide(s.rules(), action);
        Recorded recorded = new Recorded(dice);
        if (s.map() != null) {
            action = ruleSet.onMap(s.map(), action);
        }
        List<RuleEvent> events = ruleSet.decide(s.rules(), s.clock(), action, recorded);
        recorded.requireAllUsed();
        List<Decided> out = new ArrayList<>();
        out.add(new Decided(new ActionTaken(actionId, type, request, recorded.used()), actionId, side));
        events.forEach(e -> out.add(new Decided(e, actionId, side)));
        return out;
    }

    /** A clock advance at its place: one step on from wherever the clock now is. */
    private static List<Decided> clock(ScenarioState s, TakenAction advance) {
        GameClock from = s.clock();
        GameClock to = s.ruleSet().phases().next(from, s.sideOrder());
        if (to.gameTurn() > s.turnLimit()) {
            throw new RuleViolation("turn limit", "the scenario's last Game Turn (" + s.turnLimit() + ") is over");
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

    /** The replayed action would need other dice than it rolled: it is dropped, never rolled again. */
    static final class DiceNoLongerFit extends RuntimeException {
        DiceNoLongerFit(String message) {
            super(message);
        }
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
                throw new DiceNoLongerFit("dice: taken again, the action needs a " + kind.name() + " for " + purpose
                        + " that it did not roll; take it again");
            }
            used.add(next);
            return next;
        }

        void requireAllUsed() {
            if (!left.isEmpty()) {
                throw new DiceNoLongerFit("dice: taken again, the action no longer uses " + left.size()
                        + " of its rolls; take it again");
            }
        }

        List<DiceRoll> used() {
            return List.copyOf(used);
        }
    }
}
