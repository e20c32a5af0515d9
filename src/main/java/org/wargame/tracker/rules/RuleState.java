package org.wargame.tracker.rules;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The state a rule set keeps for one scenario (every counter it governs). Immutable; stored in snapshots and read
 * models, so each implementation names itself with {@code @JsonTypeName} (the rule set's id).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "ruleSet")
public interface RuleState {
}
