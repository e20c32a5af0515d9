package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Recomputes the hash chain from domain_event_entry and compares it with event_chain: a changed payload, metadata,
 * timestamp or identity, a deleted or inserted event, or an event without a chain entry is reported, the first one
 * (in global order) with its stream, sequence, identifier and the reason. Both tables are read in one read-only
 * transaction on one snapshot of the database (SNAPSHOT isolation on H2, REPEATABLE READ on PostgreSQL), so an
 * action stored while verify runs is either wholly in what it reads or not at all: never reported as tampering.
 */
@Component
public class ChainVerification {

    private final DataSource dataSource;
    private final EventTables tables;
    private final StreamGuard guard;

    public ChainVerification(DataSource dataSource, EventTables tables, StreamGuard guard) {
        this.dataSource = dataSource;
        this.tables = tables;
        this.guard = guard;
    }

    /**
     * A receipt checked against the chain: {@code ok} when the stream's event at that sequence is stored, its
     * chain entry has that hash, and the chain verifies up to it.
     */
    public record ReceiptCheck(EventChain.Receipt receipt, boolean ok, String reason) {
    }

    /** Each receipt a player kept, checked in one snapshot with a verification of the streams they name. */
    public List<ReceiptCheck> receipts(List<EventChain.Receipt> receipts) {
        return inSnapshot(snapshot -> {
            List<String> streams = receipts.stream().map(EventChain.Receipt::stream).distinct().toList();
            Report report = verify(snapshot, streams);
            List<ReceiptCheck> checks = new ArrayList<>();
            for (EventChain.Receipt receipt : receipts) {
                String hash = snapshot.linkHash(receipt.stream(), receipt.sequence());
                String reason = null;
                if (hash == null) {
                    reason = "the chain has no event " + receipt.sequence() + " in stream " + receipt.stream();
                } else if (!hash.equals(receipt.hash())) {
                    reason = "the chain's hash of that event differs from the receipt: the history was rewritten";
                } else if (report.firstBroken() != null && report.firstBroken().stream().equals(receipt.stream())
                        && report.firstBroken().sequence() <= receipt.sequence()) {
                    reason = "the chain is broken at event " + report.firstBroken().sequence() + ": "
                            + report.firstBroken().reason();
                }
                checks.add(new ReceiptCheck(receipt, reason == null, reason));
            }
            return checks;
        });
    }

    private <T> T inSnapshot(Function<EventTables, T> work) {
        Dialect dialect = tables.dialect();
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            int isolation = connection.getTransactionIsolation();
            try {
                connection.setAutoCommit(false);
                connection.setReadOnly(true);
                connection.setTransactionIsolation(dialect.snapshotIsolation());
                T result = work.apply(tables.on(new JdbcTemplate(new SingleConnectionDataSource(connection, true))));
                connection.commit();
                return result;
            } catch (RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setTransactionIsolation(isolation);
                connection.setReadOnly(false);
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("verify: the database could not be read", e);
        }
    }

    public record Broken(String stream, long sequence, String eventIdentifier, String reason) {
    }

    /** {@code heads}: the last hash of each stream checked; write them down to detect a rewritten chain later. */
    public record Report(boolean ok, long eventsChecked, int brokenCount, Broken firstBroken,
                         Map<String, String> heads) {
    }

    /** A broken link with where it sorts in the report: its event's global index (a chain row without one last). */
    private record Found(long order, Broken broken) {
    }

    /** Rows of a stream read per query from each table. */
    static final int BATCH = 1_000;

    /** Every stream in the store. */
    public Report all() {
        return inSnapshot(snapshot -> verify(snapshot, null));
    }

    /** Only these streams (a campaign's and its scenarios'). */
    public Report streams(List<String> streams) {
        return inSnapshot(snapshot -> verify(snapshot, streams));
    }

    /** One window of a stream: its chain rows and its events with {@code from <= sequence < from + BATCH}. */
    private record Window(String stream, boolean first, Map<Long, EventTables.Link> links, List<StoredEvent> events) {
    }

    /**
     * Each stream's events and chain rows read side by side in sequence order, {@value #BATCH} at a time from each
     * table (both by their (stream, sequence) index: no map of the whole chain, no sort), the streams one after
     * another; the broken links are reported in global order. The windows are read on a thread of their own, two
     * ahead of the hashing (the snapshot's connection used by that thread alone until it is done), so that the
     * read and the hashes take a core each.
     */
    private Report verify(EventTables snapshot, List<String> streams) {
        List<String> distinct = (streams == null ? snapshot.allStreams() : streams).stream().distinct().toList();
        Map<String, String> heads = new HashMap<>();
        List<Found> found = new ArrayList<>();
        long checked = 0;
        try (ReadAhead<Window> windows = ReadAhead.start("verify-read-ahead", 2, sink -> {
            for (String stream : distinct) {
                long end = snapshot.lastPlace(stream);
                for (long from = 0; from <= end; from += BATCH) {
                    sink.put(List.of(new Window(stream, from == 0, snapshot.links(stream, from, from + BATCH),
                            snapshot.events(stream, from, from + BATCH))));
                }
            }
        })) {
            StreamCheck stream = null;
            for (List<Window> next = windows.next(); !next.isEmpty(); next = windows.next()) {
                for (Window window : next) {
                    if (window.first()) {
                        if (stream != null) {
                            stream.end(heads);
                        }
                        stream = new StreamCheck(window.stream());
                    }
                    checked += stream.check(window, found);
                }
            }
            if (stream != null) {
                stream.end(heads);
            }
        }
        found.sort(java.util.Comparator.comparingLong(Found::order));
        List<Broken> broken = found.stream().map(Found::broken).toList();
        guard.verified(heads.keySet(), broken); // a stream found broken takes no new action in this instance
        return new Report(broken.isEmpty(), checked, broken.size(), broken.isEmpty() ? null : broken.get(0),
                Map.copyOf(heads));
    }

    /** One stream's chain, recomputed window by window; its last hash goes to the heads, its broken links found. */
    private static final class StreamCheck {
        private final String stream;
        private String previous;
        private long lastSequence = -1;

        StreamCheck(String stream) {
            this.stream = stream;
        }

        long check(Window window, List<Found> found) {
            Map<Long, EventTables.Link> links = window.links(); // this window's own map, read for this check
            long checked = 0;
            for (StoredEvent event : window.events()) {
                checked++;
                String expectedPrevious = previous == null ? ChainHash.GENESIS : previous;
                long expectedSequence = lastSequence + 1;
                EventTables.Link atPosition = links.remove(event.sequence());
                EventTables.Link link = atPosition != null
                        && atPosition.eventIdentifier().equals(event.eventIdentifier()) ? atPosition : null;
                String recomputed = ChainHash.of(expectedPrevious, event);
                String reason = null;
                if (event.sequence() != expectedSequence) {
                    reason = "sequence " + expectedSequence + " is missing from the store (an event was deleted)";
                } else if (atPosition == null) {
                    reason = "no chain entry: the event was stored outside the tracker";
                } else if (link == null) {
                    reason = "the chain entry at " + stream + " #" + event.sequence() + " is for event "
                            + atPosition.eventIdentifier() + ": the event's identity was changed";
                } else if (!link.previousHash().equals(expectedPrevious)) {
                    reason = "the chain entry's previous hash does not match the event before it";
                } else if (!link.hash().equals(recomputed)) {
                    reason = "hash mismatch: the payload, metadata or timestamp differs from what was stored";
                }
                if (reason != null) {
                    found.add(new Found(event.globalIndex(), new Broken(stream, event.sequence(),
                            event.eventIdentifier(), reason)));
                }
                // go on from the recorded hash, so that one changed event is reported once, not with all that follow
                previous = link != null ? link.hash() : recomputed;
                lastSequence = event.sequence();
            }
            for (EventTables.Link orphan : links.values()) {
                found.add(new Found(Long.MAX_VALUE, new Broken(stream, orphan.sequence(), orphan.eventIdentifier(),
                        "the chain has this event but the store does not (an event was deleted)")));
            }
            return checked;
        }

        void end(Map<String, String> heads) {
            if (previous != null) {
                heads.put(stream, previous);
            }
        }
    }
}
