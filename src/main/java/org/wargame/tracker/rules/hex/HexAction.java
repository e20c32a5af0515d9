package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.RuleAction;

/** The hex rule set's actions. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public interface HexAction extends RuleAction {
}
