package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recomputes the hash chain from domain_event_entry and compares it with event_chain: a changed payload, metadata,
 * timestamp or identity, a deleted or inserted event, or an event without a chain entry is reported, the first one
 * (in global order) with its stream, sequence, identifier and the reason.
 */
@Component
public class ChainVerification {

    private final JdbcTemplate jdbc;

    public ChainVerification(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public record Broken(String stream, long sequence, String eventIdentifier, String reason) {
    }

    /** {@code heads}: the last hash of each stream checked; write them down to detect a rewritten chain later. */
    public record Report(boolean ok, long eventsChecked, int brokenCount, Broken firstBroken,
                         Map<String, String> heads) {
    }

    private record Link(String stream, long sequence, String previousHash, String hash) {
    }

    /** Every stream in the store. */
    public Report all() {
        return verify(null);
    }

    /** Only these streams (a campaign's and its scenarios'). */
    public Report streams(List<String> streams) {
        return verify(streams);
    }

    private Report verify(List<String> streams) {
        String where = "";
        Object[] args = new Object[0];
        if (streams != null) {
            if (streams.isEmpty()) {
                return new Report(true, 0, 0, null, Map.of());
            }
            where = " where aggregate_identifier in (" + String.join(", ", streams.stream().map(s -> "?").toList())
                    + ")";
            args = streams.toArray();
        }
        Map<String, Link> links = new HashMap<>();
        jdbc.query("select event_identifier, aggregate_identifier, sequence_number, previous_hash, hash "
                + "from event_chain" + where, rs -> {
            links.put(rs.getString(1), new Link(rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5)));
        }, args);

        Map<String, String> previous = new HashMap<>();
        Map<String, Long> lastSequence = new HashMap<>();
        List<Broken> broken = new ArrayList<>();
        long[] checked = {0};
        jdbc.query(StoredEvent.SELECT + where + " order by global_index", rs -> {
            StoredEvent event = StoredEvent.ROWS.mapRow(rs, 0);
            checked[0]++;
            String stream = event.stream();
            String expectedPrevious = previous.getOrDefault(stream, ChainHash.GENESIS);
            long expectedSequence = lastSequence.getOrDefault(stream, -1L) + 1;
            Link link = links.remove(event.eventIdentifier());
            String recomputed = ChainHash.of(expectedPrevious, event);
            String reason = null;
            if (event.sequence() != expectedSequence) {
                reason = "sequence " + expectedSequence + " is missing from the store (an event was deleted)";
            } else if (link == null) {
                reason = "no chain entry: the event was stored outside the tracker";
            } else if (link.sequence() != event.sequence() || !link.stream().equals(stream)) {
                reason = "the chain entry is for " + link.stream() + " #" + link.sequence()
                        + ": the event's identity was changed";
            } else if (!link.previousHash().equals(expectedPrevious)) {
                reason = "the chain entry's previous hash does not match the event before it";
            } else if (!link.hash().equals(recomputed)) {
                reason = "hash mismatch: the payload, metadata or timestamp differs from what was stored";
            }
            if (reason != null) {
                broken.add(new Broken(stream, event.sequence(), event.eventIdentifier(), reason));
            }
            // go on from the recorded hash, so that one changed event is reported once, not with all that follow it
            previous.put(stream, link != null ? link.hash() : recomputed);
            lastSequence.put(stream, event.sequence());
        }, args);
        for (Map.Entry<String, Link> orphan : links.entrySet()) {
            Link link = orphan.getValue();
            broken.add(new Broken(link.stream(), link.sequence(), orphan.getKey(),
                    "the chain has this event but the store does not (an event was deleted)"));
        }
        return new Report(broken.isEmpty(), checked[0], broken.size(), broken.isEmpty() ? null : broken.get(0),
                Map.copyOf(previous));
    }
}
