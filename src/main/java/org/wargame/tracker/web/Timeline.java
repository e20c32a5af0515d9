package org.wargame.tracker.web;

import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.stereotype.Component;
import org.wargame.tracker.history.EventHistory;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's events for the timeline page, and the scenario as it stood after any of them: the events are folded
 * with the pure {@link ScenarioState#started}/{@link ScenarioState#evolve} up to the chosen sequence number.
 */
@Component
public class Timeline {

    private final EventHistory history;

    public Timeline(EventHistory history) {
        this.history = history;
    }

    /** The events in one Player Turn phase (newest first), under the clock they happened at. */
    public record Group(String clock, List<EventLine> events) {
    }

    /** The scenario after event {@code at}, the last sequence number, and every event grouped newest first. */
    public record Travel(ScenarioState state, long at, long last, List<Group> groups) {
    }

    /** {@code at} null means "now"; it is clamped to the events there are. */
    public Travel travel(String scenarioId, Long at) {
        List<DomainEventMessage<?>> messages = history.messages(scenarioId);
        if (messages.isEmpty() || !(messages.get(0).getPayload() instanceof ScenarioStarted)) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        long last = messages.get(messages.size() - 1).getSequenceNumber();
        long target = at == null ? last : Math.max(0, Math.min(last, at));
        ScenarioState state = null;
        ScenarioState shown = null;
        Map<String, List<EventLine>> byClock = new LinkedHashMap<>();
        for (DomainEventMessage<?> message : messages) {
            Object payload = message.getPayload();
            state = state == null ? ScenarioState.started((ScenarioStarted) payload) : state.evolve(payload);
            if (message.getSequenceNumber() == target) {
                shown = state;
            }
            byClock.computeIfAbsent(key(state.clock()), k -> new ArrayList<>())
                    .add(EventLine.of(EventHistory.recorded(message)));
        }
        List<Group> groups = new ArrayList<>();
        byClock.forEach((clock, events) -> {
            List<EventLine> newestFirst = new ArrayList<>(events);
            Collections.reverse(newestFirst);
            groups.add(new Group(clock, newestFirst));
        });
        Collections.reverse(groups);
        return new Travel(shown == null ? state : shown, target, last, groups);
    }

    /** Groups by Game Turn, Player Turn and phase (the steps of a phase share its group). */
    private static String key(GameClock c) {
        return "Turn " + c.gameTurn() + " · Player Turn " + c.playerTurn() + " (" + c.phasingSide() + ") · "
                + c.phase();
    }
}
