package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.FoldInput;
import org.wargame.tracker.scenario.HistoryCommand;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.UndoPolicy;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Undo is a fold of the record, with no reach limit: over random histories of clock advances and undos of any
 * action in force, however far back, the state is the one of a table where the undone actions were never taken (the
 * later ones re-decided at their place), and folding the whole record again gives the same state as the one built
 * step by step. The state never holds an earlier state, so its size does not grow with the history.
 */
class UndoFoldTest {

    private static final List<Side> SIDES = List.of(new Side("british", "British", "British", List.of("alice")),
            new Side("axis", "Italians", "Italian", List.of("bruno")));
    private static final Actor REFEREE = new Actor("referee", true, List.of());

    /** Each op: -1 advances the clock; k >= 0 undoes the action in force at index k (mod how many there are). */
    @Provide
    Arbitrary<List<Integer>> histories() {
        return Arbitraries.integers().between(-1, 200).injectDuplicates(0.1).list().ofMaxSize(80)
                .map(ops -> ops.stream().map(op -> op > 40 ? -1 : op).toList());
    }

    @Property(tries = 200)
    void undo_at_any_reach_is_as_if_never_taken_and_replay_equals_the_fold(@ForAll("histories") List<Integer> ops) {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events);
        for (int op : ops) {
            List<ScenarioLog.TakenAction> inForce = log(events).inForceFrom(0);
            if (op < 0 || inForce.isEmpty()) {
                state = play(state, 0, events);
            } else {
                String target = inForce.get(op % inForce.size()).actionId();
                state = fold(state, events, UndoPolicy.decide(state, log(events), command(REFEREE,
                        new HistoryCommand.Undo(UUID.randomUUID().toString(), target, "misclick"))));
            }
        }
        int advancesInForce = inForce(events).size();
        List<Object> table = new ArrayList<>();
        ScenarioState never = start(table);
        for (int i = 0; i < advancesInForce; i++) {
            never = play(never, 0, table);
        }
        assertThat(game(state)).isEqualTo(game(never));
        // replay of the whole record equals the state built step by step
        assertThat(json(log(events).replay((e, s) -> { }))).isEqualTo(json(state));
        // the state keeps no earlier state: its JSON is as long as that of a table that never undid anything
        assertThat(json(state).length()).isLessThan(json(never).length() + 400);
        // an action found from its first taking (the store's index) is the one found from the record's start, with
        // the same later actions, for every action ever taken: in force, undone, or replayed after an undo
        ScenarioLog whole = log(events);
        ScenarioLog hinted = hinted(events);
        for (Object e : events) {
            String id = e instanceof ActionTaken t ? t.actionId() : e instanceof ClockAdvanced c ? c.actionId() : null;
            if (id != null) {
                assertThat(hinted.inForceWithLater(id, null)).as(id).isEqualTo(whole.inForceWithLater(id, null));
            }
        }
    }

    /** The log with the store's hint: where each action was first taken. */
    static ScenarioLog hinted(List<Object> events) {
        ScenarioLog whole = log(events);
        return new ScenarioLog() {
            @Override
            protected java.util.Iterator<Entry> entries(long from, long to) {
                return entriesOf(events, from, to);
            }

            @Override
            public long length() {
                return whole.length();
            }

            @Override
            protected long firstTaking(String actionId) {
                for (int i = 0; i < events.size(); i++) {
                    Object e = events.get(i);
                    if (e instanceof ActionTaken t && t.actionId().equals(actionId)
                            || e instanceof ClockAdvanced c && c.actionId().equals(actionId)) {
                        return i;
                    }
                }
                return 0;
            }
        };
    }

    private static java.util.Iterator<ScenarioLog.Entry> entriesOf(List<Object> events, long from, long to) {
        List<ScenarioLog.Entry> entries = new ArrayList<>();
        for (int i = (int) from; i < Math.min(to, events.size()); i++) {
            entries.add(ScenarioLog.entry(i, events.get(i), null));
        }
        return entries.iterator();
    }

    @Example
    void an_action_a_hundred_actions_back_is_undone_and_the_later_ones_replayed() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events);
        for (int i = 0; i < 120; i++) {
            state = play(state, 0, events);
        }
        String early = inForce(events).get(10);
        ScenarioState undone = fold(state, events, UndoPolicy.decide(state, log(events), command(REFEREE,
                new HistoryCommand.Undo("u1", early, "wrong phase"))));
        assertThat(inForce(events)).hasSize(119).doesNotContain(early);
        assertThat(events.get(121)).isInstanceOf(ActionUndone.class);
        assertThat(((ActionUndone) events.get(121)).rolledBackTo()).isEqualTo(11L);
        assertThat(events).hasSize(121 + 1 + 109);
        // 109 later advances replayed at their place: the clock stands one step behind where it stood
        List<Object> table = new ArrayList<>();
        ScenarioState never = start(table);
        for (int i = 0; i < 119; i++) {
            never = play(never, 0, table);
        }
        assertThat(undone.clock()).isEqualTo(never.clock());
        assertThat(json(log(events).replay((e, s) -> { }))).isEqualTo(json(undone));
    }

    @Example
    void a_diced_action_needs_consent_and_a_free_one_does_not() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = play(start(events), 0, events);
        Actor alice = new Actor("alice", false, List.of("british"));
        Actor bruno = new Actor("bruno", false, List.of("axis"));

        List<Object> free = UndoPolicy.decide(state, log(events), command(alice,
                new HistoryCommand.Undo("r1", null, "oops")));
        assertThat(free).singleElement().isInstanceOf(ActionUndone.class);

        state = play(state, 1, events); // a clock advance that rolled a die
        List<Object> asked = UndoPolicy.decide(state, log(events), command(alice,
                new HistoryCommand.Undo("r2", null, "oops")));
        assertThat(asked).singleElement().isInstanceOf(UndoRequested.class);
        ScenarioState pending = fold(state, events, asked);
        assertThat(pending.rules()).isEqualTo(state.rules()); // a request changes nothing
        assertThat(pending.clock()).isEqualTo(state.clock());

        assertThatThrownBy(() -> UndoPolicy.decide(pending, log(events), command(alice,
                new HistoryCommand.AcceptUndo("r2")))).isInstanceOf(NotYourSide.class);
        // an earlier free action whose later action was diced is a request too: the replay re-decides that die
        List<Object> asked2 = UndoPolicy.decide(pending, log(events), command(alice,
                new HistoryCommand.Undo("r3", inForce(events).get(0), "oops")));
        assertThat(asked2).singleElement().isInstanceOf(UndoRequested.class);
        int advance = events.size() - 2;
        ScenarioState after = fold(pending, events, UndoPolicy.decide(pending, log(events), command(bruno,
                new HistoryCommand.AcceptUndo("r2"))));
        assertThat(after.clock()).isEqualTo(((ClockAdvanced) events.get(advance)).from());
        assertThat(after.requests()).isEmpty();
    }

    @Example
    void any_action_in_force_is_disputed_and_only_the_referee_rules() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = play(play(start(events), 0, events), 0, events);
        String first = inForce(events).get(0);
        Actor alice = new Actor("alice", false, List.of("british"));
        ScenarioState disputed = fold(state, events, UndoPolicy.decide(state, log(events),
                command(alice, new HistoryCommand.Dispute("d1", first, "too early"))));
        assertThat(disputed.disputes()).singleElement().extracting(ScenarioEvent.ActionDisputed::actionAt)
                .isEqualTo(1L);
        assertThatThrownBy(() -> UndoPolicy.decide(disputed, log(events), command(alice,
                new HistoryCommand.Resolve("d1", true, "agreed", null, null, null)))).isInstanceOf(NotYourSide.class);
        List<Object> ruling = UndoPolicy.decide(disputed, log(events), command(REFEREE,
                new HistoryCommand.Resolve("d1", true, "advanced too early", "A3.1", "replay the phase", null)));
        ScenarioState upheld = fold(disputed, events, ruling);
        // the first advance is removed, the second replayed at its place
        assertThat(upheld.clock()).isEqualTo(((ClockAdvanced) events.get(1)).to());
        assertThat(upheld.disputes()).isEmpty();
        assertThat(inForce(events)).containsExactly(((ClockAdvanced) events.get(2)).actionId());
        // an action no longer in force cannot be disputed again
        assertThatThrownBy(() -> UndoPolicy.decide(upheld, log(events), command(alice,
                new HistoryCommand.Dispute("d2", first, "again")))).isInstanceOf(Conflict.class)
                .hasMessageContaining("not in force");
    }

    private static ScenarioState fold(ScenarioState state, List<Object> events, List<?> more) {
        for (Object event : more) {
            events.add(event);
            state = state.evolve(FoldInput.of(event, null), log(events));
        }
        return state;
    }

    private static String json(ScenarioState state) {
        return StoredJson.mapper().valueToTree(state).toString();
    }

    private static HistoryCommand command(Actor actor, HistoryCommand.Request request) {
        return new HistoryCommand("s", actor, request);
    }

    private static ScenarioState start(List<Object> events) {
        GameClock clock = RuleSets.byId("asl").phases().start(List.of("british", "axis"));
        ScenarioStarted started = new ScenarioStarted("s", "c", "test", "asl", 200, SIDES, List.of(), clock, null);
        events.add(started);
        return ScenarioState.started(started);
    }

    private static ScenarioState play(ScenarioState state, int op, List<Object> events) {
        String id = UUID.randomUUID().toString();
        Object event;
        switch (op) {
            case 0, 1 -> {
                GameClock to = state.ruleSet().phases().next(state.clock(), state.sideOrder());
                List<DiceRoll> dice = op == 1 ? List.of(server(state, 1)) : List.of();
                event = new ClockAdvanced(id, state.clock(), to, dice);
            }
            case 2 -> event = new ActionTaken(id, "move", null, List.of());
            case 3 -> event = new ActionTaken(id, "fire", null, List.of(
                    new DiceRoll("dr", List.of(4), DiceRoll.ENTERED, "to hit", null), server(state, 2)));
            default -> throw new IllegalArgumentException("op " + op);
        }
        events.add(event);
        return state.evolve(FoldInput.of(event, null), log(events));
    }

    private static DiceRoll server(ScenarioState state, int dice) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < dice; i++) {
            values.add(1 + (state.serverRolls() + i) % 6);
        }
        return new DiceRoll(dice == 1 ? "dr" : "DR", values, DiceRoll.SERVER, "test", state.serverRolls());
    }

    /** The state as JSON without the record-keeping that goes on through an undo (event count, server dice used). */
    private static String game(ScenarioState state) {
        ObjectNode json = StoredJson.mapper().valueToTree(state);
        json.remove("events");
        json.remove("serverRolls");
        json.remove("lastAction");
        return json.toString();
    }



    /** The record so far, as the aggregate would read it from the store. */
    static ScenarioLog log(List<Object> events) {
        List<ScenarioLog.Entry> entries = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            entries.add(ScenarioLog.entry(i, events.get(i), null));
        }
        return ScenarioLog.of(entries);
    }

    static List<String> inForce(List<Object> events) {
        return log(events).inForceFrom(0).stream().map(ScenarioLog.TakenAction::actionId).toList();
    }
}
