package org.wargame.tracker.rules;

/**
 * Something that happened at the table under a rule set's rules. Each rule set closes its own family with a sealed
 * interface extending this one. Records, named in the past tense.
 */
public interface RuleEvent {
}
