package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.RuleAction;

/** The asl rule set's actions. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public interface AnimalPackAction extends RuleAction {
}
