package org.wargame.tracker.store;

import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.HandMadeEvents;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link EventFeed} hands a fold what Axon's read of the same rows gives (sequence, payload, side, action id): a row
 * an upcast applies to, rows it reads itself, metadata it leaves to Axon's read (a side that is a number or an
 * object), absent keys, batches of two; and a payload that cannot be read fails where Axon's read fails, after the
 * rows before it; read ahead on a thread of its own, the same.
 */
class EventFeedTest extends ApiTestSupport {

    private static final String ENLISTED = "{\"campaignId\":\"feed\",\"counter\":{\"id\":\"c0\",\"kind\":\"crew\","
            + "\"name\":\"c0\",\"side\":\"british\",\"nationality\":\"British\",\"data\":{},\"state\":{}}}";

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    EventTables tables;
    @Autowired
    EventHistory history;
    @Autowired
    Serializer serializer;
    @Autowired
    @Qualifier("familyUpcasters")
    EventUpcaster upcasters;
    @Autowired
    List<EventFamily> families;
    @Autowired
    EventNames names;

    @Test
    void a_fold_gets_from_the_feed_what_axons_read_gives_and_a_broken_payload_fails_at_its_place() {
        String stream = "feed-" + UUID.randomUUID();
        store(stream, 0, "scenario.DisputeUpheld", "{\"disputeId\":\"d1\",\"actionId\":\"a1\",\"referee\":"
                + "\"referee\",\"ruling\":\"the wall blocks the line\",\"rule\":\"A6.1\",\"correction\":null}",
                "{\"side\":\"axis\",\"actionId\":\"a0\"}");
        store(stream, 1, "campaign.CounterEnlisted", ENLISTED,
                "{\"traceId\":\"t1\",\"phase\":\"MPh\",\"actionId\":\"a1\",\"gameTurn\":2,\"side\":\"british\","
                        + "\"account\":\"alice\"}");
        store(stream, 2, "campaign.CounterEnlisted", ENLISTED, "{\"side\":7,\"account\":\"x\"}");
        store(stream, 3, "campaign.CounterEnlisted", ENLISTED, "{\"side\":{\"x\":1},\"actionId\":\"a3\"}");
        store(stream, 4, "campaign.CounterEnlisted", ENLISTED, "{}");
        store(stream, 5, "campaign.CounterEnlisted", "{not json", "{\"side\":\"axis\"}");
        try {
            EventFeed feed = new EventFeed(tables, serializer, List.of(upcasters), families, names, 2);
            List<EventFeed.Fed> axon = new ArrayList<>();
            history.forEach(stream, 0, 4, m -> axon.add(new EventFeed.Fed(m.getSequenceNumber(), m.getPayload(),
                    text(m.getMetaData().get(ActionMetaData.SIDE)), text(m.getMetaData().get(ActionMetaData.ACTION_ID)))));
            List<EventFeed.Fed> fed = new ArrayList<>();
            feed.forEach(stream, 0, 4, fed::add);

            assertThat(fed).isEqualTo(axon).hasSize(5);
            assertThat(fed.get(0).payload()).isInstanceOf(DisputeUpheld.class); // upcast to revision 1
            assertThat(((DisputeUpheld) fed.get(0).payload()).corrected()).isNull();
            assertThat(fed).extracting(EventFeed.Fed::side).containsExactly("axis", "british", "7", "{x=1}", null);
            assertThat(fed).extracting(EventFeed.Fed::actionId).containsExactly("a0", "a1", null, "a3", null);

            List<Long> before = new ArrayList<>();
            Throwable direct = org.assertj.core.api.Assertions.catchThrowable(() -> feed.forEach(stream, 0,
                    Long.MAX_VALUE, e -> before.add(e.sequence())));
            assertThat(direct).isInstanceOf(RuntimeException.class);
            assertThat(before).containsExactly(0L, 1L, 2L, 3L, 4L);

            // read ahead on a thread of its own (a rebuild's fold): the same events taken in pieces, then the same
            // failure, after every row before it
            List<EventFeed.Fed> ahead = new ArrayList<>();
            try (EventFeed.Ahead events = feed.ahead(stream)) {
                events.forEach(1, ahead::add);
                assertThat(ahead).extracting(EventFeed.Fed::sequence).containsExactly(0L, 1L);
                events.forEach(4, ahead::add);
                assertThat(ahead).isEqualTo(axon);
                assertThatThrownBy(() -> events.forEach(Long.MAX_VALUE, ahead::add))
                        .isInstanceOf(direct.getClass()).hasMessage(direct.getMessage());
                assertThat(ahead).hasSize(5);
            }
            assertThatThrownBy(() -> history.forEach(stream, 5, 5, m -> m.getPayload()))
                    .isInstanceOf(RuntimeException.class);
            // a range inside the stream, and one past its end
            List<Long> range = new ArrayList<>();
            feed.forEach(stream, 1, 3, e -> range.add(e.sequence()));
            assertThat(range).containsExactly(1L, 2L, 3L);
            feed.forEach(stream, 6, 9, e -> range.add(e.sequence()));
            assertThat(range).hasSize(3);
        } finally {
            // hand-made rows have no place in the hash chains other tests verify
            jdbc.update("delete from domain_event_entry where aggregate_identifier = ?", stream);
        }
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    private void store(String stream, long sequence, String type, String payload, String metaData) {
        HandMadeEvents.store(jdbc, stream, sequence, "Scenario", type, payload, metaData);
    }
}
