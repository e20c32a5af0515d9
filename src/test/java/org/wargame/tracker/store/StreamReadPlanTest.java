package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plans of a stream read ({@link EventTables#AXON_BATCH}, one batch) and of a stream's last sequence
 * number ({@link EventTables#LAST_SEQUENCE}): the unique index on (aggregate_identifier, sequence_number)
 * bounds the batch on both sides and gives its order, so no batch sorts the rest of the stream, and the last
 * sequence number is the end of that index, not a scan; some events by their places (a counter's page) are one lookup
 * of that index each, not a read of the stream. H2 says "index sorted"; PostgreSQL, with sequential scans
 * off (a small test table would rather be scanned) and bitmap scans off (which bound a batch too, then sort its
 * rows), shows index scans and no Sort node.
 */
class StreamReadPlanTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TransactionTemplate transactions;

    private static String batch() {
        return EventTables.AXON_BATCH.replaceFirst("\\?", "'x'").replaceFirst("\\?", "100")
                .replaceFirst("\\?", "600");
    }

    private static String places() {
        return EventTables.byPlaces(3).replaceFirst("\\?", "5").replaceFirst("\\?", "500").replaceFirst("\\?",
                "4000").replaceFirst("\\?", "'x'");
    }

    private static String last() {
        return EventTables.LAST_SEQUENCE.replaceFirst("\\?", "'x'");
    }

    @Test
    void a_batch_of_a_stream_read_is_an_index_range_in_index_order() {
        String database = jdbc.execute((org.springframework.jdbc.core.ConnectionCallback<String>) c ->
                c.getMetaData().getDatabaseProductName());
        if ("PostgreSQL".equalsIgnoreCase(database)) {
            for (String sql : List.of(batch(), last(), places())) {
                List<String> plan = transactions.execute(s -> {
                    jdbc.execute("set local enable_seqscan = off");
                    // a bitmap scan bounds the batch on both sides too, then sorts its few rows; whether the planner
                    // takes it over the index's order moves with a small test table's statistics (CI saw both):
                    // here the index is asked whether it gives the order
                    jdbc.execute("set local enable_bitmapscan = off");
                    return jdbc.queryForList("explain " + sql, String.class);
                });
                if (sql.equals(places())) { // a lookup each, the few rows sorted after
                    assertThat(String.join("\n", plan)).as(sql).contains("Index").doesNotContain("Seq Scan");
                } else {
                    assertThat(String.join("\n", plan)).as(sql).contains("Index").doesNotContain("Sort");
                }
            }
        } else {
            String plan = jdbc.queryForObject("explain " + batch(), String.class);
            assertThat(plan).contains("SEQUENCE_NUMBER < CAST(600 AS BIGINT)").contains("/* index sorted */");
            assertThat(jdbc.queryForObject("explain " + last(), String.class)).contains("/* index sorted */");
            // events by their places: one lookup of the (stream, sequence) index each, not a read of the stream
            assertThat(jdbc.queryForObject("explain " + places(), String.class))
                    .contains("SEQUENCE_NUMBER = V.S");
            // Axon's own batch (a lower bound only, ordered by sequence alone) is not in index order on H2
            String axon = jdbc.queryForObject("explain select * from domain_event_entry where aggregate_identifier "
                    + "= 'x' and sequence_number >= 100 order by sequence_number fetch first 500 rows only",
                    String.class);
            assertThat(axon).doesNotContain("index sorted");
        }
    }
}
