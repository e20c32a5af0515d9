package org.wargame.tracker.rules.hex;

import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;

/**
 * The rule set's refusals, typed: a rule's ({@link RuleViolation}: its section and the request field it is about), a
 * request field or a counter's data that is missing or wrong ({@link FieldRefused}), a counter out of play
 * ({@link Conflict}). The message is for a player: plain words, the section where one applies.
 */
final class Refuse {

    private Refuse() {
    }

    /** A rule's refusal under {@code section} unless {@code ok}; {@code field}: the request field, or null. */
    static void unless(boolean ok, String section, String field, String message) {
        if (!ok) {
            throw new RuleViolation(section, field, message);
        }
    }

    /** A request field that is missing or wrong, unless {@code ok}. */
    static void fieldUnless(boolean ok, String field, String reason) {
        if (!ok) {
            throw new FieldRefused(field, reason);
        }
    }

    /** Refuses a missing or blank request field; {@code what} says what it is for. */
    static void required(Object value, String field, String what) {
        if (value == null || value instanceof String s && s.isBlank()) {
            throw new FieldRefused(field, "missing (" + what + ")");
        }
    }

    static FieldRefused field(String field, String reason) {
        return new FieldRefused(field, reason);
    }

    /** A counter's data or state in the campaign file: {@code counters[ger-sq-1].data.apfp}. */
    static FieldRefused counter(String counterId, String key, String reason) {
        return new FieldRefused("counters[" + counterId + "]" + (key == null ? "" : "." + key), reason);
    }

    /** The counter named by {@code field} is eliminated: nothing it does is possible any more. */
    static Conflict eliminated(String field, String counterId) {
        return new Conflict(field, "'" + counterId + "' is eliminated and out of play");
    }
}
