package org.wargame.tracker.rules.skirmish;

/** One modifier to the hit location die, with the line of the text that gives it. */
public record HitLocationModifier(String reason, int value) {
}
