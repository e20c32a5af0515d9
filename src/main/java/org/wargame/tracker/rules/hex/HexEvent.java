package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.RuleEvent;

/** The hex rule set's events. */
public interface HexEvent extends RuleEvent {
}
