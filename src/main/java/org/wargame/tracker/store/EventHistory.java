package org.wargame.tracker.store;

import org.wargame.tracker.rules.RuleEvent;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads a stream (a campaign's or a scenario's) from the event store, in its one total order. */
@Component
public class EventHistory {

    private final EventStore eventStore;

    public EventHistory(EventStore eventStore) {
        this.eventStore = eventStore;
    }

    public List<RecordedEvent> stream(String aggregateId, long fromSequence) {
        List<RecordedEvent> events = new ArrayList<>();
        DomainEventStream stream = eventStore.readEvents(aggregateId, fromSequence);
        while (stream.hasNext()) {
            events.add(recorded(stream.next()));
        }
        return events;
    }

    /** The raw payloads, for folding into state (time travel, audits). */
    public List<DomainEventMessage<?>> messages(String aggregateId) {
        List<DomainEventMessage<?>> messages = new ArrayList<>();
        eventStore.readEvents(aggregateId, 0).forEachRemaining(messages::add); // from 0: never a snapshot
        return messages;
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
