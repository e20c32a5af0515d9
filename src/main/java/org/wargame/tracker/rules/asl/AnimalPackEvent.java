package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.RuleEvent;

/** The asl rule set's events. */
public interface AnimalPackEvent extends RuleEvent {
}
