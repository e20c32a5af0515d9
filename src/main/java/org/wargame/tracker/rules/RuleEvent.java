package org.wargame.tracker.rules;

/**
 * Something that happened at the table under a rule set's rules. Each rule set closes its own family with a sealed
 * interface extending this one. Records, named in the past tense, stored under a short stable name of their own
 * ({@link RuleSet#eventNames()}), never under the Java class name.
 */
public interface RuleEvent {

    /** The rule section that caused the event ("10.31", "12.4", "Hit location"), shown in the audit and export. */
    String section();
}
