package org.wargame.tracker.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A database that has events but no chain at all predates the chain (migration V3): its events are chained once, at
 * this start, so new events can chain onto them. Only when the chain table is empty: a chain with gaps is never
 * patched, since patching would hide exactly what verify is there to show.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE) // before anything (a sample import) appends to an old stream
public class ChainSeal implements ApplicationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(ChainSeal.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    public ChainSeal(JdbcTemplate jdbc, TransactionTemplate transactions) {
        this.jdbc = jdbc;
        this.transactions = transactions;
    }

    @Override
    public void run(ApplicationArguments args) {
        Long chained = jdbc.queryForObject("select count(*) from event_chain", Long.class);
        if (chained != null && chained > 0) {
            return;
        }
        transactions.executeWithoutResult(status -> {
            Map<String, String> last = new HashMap<>();
            List<StoredEvent> events = jdbc.query(StoredEvent.SELECT + " order by global_index", StoredEvent.ROWS);
            for (StoredEvent event : events) {
                String previous = last.getOrDefault(event.stream(), ChainHash.GENESIS);
                String hash = ChainHash.of(previous, event);
                jdbc.update("insert into event_chain (event_identifier, aggregate_identifier, sequence_number, "
                                + "previous_hash, hash) values (?, ?, ?, ?, ?)", event.eventIdentifier(),
                        event.stream(), event.sequence(), previous, hash);
                last.put(event.stream(), hash);
            }
            if (!events.isEmpty()) {
                LOG.warn("event chain: sealed {} events stored before the chain existed", events.size());
            }
        });
    }
}
