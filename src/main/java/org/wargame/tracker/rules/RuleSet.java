package org.wargame.tracker.rules;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;

import java.util.List;
import java.util.Set;

/**
 * The plug-in point of a rule set. The scenario core knows only this interface: a rule set brings its phase sequence,
 * its counter kinds, its actions and the pure functions that decide events from actions and evolve its state from
 * events. Implementations are plain Java (no framework types), found through {@link java.util.ServiceLoader}.
 *
 * @param <S> the rule set's scenario state
 * @param <A> the rule set's closed family of actions
 * @param <E> the rule set's closed family of events
 */
public interface RuleSet<S extends RuleState, A extends RuleAction, E extends RuleEvent> {

    /** Short id used in campaign files and the API: {@code asl}, {@code hex}, {@code skirmish}. */
    String id();

    String title();

    PhaseSequence phases();

    Set<String> counterKinds();

    Class<S> stateType();

    Class<A> actionType();

    /** Refuses counter data the rule set cannot play with (a Gun without M#, an unknown kind...). */
    void validate(CounterDefinition counter);

    /** The rule state at the start of a scenario, from the counters chosen for it (roster state plus placement). */
    S setUp(List<CounterDefinition> counters);

    /**
     * Refuses the campaign file's {@code tables} (charts a rule text refers to without printing them, declared by the
     * campaign) when the rule set cannot read them. By default a rule set reads none.
     */
    default void validateTables(java.util.Map<String, Object> tables) {
        if (tables != null && !tables.isEmpty()) {
            throw new FieldRefused("tables", "rule set " + id() + " reads no campaign tables");
        }
    }

    /** The rule state at the start of a scenario, with the campaign's tables (already validated). */
    default S setUp(List<CounterDefinition> counters, java.util.Map<String, Object> tables) {
        return setUp(counters);
    }

    /**
     * Refuses, when a scenario starts or a campaign file's plan is checked (never when a stored scenario is folded
     * again), a set-up the rules do not allow although a stored scenario may hold it. By default nothing more than
     * {@link #setUp} refuses.
     */
    default void validateStart(List<CounterDefinition> counters) {
    }

    /**
     * What happens to a roster counter (with its carried state) when the next scenario of its campaign starts, or null
     * when nothing does. Pure: the campaign calls it to build the scenario and to record the change.
     */
    default RosterChange betweenScenarios(CounterDefinition counter) {
        return null;
    }

    /**
     * Refuses traits of a plan's map ({@link ScenarioMap#terrain}) the rule set does not read; the map's shape is
     * already checked. By default a rule set reads no trait. {@code at}: the map's field.
     */
    default void validateMap(String at, ScenarioMap map) {
        map.terrain().forEach((name, traits) -> {
            if (!traits.isEmpty()) {
                throw new FieldRefused(at + ".terrain." + name, "rule set " + id() + " reads no trait of terrain");
            }
        });
    }

    /**
     * The counters set up on the scenario's map: where a counter is placed on a hex, its state takes that hex's
     * terrain (and what the terrain means to the rules) from the map; refuses a hex off the map or a terrain the map
     * contradicts. By default counters are left as they are (a rule set whose counters stand on no hexes).
     */
    default List<CounterDefinition> placedOn(ScenarioMap map, List<CounterDefinition> counters) {
        return counters;
    }

    /**
     * Where a counter set up hidden stands, as its side gives it (a hidden set-up, docs/history.md): the position
     * checked and written as the rules read it, or refused under {@code field}. By default the position is words
     * (a rule set whose counters stand on no hexes: "behind the farm wall"), up to {@link #MAX_HIDDEN_POSITION}
     * characters on one line.
     */
    default String hiddenPosition(String field, String position, ScenarioMap map) {
        if (position == null || position.isBlank()) {
            throw new FieldRefused(field, "required: where the counter is set up");
        }
        String words = position.trim();
        if (words.length() > MAX_HIDDEN_POSITION || words.chars().anyMatch(Character::isISOControl)) {
            throw new FieldRefused(field, "one line of at most " + MAX_HIDDEN_POSITION + " characters");
        }
        return words;
    }

    /** The most characters of a hidden counter's position in words. */
    int MAX_HIDDEN_POSITION = 200;

    /**
     * The state with {@code counter} placed where its sealed position was revealed ({@code position}, as
     * {@link #hiddenPosition} wrote it), or lifted off the board while it is hidden ({@code position} null), so that
     * no rule reads a position nobody may see. By default unchanged (a rule set whose counters stand on no hexes).
     */
    default S placed(S state, String counter, String position, ScenarioMap map) {
        return state;
    }

    /**
     * The action as the scenario's map has it: a move takes its destination's terrain from the map (refusing a hex
     * off the map, or a terrain the map contradicts). By default the action is unchanged.
     */
    default A onMap(ScenarioMap map, A action) {
        return action;
    }

    /**
     * Why a roster counter waits on a roll between scenarios (in words: "waits on a treatment roll (litter case)"),
     * or null when it waits on none. {@code tables}: the campaign's (validated).
     */
    default String waitsBetweenScenarios(CounterDefinition counter, java.util.Map<String, Object> tables) {
        return null;
    }

    /**
     * Takes the roll a roster counter waits on between scenarios ({@link #waitsBetweenScenarios}) with {@code dice};
     * refuses ({@link RuleViolation}) a counter that waits on none. Pure.
     */
    default BetweenScenariosRoll rollBetweenScenarios(CounterDefinition counter, java.util.Map<String, Object> tables,
                                                      Dice dice) {
        throw new RuleViolation("between scenarios", counter.name() + " waits on no roll between scenarios");
    }

    /** Checks an action against the rules and returns the events it causes; throws {@link RuleViolation}. */
    List<E> decide(S state, GameClock clock, A action, Dice dice);

    /** The events that happen by themselves when the clock moves from {@code from} to {@code to}. */
    List<E> clockAdvanced(S state, GameClock from, GameClock to, Dice dice);

    /** Applies one event; never refuses (the event already happened). */
    S evolve(S state, E event);

    /** The side on whose behalf an action is taken (only its players and the referee may take it). */
    String actingSide(S state, A action);

    List<CounterView> counters(S state);

    /** Every counter's end state, handed back to the campaign roster when the scenario is concluded. */
    List<CounterOutcome> outcome(S state);

    /**
     * The stored name of every event type of this rule set, in one place: {@code "asl.GunTransferred"}. A stored
     * event loads forever, so a name never changes once released; a test checks that every permitted event type has
     * exactly one name and no two share one.
     */
    java.util.Map<String, Class<? extends E>> eventNames();

    /**
     * The rule set's words and pictures for the pages (labels of its keys, state in words, counter faces, its board).
     * By default none: every key spelt out, a plain counter, a table.
     */
    default RuleSetWords words() {
        return RuleSetWords.PLAIN;
    }

    /** What each counter may do now, and why not where the rules forbid it. */
    default List<ActionOption> options(S state, GameClock clock) {
        return List.of();
    }

    /**
     * Every action of the rule set as a typed contract (fields and their kinds, dice): the API's schema, the check of
     * each request and the pages' forms are made from it.
     */
    List<ActionSchema> actionSchemas();

    /**
     * The field of action {@code type} whose value the players seal (docs/history.md, Sealed choices): the tracker
     * takes it out of the request before anything is recorded, keeps it beside the record and puts the seal's id in
     * the request's {@code seal} field instead (so the action type must have a field {@code seal}). Null: none.
     */
    default String sealedField(String type) {
        return null;
    }

    /**
     * Refuses a sealed value the rules do not allow, before it is sealed: {@code action} is the request with the
     * value in its sealed field (this check is the only place the rule set sees it before the reveal).
     */
    default void checkSealed(S state, A action) {
    }

    /**
     * The field of action {@code type} that receives the content of a sealed choice the rules reveal with it (null:
     * this action reveals nothing). The players cannot send that field: the tracker fills it from the kept content.
     */
    default String revealField(String type) {
        return null;
    }

    /** The id of the sealed choice {@code action} reveals as the rules require (see {@link #revealField}), or null. */
    default String revealedSeal(S state, A action) {
        return null;
    }

    /** The schema of the action {@code type}, or null. */
    default ActionSchema actionSchema(String type) {
        return actionSchemas().stream().filter(a -> a.type().equals(type)).findFirst().orElse(null);
    }

    /**
     * Why the players must decide something at this step before the clock moves on (null: nothing to decide). An
     * advance to a target stops at the first step that says so.
     */
    default String decisionNeeded(S state, GameClock clock) {
        return null;
    }

    /**
     * What moving the clock from {@code from} to {@code to} would leave undone for good, as kind (a word the
     * request repeats in {@code confirm}, such as {@code unfired}) and what it is in players' words ("2 designations
     * not fired: ..."); empty when nothing is. The clock is not moved past it unless the request confirms it.
     */
    default java.util.Map<String, String> leftBehind(S state, GameClock from, GameClock to) {
        return java.util.Map.of();
    }
}
