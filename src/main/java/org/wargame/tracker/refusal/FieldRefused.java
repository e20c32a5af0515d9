package org.wargame.tracker.refusal;

/** A request field (or a campaign file's key, by its path) that is missing, of the wrong type or out of range. */
public final class FieldRefused extends Refusal {

    private final String field;
    private final String reason;

    public FieldRefused(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    @Override
    public String field() {
        return field;
    }

    @Override
    public FieldRefused inWords(java.util.function.UnaryOperator<String> words) {
        return new FieldRefused(field, words.apply(reason));
    }

    /** The message without the field's name. */
    public String reason() {
        return reason;
    }

    /** The same refusal about a field inside {@code parent} ({@code plans[ex-1]}, {@code counters[0]}). */
    public FieldRefused under(String parent) {
        return new FieldRefused(field.startsWith("[") ? parent + field : parent + "." + field, reason);
    }

    /** Refuses unless {@code condition} holds. */
    public static void require(boolean condition, String field, String reason) {
        if (!condition) {
            throw new FieldRefused(field, reason);
        }
    }
}
