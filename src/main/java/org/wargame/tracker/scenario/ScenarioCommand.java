package org.wargame.tracker.scenario;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleAction;

import java.util.List;
import java.util.Map;

/**
 * Commands to the scenario aggregate: start it, take an action, advance its clock (concluding and
 * reopening: {@link ConclusionCommand}). A command that
 * changes a scenario in play may carry {@code expectedVersion}: the event count the client last saw; when the
 * scenario has moved on since, it is refused and changes nothing (null: the client does not ask).
 */
public sealed interface ScenarioCommand {

    String scenarioId();

    /**
     * {@code tables}: the campaign's charts the rule text does not print (null: none); {@code map}: the plan's map
     * (null: none), the counters already placed on it.
     */
    record StartScenario(@TargetAggregateIdentifier String scenarioId, String campaignId, String name,
                         String ruleSet, int turnLimit, List<Side> sides, List<CounterDefinition> counters,
                         String diceCommitment, Map<String, Object> tables,
                         org.wargame.tracker.rules.ScenarioMap map, List<String> hideable) implements ScenarioCommand {
        public StartScenario(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                             List<Side> sides, List<CounterDefinition> counters, String diceCommitment) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, diceCommitment, null, null);
        }

        public StartScenario(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                             List<Side> sides, List<CounterDefinition> counters, String diceCommitment,
                             Map<String, Object> tables, org.wargame.tracker.rules.ScenarioMap map) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, diceCommitment, tables, map,
                    null);
        }

        public StartScenario(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                             List<Side> sides, List<CounterDefinition> counters, String diceCommitment,
                             Map<String, Object> tables) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, diceCommitment, tables, null);
        }
    }

    /**
     * {@code seal}: the part of the request the rule set seals (its content kept beside the record, only the
     * commitment in it; null: none); {@code reveals}: the sealed choices the rules reveal with this action, their
     * contents and salts read from where they are kept (empty: none).
     */
    record TakeAction(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor, String type,
                      RuleAction action, Map<String, Object> request, List<EnteredRoll> dice,
                      Long expectedVersion, NewSeal seal, List<Opening> reveals)
            implements ScenarioCommand {

        public TakeAction {
            reveals = reveals == null ? List.of() : List.copyOf(reveals);
        }

        public TakeAction(String scenarioId, String actionId, Actor actor, String type, RuleAction action,
                          Map<String, Object> request, List<EnteredRoll> dice, Long expectedVersion) {
            this(scenarioId, actionId, actor, type, action, request, dice, expectedVersion, null, List.of());
        }

        public TakeAction(String scenarioId, String actionId, Actor actor, String type, RuleAction action,
                          Map<String, Object> request, List<EnteredRoll> dice) {
            this(scenarioId, actionId, actor, type, action, request, dice, null);
        }
    }

    /**
     * {@code anyPlayer}: the campaign lets any player move the clock for every side ({@code clock: any-player});
     * {@code confirm}: the kinds of what the request leaves behind knowingly ({@code unfired}, {@code decision},
     * {@code undo}).
     */
    record AdvanceClock(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor,
                        List<EnteredRoll> dice, Long expectedVersion, boolean anyPlayer, List<String> confirm)
            implements ScenarioCommand {

        public AdvanceClock {
            confirm = confirm == null ? List.of() : List.copyOf(confirm);
        }

        public AdvanceClock(String scenarioId, String actionId, Actor actor, List<EnteredRoll> dice) {
            this(scenarioId, actionId, actor, dice, null, false, null);
        }

        public AdvanceClock(String scenarioId, String actionId, Actor actor, List<EnteredRoll> dice,
                            Long expectedVersion) {
            this(scenarioId, actionId, actor, dice, expectedVersion, false, null);
        }
    }

    /**
     * "End my phase": the actor's sides that act in the current phase say they are done; the last one moves the
     * clock on (with {@code dice} and {@code confirm} as for an advance).
     */
    record EndPhase(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor,
                    List<EnteredRoll> dice, Long expectedVersion, List<String> confirm) implements ScenarioCommand {
        public EndPhase {
            confirm = confirm == null ? List.of() : List.copyOf(confirm);
        }
    }

    /** A note of table talk ({@code about}: the id of the action it is about; null: none). See {@link TableTalk}. */
    record WriteNote(@TargetAggregateIdentifier String scenarioId, String noteId, Actor actor, String text,
                     String about) implements ScenarioCommand {
    }

    /** A choice to seal: its id, what everybody reads about it, the commitment to its kept content. */
    record NewSeal(String sealId, String label, String commitment) {
    }

    /** A sealed choice to reveal with its content and salt as kept. */
    record Opening(String sealId, String content, String salt) {
    }

    /** {@code side} seals a choice (docs/history.md, Sealed choices). */
    record SealChoice(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor, String side,
                      NewSeal seal, Long expectedVersion) implements ScenarioCommand {
    }

    /**
     * A player of {@code counter}'s side sets it up hidden before the scenario's first action: its position sealed
     * ({@code seal}: the commitment to the position kept beside the record).
     */
    record HideCounter(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor, String counter,
                       NewSeal seal, Long expectedVersion) implements ScenarioCommand {
    }

    /** The sealing side's player or the referee reveals a sealed choice. */
    record RevealChoice(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor, Opening opening,
                        Long expectedVersion, List<Opening> with) implements ScenarioCommand {
        /** {@code with}: what the reveal of a hidden counter reveals too (what it did while hidden; empty: none). */
        public RevealChoice {
            with = with == null ? List.of() : List.copyOf(with);
        }

        public RevealChoice(String scenarioId, String actionId, Actor actor, Opening opening, Long expectedVersion) {
            this(scenarioId, actionId, actor, opening, expectedVersion, List.of());
        }
    }
}
