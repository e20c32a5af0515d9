package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleState;

import java.util.List;

/** The hex rule set's state of a scenario (placeholder until the rule set's issue fills it in). */
@JsonTypeName("hex")
public record HexState(List<CounterDefinition> counters) implements RuleState {
}
