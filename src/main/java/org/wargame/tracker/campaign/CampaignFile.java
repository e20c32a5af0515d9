package org.wargame.tracker.campaign;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.List;
import java.util.Map;

/**
 * A campaign definition file (YAML, in {@code campaigns/}): see the README for the format. Unknown keys are refused,
 * so a misspelt key is an error instead of silently lost data. {@code tables}: charts the rule text refers to without
 * printing them (the skirmish Medical Treatment chart), validated by the campaign's rule set.
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record CampaignFile(String id, String name, String ruleSet, String description, String referee,
                           List<Side> sides, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                           Map<String, Object> tables) {
}
