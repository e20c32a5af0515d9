package org.wargame.tracker.store;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.wargame.tracker.rules.RuleEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a stream (a campaign's or a scenario's) from the event store, in its one total order, batch by batch (see
 * {@link StreamOrderedStorageEngine}): a reader takes the range it shows and never holds the whole stream.
 */
@Component
public class EventHistory {

    private final EventStore eventStore;
    private final EventTables tables;
    private final ObjectProvider<EventStorageEngine> engine;

    public EventHistory(EventStore eventStore, EventTables tables, ObjectProvider<EventStorageEngine> engine) {
        this.eventStore = eventStore;
        this.tables = tables;
        this.engine = engine;
    }

    /** The events from {@code fromSequence} to the end, as the API shows them; for short tails (an action's). */
    public List<RecordedEvent> stream(String aggregateId, long fromSequence) {
        return range(aggregateId, fromSequence, Long.MAX_VALUE);
    }

    /** The events {@code from..to} (inclusive), as the API shows them. */
    public List<RecordedEvent> range(String aggregateId, long from, long to) {
        List<RecordedEvent> events = new ArrayList<>();
        forEach(aggregateId, from, to, message -> events.add(recorded(message)));
        return events;
    }

    /**
     * Hands each event {@code from..to} (inclusive; upcast, payload read on demand) to {@code each}, in order,
     * reading at most one batch past {@code to}; from 0 it is never a snapshot.
     */
    public void forEach(String aggregateId, long from, long to, Consumer<DomainEventMessage<?>> each) {
        if (to < from) {
            return;
        }
        DomainEventStream stream = eventStore.readEvents(aggregateId, Math.max(0, from));
        while (stream.hasNext()) {
            DomainEventMessage<?> message = stream.next();
            if (message.getSequenceNumber() > to) {
                return;
            }
            each.accept(message);
        }
    }

    /**
     * Some events of a stream by their sequences (a page's worth: one statement), as the API shows them, in their
     * order; a sequence the stream does not have is left out.
     */
    public List<RecordedEvent> at(String aggregateId, List<Long> sequences) {
        List<RecordedEvent> events = new ArrayList<>(sequences.size());
        if (engine.getIfAvailable() instanceof StreamOrderedStorageEngine ordered) {
            DomainEventStream read = ordered.read(tables.axonEvents(aggregateId, sequences));
            while (read.hasNext()) {
                events.add(recorded(read.next()));
            }
            return events;
        }
        java.util.Set<Long> wanted = new java.util.TreeSet<>(sequences);
        for (long sequence : wanted) { // another engine (none in the tracker): one by one
            forEach(aggregateId, sequence, sequence, message -> events.add(recorded(message)));
        }
        return events;
    }

    /** The events {@code from..to} (inclusive) as messages, for folding a bounded window. */
    public List<DomainEventMessage<?>> messages(String aggregateId, long from, long to) {
        List<DomainEventMessage<?>> messages = new ArrayList<>();
        forEach(aggregateId, from, to, messages::add);
        return messages;
    }

    /** The whole stream as messages: only for streams that stay short (a campaign's own). */
    public List<DomainEventMessage<?>> messages(String aggregateId) {
        return messages(aggregateId, 0, Long.MAX_VALUE);
    }

    /** The sequence number of the stream's last event, or null when there is none. */
    public Long lastSequence(String aggregateId) {
        return eventStore.lastSequenceNumberFor(aggregateId).orElse(null);
    }

    public static RecordedEvent recorded(DomainEventMessage<?> message) {
        Map<String, Object> meta = message.getMetaData();
        return new RecordedEvent(message.getAggregateIdentifier(), message.getSequenceNumber(),
                message.getPayloadType().getSimpleName(), message.getTimestamp(),
                (String) meta.get(ActionMetaData.ACCOUNT), (String) meta.get(ActionMetaData.SIDE),
                (String) meta.get(ActionMetaData.ACTION_ID),
                StoredJson.mapper().valueToTree(message.getPayload()), Map.copyOf(meta), RecordedEvent.Clock.of(meta),
                message.getPayload() instanceof RuleEvent rule ? rule.section() : null);
    }
}
