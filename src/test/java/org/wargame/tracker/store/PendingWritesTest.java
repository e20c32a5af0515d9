package org.wargame.tracker.store;

import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the held writes of a transaction promise (on PostgreSQL they wait for one round trip; on H2 they are written at
 * once, and the same laws hold): a read of the same transaction sees them, in their order; the update sent with them
 * answers its own count; a rollback stores none of them; a transaction of its own started inside does not carry
 * them; a duplicate key on a held event row is another writer's event (sent again by Commands), not a database
 * error.
 */
class PendingWritesTest extends ApiTestSupport {

    private static final String KIND = "pending-writes-test";
    private static final String INSERT = "insert into notice_item (id, kind, scenario_id, campaign_id, account, facts, "
            + "created_at, fanned_out) values (?, ?, ?, ?, ?, ?, ?, ?)";

    @Autowired
    PendingWrites writes;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    PlatformTransactionManager transactionManager;

    private final String scenario = "pending-" + UUID.randomUUID().toString().substring(0, 8);

    @AfterEach
    void removeRows() {
        jdbc.update("delete from notice_item where kind = ?", KIND);
    }

    private void hold(String account) {
        writes.write(INSERT, UUID.randomUUID().toString(), KIND, scenario, null, account, "{}",
                Timestamp.from(Instant.now()), false);
    }

    private List<String> stored() {
        return jdbc.queryForList("select account from notice_item where kind = ? and scenario_id = ? order by account",
                String.class, KIND, scenario);
    }

    @Test
    void a_read_in_the_same_transaction_sees_the_held_writes_and_the_update_answers_its_own_count() {
        new TransactionTemplate(transactionManager).executeWithoutResult(status -> {
            hold("a");
            hold("b");
            assertThat(stored()).as("read after two held rows, same transaction").containsExactly("a", "b");
            hold("c");
            int changed = writes.updateWith("update notice_item set fanned_out = ? where kind = ? and scenario_id = ?",
                    true, KIND, scenario);
            assertThat(changed).as("the update sent with the held row counts it too").isEqualTo(3);
            hold("d");
        });
        assertThat(stored()).containsExactly("a", "b", "c", "d");
        assertThat(jdbc.queryForObject("select count(*) from notice_item where kind = ? and scenario_id = ? and "
                + "fanned_out = ?", Long.class, KIND, scenario, false)).as("the row held after the update").isOne();
    }

    @Test
    void a_rollback_stores_none_and_an_inner_transaction_of_its_own_does_not_carry_them() {
        TransactionTemplate outer = new TransactionTemplate(transactionManager);
        TransactionTemplate own = new TransactionTemplate(transactionManager);
        own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        outer.executeWithoutResult(status -> {
            hold("outer");
            own.executeWithoutResult(inner -> hold("inner"));
            status.setRollbackOnly();
        });
        assertThat(stored()).as("the inner transaction committed its row only; the outer's rolled back")
                .containsExactly("inner");
    }

    @Test
    void a_duplicate_event_among_held_writes_is_another_writers_event() {
        StoredEvent event = new StoredEvent(0, scenario, 1, UUID.randomUUID().toString(), "TestEvent", null,
                "2026-12-04T12:00:00Z", "{}".getBytes(), "{}".getBytes());
        EventTables tables = new EventTables(jdbc, writes);
        assertThatThrownBy(() -> new TransactionTemplate(transactionManager).executeWithoutResult(status -> {
            tables.insertEvents(List.of(event), List.of("Scenario"));
            tables.insertEvents(List.of(new StoredEvent(0, scenario, 1, UUID.randomUUID().toString(), "TestEvent",
                    null, "2026-12-04T12:00:01Z", "{}".getBytes(), "{}".getBytes())), List.of("Scenario"));
            jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?", Long.class,
                    scenario);
        })).isInstanceOf(tables.dialect() == Dialect.POSTGRESQL ? ConcurrencyException.class
                : org.springframework.dao.DuplicateKeyException.class); // H2: at once, translated by the engine
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                Long.class, scenario)).as("nothing of the transaction stored").isZero();
    }

    @Test
    void a_held_update_expecting_one_row_that_finds_none_rolls_the_transaction_back() {
        boolean postgres = new EventTables(jdbc, writes).dialect() == Dialect.POSTGRESQL;
        RuntimeException conflict = new ConcurrencyException("the row is another's");
        boolean[] held = {false};
        org.assertj.core.api.ThrowableAssert.ThrowingCallable work = () -> new TransactionTemplate(transactionManager)
                .executeWithoutResult(status -> {
                    hold("before");
                    held[0] = writes.holdExpectingOne("update notice_item set fanned_out = ? where kind = ? and "
                            + "scenario_id = ? and account = ?", () -> conflict, true, KIND, scenario, "nobody");
                    hold("after");
                });
        if (postgres) {
            assertThatThrownBy(work).as("checked when sent, before the commit").isSameAs(conflict);
            assertThat(held[0]).isTrue();
            assertThat(stored()).as("nothing of the transaction stored").isEmpty();
        } else {
            org.assertj.core.api.Assertions.assertThatCode(work).doesNotThrowAnyException();
            assertThat(held[0]).as("H2 holds nothing: the caller runs the update itself").isFalse();
        }
        new TransactionTemplate(transactionManager).executeWithoutResult(status -> {
            hold("one");
            boolean sent = writes.holdExpectingOne("update notice_item set fanned_out = ? where kind = ? and "
                    + "scenario_id = ? and account = ?", () -> conflict, true, KIND, scenario, "one");
            assertThat(sent).isEqualTo(postgres);
        });
        assertThat(stored()).as("one row changed: committed").contains("one");
    }

    @Autowired
    Commands commands;

    @Test
    void an_action_on_a_scenario_whose_row_another_writer_changed_is_decided_again_on_the_row() {
        String campaign = importSample("hex-sample.yaml");
        String id = startPlan("referee", campaign, "first-clash");
        assertThat(advance("referee", id).status()).isEqualTo(200);
        long count = jdbc.queryForObject("select event_count from scenario_view where scenario_id = ?", Long.class,
                id);
        // another writer's row (as after another tracker's action): the count this tracker remembers is not there
        jdbc.update("update scenario_view set event_count = ? where scenario_id = ?", count + 1000, id);
        long retriedBefore = commands.retried();
        Response moved = advance("referee", id);
        assertThat(moved.status()).as(moved.raw()).isEqualTo(200);
        assertThat(jdbc.queryForObject("select event_count from scenario_view where scenario_id = ?", Long.class,
                id)).as("the row written again from the row read and the events: as many as stored")
                .isGreaterThan(count).isEqualTo(jdbc.queryForObject("select count(*) from domain_event_entry where "
                        + "aggregate_identifier = ?", Long.class, id));
        if (new EventTables(jdbc, writes).dialect() == Dialect.POSTGRESQL) {
            assertThat(commands.retried()).as("decided again after the held check failed").isGreaterThan(
                    retriedBefore);
        }
    }
}
