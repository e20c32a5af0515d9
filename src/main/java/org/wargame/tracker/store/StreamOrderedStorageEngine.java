package org.wargame.tracker.store;

import org.axonframework.common.DateTimeUtils;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.EventStreamUtils;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.jpa.JpaEventStorageEngine;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.Serializer;
import org.springframework.dao.DuplicateKeyException;

import java.sql.SQLException;
import java.util.ArrayList;
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
 * <p>
 * It appends a unit of work's events with plain JDBC in one batch ({@link #appendEvents}), and hands each row to
 * {@link EventChain} as written (the same bytes, type and timestamp string), so that the chain hashes it without
 * reading it back.
 */
class StreamOrderedStorageEngine extends JpaEventStorageEngine {

    private final EventTables tables;
    private final TransactionManager transactionManager;

    StreamOrderedStorageEngine(Builder builder, EventTables tables, TransactionManager transactionManager) {
        super(builder);
        this.tables = tables;
        this.transactionManager = transactionManager;
    }

    @Override
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String aggregateIdentifier,
                                                                   long firstSequenceNumber, int batchSize) {
        return tables.axonBatch(aggregateIdentifier, firstSequenceNumber, firstSequenceNumber + batchSize);
    }

    /**
     * Events read by the tracker's own statement ({@link EventTables#tail}), upcast and deserialised as this engine's
     * read of the stream gives them.
     */
    DomainEventStream domainEvents(List<EventTables.ChainedEvent> rows) {
        return EventStreamUtils.upcastAndDeserializeDomainEvents(rows.stream().map(row -> {
            StoredEvent e = row.event();
            return new GenericDomainEventEntry<>(row.streamType(), e.stream(), e.sequence(), e.eventIdentifier(),
                    e.timestamp(), e.payloadType(), e.payloadRevision(), e.payload(), e.metaData());
        }), getEventSerializer(), upcasterChain);
    }

    /** Rows read by the tracker's own statement, upcast and deserialised as this engine's read gives them. */
    DomainEventStream read(List<? extends DomainEventData<?>> rows) {
        return EventStreamUtils.upcastAndDeserializeDomainEvents(rows.stream(), getEventSerializer(), upcasterChain);
    }

    /**
     * Stores a unit of work's events as Axon's JPA entity would (the same columns, bytes, type and timestamp
     * string), but with plain JDBC: their global indexes in one query and the rows in one batch, where Hibernate
     * took one sequence value and one insert per event. A duplicate key (another writer stored at the same place
     * first) is reported as Axon reports it.
     */
    @Override
    protected void appendEvents(List<? extends EventMessage<?>> events, Serializer serializer) {
        if (events.isEmpty()) {
            return;
        }
        transactionManager.executeInTransaction(() -> {
            List<StoredEvent> rows = new ArrayList<>(events.size());
            List<String> types = new ArrayList<>(events.size());
            for (EventMessage<?> event : events) {
                DomainEventMessage<?> message = asDomainEventMessage(event);
                SerializedObject<byte[]> payload = message.serializePayload(serializer, byte[].class);
                SerializedObject<byte[]> metaData = message.serializeMetaData(serializer, byte[].class);
                // the timestamp string as AbstractEventEntry formats it for its column
                rows.add(new StoredEvent(0, message.getAggregateIdentifier(), message.getSequenceNumber(),
                        message.getIdentifier(), payload.getType().getName(), payload.getType().getRevision(),
                        DateTimeUtils.formatInstant(message.getTimestamp()), payload.getData(), metaData.getData()));
                types.add(message.getType());
            }
            try {
                tables.insertEvents(rows, types);
            } catch (RuntimeException e) {
                if (duplicateKey(e)) {
                    throw duplicate(asDomainEventMessage(events.get(0)), e);
                }
                handlePersistenceException(e, events.get(0));
            }
            rows.forEach(EventChain::stored);
            List<DomainEventMessage<?>> messages = new ArrayList<>(events.size());
            events.forEach(event -> messages.add(asDomainEventMessage(event)));
            JustStored.appended(messages); // the answer to the action, once committed, without reading them back
        });
    }

    /** A unique key refused a row (SQLState 23505 on H2 and PostgreSQL alike, in a batch too). */
    static boolean duplicateKey(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DuplicateKeyException) {
                return true;
            }
            for (SQLException sql = t instanceof SQLException s ? s : null; sql != null; sql = sql.getNextException()) {
                if ("23505".equals(sql.getSQLState())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What Axon's own append throws for a duplicate key (AbstractEventStorageEngine), with its messages. */
    private static RuntimeException duplicate(DomainEventMessage<?> first, Exception e) {
        if (first.getSequenceNumber() == 0) {
            return new AggregateStreamCreationException(String.format("Cannot reuse aggregate identifier [%s] to "
                    + "create aggregate [%s] since identifiers need to be unique. , Original message: [%s]",
                    first.getAggregateIdentifier(), first.getType(), e.getMessage()), e);
        }
        return new ConcurrencyException(String.format("An event for aggregate [%s] at sequence [%d] was already "
                + "inserted. Original message: [%s]", first.getAggregateIdentifier(), first.getSequenceNumber(),
                e.getMessage()), e);
    }

    @Override
    public Optional<Long> lastSequenceNumberFor(String aggregateIdentifier) {
        return Optional.ofNullable(tables.lastSequence(aggregateIdentifier));
    }
}
