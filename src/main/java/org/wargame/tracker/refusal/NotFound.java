package org.wargame.tracker.refusal;

/** Nothing exists under that id (HTTP 404). */
public final class NotFound extends Refusal {
    public NotFound(String message) {
        super(message);
    }
}
