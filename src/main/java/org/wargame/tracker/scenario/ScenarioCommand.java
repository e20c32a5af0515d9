package org.wargame.tracker.scenario;

import org.wargame.tracker.account.Actor;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleAction;

import java.util.List;
import java.util.Map;

/**
 * Commands to the scenario aggregate: start it, take an action, advance its clock, conclude it. A command that
 * changes a scenario in play may carry {@code expectedVersion}: the event count the client last saw; when the
 * scenario has moved on since, it is refused and changes nothing (null: the client does not ask).
 */
public sealed interface ScenarioCommand {

    String scenarioId();

    record StartScenario(@TargetAggregateIdentifier String scenarioId, String campaignId, String name,
                         String ruleSet, int turnLimit, List<Side> sides, List<CounterDefinition> counters,
                         String diceCommitment) implements ScenarioCommand {
    }

    record TakeAction(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor, String type,
                      RuleAction action, Map<String, Object> request, List<EnteredRoll> dice,
                      Long expectedVersion)
            implements ScenarioCommand {

        public TakeAction(String scenarioId, String actionId, Actor actor, String type, RuleAction action,
                          Map<String, Object> request, List<EnteredRoll> dice) {
            this(scenarioId, actionId, actor, type, action, request, dice, null);
        }
    }

    record AdvanceClock(@TargetAggregateIdentifier String scenarioId, String actionId, Actor actor,
                        List<EnteredRoll> dice, Long expectedVersion) implements ScenarioCommand {

        public AdvanceClock(String scenarioId, String actionId, Actor actor, List<EnteredRoll> dice) {
            this(scenarioId, actionId, actor, dice, null);
        }
    }

    record ConcludeScenario(@TargetAggregateIdentifier String scenarioId, Actor actor, String result,
                            Long expectedVersion) implements ScenarioCommand {

        public ConcludeScenario(String scenarioId, Actor actor, String result) {
            this(scenarioId, actor, result, null);
        }
    }
}
