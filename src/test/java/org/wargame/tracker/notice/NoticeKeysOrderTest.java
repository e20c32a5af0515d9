package org.wargame.tracker.notice;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.store.Dialect;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances telling the same waiting items take their keys in one order: the other instance (here a connection
 * of the test) holds the first key in that order; this instance's fan-out, given the keys the other way round,
 * waits for it holding nothing, so the other instance takes the second key too and commits, and both end well.
 * Taken in the order given, the fan-out held the second key while waiting for the first, the other instance waited
 * for the second: PostgreSQL's "deadlock detected", found in CI's two-instance logs, and a whole batch redone.
 * PostgreSQL only (an H2 file has one tracker).
 */
class NoticeKeysOrderTest extends ApiTestSupport {

    @Autowired
    FanOut fanOut;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    DataSource dataSource;
    @Autowired
    TransactionTemplate transactions;

    @Test
    void two_instances_take_the_same_keys_in_one_order_and_neither_deadlocks() throws Exception {
        Assumptions.assumeTrue(Dialect.of(jdbc) == Dialect.POSTGRESQL, "two instances share PostgreSQL only");
        String scenario = UUID.randomUUID().toString();
        String first = "turn:" + scenario + ":1";
        String second = "turn:" + scenario + ":2";
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            insert(other, first); // the other instance, taking the keys in order, holds the first
            CompletableFuture<Set<String>> mine = CompletableFuture.supplyAsync(() -> transactions.execute(
                    status -> fanOut.takeKeys(List.of(second, first)))); // given the other way round
            waitUntilOneWaitsForAKey();
            insert(other, second); // without one order: waits for this instance, which waits for it
            other.commit();
            assertThat(mine.get(30, TimeUnit.SECONDS)).as("both taken by the other instance first").isEmpty();
        }
        assertThat(jdbc.queryForObject("select count(*) from notice_told where item_key in (?, ?)", Long.class,
                first, second)).isEqualTo(2);
    }

    private static void insert(Connection connection, String key) throws Exception {
        try (PreparedStatement timeout = connection.prepareStatement("set local statement_timeout = 20000");
             PreparedStatement insert = connection.prepareStatement(
                     "insert into notice_told (item_key, told_at) values (?, ?) on conflict do nothing")) {
            timeout.execute();
            insert.setString(1, key);
            insert.setTimestamp(2, Timestamp.from(Instant.now()));
            assertThat(insert.executeUpdate()).as("the other instance takes " + key).isEqualTo(1);
        }
    }

    /** Until a session of the tracker waits on a lock inside its insert of a key. */
    private void waitUntilOneWaitsForAKey() throws InterruptedException {
        long until = System.currentTimeMillis() + 20_000;
        while (jdbc.queryForObject("select count(*) from pg_stat_activity where wait_event_type = 'Lock' "
                + "and query like 'insert into notice_told%'", Long.class) == 0) {
            assertThat(System.currentTimeMillis()).as("the fan-out waits for the first key").isLessThan(until);
            Thread.sleep(20);
        }
    }
}
