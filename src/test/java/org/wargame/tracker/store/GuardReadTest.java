package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the guard reads first ({@link EventTables#guard}) is what its separate statements read: the head as
 * {@link EventTables#guardedHead}, and on PostgreSQL, from an anchor behind the head, the events as
 * {@link EventTables#tail} reads them with the chain's end, or nothing when there are more than asked (the guard
 * then reads them itself). On H2 the head alone.
 */
class GuardReadTest extends ApiTestSupport {

    @Autowired
    EventTables tables;
    @Autowired
    PlatformTransactionManager transactionManager;

    private EventTables.Guarded guard(String stream, Long anchor, int most) {
        return new TransactionTemplate(transactionManager).execute(status -> tables.guard(stream, anchor, most));
    }

    @Test
    void the_head_and_the_tail_from_an_anchor_are_those_of_the_separate_reads() {
        String campaign = importSample("hex-sample.yaml");
        String scenario = startPlan("referee", campaign, "first-clash");
        for (int i = 0; i < 6; i++) {
            assertThat(advance("referee", scenario).status()).isEqualTo(200);
        }
        EventTables.GuardedHead head = tables.guardedHead(scenario);
        long last = head.link().sequence();
        assertThat(last).as("events of the scenario").isGreaterThanOrEqualTo(6);
        boolean postgres = tables.dialect() == Dialect.POSTGRESQL;

        EventTables.Guarded atHead = guard(scenario, last, 100);
        assertThat(atHead.head()).isEqualTo(head);
        assertThat(atHead.tail()).as("nothing after the head").isNull();

        EventTables.Guarded behind = guard(scenario, last - 3, 100);
        assertThat(behind.head()).isEqualTo(head);
        if (postgres) {
            List<EventTables.ChainedEvent> separate = new ArrayList<>();
            Long chainEnd = tables.tail(scenario, last - 3, separate::add);
            assertThat(behind.tail()).as("the events from the anchor, with their links").hasSize(4)
                    .usingRecursiveFieldByFieldElementComparator().containsExactlyElementsOf(separate);
            assertThat(behind.chainEnd()).isEqualTo(chainEnd).isEqualTo(last);
            assertThat(guard(scenario, last - 3, 4).tail()).as("as many as asked for: read apart").isNull();
            assertThat(guard(scenario, last - 3, 5).tail()).hasSize(4);
        } else {
            assertThat(behind.tail()).as("H2: one instance, the head alone").isNull();
        }

        assertThat(guard(scenario + "-none", null, 100).head()).as("a stream without events").isNull();
    }
}
