package org.wargame.tracker.scenario;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.RollBack;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One scenario's record read as a fold needs it: the state at any position (from the nearest checkpoint, folding
 * only the events after it), where an action began, and which actions are still in force. Undo and rulings use it
 * to reach any action however far back; nothing of it is kept in the scenario's state. Where the events come from
 * (the event store, or a list in a test) is the subclass's business.
 */
public abstract class ScenarioLog implements ScenarioPast {

    /**
     * One stored event: its position in the stream, its type, its payload (read only when asked), and the side its
     * metadata names.
     */
    public record Entry(long position, Class<?> type, Supplier<Object> payload, String side) {
        public Object event() {
            return payload.get();
        }

        boolean is(Class<?> kind) {
            return kind.isAssignableFrom(type);
        }
    }

    /**
     * An action still in force: a player's action ({@code request} as it was asked for) or a clock advance
     * ({@link ScenarioState#CLOCK}, no request), with the dice it rolled and the position of its first event.
     */
    public record TakenAction(String actionId, String type, java.util.Map<String, Object> request,
                              List<DiceRoll> dice, String side, long at) {

        public boolean diced() {
            return !dice.isEmpty();
        }

        public boolean clock() {
            return ScenarioState.CLOCK.equals(type);
        }
    }

    /** The events at positions {@code from} (inclusive) to {@code to} (exclusive), in order. */
    protected abstract Iterator<Entry> entries(long from, long to);

    /** How many events the stream holds. */
    public abstract long length();

    /** The latest stored checkpoint at or before {@code count}, or null (then the fold starts at the beginning). */
    protected ScenarioState checkpointAtOrBefore(long count) {
        return null;
    }

    /**
     * Where the action {@code actionId} was first taken (by its own command; a replay takes it again later), as an
     * index knows it, or 0 when none does: a hint for finding an action without reading the record from its start,
     * checked against the record.
     */
    protected long firstTaking(String actionId) {
        return 0;
    }

    /** Called with each state the fold passes, so a subclass may keep checkpoints of it. */
    protected void passed(ScenarioState state) {
    }

    @Override
    public ScenarioState stateAt(long count) {
        if (count < 1 || count > length()) { // a roll-back the live store never writes (a poisoned record)
            throw new IllegalStateException("the roll-back returns to event " + count + ", "
                    + (count < 1 ? "before the scenario's start" : "past the end of the record (" + length()
                    + " events)"));
        }
        ScenarioState start = checkpointAtOrBefore(count);
        long from = start == null ? 0 : start.events();
        if (from == count) {
            return start;
        }
        return fold(start, from, count);
    }

    @Override
    public long positionOf(String actionId, long before) {
        long found = -1;
        for (Iterator<Entry> it = entries(0, before); it.hasNext(); ) {
            Entry e = it.next();
            if (takes(e, actionId)) {
                found = e.position();
            }
        }
        if (found < 0) {
            throw new IllegalStateException("the record holds no action '" + actionId + "' before event " + before);
        }
        return found;
    }

    /** The actions in force whose first event is at or after {@code from}, in the order they were taken. */
    public List<TakenAction> inForceFrom(long from) {
        List<TakenAction> inForce = new ArrayList<>();
        Map<String, Long> latest = new HashMap<>();
        for (Iterator<Entry> it = entries(from, length()); it.hasNext(); ) {
            Entry e = it.next();
            if (e.is(ActionTaken.class)) {
                ActionTaken taken = (ActionTaken) e.event();
                inForce.add(new TakenAction(taken.actionId(), taken.type(), taken.request(), taken.dice(), e.side(),
                        e.position()));
                latest.put(taken.actionId(), e.position());
            } else if (e.is(ClockAdvanced.class)) {
                ClockAdvanced advanced = (ClockAdvanced) e.event();
                inForce.add(new TakenAction(advanced.actionId(), ScenarioState.CLOCK, null, advanced.dice(), null,
                        e.position()));
                latest.put(advanced.actionId(), e.position());
            } else if (e.is(RollBack.class)) {
                long to = target((RollBack) e.event(), latest, from);
                inForce.removeIf(a -> a.at() >= to);
            }
        }
        return inForce;
    }

    /** The action {@code actionId} if it is still in force ({@code at}, when known, is where it began). */
    public Optional<TakenAction> inForce(String actionId, Long at) {
        return inForceWithLater(actionId, at).map(InForce::action);
    }

    /** An action in force and the actions in force taken after it, in order. */
    public record InForce(TakenAction action, List<TakenAction> later) {
    }

    /**
     * The action {@code actionId} if it is still in force, with every later action in force: one read of the record
     * from where it began (an undo or a ruling far back reads the events after it once, not once for the action
     * and again for what it replays). The later ones are {@code inForceFrom(action.at() + 1)}: a roll-back after
     * the action that returns to before it would have taken the action out too.
     */
    public Optional<InForce> inForceWithLater(String actionId, Long at) {
        if (at == null) {
            // every taking of an action is at or after its first: the record is read from there, not from the start
            // (a dispute at 25,000 events read them all); should the hint be wrong, the whole record is read
            long first = firstTaking(actionId);
            if (first > 0) {
                Optional<InForce> found = found(actionId, null, inForceFrom(first));
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return found(actionId, at, inForceFrom(at == null ? 0 : at));
    }

    /** The last of {@code inForce} that takes the action (at {@code at}, when given), with those after it. */
    private static Optional<InForce> found(String actionId, Long at, List<TakenAction> inForce) {
        for (int i = inForce.size() - 1; i >= 0; i--) {
            TakenAction a = inForce.get(i);
            if (a.actionId().equals(actionId) && (at == null || a.at() == at)) {
                return Optional.of(new InForce(a, List.copyOf(inForce.subList(i + 1, inForce.size()))));
            }
        }
        return Optional.empty();
    }

    /**
     * Folds the events from {@code from} to {@code to} onto {@code start} (the state after {@code from} events;
     * null from the beginning). A first pass finds where the roll-backs inside the window return to, so the second
     * keeps just those states for the time of the fold; a roll-back to before the window asks this log again
     * (which starts from an earlier checkpoint).
     */
    protected ScenarioState fold(ScenarioState start, long from, long to) {
        return fold(start, from, to, null);
    }

    /** Folds the whole stream, handing each event and the state after it to {@code visit} (time travel, timeline). */
    public ScenarioState replay(java.util.function.BiConsumer<Entry, ScenarioState> visit) {
        return fold(null, 0, length(), visit);
    }

    private ScenarioState fold(ScenarioState start, long from, long to,
                               java.util.function.BiConsumer<Entry, ScenarioState> visit) {
        Set<Long> targets = new HashSet<>();
        Map<String, Long> latest = new HashMap<>();
        for (Iterator<Entry> it = entries(from, to); it.hasNext(); ) {
            Entry e = it.next();
            remember(e, latest);
            if (e.is(RollBack.class)) {
                long target = target((RollBack) e.event(), latest, from);
                if (target >= from) {
                    targets.add(target);
                }
            }
        }
        Map<Long, ScenarioState> kept = new HashMap<>();
        Map<String, Long> seen = new HashMap<>();
        ScenarioPast outer = this;
        ScenarioPast window = new ScenarioPast() {
            @Override
            public ScenarioState stateAt(long count) {
                return count >= from ? kept.get(count) : outer.stateAt(count);
            }

            @Override
            public long positionOf(String actionId, long before) {
                Long at = seen.get(actionId);
                return at != null ? at : outer.positionOf(actionId, from);
            }
        };
        ScenarioState state = start;
        for (Iterator<Entry> it = entries(from, to); it.hasNext(); ) {
            Entry e = it.next();
            if (targets.contains(e.position())) {
                kept.put(e.position(), state);
            }
            Object event = e.event();
            state = state == null ? ScenarioState.started((ScenarioEvent.ScenarioStarted) event)
                    : state.evolve(FoldInput.of(event, e.side()), window);
            remember(e, seen);
            passed(state);
            if (visit != null) {
                visit.accept(e, state);
            }
        }
        return state;
    }

    private long target(RollBack rollBack, Map<String, Long> latest, long from) {
        if (rollBack.rolledBackTo() != null) {
            return rollBack.rolledBackTo();
        }
        Long at = latest.get(rollBack.actionId());
        return at != null ? at : positionOf(rollBack.actionId(), from);
    }

    private static void remember(Entry e, Map<String, Long> latest) {
        if (e.is(ActionTaken.class)) {
            latest.put(((ActionTaken) e.event()).actionId(), e.position());
        } else if (e.is(ClockAdvanced.class)) {
            latest.put(((ClockAdvanced) e.event()).actionId(), e.position());
        }
    }

    private static boolean takes(Entry e, String actionId) {
        return e.is(ActionTaken.class) && ((ActionTaken) e.event()).actionId().equals(actionId)
                || e.is(ClockAdvanced.class) && ((ClockAdvanced) e.event()).actionId().equals(actionId);
    }

    /** A log over events held in memory (a test, or a stream already read): position = index. */
    public static ScenarioLog of(List<Entry> entries) {
        return new ScenarioLog() {
            @Override
            protected Iterator<Entry> entries(long from, long to) {
                return entries.subList((int) Math.min(from, entries.size()), (int) Math.min(to, entries.size()))
                        .iterator();
            }

            @Override
            public long length() {
                return entries.size();
            }
        };
    }

    /** A log over messages already read from the event store, in order from the first. */
    public static ScenarioLog ofMessages(List<? extends org.axonframework.eventhandling.DomainEventMessage<?>> messages) {
        List<Entry> entries = new ArrayList<>(messages.size());
        for (org.axonframework.eventhandling.DomainEventMessage<?> m : messages) {
            Object side = m.getMetaData().get(org.wargame.tracker.store.ActionMetaData.SIDE);
            entries.add(new Entry(m.getSequenceNumber(), m.getPayloadType(), m::getPayload,
                    side == null ? null : side.toString()));
        }
        return of(entries);
    }

    /** An entry of an event held in memory. */
    public static Entry entry(long position, Object event, String side) {
        return new Entry(position, event.getClass(), () -> event, side);
    }
}
