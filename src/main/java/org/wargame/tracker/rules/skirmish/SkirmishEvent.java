package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.RuleEvent;

/** The skirmish rule set's events. */
public interface SkirmishEvent extends RuleEvent {
}
