package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.eventhandling.DomainEventMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.RecordedEvent;
import org.wargame.tracker.store.StoredJson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a roster counter's history is: the places of the events of a campaign's streams (its own and every
 * scenario's) that name one of its roster's counters, kept in {@code counter_line} (migration V30), so that a
 * counter's page reads the lines it shows by their key, at any length of the campaign. The places are derived from
 * the events alone, which are never edited (undo and rulings append), and found when a counter's history is asked
 * for: each stream is read from where the last reading of it ended ({@code counter_line_mark}) to its head, nothing
 * on an action's path. An event names a counter when a text anywhere in its payload is the counter's id, as the
 * history always read it. The roster is read after the events, so that every counter an event read could add is on
 * it. Should the rows not be written (a read-only database), the history is read as before, from every event.
 */
@Component
public class CounterLines {

    private static final Logger LOG = LoggerFactory.getLogger(CounterLines.class);
    /** Events read per transaction of a stream's first reading: a long campaign is taken in steps. */
    static final int STEP = 2_000;
    private static final String KEY = "campaign_id = ? and counter_id = ?";
    private static final String ORDER = " order by at_micros, stream_rank, sequence_number";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final CampaignViews views;
    private final EventHistory history;
    private final EventTables tables;
    /**
     * One reading of a campaign at a time on this tracker (a lock each, kept: one per campaign); other trackers on
     * one database insert the same rows once.
     */
    private final Map<String, Object> reading = new ConcurrentHashMap<>();

    public CounterLines(JdbcTemplate jdbc, PlatformTransactionManager transactionManager, CampaignViews views,
                        EventHistory history, EventTables tables) {
        this.jdbc = jdbc;
        this.transactions = new TransactionTemplate(transactionManager);
        this.views = views;
        this.history = history;
        this.tables = tables;
    }

    /** One line's place: its stream and sequence. */
    private record Place(String stream, long sequence) {
    }

    /**
     * A part of a counter's history: how many lines it has in all, and the events of lines {@code from} (counted from
     * 0, oldest first) to {@code to} (exclusive).
     */
    public record Part(int total, int from, int to, List<RecordedEvent> events) {
    }

    /** The counter's whole history, oldest first. The caller has checked the counter is on the roster. */
    public List<RecordedEvent> all(String campaignId, String counterId) {
        return part(campaignId, counterId, null, Integer.MAX_VALUE).events();
    }

    /**
     * The {@code lines} lines of the counter's history that end with line {@code upTo} (counted from 1; null: the
     * latest), oldest first. The caller has checked the counter is on the roster.
     */
    public Part part(String campaignId, String counterId, Integer upTo, int lines) {
        if (!caughtUp(campaignId)) {
            List<RecordedEvent> all = scan(campaignId, counterId);
            int end = upTo == null ? all.size() : Math.min(upTo, all.size());
            int from = Math.max(0, end - lines);
            return new Part(all.size(), from, end, List.copyOf(all.subList(from, end)));
        }
        Integer total = jdbc.queryForObject("select count(*) from counter_line where " + KEY, Integer.class,
                campaignId, counterId);
        int count = total == null ? 0 : total;
        int end = upTo == null ? count : Math.min(upTo, count);
        int from = Math.max(0, end - lines);
        if (from >= end) {
            return new Part(count, from, end, List.of());
        }
        List<Place> places = jdbc.query("select stream_id, sequence_number from counter_line where " + KEY + ORDER
                        + " offset ? rows fetch next ? rows only", (rs, i) -> new Place(rs.getString(1), rs.getLong(2)),
                campaignId, counterId, from, end - from);
        Map<String, List<Long>> byStream = new LinkedHashMap<>();
        places.forEach(p -> byStream.computeIfAbsent(p.stream(), k -> new ArrayList<>()).add(p.sequence()));
        Map<Place, RecordedEvent> read = new HashMap<>();
        byStream.forEach((stream, sequences) -> {
            for (int k = 0; k < sequences.size(); k += 500) {
                history.at(stream, sequences.subList(k, Math.min(sequences.size(), k + 500)))
                        .forEach(e -> read.put(new Place(e.stream(), e.sequence()), e));
            }
        });
        List<RecordedEvent> events = new ArrayList<>(places.size());
        places.forEach(p -> {
            RecordedEvent e = read.get(p);
            if (e != null) {
                events.add(e);
            }
        });
        return new Part(count, from, end, events);
    }

    /**
     * Reads every stream of the campaign from where its last reading ended to its head and keeps the places of the
     * events that name a roster counter. False when they could not be kept (the history is then read from every
     * event).
     */
    boolean caughtUp(String campaignId) {
        Object lock = reading.computeIfAbsent(campaignId, k -> new Object());
        synchronized (lock) {
            try {
                List<String> streams = new ArrayList<>();
                streams.add(campaignId);
                views.state(campaignId).scenarios().forEach(s -> streams.add(s.scenarioId()));
                Map<String, Long> marks = new HashMap<>();
                jdbc.query("select stream_id, next_sequence from counter_line_mark where campaign_id = ?",
                        rs -> {
                            marks.put(rs.getString(1), rs.getLong(2));
                        }, campaignId);
                for (int rank = 0; rank < streams.size(); rank++) {
                    String stream = streams.get(rank);
                    Long head = tables.lastSequence(stream);
                    long next = marks.getOrDefault(stream, 0L);
                    while (head != null && next <= head) {
                        next = read(campaignId, rank, stream, next, Math.min(head, next + STEP - 1));
                    }
                }
                return true;
            } catch (RuntimeException e) {
                LOG.warn("counter histories of {}: their lines could not be kept ({}); read from every event",
                        campaignId, e.getMessage());
                return false;
            }
        }
    }

    /** Reads events {@code from..to} of one stream and keeps their lines and the new mark; the next sequence. */
    private long read(String campaignId, int rank, String stream, long from, long to) {
        List<Object[]> found = new ArrayList<>();
        List<Map.Entry<DomainEventMessage<?>, Set<String>>> texts = new ArrayList<>();
        history.forEach(stream, from, to, message -> texts.add(Map.entry(message, texts(
                StoredJson.mapper().valueToTree(message.getPayload())))));
        // the roster after the events: every counter they could add is on it
        Set<String> roster = views.state(campaignId).roster().keySet();
        long next = from;
        for (Map.Entry<DomainEventMessage<?>, Set<String>> t : texts) {
            DomainEventMessage<?> message = t.getKey();
            for (String text : t.getValue()) {
                if (roster.contains(text)) {
                    found.add(new Object[]{campaignId, text, micros(message.getTimestamp()), rank, stream,
                            message.getSequenceNumber()});
                }
            }
            next = message.getSequenceNumber() + 1;
        }
        long mark = next;
        if (mark == from) {
            return to + 1; // nothing there (a head read before it was removed): not marked, read again next time
        }
        transactions.executeWithoutResult(status -> {
            if (!found.isEmpty()) {
                jdbc.batchUpdate(tables.dialect().insertOnce("counter_line", "campaign_id, counter_id, at_micros, "
                        + "stream_rank, stream_id, sequence_number", "campaign_id, counter_id, at_micros, "
                        + "stream_rank, sequence_number"), found);
            }
            jdbc.update(tables.dialect().insertOnce("counter_line_mark", "stream_id, campaign_id, next_sequence",
                    "stream_id"), stream, campaignId, 0L);
            jdbc.update("update counter_line_mark set next_sequence = ? where stream_id = ? and next_sequence < ?",
                    mark, stream, mark);
        });
        return mark;
    }

    private static long micros(Instant at) {
        return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1_000);
    }

    /** Every text in a payload, at any depth (not the field names). */
    private static Set<String> texts(JsonNode node) {
        Set<String> texts = new HashSet<>();
        collect(node, texts);
        return texts;
    }

    private static void collect(JsonNode node, Set<String> texts) {
        if (node.isTextual()) {
            texts.add(node.asText());
            return;
        }
        for (JsonNode child : node) {
            collect(child, texts);
        }
    }

    /**
     * A counter's whole history read from every event of the campaign: what the kept lines must equal, and how it
     * was read before they were kept (the benchmark times both).
     */
    public List<RecordedEvent> scan(String campaignId, String counterId) {
        CampaignState state = views.state(campaignId);
        List<RecordedEvent> all = new ArrayList<>();
        java.util.function.Consumer<DomainEventMessage<?>> keep = message -> {
            RecordedEvent e = EventHistory.recorded(message);
            if (texts(e.payload()).contains(counterId)) {
                all.add(e);
            }
        };
        history.forEach(campaignId, 0, Long.MAX_VALUE, keep);
        for (CampaignState.ScenarioEntry scenario : state.scenarios()) {
            history.forEach(scenario.scenarioId(), 0, Long.MAX_VALUE, keep);
        }
        // stable: the campaign's events first, then each scenario's, as the kept lines' order for one microsecond
        return all.stream().sorted(java.util.Comparator.comparingLong(e -> micros(e.timestamp()))).toList();
    }
}
