package org.wargame.tracker.store;

import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the hash chain: for every stored event, in the transaction that stores it, the hash of its row as stored
 * chained to the previous event of its stream. It hashes the row as the storage engine handed it over when writing it
 * ({@link #stored}: the very bytes, type and timestamp string of the insert), so it hashes exactly what verify later
 * reads without reading it back; a row it was not handed (an event stored some other way) is read from
 * domain_event_entry. Its own subscribing processing group, so a read-model rebuild never touches it; a failure fails
 * the action, so no event is ever stored unchained.
 */
@Component
@ProcessingGroup(EventChain.PROCESSING_GROUP)
public class EventChain {

    public static final String PROCESSING_GROUP = "event-chain";
    /** The rows stored in a unit of work, by event identifier (a resource of its root). */
    private static final String STORED = EventChain.class.getName() + ".stored";
    /** The links of a unit of work not inserted yet (a resource of its root): one batch when it commits. */
    private static final String PENDING = EventChain.class.getName() + ".pending";
    /** A unit of work that stores more events than this (a long replay) inserts its links in batches of this size. */
    private static final int FLUSH_EVERY = 1000;

    private final EventTables tables;
    /**
     * The last hash of recently written streams, used only when it is of the sequence just before (a unique key on
     * stream and sequence makes that the stored one); forgotten when its transaction rolls back.
     */
    private final Map<String, Head> heads = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Head> eldest) {
            return size() > 1024;
        }
    });

    public EventChain(EventTables tables) {
        this.tables = tables;
    }

    /** A row as the storage engine inserts it, in the unit of work that stores it (kept until it ends). */
    static void stored(StoredEvent row) {
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().root().<Map<String, StoredEvent>>getOrComputeResource(STORED,
                    key -> new HashMap<>()).put(row.eventIdentifier(), row);
        }
    }

    private StoredEvent row(String eventIdentifier) {
        if (CurrentUnitOfWork.isStarted()) {
            Map<String, StoredEvent> stored = CurrentUnitOfWork.get().root().getResource(STORED);
            StoredEvent row = stored == null ? null : stored.remove(eventIdentifier);
            if (row != null) {
                return row;
            }
        }
        return tables.event(eventIdentifier);
    }

    @EventHandler
    void on(Object payload, DomainEventMessage<?> message) {
        StoredEvent event = row(message.getIdentifier());
        if (event == null) {
            throw new IllegalStateException("event " + message.getIdentifier() + " is not in the event store");
        }
        String previous = ChainHash.GENESIS;
        Head cached = heads.get(event.stream());
        if (cached != null && cached.sequence() == event.sequence() - 1) {
            previous = cached.hash(); // the event before is ours, stored in this instance: no need to read it
        } else if (event.sequence() > 0) {
            flush(); // this unit of work's links so far, for the read below
            previous = tables.linkHash(event.stream(), event.sequence() - 1);
            if (previous == null) {
                // a stream begun before the chain existed (or one whose chain is broken): refuse rather than chain
                // onto nothing, which would make a later verify look fine
                throw new IllegalStateException("event chain: stream " + event.stream() + " has no hash for sequence "
                        + (event.sequence() - 1));
            }
        }
        String hash = ChainHash.of(previous, event);
        write(new EventTables.NewLink(event, previous, hash));
        heads.put(event.stream(), new Head(event.sequence(), hash));
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().onRollback(u -> heads.remove(event.stream()));
        }
    }

    private record Head(long sequence, String hash) {
    }

    /**
     * Inserts a link with the other links of its unit of work, in one batch just before the unit commits (after the
     * events: they are stored before any subscriber runs), or at once outside a unit of work.
     */
    private void write(EventTables.NewLink link) {
        UnitOfWork<?> root = CurrentUnitOfWork.isStarted() ? CurrentUnitOfWork.get().root() : null;
        if (root == null || root.phase().isAfter(UnitOfWork.Phase.PREPARE_COMMIT)) {
            tables.insertLinks(List.of(link));
            return;
        }
        List<EventTables.NewLink> pending = root.getOrComputeResource(PENDING, key -> {
            List<EventTables.NewLink> links = new ArrayList<>();
            root.onPrepareCommit(u -> flush(links));
            return links;
        });
        pending.add(link);
        if (pending.size() >= FLUSH_EVERY) {
            flush(pending);
        }
    }

    private void flush() {
        if (CurrentUnitOfWork.isStarted()) {
            List<EventTables.NewLink> pending = CurrentUnitOfWork.get().root().getResource(PENDING);
            if (pending != null) {
                flush(pending);
            }
        }
    }

    private void flush(List<EventTables.NewLink> links) {
        if (!links.isEmpty()) {
            tables.insertLinks(links);
            links.clear();
        }
    }

    /**
     * The stream's head as {@link StreamGuard} read and checked it in the store (another instance wrote it): the next
     * link chains onto it without reading it again. Never over a later head this instance holds.
     */
    void checked(String stream, long sequence, String hash) {
        heads.compute(stream, (s, held) -> held != null && held.sequence() >= sequence ? held
                : new Head(sequence, hash));
    }

    /** The head this instance last wrote for the stream (after its commit: what it stored), or null. */
    Receipt written(String stream) {
        Head head = heads.get(stream);
        return head == null ? null : new Receipt(stream, head.sequence(), head.hash());
    }

    /**
     * A receipt of a stream's head: its last event's sequence and chain hash. A player who keeps one can later ask
     * whether it is still on the chain ({@link ChainVerification#receipts}); a history rewritten consistently in
     * both tables no longer holds it.
     */
    public record Receipt(String stream, long sequence, String hash) {
    }

    /**
     * The receipt of a command's last event, at {@code sequence}: from the head this instance wrote when it is that
     * event (no read), else the stream's head as stored now.
     */
    public Receipt receipt(String stream, long sequence) {
        Receipt written = written(stream);
        return written != null && written.sequence() == sequence ? written : head(stream);
    }

    /** The stream's head as stored now (in the caller's transaction: after a command, its own last event). */
    public Receipt head(String stream) {
        EventTables.Link last = tables.lastLink(stream);
        return last == null ? null : new Receipt(stream, last.sequence(), last.hash());
    }
}
