package org.wargame.tracker.report;

/**
 * A decisive moment of a scenario: an elimination, a loss (Low Ammo, a malfunction, a wound), a recovery, a ruling,
 * an undo with the opponent's consent, the end. {@code kind} sorts them for the page's marks; {@code sequence} and
 * {@code gameTurn} place it in the audit; {@code undone}: it happened, but an undo or a ruling rolled it back.
 */
public record Moment(Kind kind, int gameTurn, String clock, String what, String who, long sequence,
                     boolean undone) {

    /** The kinds of moment a report tells. */
    public enum Kind { ELIMINATION, LOSS, RECOVERY, RULING, UNDO, END }

    /** The words of its kind, as the page marks it. */
    public String kindWords() {
        return switch (kind) {
            case ELIMINATION -> "Elimination";
            case LOSS -> "Loss";
            case RECOVERY -> "Recovery";
            case RULING -> "Ruling";
            case UNDO -> "Undo by consent";
            case END -> "End";
        };
    }
}
