package org.wargame.tracker.refusal;

/** The account may not act for that side, or may not do this at all (HTTP 403). */
public final class NotYourSide extends Refusal {
    public NotYourSide(String message) {
        super(message);
    }

    @Override
    public NotYourSide inWords(java.util.function.UnaryOperator<String> words) {
        return new NotYourSide(words.apply(getMessage()));
    }
}
