package org.wargame.tracker.history;

import org.wargame.tracker.scenario.HistoryCommand;
import org.wargame.tracker.store.StoredJson;
import org.wargame.tracker.scenario.UndoLedger;
import org.wargame.tracker.scenario.UndoPolicy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioState;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Undo is a pure fold: over random histories of clock advances and actions (with and without dice, with undos in
 * between), undoing the last action gives the state as if it had never been taken.
 */
class UndoFoldTest {

    private static final List<Side> SIDES = List.of(new Side("british", "British", "British", List.of("alice")),
            new Side("axis", "Italians", "Italian", List.of("bruno")));

    /** 0: advance, 1: advance with a server die, 2: action, 3: action with an entered and a server die, 4: undo. */
    @Provide
    Arbitrary<List<Integer>> histories() {
        return Arbitraries.integers().between(0, 4).list().ofMaxSize(60);
    }

    @Property(tries = 300)
    void undoing_the_last_action_restores_the_state(@ForAll("histories") List<Integer> history,
                                                     @ForAll("lastActions") Integer last) {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events);
        for (int op : history) {
            state = play(state, op, events);
        }
        ScenarioState before = state;
        ScenarioState taken = play(state, last, events);
        String actionId = taken.ledger().last().actionId();
        ScenarioState undone = taken.evolve(new ActionUndone(actionId, "alice", null, "misclick"));

        assertThat(game(undone)).isEqualTo(game(before));
        assertThat(ids(undone)).isEqualTo(ids(before));
        // the record goes on: two more events, and no server die is ever rolled twice
        assertThat(undone.events()).isEqualTo(before.events() + taken.events() - before.events() + 1);
        assertThat(undone.serverRolls()).isEqualTo(taken.serverRolls());

        // replay of the whole history equals the state built step by step
        events.add(new ActionUndone(actionId, "alice", null, "misclick"));
        ScenarioState replayed = ScenarioState.started((ScenarioStarted) events.get(0));
        for (Object event : events.subList(1, events.size())) {
            replayed = replayed.evolve(event);
        }
        assertThat(json(replayed)).isEqualTo(json(undone));
    }

    @Provide
    Arbitrary<Integer> lastActions() {
        return Arbitraries.integers().between(0, 3);
    }

    @Example
    void a_diced_action_needs_consent_and_a_free_one_does_not() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = play(start(events), 0, events);
        Actor alice = new Actor("alice", false, List.of("british"));
        Actor bruno = new Actor("bruno", false, List.of("axis"));

        List<Object> free = UndoPolicy.decide(state, command(alice, new HistoryCommand.Undo("r1", null, "oops")));
        assertThat(free).singleElement().isInstanceOf(ActionUndone.class);

        state = play(state, 1, events); // a clock advance that rolled a die
        List<Object> asked = UndoPolicy.decide(state, command(alice, new HistoryCommand.Undo("r2", null, "oops")));
        assertThat(asked).singleElement().isInstanceOf(UndoRequested.class);
        ScenarioState pending = state.evolve(asked.get(0));
        assertThat(game(pending)).isEqualTo(game(state)); // a request changes nothing

        assertThatThrownBy(() -> UndoPolicy.decide(pending, command(alice, new HistoryCommand.AcceptUndo("r2"))))
                .isInstanceOf(NotYourSide.class);
        List<Object> accepted = UndoPolicy.decide(pending, command(bruno, new HistoryCommand.AcceptUndo("r2")));
        ScenarioState after = pending;
        for (Object e : accepted) {
            after = after.evolve(e);
        }
        assertThat(after.clock()).isEqualTo(((ClockAdvanced) events.get(events.size() - 1)).from());
        assertThat(after.ledger().requests()).isEmpty();
    }

    @Example
    void only_the_last_action_is_undone_and_only_the_referee_rules() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = play(play(start(events), 0, events), 0, events);
        String first = state.ledger().checkpoints().get(0).actionId();
        Actor alice = new Actor("alice", false, List.of("british"));
        assertThatThrownBy(() -> UndoPolicy.decide(state, command(alice, new HistoryCommand.Undo("r", first, null))))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("actionId:");
        ScenarioState disputed = state.evolve(UndoPolicy.decide(state,
                command(alice, new HistoryCommand.Dispute("d1", first, "too early"))).get(0));
        assertThatThrownBy(() -> UndoPolicy.decide(disputed, command(alice,
                new HistoryCommand.Resolve("d1", true, "agreed", null, null, null)))).isInstanceOf(NotYourSide.class);
        List<Object> ruling = UndoPolicy.decide(disputed, command(new Actor("referee", true, List.of()),
                new HistoryCommand.Resolve("d1", true, "advanced too early", "A3.1", "replay the phase", null)));
        ScenarioState rolledBack = disputed.evolve(ruling.get(0));
        ScenarioState original = ScenarioState.started((ScenarioStarted) events.get(0));
        assertThat(game(rolledBack)).isEqualTo(game(original));
        assertThat(rolledBack.ledger().checkpoints()).isEmpty();
        // then the later advance is replayed at its place: the first one is removed, the second stands
        ScenarioState upheld = disputed;
        for (Object e : ruling) {
            upheld = upheld.evolve(e);
        }
        assertThat(upheld.clock()).isEqualTo(((ClockAdvanced) events.get(1)).to());
        assertThat(upheld.ledger().disputes()).isEmpty();
        assertThat(ids(upheld)).containsExactly(((ClockAdvanced) events.get(2)).actionId());
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
            default -> {
                if (state.ledger().last() == null) {
                    return state;
                }
                event = new ActionUndone(state.ledger().last().actionId(), "referee", "referee", null);
            }
        }
        events.add(event);
        return state.evolve(event);
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
        json.remove("ledger");
        return json.toString();
    }

    private static List<String> ids(ScenarioState state) {
        return state.ledger().checkpoints().stream().map(UndoLedger.Checkpoint::actionId).toList();
    }

    private static String json(ScenarioState state) {
        return StoredJson.mapper().valueToTree(state).toString();
    }
}
