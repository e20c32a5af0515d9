package org.wargame.tracker.web;

/** Nothing exists under that id (HTTP 404). */
public class NotFound extends RuntimeException {
    public NotFound(String message) {
        super(message);
    }
}
