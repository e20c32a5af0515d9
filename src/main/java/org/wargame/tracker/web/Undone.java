package org.wargame.tracker.web;

import org.axonframework.eventhandling.DomainEventMessage;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionUndone;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeUpheld;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which events were rolled back, and by which event: an undo or an upheld dispute of action A rolls back A and every
 * later action up to it (the events stay in the stream; the pages strike them through). Undo and dispute
 * bookkeeping events are never rolled back themselves.
 */
final class Undone {

    private Undone() {
    }

    /** Sequence of a rolled-back event to the sequence of the event that rolled it back (the first one that did). */
    static Map<Long, Long> of(List<DomainEventMessage<?>> events) {
        Map<String, Integer> firstIndex = new HashMap<>();
        Map<Long, Long> undone = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            DomainEventMessage<?> event = events.get(i);
            Object payload = event.getPayload();
            Object actionId = event.getMetaData().get(ActionMetaData.ACTION_ID);
            Object replayOf = event.getMetaData().get(ActionMetaData.REPLAY_OF);
            if (replayOf instanceof String id && !ScenarioEvent.aboutHistory(payload)) {
                // an action replayed by an upheld dispute: from now on it starts here
                Object previous = i == 0 ? null : events.get(i - 1).getMetaData().get(ActionMetaData.REPLAY_OF);
                if (!id.equals(previous)) {
                    firstIndex.put(id, i);
                }
            } else if (actionId instanceof String id && !ScenarioEvent.aboutHistory(payload)) {
                firstIndex.putIfAbsent(id, i);
            }
            Integer from = null;
            if (payload instanceof ScenarioEvent.RollBack rollBack) {
                from = rollBack.rolledBackTo() != null ? indexOf(events, rollBack.rolledBackTo())
                        : firstIndex.get(rollBack.actionId());
            }
            if (from == null) {
                continue;
            }
            for (int k = from; k < i; k++) {
                Object p = events.get(k).getPayload();
                if (!(p instanceof ScenarioStarted) && !ScenarioEvent.aboutHistory(p)) {
                    undone.putIfAbsent(events.get(k).getSequenceNumber(), event.getSequenceNumber());
                }
            }
        }
        return undone;
    }

    private static Integer indexOf(List<DomainEventMessage<?>> events, long sequence) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).getSequenceNumber() == sequence) {
                return i;
            }
        }
        return null;
    }
}
