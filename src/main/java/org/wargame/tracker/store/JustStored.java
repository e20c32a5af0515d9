package org.wargame.tracker.store;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events this thread's last commands stored, by action id, once their transaction committed: the answer to an
 * action is built from them instead of reading them back from the store (issue 24: an action at the cost of its
 * commit). A rolled-back unit of work leaves nothing here; each thread keeps its last {@value #KEPT} actions only,
 * and an answer that does not find all of its events reads them as before.
 */
public final class JustStored {

    private static final int KEPT = 16;

    private static final ThreadLocal<Map<String, List<DomainEventMessage<?>>>> BY_ACTION = ThreadLocal.withInitial(
            () -> new LinkedHashMap<>(KEPT, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, List<DomainEventMessage<?>>> eldest) {
                    return size() > KEPT;
                }
            });

    private JustStored() {
    }

    /** Appended to the store: kept for the answer once the unit of work commits (at once outside one). */
    static void appended(List<DomainEventMessage<?>> messages) {
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().root().afterCommit(u -> keep(messages));
        } else {
            keep(messages);
        }
    }

    private static void keep(List<DomainEventMessage<?>> messages) {
        Map<String, List<DomainEventMessage<?>>> byAction = BY_ACTION.get();
        for (DomainEventMessage<?> message : messages) {
            Object action = message.getMetaData().get(ActionMetaData.ACTION_ID);
            if (action instanceof String id) {
                byAction.computeIfAbsent(id, k -> new ArrayList<>()).add(message);
            }
        }
    }

    /**
     * The events of {@code actionId} in {@code stream} at positions {@code from} up to {@code to} (exclusive), as
     * the API shows them, when this thread stored every one of them; null otherwise (the caller reads them). Taken:
     * a second call finds nothing.
     */
    public static List<RecordedEvent> take(String actionId, String stream, long from, long to) {
        List<DomainEventMessage<?>> stored = BY_ACTION.get().remove(actionId);
        if (stored == null) {
            return null;
        }
        List<DomainEventMessage<?>> ours = new ArrayList<>(stored.stream()
                .filter(m -> stream.equals(m.getAggregateIdentifier()) && m.getSequenceNumber() >= from).toList());
        ours.sort(Comparator.comparingLong(DomainEventMessage::getSequenceNumber));
        if (ours.size() != to - from) {
            return null;
        }
        List<RecordedEvent> events = new ArrayList<>(ours.size());
        for (int i = 0; i < ours.size(); i++) {
            if (ours.get(i).getSequenceNumber() != from + i) {
                return null;
            }
            RecordedEvent e = EventHistory.recorded(ours.get(i));
            // the timestamp as the store keeps it (its column's text has milliseconds), so that the answer reads as
            // a later read does: the same instant as formatting and parsing it again, without the parse's cost
            events.add(new RecordedEvent(e.stream(), e.sequence(), e.type(),
                    e.timestamp().truncatedTo(java.time.temporal.ChronoUnit.MILLIS), e.account(),
                    e.side(), e.actionId(), e.payload(), e.metaData(), e.clock(), e.section()));
        }
        return events;
    }
}
