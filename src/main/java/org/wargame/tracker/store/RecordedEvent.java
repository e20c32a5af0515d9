package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.Map;

/** A stored event as the API shows it: its place in its stream, its type, payload and metadata, and when. */
public record RecordedEvent(String stream, long sequence, String type, Instant timestamp, String account, String side,
                            String actionId, JsonNode payload, Map<String, Object> metaData) {
}
