package org.wargame.tracker.store;

import org.axonframework.common.caching.WeakReferenceCache;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.AggregateCacheEntry;
import org.axonframework.eventsourcing.EventSourcedAggregate;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.beans.factory.ObjectProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An aggregate cache that brings a cached aggregate up to the stream's head instead of dropping it.
 * <p>
 * When another instance has appended to a stream since this one last acted on it, {@link StreamGuard} checks the new
 * events against the chain and names, for this command only, the head it checked and the events it read
 * ({@link StreamGuard.CatchUp}). The cached aggregate is then given those events and nothing else, where loading it
 * again read its snapshot through JPA and every event after it. Of two instances taking turns on one scenario, that
 * reload was the hand-over's cost; the read model and the clock rows fold the same events ({@link #caughtUpWith}).
 * <p>
 * The cached aggregate is used only if the events from its version to the head are all there, in order; otherwise it
 * is dropped and Axon loads the aggregate from the store, as it does on a miss.
 */
public class CatchingUpCache extends WeakReferenceCache {

    private static final String HEAD = "tracker.checkedHead.";

    private final ObjectProvider<EventStore> events;
    private final ObjectProvider<EventStorageEngine> engine;
    private final AtomicLong caughtUp = new AtomicLong();
    private final AtomicLong readAgain = new AtomicLong();
    private final AtomicLong gone = new AtomicLong();

    CatchingUpCache(ObjectProvider<EventStore> events, ObjectProvider<EventStorageEngine> engine) {
        this.events = events;
        this.engine = engine;
    }

    /**
     * In this command's unit of work: the stream's head, checked by the guard, is past this instance's last write;
     * the events after the head this instance knew, as the guard read them (or null), catch the cached aggregate up
     * without being read again.
     */
    static void behind(UnitOfWork<?> unitOfWork, String stream, StreamGuard.CatchUp behind) {
        unitOfWork.root().resources().put(HEAD + stream, behind);
    }

    private static final String CAUGHT_UP = "tracker.caughtUpWith.";

    /**
     * In this unit of work: whether the guard found events of {@code stream} that another instance stored since
     * this one last checked it (whatever the cache then did with them).
     */
    public static boolean handedOver(String stream) {
        return CurrentUnitOfWork.isStarted() && CurrentUnitOfWork.get().root().getResource(HEAD + stream) != null;
    }

    /**
     * In this unit of work: the events another instance stored that a cached aggregate of {@code stream} was just
     * caught up with, in order (checked against the chain by the guard), or an empty list. A projection that last
     * wrote the stream's rows before them folds the same events onto what it holds, without reading its rows again.
     */
    public static List<DomainEventMessage<?>> caughtUpWith(String stream) {
        if (!CurrentUnitOfWork.isStarted()) {
            return List.of();
        }
        List<DomainEventMessage<?>> events = CurrentUnitOfWork.get().root().getResource(CAUGHT_UP + stream);
        return events == null ? List.of() : events;
    }

    /** How many times a cached aggregate was caught up instead of loaded again (for tests and the benchmark). */
    public long caughtUp() {
        return caughtUp.get();
    }

    /** Of those, how many read the events from the store, not having them from the guard. */
    public long readAgain() {
        return readAgain.get();
    }

    /**
     * How many times the guard named a head for an aggregate this cache no longer held: its weak reference was
     * cleared by a collection (or a rollback evicted it), and Axon loaded it from the store as on any miss.
     */
    public long gone() {
        return gone.get();
    }

    @Override
    public <K, V> V get(K key) {
        V value = super.get(key);
        if (!CurrentUnitOfWork.isStarted()) {
            return value;
        }
        Object resource = CurrentUnitOfWork.get().root().getResource(HEAD + key);
        if (!(resource instanceof StreamGuard.CatchUp behind)) {
            return value;
        }
        if (!(value instanceof AggregateCacheEntry<?> entry)) {
            gone.incrementAndGet();
            return value;
        }
        long to = behind.head();
        // held in memory, the entry gives back the aggregate it was made from (the arguments would only rebuild one
        // that had been serialised, which this cache never does)
        EventSourcedAggregate<?> aggregate = entry.recreateAggregate(null, null, null, null);
        long version = aggregate.version() == null ? -1 : aggregate.version();
        if (version == to) {
            return value;
        }
        List<DomainEventMessage<?>> missed = version < to ? missed(key.toString(), version + 1, to, behind.checked())
                : null;
        if (missed == null) {
            remove(key); // ahead of the store, or the events are not all there: Axon loads it from the store
            return null;
        }
        aggregate.initializeState(DomainEventStream.of(missed.stream(), () -> to));
        CurrentUnitOfWork.get().root().resources().put(CAUGHT_UP + key, List.copyOf(missed));
        caughtUp.incrementAndGet();
        return value;
    }

    /**
     * The events {@code from..to}, or null if any is missing (the guard checked them: that would be a race): those
     * the guard read when they are these, else read from the store.
     */
    private List<DomainEventMessage<?>> missed(String stream, long from, long to,
                                               List<EventTables.ChainedEvent> checked) {
        List<DomainEventMessage<?>> missed = new ArrayList<>((int) Math.min(to - from + 1, 1024));
        // the guard's events may begin before the aggregate's next one (it read from the head it knew, which can be
        // behind this instance's own last write): those it already holds are passed over
        long first = checked == null || checked.isEmpty() ? -1 : checked.get(0).event().sequence();
        if (first >= 0 && first < from && from - first < checked.size()) {
            checked = checked.subList((int) (from - first), checked.size());
            first = from;
        }
        boolean given = first == from && engine.getObject() instanceof StreamOrderedStorageEngine;
        if (!given) {
            readAgain.incrementAndGet();
        }
        DomainEventStream read = given ? ((StreamOrderedStorageEngine) engine.getObject()).domainEvents(checked)
                : events.getObject().readEvents(stream, from);
        long expected = from;
        while (read.hasNext() && expected <= to) {
            DomainEventMessage<?> event = read.next();
            if (event.getSequenceNumber() != expected) {
                return null;
            }
            missed.add(event);
            expected++;
        }
        return expected == to + 1 ? missed : null;
    }
}
