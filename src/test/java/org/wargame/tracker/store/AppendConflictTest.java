package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;

import java.sql.BatchUpdateException;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The events' batch insert reports a duplicate key as Axon's conflict (so the action is sent again), however the
 * driver wraps it: PostgreSQL's batch exception has no error code and the state of its cause on the next exception.
 */
class AppendConflictTest {

    @Test
    void a_duplicate_key_is_seen_through_a_batch_and_spring() {
        SQLException unique = new SQLException("duplicate key value violates unique constraint", "23505");
        BatchUpdateException batch = new BatchUpdateException("Batch entry 0 was aborted", null, 0, new int[0]);
        batch.setNextException(unique);
        assertThat(StreamOrderedStorageEngine.duplicateKey(new DataIntegrityViolationException("insert", batch)))
                .isTrue();
        assertThat(StreamOrderedStorageEngine.duplicateKey(new DuplicateKeyException("insert"))).isTrue();
        assertThat(StreamOrderedStorageEngine.duplicateKey(new DataIntegrityViolationException("insert",
                new SQLException("value too long", "22001")))).isFalse();
    }
}
