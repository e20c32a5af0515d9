package org.wargame.tracker.web;

import org.wargame.tracker.refusal.NotFound;

import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.stereotype.Component;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.history.ScenarioReplay;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    /**
     * The scenario after event {@code at}, the last sequence number, every event grouped newest first; which events
     * were rolled back (sequence to the sequence of the undo); the jumps to each Game Turn, Player Turn and phase;
     * the highest Game Turn reached; the actions that can still be disputed now.
     */
    public record Travel(ScenarioState state, long at, long last, List<Group> groups, Map<Long, Long> undone,
                         List<TurnJump> turns, int maxGameTurn, Set<String> disputable) {
        public boolean isUndone(long sequence) {
            return undone.containsKey(sequence);
        }
    }

    /** A place to jump to: the end of the clock advance that began it (so its own rule events are included). */
    public record Jump(String label, long at) {
    }

    public record PlayerTurnJump(String label, long at, List<Jump> phases) {
    }

    public record TurnJump(int gameTurn, long at, List<PlayerTurnJump> playerTurns) {
    }

    /** {@code at} null means "now"; it is clamped to the events there are. */
    public Travel travel(String scenarioId, Long at) {
        List<DomainEventMessage<?>> messages = history.messages(scenarioId);
        if (messages.isEmpty() || !(messages.get(0).getPayload() instanceof ScenarioStarted)) {
            throw new NotFound("scenario '" + scenarioId + "' does not exist");
        }
        long last = messages.get(messages.size() - 1).getSequenceNumber();
        long target = at == null ? last : Math.max(0, Math.min(last, at));
        ScenarioState[] shownAt = {null};
        Map<String, List<EventLine>> byClock = new LinkedHashMap<>();
        ScenarioLog log = ScenarioLog.ofMessages(messages);
        ScenarioState state = log.replay((entry, after) -> {
            if (entry.position() == target) {
                shownAt[0] = after;
            }
            byClock.computeIfAbsent(key(after.clock()), k -> new ArrayList<>())
                    .add(EventLine.of(EventHistory.recorded(messages.get((int) entry.position()))));
        });
        ScenarioState shown = shownAt[0];
        List<Group> groups = new ArrayList<>();
        byClock.forEach((clock, events) -> {
            List<EventLine> newestFirst = new ArrayList<>(events);
            Collections.reverse(newestFirst);
            groups.add(new Group(clock, newestFirst));
        });
        Collections.reverse(groups);
        Map<Long, Long> undone = Undone.of(messages);
        int maxTurn = 1;
        for (ScenarioReplay.Bookmark b : ScenarioReplay.bookmarks(messages)) {
            maxTurn = Math.max(maxTurn, b.clock().gameTurn());
        }
        Set<String> disputable = new HashSet<>();
        log.inForceFrom(0).forEach(a -> disputable.add(a.actionId()));
        state.disputes().forEach(d -> disputable.remove(d.actionId()));
        return new Travel(shown == null ? state : shown, target, last, groups, undone, jumps(messages, undone),
                maxTurn, disputable);
    }

    /** Game Turn, Player Turn and phase starts from the history's bookmarks, leaving out rolled-back advances. */
    static List<TurnJump> jumps(List<DomainEventMessage<?>> messages, Map<Long, Long> undone) {
        List<TurnJump> turns = new ArrayList<>();
        List<PlayerTurnJump> playerTurns = null;
        List<Jump> phases = null;
        for (ScenarioReplay.Bookmark b : ScenarioReplay.bookmarks(messages)) {
            if (b.kind().equals("step") || undone.containsKey(b.sequence())) {
                continue;
            }
            long at = endOfAction(messages, (int) b.sequence());
            GameClock c = b.clock();
            if (b.kind().equals("start") || b.kind().equals("gameTurn")) {
                playerTurns = new ArrayList<>();
                turns.add(new TurnJump(c.gameTurn(), at, playerTurns));
            }
            if (playerTurns != null && !b.kind().equals("phase")) {
                phases = new ArrayList<>();
                playerTurns.add(new PlayerTurnJump("Player Turn " + c.playerTurn() + " (" + c.phasingSide() + ")",
                        at, phases));
            }
            if (phases != null) {
                phases.add(new Jump(c.phase(), at));
            }
        }
        return turns;
    }

    private static long endOfAction(List<DomainEventMessage<?>> messages, int index) {
        Object id = messages.get(index).getMetaData().get(ActionMetaData.ACTION_ID);
        int end = index;
        while (id != null && end + 1 < messages.size()
                && id.equals(messages.get(end + 1).getMetaData().get(ActionMetaData.ACTION_ID))) {
            end++;
        }
        return messages.get(end).getSequenceNumber();
    }

    /** Groups by Game Turn, Player Turn and phase (the steps of a phase share its group). */
    private static String key(GameClock c) {
        return "Turn " + c.gameTurn() + " · Player Turn " + c.playerTurn() + " (" + c.phasingSide() + ") · "
                + c.phase();
    }
}
