package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleState;

import java.util.List;

/** The asl rule set's state of a scenario (placeholder until the rule set's issue fills it in). */
@JsonTypeName("asl")
public record AnimalPackState(List<CounterDefinition> counters) implements RuleState {
}
