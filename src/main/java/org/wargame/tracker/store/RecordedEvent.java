package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Map;

/**
 * A stored event as the API shows it: its place in its stream, its type, payload and metadata, and when; the game
 * clock at which it happened (from its metadata; null for a campaign's events and for events stored before the clock
 * was recorded) and the rule section that caused it (a rule event's; null for the core's).
 */
public record RecordedEvent(String stream, long sequence, String type, Instant timestamp, String account, String side,
                            String actionId, JsonNode payload, Map<String, Object> metaData, Clock clock,
                            String section) {

    /** Game Turn, Player Turn, phase and step at which an event happened. */
    public record Clock(int gameTurn, int playerTurn, String phase, String step) {

        /** The clock in an event's metadata, or null when it has none. */
        public static Clock of(Map<String, ?> meta) {
            Object turn = meta.get(ActionMetaData.GAME_TURN);
            Object playerTurn = meta.get(ActionMetaData.PLAYER_TURN);
            Object phase = meta.get(ActionMetaData.PHASE);
            if (!(turn instanceof Number t) || !(playerTurn instanceof Number p) || phase == null) {
                return null;
            }
            Object step = meta.get(ActionMetaData.STEP);
            return new Clock(t.intValue(), p.intValue(), phase.toString(), step == null ? null : step.toString());
        }
    }
}
