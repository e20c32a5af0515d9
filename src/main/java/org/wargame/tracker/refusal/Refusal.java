package org.wargame.tracker.refusal;

/**
 * Why a request was refused, typed, so that one place maps each kind to its answer (an RFC 9457 problem, or a
 * message under the form field on a page) without reading the message text. A refused request changes nothing.
 * The message is in plain words for a player; a field's refusal starts with the field ("crew: ...") and a rule's
 * with its section ("10.11: ...").
 */
public abstract sealed class Refusal extends RuntimeException
        permits RuleViolation, FieldRefused, NotYourSide, NotFound, Conflict {

    protected Refusal(String message) {
        super(message);
    }

    /**
     * The same refusal with its words for players passed through {@code words} (ids written as names, say); its
     * kind, section and field stay as they are, so it maps to the same problem.
     */
    public abstract Refusal inWords(java.util.function.UnaryOperator<String> words);

    /** The request field the refusal is about, or null when it is about the request as a whole. */
    public String field() {
        return null;
    }
}
