package org.wargame.tracker.store;

import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.eventstore.jpa.JpaEventStorageEngine;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

import java.util.List;
import java.util.Optional;

/**
 * Axon's JPA storage with a stream read that stays linear in the stream's length. Axon reads a stream in batches of
 * {@code where aggregate_identifier = ? and sequence_number >= ? order by sequence_number fetch first n}; H2 uses
 * the unique index on (aggregate_identifier, sequence_number) for the range but not for that order, so it sorts
 * every remaining event of the stream for every batch (quadratic: 467 ms for 16,000 events). Here each batch is
 * bounded on both sides ({@code sequence_number < first + n}) and ordered by both columns of the index, so the
 * index gives the order and a batch touches only its own rows, on H2 and PostgreSQL alike (plans checked in
 * StreamReadPlanTest). Sequence numbers of a stream have no gaps, so a batch shorter than n is the last one, as
 * Axon assumes. The batch is read with plain JDBC (the bytes of payload and metadata as they are), in the
 * transaction of the caller if there is one: Hibernate's entity read copied every blob through a stream.
 */
class StreamOrderedStorageEngine extends JpaEventStorageEngine {

    /** One batch of a stream: the events with {@code first <= sequence < end}, in stream order. */
    static final String BATCH = "select type, aggregate_identifier, sequence_number, event_identifier, time_stamp, "
            + "payload_type, payload_revision, payload, meta_data from domain_event_entry "
            + "where aggregate_identifier = ? and sequence_number >= ? and sequence_number < ? "
            + "order by aggregate_identifier, sequence_number";
    /** The last sequence number of a stream: the end of the same index, read backwards. */
    static final String LAST = "select sequence_number from domain_event_entry where aggregate_identifier = ? "
            + "order by aggregate_identifier desc, sequence_number desc fetch first 1 rows only";

    private static final RowMapper<DomainEventData<?>> ROWS = (rs, i) -> new GenericDomainEventEntry<>(
            rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6),
            rs.getString(7), rs.getBytes(8), rs.getBytes(9));

    private final JdbcTemplate jdbc;

    StreamOrderedStorageEngine(Builder builder, JdbcTemplate jdbc) {
        super(builder);
        this.jdbc = jdbc;
    }

    @Override
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String aggregateIdentifier,
                                                                   long firstSequenceNumber, int batchSize) {
        return jdbc.query(BATCH, ROWS, aggregateIdentifier, firstSequenceNumber, firstSequenceNumber + batchSize);
    }

    @Override
    public Optional<Long> lastSequenceNumberFor(String aggregateIdentifier) {
        List<Long> last = jdbc.queryForList(LAST, Long.class, aggregateIdentifier);
        return last.isEmpty() ? Optional.empty() : Optional.of(last.get(0));
    }
}
