package org.wargame.tracker.store;

import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.eventsourcing.eventstore.jpa.JpaEventStorageEngine;

import java.util.List;

/**
 * Axon's JPA storage with a stream read that stays linear in the stream's length. Axon reads a stream in batches of
 * {@code where aggregate_identifier = ? and sequence_number >= ? order by sequence_number fetch first n}; H2 uses
 * the unique index on (aggregate_identifier, sequence_number) for the range but not for that order, so it sorts
 * every remaining event of the stream for every batch (quadratic: 467 ms for 16,000 events). Here each batch is
 * bounded on both sides ({@code sequence_number < first + n}) and ordered by both columns of the index, so the
 * index gives the order and a batch touches only its own rows, on H2 and PostgreSQL alike (plans checked in
 * StreamReadPlanTest). Sequence numbers of a stream have no gaps, so a batch shorter than n is the last one, as
 * Axon assumes.
 */
class StreamOrderedStorageEngine extends JpaEventStorageEngine {

    private final TransactionManager transactions;

    StreamOrderedStorageEngine(Builder builder, TransactionManager transactions) {
        super(builder);
        this.transactions = transactions;
    }

    /** The JPQL of one batch: the events of a stream with {@code first <= sequence < end}, in stream order. */
    static final String BATCH = "SELECT new org.axonframework.eventhandling.GenericDomainEventEntry("
            + "e.type, e.aggregateIdentifier, e.sequenceNumber, e.eventIdentifier, e.timeStamp, e.payloadType, "
            + "e.payloadRevision, e.payload, e.metaData) FROM DomainEventEntry e "
            + "WHERE e.aggregateIdentifier = :id AND e.sequenceNumber >= :first AND e.sequenceNumber < :end "
            + "ORDER BY e.aggregateIdentifier ASC, e.sequenceNumber ASC";

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected List<? extends DomainEventData<?>> fetchDomainEvents(String aggregateIdentifier,
                                                                   long firstSequenceNumber, int batchSize) {
        return transactions.fetchInTransaction(() -> (List<? extends DomainEventData<?>>) entityManager()
                .createQuery(BATCH, (Class) GenericDomainEventEntry.class)
                .setParameter("id", aggregateIdentifier)
                .setParameter("first", firstSequenceNumber)
                .setParameter("end", firstSequenceNumber + batchSize)
                .setMaxResults(batchSize)
                .getResultList());
    }
}
