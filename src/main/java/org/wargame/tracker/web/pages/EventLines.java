package org.wargame.tracker.web.pages;

import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.RecordedEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Stored events as the pages list them: each an {@link EventLine} in names, an action named by its number (the
 * sequence of its first event, "#54"), never by its id, and an action replayed after an undo or under a ruling
 * credited to the player who took it ("bruno, replayed under the ruling on #54"), not to the referee who ruled.
 */
final class EventLines {

    private EventLines() {
    }

    /**
     * {@code events} in words; {@code whole} reads the stream from its start, asked only when an event names an
     * action that is not among {@code events} (a dispute of an earlier turn, a replay).
     */
    static List<EventLine> of(List<RecordedEvent> events, Map<String, String> names,
                              Supplier<List<RecordedEvent>> whole) {
        Actions actions = new Actions();
        actions.read(events);
        if (whole != null && actions.missing(events)) {
            actions = new Actions();
            actions.read(whole.get());
            actions.read(events);
        }
        Map<String, String> named = new HashMap<>(names);
        actions.number.forEach((id, seq) -> named.put(id, "#" + seq));
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(named); // once a page
        List<EventLine> lines = new ArrayList<>(events.size());
        for (RecordedEvent e : events) {
            EventLine line = EventLine.of(e).named(ids);
            Object replayOf = e.metaData() == null ? null : e.metaData().get(ActionMetaData.REPLAY_OF);
            if (replayOf != null) {
                Object by = e.metaData().get(ActionMetaData.REPLAYED_BY);
                String taker = actions.account.getOrDefault(String.valueOf(replayOf), e.account());
                String disputed = by == null ? null : actions.disputed.get(String.valueOf(by));
                Long number = disputed == null ? null : actions.number.get(disputed);
                String credit = (taker == null ? "" : taker + ", ") + (disputed != null
                        ? "replayed under the ruling on " + (number == null ? "an earlier action" : "#" + number)
                        : "replayed after an undo");
                line = new EventLine(line.sequence(), line.type(), line.title(), line.section(), line.details(),
                        line.dice(), credit, line.side(), line.actionId());
            }
            lines.add(line);
        }
        return lines;
    }

    /** Of every action seen: its number, who took it, and which action each dispute is about. */
    private static final class Actions {
        final Map<String, Long> number = new HashMap<>();
        final Map<String, String> account = new HashMap<>();
        final Map<String, String> disputed = new HashMap<>();

        void read(List<RecordedEvent> events) {
            for (RecordedEvent e : events) {
                boolean replayed = e.metaData() != null && e.metaData().get(ActionMetaData.REPLAY_OF) != null;
                if (e.actionId() != null && !replayed) {
                    number.putIfAbsent(e.actionId(), e.sequence());
                    if (e.account() != null) {
                        account.putIfAbsent(e.actionId(), e.account());
                    }
                }
                if ("ActionDisputed".equals(e.type())) {
                    disputed.put(e.payload().path("disputeId").asText(), e.payload().path("actionId").asText());
                }
            }
        }

        /** An action an event names (its payload's, a replay's) that this has not seen. */
        boolean missing(List<RecordedEvent> events) {
            for (RecordedEvent e : events) {
                String about = e.payload() == null ? null : e.payload().path("actionId").asText(null);
                if (about != null && !number.containsKey(about)) {
                    return true;
                }
                Object replayOf = e.metaData() == null ? null : e.metaData().get(ActionMetaData.REPLAY_OF);
                if (replayOf != null && !account.containsKey(String.valueOf(replayOf))) {
                    return true;
                }
            }
            return false;
        }
    }
}
