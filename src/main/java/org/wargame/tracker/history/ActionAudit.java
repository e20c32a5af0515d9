package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.eventhandling.DomainEventMessage;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.RecordedEvent;
import org.wargame.tracker.store.StoredJson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The audit of a scenario: its events grouped into the actions that caused them (the {@code actionId} metadata),
 * each with who, when, the dice and their source, the rule sections its events cite, what it stored and which
 * counters it changed.
 */
public final class ActionAudit {

    private ActionAudit() {
    }

    /** One event of an action: its type, payload, the rule section that caused it and the clock it happened at. */
    public record AuditedEvent(long sequence, String type, JsonNode payload, String section,
                               RecordedEvent.Clock clock) {
    }

    public record AuditedAction(String actionId, String account, String side, Instant time, long firstSequence,
                                long lastSequence, GameClock clockBefore, GameClock clockAfter, String kind,
                                List<DiceRoll> dice, List<String> sections, List<AuditedEvent> outcome,
                                List<ScenarioReplay.CounterChange> counters) {
    }

    /**
     * The actions of a window of events (whole actions, {@code before} the state before its first event, null when
     * it begins with event 0) whose events lie in {@code from..to}; with {@code gameTurn}, only those begun in that
     * Game Turn.
     */
    static List<AuditedAction> of(ScenarioState before, List<ScenarioReplay.Folded> window, Integer gameTurn,
                                  long from, long to) {
        List<AuditedAction> actions = new ArrayList<>();
        int i = 0;
        while (i < window.size()) {
            int first = i;
            String actionId = actionId(window.get(i).message());
            while (i + 1 < window.size() && actionId != null
                    && actionId.equals(actionId(window.get(i + 1).message()))) {
                i++;
            }
            int last = i++;
            ScenarioState stateBefore = first == 0 ? before : window.get(first - 1).after();
            ScenarioState after = window.get(last).after();
            long firstSequence = window.get(first).message().getSequenceNumber();
            long lastSequence = window.get(last).message().getSequenceNumber();
            if (lastSequence < from || firstSequence > to) {
                continue;
            }
            GameClock clockBefore = stateBefore == null ? after.clock() : stateBefore.clock();
            if (gameTurn != null && clockBefore.gameTurn() != gameTurn) {
                continue;
            }
            List<DomainEventMessage<?>> group = new ArrayList<>();
            for (int k = first; k <= last; k++) {
                group.add(window.get(k).message());
            }
            actions.add(action(group, stateBefore, after, clockBefore));
        }
        return actions;
    }

    private static AuditedAction action(List<DomainEventMessage<?>> group, ScenarioState before, ScenarioState after,
                                        GameClock clockBefore) {
        DomainEventMessage<?> head = group.get(0);
        List<DiceRoll> dice = new ArrayList<>();
        Set<String> sections = new LinkedHashSet<>();
        List<AuditedEvent> outcome = new ArrayList<>();
        for (DomainEventMessage<?> event : group) {
            Object payload = event.getPayload();
            if (payload instanceof ActionTaken taken) {
                dice.addAll(taken.dice());
            } else if (payload instanceof ClockAdvanced advanced) {
                dice.addAll(advanced.dice());
            }
            JsonNode json = StoredJson.mapper().valueToTree(payload);
            String section = payload instanceof RuleEvent rule ? rule.section() : null;
            if (section != null) {
                sections.add(section);
            }
            outcome.add(new AuditedEvent(event.getSequenceNumber(), event.getPayloadType().getSimpleName(), json,
                    section, RecordedEvent.Clock.of(event.getMetaData())));
        }
        String side = group.stream().map(e -> (String) e.getMetaData().get(ActionMetaData.SIDE))
                .filter(Objects::nonNull).findFirst().orElse(null);
        return new AuditedAction(actionId(head), (String) head.getMetaData().get(ActionMetaData.ACCOUNT), side,
                head.getTimestamp(), head.getSequenceNumber(), group.get(group.size() - 1).getSequenceNumber(),
                clockBefore, after.clock(), head.getPayloadType().getSimpleName(), dice, List.copyOf(sections),
                outcome, ScenarioReplay.diff(before == null ? List.of() : before.counters(), after.counters()));
    }

    private static String actionId(DomainEventMessage<?> event) {
        return (String) event.getMetaData().get(ActionMetaData.ACTION_ID);
    }
}
