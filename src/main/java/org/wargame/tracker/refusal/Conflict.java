package org.wargame.tracker.refusal;

/**
 * The request is well formed but the scenario or campaign is not in a state to take it now: it is concluded, the
 * undo was already asked for, or the client acted on a version that is no longer the latest (HTTP 409).
 * {@code field}, when given, is the request field the conflict is about.
 */
public non-sealed class Conflict extends Refusal {

    private final String field;
    private final String reason;

    public Conflict(String message) {
        this(null, message);
    }

    public Conflict(String field, String message) {
        super(field == null ? message : field + ": " + message);
        this.field = field;
        this.reason = message;
    }

    @Override
    public Conflict inWords(java.util.function.UnaryOperator<String> words) {
        return new Conflict(field, words.apply(reason));
    }

    @Override
    public String field() {
        return field;
    }
}
