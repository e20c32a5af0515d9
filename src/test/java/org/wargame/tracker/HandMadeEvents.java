package org.wargame.tracker;

import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * Event rows written by hand, as an older version or a damaged store would hold them, for tests of how they are read.
 * They carry no chain link: a test deletes its stream after, since other tests verify every chain.
 */
public final class HandMadeEvents {

    private HandMadeEvents() {
    }

    /** One row of {@code stream} at {@code sequence}, stored without a revision under the type name {@code type}. */
    public static void store(JdbcTemplate jdbc, String stream, long sequence, String streamType, String type,
                             String payload, String metaData) {
        boolean postgres = Boolean.TRUE.equals(jdbc.execute((java.sql.Connection c) ->
                c.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres")));
        Long index = jdbc.queryForObject(postgres ? "select nextval('domain_event_entry_seq')"
                : "select next value for domain_event_entry_seq", Long.class);
        jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                        + "event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, payload) "
                        + "values (?, ?, ?, ?, null, ?, ?, ?, ?, ?)", index, sequence, stream,
                UUID.randomUUID().toString(), type, Instant.now().toString(), streamType,
                metaData.getBytes(StandardCharsets.UTF_8), payload.getBytes(StandardCharsets.UTF_8));
    }
}
