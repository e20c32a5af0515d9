package org.wargame.tracker.campaign;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;

import java.util.List;
import java.util.Map;

/** Commands to the campaign aggregate. */
public sealed interface CampaignCommand {

    /**
     * {@code tables}: the campaign's charts the rule text does not print (null: none); {@code blindReferee}: the
     * referee sees of hidden information only what every side sees (null: false).
     */
    record CreateCampaign(@TargetAggregateIdentifier String campaignId, String name, String ruleSet, List<Side> sides,
                          String referee, String description, List<CounterDefinition> roster,
                          List<ScenarioPlan> plans, Map<String, Object> tables, String clock,
                          Integer disputePeriodDays, Boolean blindReferee)
            implements CampaignCommand {
        public CreateCampaign(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                              String description, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                              Map<String, Object> tables, String clock, Integer disputePeriodDays) {
            this(campaignId, name, ruleSet, sides, referee, description, roster, plans, tables, clock,
                    disputePeriodDays, null);
        }

        public CreateCampaign(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                              String description, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                              Map<String, Object> tables, String clock) {
            this(campaignId, name, ruleSet, sides, referee, description, roster, plans, tables, clock, null, null);
        }

        public CreateCampaign(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                              String description, List<CounterDefinition> roster, List<ScenarioPlan> plans) {
            this(campaignId, name, ruleSet, sides, referee, description, roster, plans, null, null, null, null);
        }

        public CreateCampaign(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                              String description, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                              Map<String, Object> tables) {
            this(campaignId, name, ruleSet, sides, referee, description, roster, plans, tables, null, null, null);
        }
    }

    /** {@code leftOut}: the plan's roster counters struck off in an earlier scenario, left out of this one. */
    record OpenScenario(@TargetAggregateIdentifier String campaignId, String scenarioId, String name,
                        List<String> counterIds, List<String> leftOut) implements CampaignCommand {
    }

    record RecordScenarioOutcome(@TargetAggregateIdentifier String campaignId, String scenarioId, String result,
                                 List<CounterOutcome> outcomes) implements CampaignCommand {
    }

    /**
     * A roll between scenarios for a roster counter (a Medical Treatment roll), taken with {@code dice} (the player's
     * entered rolls first, then the server's from the campaign's committed seed, {@code diceCommitment}).
     */
    record RollBetweenScenarios(@TargetAggregateIdentifier String campaignId, String counterId, String rolledBy,
                                org.wargame.tracker.rules.Dice dice, String diceCommitment) implements CampaignCommand {
    }

    /**
     * A referee's ruling on a concluded scenario changed what it hands back: {@code before}, every counter's end
     * state as handed back, {@code after}, as the scenario refolded with the ruling hands it back.
     */
    record ReviseHandBack(@TargetAggregateIdentifier String campaignId, String scenarioId, List<CounterOutcome> before,
                          List<CounterOutcome> after, String disputeId, String ruledBy, String ruling)
            implements CampaignCommand {
    }

    /** {@code counterIds}: every counter of the scenario (the campaign reopens those it handed back). */
    record ReopenScenario(@TargetAggregateIdentifier String campaignId, String scenarioId, List<String> counterIds,
                          String reopenedBy, String reason) implements CampaignCommand {
    }

    /** A note of table talk in the campaign, by {@code author} (a player of one of its sides, or the referee). */
    record WriteNote(@TargetAggregateIdentifier String campaignId, String noteId, String author, String text,
                     String scenarioId) implements CampaignCommand {
    }
}
