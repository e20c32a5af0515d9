package org.wargame.tracker.refusal;

/**
 * A refusal by a rule: the message always starts with the section that refused ("10.11: only a Good Order crew may
 * become Pack-TI"). {@code field}, when given, is the request field the rule refused (the crew, the target). A
 * refused action changes nothing.
 */
public final class RuleViolation extends Refusal {

    private final String section;
    private final String field;
    private final String reason;

    public RuleViolation(String section, String message) {
        this(section, null, message);
    }

    public RuleViolation(String section, String field, String message) {
        super(section + ": " + message);
        this.section = section;
        this.field = field;
        this.reason = message;
    }

    @Override
    public RuleViolation inWords(java.util.function.UnaryOperator<String> words) {
        return new RuleViolation(section, field, words.apply(reason));
    }

    public String section() {
        return section;
    }

    @Override
    public String field() {
        return field;
    }

    /** Refuses unless {@code condition} holds. */
    public static void require(boolean condition, String section, String message) {
        if (!condition) {
            throw new RuleViolation(section, message);
        }
    }
}
