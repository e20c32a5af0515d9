package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plan of one batch of a stream read (the SQL Hibernate makes of {@link StreamOrderedStorageEngine#BATCH}):
 * the unique index on (aggregate_identifier, sequence_number) bounds it on both sides and gives its order, so no
 * batch sorts the rest of the stream. H2 says "index sorted"; PostgreSQL, with sequential scans off (a small test
 * table would rather be scanned), shows an index scan and no Sort node.
 */
class StreamReadPlanTest extends ApiTestSupport {

    static final String BATCH_SQL = "select * from domain_event_entry where aggregate_identifier = 'x' "
            + "and sequence_number >= 100 and sequence_number < 600 "
            + "order by aggregate_identifier, sequence_number fetch first 500 rows only";

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TransactionTemplate transactions;

    @Test
    void a_batch_of_a_stream_read_is_an_index_range_in_index_order() {
        String database = jdbc.execute((org.springframework.jdbc.core.ConnectionCallback<String>) c ->
                c.getMetaData().getDatabaseProductName());
        if ("PostgreSQL".equalsIgnoreCase(database)) {
            List<String> plan = transactions.execute(s -> {
                jdbc.execute("set local enable_seqscan = off");
                return jdbc.queryForList("explain " + BATCH_SQL, String.class);
            });
            assertThat(String.join("\n", plan)).contains("Index Scan").doesNotContain("Sort");
        } else {
            String plan = jdbc.queryForObject("explain " + BATCH_SQL, String.class);
            assertThat(plan).contains("SEQUENCE_NUMBER < CAST(600 AS BIGINT)").contains("/* index sorted */");
            // Axon's own batch (a lower bound only, ordered by sequence alone) is not in index order on H2
            String axon = jdbc.queryForObject("explain select * from domain_event_entry where aggregate_identifier "
                    + "= 'x' and sequence_number >= 100 order by sequence_number fetch first 500 rows only",
                    String.class);
            assertThat(axon).doesNotContain("index sorted");
        }
    }

    @Test
    void the_storage_engine_batch_is_the_query_whose_plan_is_checked() {
        assertThat(StreamOrderedStorageEngine.BATCH)
                .contains("e.sequenceNumber >= :first AND e.sequenceNumber < :end")
                .contains("ORDER BY e.aggregateIdentifier ASC, e.sequenceNumber ASC");
    }
}
