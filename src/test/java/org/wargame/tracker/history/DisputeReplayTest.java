package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ActionDice;
import org.wargame.tracker.scenario.EnteredRoll;
import org.wargame.tracker.scenario.FoldInput;
import org.wargame.tracker.scenario.HistoryCommand;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDropped;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ServerDice;
import org.wargame.tracker.scenario.UndoPolicy;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An upheld dispute with a corrected action: the correction is taken in the disputed action's place with its dice,
 * every later action is re-decided with the very dice it had, and the result is the state the table would have
 * reached had the corrected action been taken in the first place. Rule set hex, German Fire Phase.
 */
class DisputeReplayTest {

    private static final String ID = "scn-replay";
    private static final byte[] SEED = new byte[32];

    static {
        Arrays.fill(SEED, (byte) 7);
    }

    private static final List<Side> SIDES = List.of(new Side("german", "Germans", "German", List.of("gerd")),
            new Side("us", "U.S.", "American", List.of("sam")));
    private static final Actor REFEREE = new Actor("referee", true, List.of());
    private static final Actor SAM = new Actor("sam", false, List.of("us"));

    /** ger-sq-1 fires with its HMG and forgets its grenades (entered dice); the correction adds them. */
    private static final Map<String, Object> FIRE_1 = fire("ger-sq-1", "ger-hmg-1", null);
    private static final Map<String, Object> FIRE_1_CORRECTED = fire("ger-sq-1", "ger-hmg-1", true);
    /** ger-sq-2 then fires with grenades (server dice). */
    private static final Map<String, Object> FIRE_2 = fire("ger-sq-2", null, true);

    @Test
    void the_corrected_action_and_the_later_ones_replay_with_their_dice_as_if_taken_so() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events, 3);
        state = take(state, events, "a1", FIRE_1, List.of(new EnteredRoll("2d6", List.of(3, 5))));
        state = take(state, events, "a2", FIRE_2, List.of());
        state = advance(state, events, "a3");
        List<DiceRoll> fire2Dice = ((ActionTaken) events.get(index(events, "a2"))).dice();
        assertThat(fire2Dice).singleElement().extracting(DiceRoll::source).isEqualTo(DiceRoll.SERVER);

        ScenarioState disputed = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, SAM,
                new HistoryCommand.Dispute("d1", "a1", "the grenades were declared"))));
        int rulingStart = events.size();
        ScenarioState ruled = fold(disputed, events, UndoPolicy.decide(disputed, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", true, "grenades were declared before the roll", "12.52",
                        "add the grenades", FIRE_1_CORRECTED))));

        // what the ruling appended: the ruling, then the corrected fire, the second fire and the advance replayed
        List<Object> ruling = events.subList(rulingStart, events.size());
        assertThat(ruling.get(0)).isInstanceOf(DisputeUpheld.class);
        List<ActionTaken> taken = ruling.stream().filter(ActionTaken.class::isInstance).map(ActionTaken.class::cast)
                .toList();
        assertThat(taken).extracting(ActionTaken::actionId).containsExactly("a1", "a2");
        assertThat(taken.get(0).request()).isEqualTo(FIRE_1_CORRECTED);
        assertThat(taken.get(0).dice()).isEqualTo(((ActionTaken) events.get(index(events, "a1"))).dice());
        assertThat(taken.get(1).dice()).isEqualTo(fire2Dice); // the same server die, number and source kept
        assertThat(ruling).filteredOn(ClockAdvanced.class::isInstance).hasSize(1);
        assertThat(ruling).noneMatch(ActionDropped.class::isInstance);
        assertThat(ruled.serverRolls()).isEqualTo(state.serverRolls()); // nothing rolled again

        // the table that took the corrected fire in the first place, with the same dice
        List<Object> direct = new ArrayList<>();
        ScenarioState original = start(direct, 3);
        original = take(original, direct, "a1", FIRE_1_CORRECTED, List.of(new EnteredRoll("2d6", List.of(3, 5))));
        original = take(original, direct, "a2", FIRE_2, List.of());
        original = advance(original, direct, "a3");
        assertThat(((ActionTaken) direct.get(index(direct, "a2"))).dice()).isEqualTo(fire2Dice);
        assertThat(game(ruled)).isEqualTo(game(original));
        assertThat(game(ruled)).isNotEqualTo(game(state));
        assertThat(inForce(events))
                .containsExactly("a1", "a2", "a3");
        assertThat(ruled.disputes()).isEmpty();

        // a pure fold: replaying the whole stream gives the same state
        assertThat(json(replay(events))).isEqualTo(json(ruled));

        // the server dice still verify: a replayed roll is the same die, not a new one
        events.add(new ScenarioConcluded("c", "draw", List.of(), HexFormat.of().formatHex(SEED)));
        DiceVerification.Report report = DiceVerification.of(ID, events);
        assertThat(report.ok()).as(report.toString()).isTrue();
    }

    @Test
    void a_later_action_the_correction_makes_illegal_is_dropped_with_the_refusal() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events, 1); // one grenade: the corrected fire now spends it
        state = take(state, events, "a1", FIRE_1, List.of(new EnteredRoll("2d6", List.of(3, 5))));
        state = take(state, events, "a2", FIRE_2, List.of(new EnteredRoll("2d6", List.of(6, 6))));
        state = advance(state, events, "a3");
        state = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, SAM,
                new HistoryCommand.Dispute("d1", "a1", "the grenades were declared"))));
        int rulingStart = events.size();
        ScenarioState ruled = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", true, "grenades were declared", "12.52", null, FIRE_1_CORRECTED))));

        List<Object> ruling = events.subList(rulingStart, events.size());
        ActionDropped dropped = ruling.stream().filter(ActionDropped.class::isInstance).map(ActionDropped.class::cast)
                .findFirst().orElseThrow();
        assertThat(dropped.actionId()).isEqualTo("a2");
        assertThat(dropped.disputeId()).isEqualTo("d1");
        assertThat(dropped.reason()).matches("^[0-9.]+: .*"); // the rule's refusal names its section
        assertThat(inForce(events))
                .containsExactly("a1", "a3");
        assertThat(json(replay(events))).isEqualTo(json(ruled));
    }

    @Test
    void without_a_correction_the_disputed_action_is_removed_and_the_rest_replayed() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events, 3);
        state = take(state, events, "a1", FIRE_1, List.of(new EnteredRoll("2d6", List.of(3, 5))));
        state = take(state, events, "a2", FIRE_2, List.of());
        state = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, SAM,
                new HistoryCommand.Dispute("d1", "a1", "out of range"))));
        ScenarioState ruled = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", true, "out of range", "12.3", null, null))));

        List<Object> direct = new ArrayList<>();
        ScenarioState original = take(start(direct, 3), direct, "a2", FIRE_2, List.of());
        assertThat(game(ruled)).isEqualTo(game(original));
        assertThat(inForce(events)).containsExactly("a2");
    }

    @Test
    void a_correction_the_rules_refuse_refuses_the_ruling() {
        List<Object> events = new ArrayList<>();
        ScenarioState state = start(events, 3);
        state = take(state, events, "a1", FIRE_1, List.of(new EnteredRoll("2d6", List.of(3, 5))));
        ScenarioState disputed = fold(state, events, UndoPolicy.decide(state, log(events), new HistoryCommand(ID, SAM,
                new HistoryCommand.Dispute("d1", "a1", "wrong"))));
        Map<String, Object> wrongType = new LinkedHashMap<>(FIRE_1);
        wrongType.put("type", "move");
        assertThatThrownBy(() -> UndoPolicy.decide(disputed, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", true, "no", null, null, wrongType))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("corrected:");
        Map<String, Object> unknownUnit = fire("ger-sq-9", null, null);
        assertThatThrownBy(() -> UndoPolicy.decide(disputed, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", true, "no", null, null, unknownUnit))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("corrected:");
        assertThatThrownBy(() -> UndoPolicy.decide(disputed, log(events), new HistoryCommand(ID, REFEREE,
                new HistoryCommand.Resolve("d1", false, "stands", null, null, FIRE_1_CORRECTED))))
                .isInstanceOf(FieldRefused.class).hasMessageStartingWith("corrected:");
    }

    private static Map<String, Object> fire(String unit, String weapon, Boolean grenades) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("type", "fire");
        request.put("unitId", unit);
        if (weapon != null) {
            request.put("weaponId", weapon);
        }
        request.put("targetHex", "D5");
        request.put("targetId", "us-sq-1");
        request.put("range", 1);
        if (grenades != null) {
            request.put("grenades", grenades);
        }
        return request;
    }

    private static ScenarioState start(List<Object> events, int grenades) {
        List<CounterDefinition> counters = List.of(
                counter("ger-sq-1", "squad", "german", Map.of("apfp", 4, "range", 4, "movement", 4),
                        Map.of("hex", "C4", "terrain", "open")),
                counter("ger-hmg-1", "support-weapon", "german", Map.of("type", "H", "apfp", 6, "range", 10),
                        Map.of("carrier", "ger-sq-1")),
                counter("ger-sq-2", "squad", "german", Map.of("apfp", 4, "range", 4, "movement", 4),
                        Map.of("hex", "C4", "terrain", "open")),
                counter("ger-expendables", "expendables", "german",
                        Map.of("satchelChargeApfp", 4, "panzerfaustAt", 6), Map.of("grenades", grenades)),
                counter("us-sq-1", "squad", "us", Map.of("apfp", 4, "range", 4, "movement", 4),
                        Map.of("hex", "D5", "terrain", "open")));
        ScenarioStarted started = new ScenarioStarted(ID, "c", "replay", "hex", 5, SIDES, counters,
                new GameClock(1, 1, "FP", null, "german"), ServerDice.commitment(SEED));
        events.add(started);
        return ScenarioState.started(started);
    }

    private static CounterDefinition counter(String id, String kind, String side, Map<String, Object> data,
                                             Map<String, Object> state) {
        return new CounterDefinition(id, kind, id, side, side.equals("us") ? "American" : "German", data, state);
    }

    /** What the aggregate does for a TakeAction, without the authorisation. */
    private static ScenarioState take(ScenarioState state, List<Object> events, String actionId,
                                      Map<String, Object> request, List<EnteredRoll> entered) {
        RuleAction action = StoredJson.mapper().convertValue(request, state.ruleSet().actionType());
        ActionDice dice = new ActionDice(ID, SEED, state.serverRolls(), entered);
        List<RuleEvent> ruleEvents = state.ruleSet().decide(state.rules(), state.clock(), action, dice);
        dice.requireAllEnteredUsed();
        List<Object> all = new ArrayList<>();
        all.add(new ActionTaken(actionId, (String) request.get("type"), request, dice.rolled()));
        all.addAll(ruleEvents);
        return fold(state, events, all);
    }

    private static ScenarioState advance(ScenarioState state, List<Object> events, String actionId) {
        GameClock to = state.ruleSet().phases().next(state.clock(), state.sideOrder());
        ActionDice dice = new ActionDice(ID, SEED, state.serverRolls(), List.of());
        List<RuleEvent> ruleEvents = state.ruleSet().clockAdvanced(state.rules(), state.clock(), to, dice);
        List<Object> all = new ArrayList<>();
        all.add(new ClockAdvanced(actionId, state.clock(), to, dice.rolled()));
        all.addAll(ruleEvents);
        return fold(state, events, all);
    }

    private static ScenarioState fold(ScenarioState state, List<Object> events, List<?> more) {
        for (Object event : more) {
            events.add(event);
            state = state.evolve(FoldInput.of(event, null), log(events));
        }
        return state;
    }

    private static ScenarioState replay(List<Object> events) {
        return log(events).replay((entry, state) -> { });
    }

    private static int index(List<Object> events, String actionId) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) instanceof ActionTaken t && t.actionId().equals(actionId)) {
                return i;
            }
        }
        throw new IllegalArgumentException(actionId);
    }

    /** As UndoFoldTest: the game, without the record-keeping (event count, server dice used) and the ledger. */
    private static String game(ScenarioState state) {
        ObjectNode json = StoredJson.mapper().valueToTree(state);
        json.remove("events");
        json.remove("serverRolls");
        json.remove("lastAction");
        return json.toString();
    }

    private static String json(ScenarioState state) {
        return StoredJson.mapper().valueToTree(state).toString();
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
