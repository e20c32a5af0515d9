package org.wargame.tracker.rules;

/**
 * A refusal by a rule: the message always starts with the section that refused ("10.11: only a Good Order crew may
 * become Pack-TI"). A refused action changes nothing.
 */
public class RuleViolation extends RuntimeException {

    private final String section;

    public RuleViolation(String section, String message) {
        super(section + ": " + message);
        this.section = section;
    }

    public String section() {
        return section;
    }

    /** Refuses unless {@code condition} holds. */
    public static void require(boolean condition, String section, String message) {
        if (!condition) {
            throw new RuleViolation(section, message);
        }
    }
}
