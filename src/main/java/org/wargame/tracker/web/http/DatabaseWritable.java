package org.wargame.tracker.web.http;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Readiness, part two: the database takes a write and commits it (a closed or read-only database, a full disk
 * answer DOWN; a plain "select 1" would still pass). One row is rewritten, at most once a second however often the
 * probe asks: the answer is reused meanwhile.
 */
@Component("databaseWritable")
public class DatabaseWritable implements HealthIndicator {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseWritable.class);
    static final Duration REUSE = Duration.ofSeconds(1);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final Clock clock = Clock.systemUTC();
    private volatile Health last;
    private volatile Instant checkedAt = Instant.MIN;

    public DatabaseWritable(DataSource dataSource, PlatformTransactionManager transactionManager) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.jdbc.setQueryTimeout(3);
        this.transactions = new TransactionTemplate(transactionManager);
        this.transactions.setTimeout(3);
    }

    @Override
    public Health health() {
        Instant now = clock.instant();
        Health known = last;
        if (known != null && now.isBefore(checkedAt.plus(REUSE))) {
            return known;
        }
        synchronized (this) {
            if (last != null && clock.instant().isBefore(checkedAt.plus(REUSE))) {
                return last;
            }
            last = write();
            checkedAt = clock.instant();
            return last;
        }
    }

    private Health write() {
        try {
            Integer rows = transactions.execute(status -> jdbc.update(
                    "update health_probe set written_at = ? where id = 1", Timestamp.from(clock.instant())));
            return rows != null && rows == 1 ? Health.up().build()
                    : Health.down().withDetail("database", "the probe row is missing").build();
        } catch (RuntimeException e) {
            LOG.warn("Readiness: the database does not take writes: {}", e.toString());
            return Health.down().withDetail("database", "does not take writes").build();
        }
    }
}
