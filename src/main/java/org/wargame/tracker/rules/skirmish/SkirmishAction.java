package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.RuleAction;

/** The skirmish rule set's actions. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public interface SkirmishAction extends RuleAction {
}
