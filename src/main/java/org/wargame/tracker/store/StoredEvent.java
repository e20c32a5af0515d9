package org.wargame.tracker.store;

import org.springframework.jdbc.core.RowMapper;

/**
 * One row of {@code domain_event_entry} exactly as stored: the bytes of its payload and metadata as the serializer
 * wrote them, so that a hash over it is recomputable from the database alone.
 */
public record StoredEvent(long globalIndex, String stream, long sequence, String eventIdentifier, String payloadType,
                          String payloadRevision, String timestamp, byte[] payload, byte[] metaData) {

    static final String SELECT = "select global_index, aggregate_identifier, sequence_number, event_identifier, "
            + "payload_type, payload_revision, time_stamp, payload, meta_data from domain_event_entry";

    public static final RowMapper<StoredEvent> ROWS = (rs, i) -> new StoredEvent(rs.getLong(1), rs.getString(2),
            rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getBytes(8),
            rs.getBytes(9));
}
