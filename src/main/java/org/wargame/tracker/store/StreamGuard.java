package org.wargame.tracker.store;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.common.caching.Cache;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.MessageHandlerInterceptor;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AnnotationCommandTargetResolver;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.Conflict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks a stream before a command acts on it, so that no action is taken on a record that is not what was stored,
 * nor decided on a cached aggregate that another instance has moved on from.
 * <p>
 * Per command, one indexed read of the stream's head (its last event and that event's chain hash, and in the same
 * statement whether the stream is quarantined). When the head is
 * the one this instance last wrote or checked, nothing more is read. Otherwise (the first command on the stream since
 * this instance started, or another instance appended) the events after the last checked one are re-hashed against
 * the chain ({@link ChainHash}, from the hash last checked, or from the first event); a broken link refuses the
 * command with a 409 naming the event, and the stream stays refused in this instance. When someone else appended, the
 * cached aggregate is caught up with the events just checked ({@link CatchingUpCache}), or, if this instance did not
 * know the stream, evicted and loaded from the store: it never decides on a stale state. A full
 * {@code GET /api/history/verify} that finds a broken link refuses the stream too.
 * <p>
 * Before any read, on PostgreSQL, it takes the stream's transaction lock, so that of two instances acting on one
 * scenario the second waits and then decides on what the first stored; the lock, the head and, when another
 * instance appended, the events after the head this one last checked come in one round trip ({@link
 * EventTables#guard}).
 * <p>
 * A stream held in {@link Quarantine} (a rebuild could not fold it) is refused first, with the reason: read-only.
 * <p>
 * What it does not see: an event already checked being changed afterwards while this instance keeps running and no
 * one appends to the stream; the next start (or verify) finds it.
 */
@Component
// not registered here: Axon's auto-configuration puts every handler interceptor bean on the command bus (registered
// here too, it ran twice per command: two head reads, and on PostgreSQL two locks)
public class StreamGuard implements MessageHandlerInterceptor<CommandMessage<?>> {

    private final EventTables tables;
    private final EventChain chain;
    private final Quarantine quarantine;
    private final ObjectProvider<ChainVerification> verification;
    private final List<Cache> caches;
    private final CommandTargetResolver targets = AnnotationCommandTargetResolver.builder().build();
    /** Per stream, the head this instance last wrote or checked, or the broken link that refuses it. */
    /** Keyed actions being decided on this instance now: the same one sent twice at once is taken once. */
    private final Set<String> keyedInFlight = ConcurrentHashMap.newKeySet();
    private static final String KEYED = "tracker.keyed.";
    private final Map<String, Known> known = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
            return size() > 10_000 && eldest.getValue().broken() == null;
        }
    });

    public StreamGuard(EventTables tables, EventChain chain, Quarantine quarantine,
                       ObjectProvider<ChainVerification> verification,
                       @Qualifier("scenarioCache") Cache scenarioCache,
                       @Qualifier("campaignCache") Cache campaignCache) {
        this.tables = tables;
        this.chain = chain;
        this.quarantine = quarantine;
        this.verification = verification;
        this.caches = List.of(scenarioCache, campaignCache);
    }

    /** Head of a stream: sequence and chain hash of its last event ({@code broken}: the link that refuses it). */
    private record Known(long sequence, String hash, ChainVerification.Broken broken) {
    }

    /** The head a cached aggregate is to be caught up to, and the events checked on the way (null: too many). */
    record CatchUp(long head, List<EventTables.ChainedEvent> checked) {
    }

    /** At most this many checked events are handed to the cache; more are read again (a rare, long absence). */
    private static final int HANDED_OVER = 1_000;

    @Override
    public Object handle(UnitOfWork<? extends CommandMessage<?>> unitOfWork, InterceptorChain interceptorChain)
            throws Exception {
        String stream = target(unitOfWork.getMessage());
        if (stream != null) {
            // in the command's transaction (Axon's transaction interceptor runs first), before the aggregate is
            // loaded; on PostgreSQL it takes the stream's lock first: one writer per stream across instances
            CatchUp behind = check(stream);
            UnitOfWork<?> root = unitOfWork.root();
            if (behind != null) {
                CatchingUpCache.behind(root, stream, behind);
                List<EventTables.ChainedEvent> checked = behind.checked();
                EventTables.Link head = checked == null || checked.isEmpty() ? null
                        : checked.get(checked.size() - 1).link();
                if (head != null && head.sequence() == behind.head()) {
                    chain.checked(stream, head.sequence(), head.hash()); // the next link chains onto it unread
                }
            }
            if (Boolean.TRUE.equals(unitOfWork.getMessage().getMetaData().get(ActionKey.KEYED))) {
                notStoredYet(root, stream, (String) unitOfWork.getMessage().getMetaData().get(ActionMetaData.ACTION_ID));
            }
            root.afterCommit(u -> {
                EventChain.Receipt written = chain.written(stream);
                if (written != null) { // what this instance has just stored is as it left it
                    known.compute(stream, (s, k) -> k != null && k.broken() != null ? k
                            : new Known(written.sequence(), written.hash(), null));
                }
            });
            // rolled back (a conflict with another writer among the causes): what was cached of the stream may be
            // behind the store; Axon drops its entry too, this makes sure of it
            root.onRollback(u -> evict(stream));
        }
        return interceptorChain.proceed();
    }

    /**
     * A keyed action ({@link ActionKey}) already in the stream is not decided again. Looked for after the stream's
     * lock (another instance's copy has committed or waits) and while no other request of this instance holds the
     * same action (H2 has no lock across transactions; the second is refused until the first is done).
     */
    private void notStoredYet(UnitOfWork<?> root, String stream, String actionId) {
        String flight = stream + ' ' + actionId;
        if (root.getResource(KEYED + flight) != null) {
            return; // a second command of the same action
        }
        if (!keyedInFlight.add(flight)) {
            throw new Conflict("the same action (its Idempotency-Key) is being stored by another request at this "
                    + "moment; nothing of this one was stored. Ask for the scenario, or send it again in a moment");
        }
        root.resources().put(KEYED + flight, Boolean.TRUE);
        root.onCleanup(u -> keyedInFlight.remove(flight)); // after the commit: its events are there to be found
        long[] stored = tables.eventsOfAction(stream, actionId);
        if (stored != null) {
            throw new ActionKey.AlreadyStored(stream, actionId, stored[0], stored[1]);
        }
    }

    private String target(CommandMessage<?> command) {
        try {
            return targets.resolveTarget(command).getIdentifier();
        } catch (IllegalArgumentException e) {
            return null; // not addressed to an aggregate
        }
    }

    /**
     * Refuses the stream if its record does not match the chain; reads only what this instance has not seen. Returns
     * the head the cached aggregate is to be caught up to ({@link CatchingUpCache}) and the events checked, when
     * another instance appended after this one's last check; null when the cache, if it holds the aggregate, holds
     * it as the store has it.
     */
    CatchUp check(String stream) {
        // where the events another instance may have appended begin: after the head this instance last checked, or
        // after its own last write onto it (committed, or in a transaction still going, its after-commit not run)
        Known was = known.get(stream);
        EventChain.Receipt wrote = chain.written(stream);
        Long anchor = was == null || was.broken() != null ? null
                : wrote != null && wrote.sequence() > was.sequence() ? wrote.sequence() : was.sequence();
        // one read: the lock (PostgreSQL), the head, whether a rebuild holds the stream (a stream without events is
        // asked apart) and, on PostgreSQL, the events from the anchor when the head is past it
        EventTables.Guarded read = tables.guard(stream, anchor, HANDED_OVER + 2);
        EventTables.GuardedHead guarded = read.head();
        Quarantine.Held held = guarded == null || guarded.held() ? quarantine.of(stream) : null;
        if (held != null) {
            throw new Conflict("this record is read-only: the tracker cannot replay its event " + (held.sequence()
                    + 1) + " (" + held.reason() + "), so nothing may be added to it; the referee sees it on the "
                    + "console. Nothing was done");
        }
        Known before = known.get(stream);
        if (before != null && before.broken() != null) {
            throw refusal(stream, before.broken());
        }
        EventTables.Link stored = guarded == null ? null : guarded.link();
        if (stored == null) {
            if (before != null) {
                throw refuseNow(stream, new ChainVerification.Broken(stream, 0, null,
                        "the stream's events were deleted from the store"));
            }
            return null; // a new stream: nothing stored yet
        }
        Known head = new Known(stored.sequence(), stored.hash(), null);
        if (before != null && before.sequence() == head.sequence() && before.hash() != null
                && before.hash().equals(head.hash())) {
            return null; // as this instance left it
        }
        EventChain.Receipt mine = chain.written(stream);
        if (before != null && mine != null && mine.sequence() == head.sequence() && before.sequence() < mine.sequence()
                && head.hash().equals(mine.hash())) {
            // this instance's own last write, committed, its after-commit not yet run (the stream's lock is free
            // from the commit on), onto a stream it had checked: its aggregate is cached as it left it. Evicting
            // here made every command after a concurrent one on the same scenario load the aggregate again
            known.put(stream, head);
            return null;
        }
        // from the head this instance last checked (read again with the events after it: it must still be there,
        // with its hash), or, if it is gone or changed or this instance knew nothing, the whole stream
        List<EventTables.ChainedEvent> after = new ArrayList<>();
        Known checked = null;
        if (before != null && before.sequence() < head.sequence()) {
            // from the events read with the head, when they begin at a head this instance checked or wrote
            Known from = read.tail() == null ? null : anchor == before.sequence() ? before
                    : wrote != null && anchor == wrote.sequence() ? new Known(wrote.sequence(), wrote.hash(), null)
                    : null;
            checked = from == null ? null : verify(stream, from, after, read);
            if (checked == null) {
                after.clear();
                checked = verify(stream, before, after, null);
            }
        }
        boolean fromKnown = checked != null;
        if (checked == null) {
            checked = verify(stream, null, null, null);
        }
        if (checked.broken() != null) {
            confirm(stream); // refuses, unless the stream verifies whole in one snapshot (a race, not tampering)
            evict(stream);
            known.remove(stream); // whole after all: the next command checks it again
            return null;
        }
        known.put(stream, checked);
        if (fromKnown) { // someone else wrote after what this instance checked: catch the aggregate up
            return new CatchUp(checked.sequence(), after.size() <= HANDED_OVER ? after : null);
        }
        evict(stream); // this instance has just started (or lost track of the stream): load it from the store
        return null;
    }

    /**
     * Re-hashes the stream's events after {@code anchor} (the head this instance last checked, read first: null if
     * its chain entry is gone or has another hash), or from the first event when there is no anchor; those that
     * check out are added to {@code keep} (up to one more than {@value #HANDED_OVER}) when it is given. The events
     * are {@code read}'s when given (read with the head from this anchor), else read now.
     */
    private Known verify(String stream, Known anchor, List<EventTables.ChainedEvent> keep,
                         EventTables.Guarded read) {
        String[] last = {anchor == null ? ChainHash.GENESIS : anchor.hash()};
        long[] expected = {anchor == null ? 0 : anchor.sequence()};
        boolean[] anchored = {anchor == null};
        boolean[] lost = {false};
        ChainVerification.Broken[] broken = {null};
        java.util.function.Consumer<EventTables.ChainedEvent> each = row -> {
            if (broken[0] != null || lost[0]) {
                return;
            }
            StoredEvent event = row.event();
            String linkEvent = row.link() == null ? null : row.link().eventIdentifier();
            String linkPrevious = row.link() == null ? null : row.link().previousHash();
            String linkHash = row.link() == null ? null : row.link().hash();
            if (!anchored[0]) {
                anchored[0] = true;
                lost[0] = event.sequence() != expected[0] || !last[0].equals(linkHash);
                expected[0]++;
                return;
            }
            String reason = null;
            if (event.sequence() != expected[0]) {
                reason = "event " + expected[0] + " is missing from the store (an event was deleted)";
            } else if (linkHash == null) {
                reason = "no chain entry: the event was stored outside the tracker";
            } else if (!linkEvent.equals(event.eventIdentifier())) {
                reason = "the chain entry at " + stream + " #" + event.sequence() + " is for event " + linkEvent
                        + ": the event's identity was changed";
            } else if (!linkPrevious.equals(last[0])) {
                reason = "the chain entry's previous hash does not match the event before it";
            } else if (!linkHash.equals(ChainHash.of(last[0], event))) {
                reason = "hash mismatch: the payload, metadata or timestamp differs from what was stored";
            }
            if (reason != null) {
                broken[0] = new ChainVerification.Broken(stream, event.sequence(), event.eventIdentifier(), reason);
                return;
            }
            last[0] = linkHash;
            expected[0]++;
            if (keep != null && keep.size() <= HANDED_OVER) {
                keep.add(row);
            }
        };
        Long chainEnd;
        if (read != null) {
            read.tail().forEach(each);
            chainEnd = read.chainEnd();
        } else {
            chainEnd = tables.tail(stream, expected[0], each);
        }
        if (lost[0] || !anchored[0]) {
            return null;
        }
        if (broken[0] == null && (chainEnd == null || chainEnd >= expected[0])) {
            // chain entries after the last event read whose event is gone (deleted at the end of the stream): the
            // chain's end was read with the events, in one statement, so an event and its chain entry stored
            // meanwhile by another writer are seen together; this one finds the first of them
            Long orphan = tables.firstOrphanLink(stream, expected[0]);
            if (orphan != null) {
                broken[0] = new ChainVerification.Broken(stream, orphan, null,
                        "the chain has this event but the store does not (an event was deleted)");
            }
        }
        return new Known(expected[0] - 1, last[0], broken[0]);
    }

    /**
     * The reads above are separate statements; before a stream is refused, it is verified whole in one snapshot of
     * the database ({@link ChainVerification}), which also records a broken link it finds.
     */
    private void confirm(String stream) {
        ChainVerification.Report report = verification.getObject().streams(List.of(stream));
        if (!report.ok()) {
            throw refuseNow(stream, report.firstBroken());
        }
    }

    private Conflict refuseNow(String stream, ChainVerification.Broken link) {
        known.put(stream, new Known(link.sequence(), null, link));
        evict(stream);
        return refusal(stream, link);
    }

    /**
     * A verify checked these streams and found these links broken: no new action on their streams in this
     * instance; a stream refused before that now checks out (its events were put back) is checked again at its
     * next command.
     */
    public void verified(Collection<String> streams, List<ChainVerification.Broken> links) {
        Map<String, ChainVerification.Broken> first = new HashMap<>();
        links.forEach(link -> first.putIfAbsent(link.stream(), link));
        java.util.Set<String> checked = new java.util.HashSet<>(streams);
        checked.addAll(first.keySet());
        for (String stream : checked) {
            ChainVerification.Broken link = first.get(stream);
            if (link != null) {
                known.put(stream, new Known(link.sequence(), null, link));
                evict(stream);
            } else {
                known.computeIfPresent(stream, (s, k) -> k.broken() != null ? null : k);
            }
        }
    }

    /** Forgets what this instance knew of the stream, as after a restart: the next command checks it whole. */
    void forget(String stream) {
        known.remove(stream);
    }

    private static Conflict refusal(String stream, ChainVerification.Broken link) {
        return new Conflict("the record of '" + stream + "' does not match its hash chain at event " + link.sequence()
                + (link.eventIdentifier() == null ? "" : " (" + link.eventIdentifier() + ")") + ": " + link.reason()
                + ". No new action is taken on it; the referee can see every broken link with GET /api/history/verify");
    }

    void evict(String stream) {
        caches.forEach(cache -> cache.remove(stream));
    }
}
