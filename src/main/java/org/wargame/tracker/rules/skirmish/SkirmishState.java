package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleState;

import java.util.List;

/** The skirmish rule set's state of a scenario (placeholder until the rule set's issue fills it in). */
@JsonTypeName("skirmish")
public record SkirmishState(List<CounterDefinition> counters) implements RuleState {
}
