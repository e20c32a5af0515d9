package org.wargame.tracker.rules;

/** An action the rules allow (or refuse, with the reason) for a counter at the clock's current position. */
public record ActionOption(String counterId, String action, String label, boolean allowed, String reason) {
}
