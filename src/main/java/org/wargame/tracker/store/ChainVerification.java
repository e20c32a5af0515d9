package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Function;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recomputes the hash chain from domain_event_entry and compares it with event_chain: a changed payload, metadata,
 * timestamp or identity, a deleted or inserted event, or an event without a chain entry is reported, the first one
 * (in global order) with its stream, sequence, identifier and the reason. Both tables are read in one read-only
 * transaction on one snapshot of the database (SNAPSHOT isolation on H2, REPEATABLE READ on PostgreSQL), so an
 * action stored while verify runs is either wholly in what it reads or not at all: never reported as tampering.
 */
@Component
public class ChainVerification {

    /** H2's own JDBC isolation level for SNAPSHOT (org.h2.engine.Constants.TRANSACTION_SNAPSHOT). */
    private static final int H2_SNAPSHOT = 6;

    private final DataSource dataSource;

    public ChainVerification(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * A receipt checked against the chain: {@code ok} when the stream's event at that sequence is stored, its
     * chain entry has that hash, and the chain verifies up to it.
     */
    public record ReceiptCheck(EventChain.Receipt receipt, boolean ok, String reason) {
    }

    /** Each receipt a player kept, checked in one snapshot with a verification of the streams they name. */
    public List<ReceiptCheck> receipts(List<EventChain.Receipt> receipts) {
        return inSnapshot(jdbc -> {
            List<String> streams = receipts.stream().map(EventChain.Receipt::stream).distinct().toList();
            Report report = verify(jdbc, streams);
            List<ReceiptCheck> checks = new ArrayList<>();
            for (EventChain.Receipt receipt : receipts) {
                List<String> hashes = jdbc.queryForList("select hash from event_chain where aggregate_identifier = ? "
                        + "and sequence_number = ?", String.class, receipt.stream(), receipt.sequence());
                String reason = null;
                if (hashes.isEmpty()) {
                    reason = "the chain has no event " + receipt.sequence() + " in stream " + receipt.stream();
                } else if (!hashes.get(0).equals(receipt.hash())) {
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

    private <T> T inSnapshot(Function<JdbcTemplate, T> work) {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            int isolation = connection.getTransactionIsolation();
            boolean h2 = connection.getMetaData().getDatabaseProductName().toLowerCase().contains("h2");
            try {
                connection.setAutoCommit(false);
                connection.setReadOnly(true);
                connection.setTransactionIsolation(h2 ? H2_SNAPSHOT : Connection.TRANSACTION_REPEATABLE_READ);
                T result = work.apply(new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
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

    private record Link(String stream, long sequence, String previousHash, String hash) {
    }

    /** Every stream in the store. */
    public Report all() {
        return inSnapshot(jdbc -> verify(jdbc, null));
    }

    /** Only these streams (a campaign's and its scenarios'). */
    public Report streams(List<String> streams) {
        return inSnapshot(jdbc -> verify(jdbc, streams));
    }

    private Report verify(JdbcTemplate jdbc, List<String> streams) {
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
