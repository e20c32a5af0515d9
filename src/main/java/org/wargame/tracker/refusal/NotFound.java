package org.wargame.tracker.refusal;

/** Nothing exists under that id (HTTP 404). */
public final class NotFound extends Refusal {
    public NotFound(String message) {
        super(message);
    }

    @Override
    public NotFound inWords(java.util.function.UnaryOperator<String> words) {
        return new NotFound(words.apply(getMessage()));
    }
}
