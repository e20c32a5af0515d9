package org.wargame.tracker.history;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.store.ClockRow;
import org.wargame.tracker.store.EventTables;

import java.util.List;

/**
 * Reads of table event_clock (see {@link EventClockProjection}): where a Game Turn lies in a scenario's stream, the
 * bookmarks, a window of rows, which events were rolled back. Each is a range query on the index, not a fold.
 */
@Component
public class EventClocks {

    private final EventTables tables;
    private final EventClockProjection projection;
    private final TransactionTemplate transactions;

    public EventClocks(EventTables tables, EventClockProjection projection, TransactionTemplate transactions) {
        this.tables = tables;
        this.projection = projection;
        this.transactions = transactions;
    }

    /**
     * One event's place in time: the clock after it, its action (the command that stored it), the action it takes
     * when it is an action's first event, and the undo or ruling that rolled it back (or null).
     */
    public record Entry(long sequence, GameClock clock, String actionId, String takes, String kind, Long undoneBy) {
        public boolean undone() {
            return undoneBy != null;
        }
    }

    /** A stream stored before the index existed is indexed up to {@code lastSequence} (once). */
    public void ensure(String scenarioId, long lastSequence) {
        ClockRow indexed = tables.lastClockRow(scenarioId);
        if (indexed != null && indexed.sequence() >= lastSequence) {
            return;
        }
        try {
            transactions.executeWithoutResult(s -> projection.catchUp(scenarioId, lastSequence));
        } catch (DuplicateKeyException e) {
            // another request indexed it meanwhile
        }
    }

    /** The rows {@code from..to}, in order. */
    public List<Entry> window(String scenarioId, long from, long to) {
        return tables.clockRows(scenarioId, from, to).stream().map(EventClocks::entry).toList();
    }

    /** The clock changes (start and clock advances) after {@code after}, at most {@code limit}, of one kind or all. */
    public List<Entry> bookmarks(String scenarioId, String kind, long after, int limit) {
        return tables.clockChanges(scenarioId, kind, after, limit).stream().map(EventClocks::entry).toList();
    }

    /** The first and last sequence of the events whose clock (after them) is in Game Turn {@code gameTurn}. */
    public long[] turnSpan(String scenarioId, int gameTurn) {
        return tables.turnSpan(scenarioId, gameTurn);
    }

    /** The highest Game Turn the scenario's clock reached (1 for an empty index). */
    public int maxGameTurn(String scenarioId) {
        Integer max = tables.maxGameTurn(scenarioId);
        return max == null ? 1 : max;
    }

    /** The first and last sequence of the action (one command) that stored event {@code sequence}. */
    public long[] actionSpan(String scenarioId, long sequence) {
        long[] span = tables.actionSpan(scenarioId, sequence);
        return span == null ? new long[]{sequence, sequence} : span;
    }

    /** The last event of the action (one command) {@code actionId}. */
    public Long actionEnd(String scenarioId, String actionId) {
        return tables.actionEnd(scenarioId, actionId);
    }

    /** The start and the Game Turn starts that were not rolled back, in order. */
    public List<Entry> gameTurnStarts(String scenarioId) {
        return tables.gameTurnStarts(scenarioId).stream().map(EventClocks::entry).toList();
    }

    /** Every event whose clock (after it) is in Game Turns {@code fromTurn..toTurn}, in order. */
    public List<Entry> inTurns(String scenarioId, int fromTurn, int toTurn) {
        return tables.inTurns(scenarioId, fromTurn, toTurn).stream().map(EventClocks::entry).toList();
    }

    private static Entry entry(ClockRow row) {
        return new Entry(row.sequence(), row.clock(), row.actionId(), row.takingOf(), row.kind(), row.undoneBy());
    }
}
