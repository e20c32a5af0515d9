package org.wargame.tracker.refusal;

import java.util.List;

/**
 * Leaving the phase would lose something the players may not have meant to leave (designated shots not fired, a
 * decision the rules wait for, an open undo request): refused (HTTP 409) with the list, each under the word the
 * request repeats in {@code confirm} to leave it all the same.
 */
public final class LeftBehind extends Conflict {

    /** One thing left: its kind ({@code unfired}, {@code decision}, {@code undo}) and what it is, in words. */
    public record Left(String kind, String what) {
    }

    private final List<Left> left;

    public LeftBehind(String message, List<Left> left) {
        super("confirm", message);
        this.left = List.copyOf(left);
    }

    @Override
    public LeftBehind inWords(java.util.function.UnaryOperator<String> words) {
        return new LeftBehind(words.apply(getMessage().substring("confirm: ".length())), left.stream()
                .map(l -> new Left(l.kind(), words.apply(l.what()))).toList());
    }

    public List<Left> left() {
        return left;
    }
}
