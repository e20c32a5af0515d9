package org.wargame.tracker.campaign;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * The text of a note of table talk (in a scenario or in a campaign): plain text, 1 to {@value #MAX} characters,
 * line breaks and tabs allowed, no other control characters. Kept as written (a page shows it as text, never as
 * markup).
 */
public final class NoteText {

    /** The longest note, in characters (Unicode code points). */
    public static final int MAX = 2_000;

    private NoteText() {
    }

    /** The text if it is a note's, else refused naming the field {@code text}. */
    public static String require(String text) {
        if (text == null || text.isBlank()) {
            throw new FieldRefused("text", "write what the note says (1 to " + MAX + " characters)");
        }
        int length = text.codePointCount(0, text.length());
        if (length > MAX) {
            throw new FieldRefused("text", "a note is at most " + MAX + " characters, this one is " + length);
        }
        if (text.codePoints().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\t' && c != '\r')) {
            throw new FieldRefused("text", "plain text only: no control characters but line breaks and tabs");
        }
        return text;
    }
}
