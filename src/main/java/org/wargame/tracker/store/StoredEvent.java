package org.wargame.tracker.store;

/**
 * One row of {@code domain_event_entry} exactly as stored: the bytes of its payload and metadata as the serializer
 * wrote them, so that a hash over it is recomputable from the database alone (read by {@link EventTables}).
 */
public record StoredEvent(long globalIndex, String stream, long sequence, String eventIdentifier, String payloadType,
                          String payloadRevision, String timestamp, byte[] payload, byte[] metaData) {
}
