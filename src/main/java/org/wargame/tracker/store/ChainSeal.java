package org.wargame.tracker.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
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

    private final EventTables tables;
    private final TransactionTemplate transactions;

    public ChainSeal(EventTables tables, TransactionTemplate transactions) {
        this.tables = tables;
        this.transactions = transactions;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (tables.linkCount() > 0) {
            return;
        }
        transactions.executeWithoutResult(status -> {
            Map<String, String> last = new HashMap<>();
            List<StoredEvent> events = tables.allEvents();
            for (StoredEvent event : events) {
                String previous = last.getOrDefault(event.stream(), ChainHash.GENESIS);
                String hash = ChainHash.of(previous, event);
                tables.insertLink(event, previous, hash);
                last.put(event.stream(), hash);
            }
            if (!events.isEmpty()) {
                LOG.warn("event chain: sealed {} events stored before the chain existed", events.size());
            }
        });
    }
}
