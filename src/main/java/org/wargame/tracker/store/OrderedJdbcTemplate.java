package org.wargame.tracker.store;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;

/**
 * The tracker's {@link JdbcTemplate}: before any statement it sends the writes its transaction holds
 * ({@link PendingWrites}), so that a read sees them and writes stay in their order. Every statement of the template
 * asks for its data source first; that is where they are sent.
 */
@Component
public class OrderedJdbcTemplate extends JdbcTemplate {

    private final PendingWrites pending;

    public OrderedJdbcTemplate(DataSource dataSource, PendingWrites pending) {
        super(dataSource);
        this.pending = pending;
    }

    @Override
    protected DataSource obtainDataSource() {
        pending.sendHeld();
        return super.obtainDataSource();
    }
}
