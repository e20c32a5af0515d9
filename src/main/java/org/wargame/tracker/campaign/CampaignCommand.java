package org.wargame.tracker.campaign;

import org.axonframework.modelling.command.TargetAggregateIdentifier;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;

import java.util.List;

/** Commands to the campaign aggregate. */
public sealed interface CampaignCommand {

    record CreateCampaign(@TargetAggregateIdentifier String campaignId, String name, String ruleSet, List<Side> sides,
                          String referee, String description, List<CounterDefinition> roster,
                          List<ScenarioPlan> plans)
            implements CampaignCommand {
    }

    /** {@code leftOut}: the plan's roster counters struck off in an earlier scenario, left out of this one. */
    record OpenScenario(@TargetAggregateIdentifier String campaignId, String scenarioId, String name,
                        List<String> counterIds, List<String> leftOut) implements CampaignCommand {
    }

    record RecordScenarioOutcome(@TargetAggregateIdentifier String campaignId, String scenarioId, String result,
                                 List<CounterOutcome> outcomes) implements CampaignCommand {
    }
}
