package org.wargame.tracker.history;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.rules.GameClock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads of table event_clock (see {@link EventClockProjection}): where a Game Turn lies in a scenario's stream, the
 * bookmarks, a window of rows, which events were rolled back. Each is a range query on the index, not a fold.
 */
@Component
public class EventClocks {

    static final String SELECT = "select scenario_id, sequence_number, game_turn, player_turn, phase, step, "
            + "phasing_side, action_id, taking_of, kind, undone_by from event_clock";
    static final RowMapper<EventClockProjection.Row> ROWS = (rs, i) -> new EventClockProjection.Row(rs.getString(1),
            rs.getLong(2), new GameClock(rs.getInt(3), rs.getInt(4), rs.getString(5), rs.getString(6),
            rs.getString(7)), rs.getString(8), rs.getString(9), rs.getString(10),
            rs.getObject(11) == null ? null : rs.getLong(11));

    private final JdbcTemplate jdbc;
    private final EventClockProjection projection;
    private final TransactionTemplate transactions;

    public EventClocks(JdbcTemplate jdbc, EventClockProjection projection, TransactionTemplate transactions) {
        this.jdbc = jdbc;
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
        List<Long> indexed = jdbc.queryForList("select sequence_number from event_clock where scenario_id = ? "
                + "order by scenario_id desc, sequence_number desc fetch first 1 rows only", Long.class, scenarioId);
        if (!indexed.isEmpty() && indexed.get(0) >= lastSequence) {
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
        return jdbc.query(SELECT + " where scenario_id = ? and sequence_number between ? and ? "
                + "order by scenario_id, sequence_number", ROWS, scenarioId, from, to).stream()
                .map(EventClocks::entry).toList();
    }

    /** The clock changes (start and clock advances) after {@code after}, at most {@code limit}, of one kind or all. */
    public List<Entry> bookmarks(String scenarioId, String kind, long after, int limit) {
        String where = kind == null ? " and kind in ('start', 'gameTurn', 'playerTurn', 'phase', 'step')"
                : " and kind = ?";
        List<Object> args = new ArrayList<>(List.of(scenarioId, after));
        if (kind != null) {
            args.add(kind);
        }
        return jdbc.query(SELECT + " where scenario_id = ? and sequence_number > ?" + where
                        + " order by scenario_id, sequence_number fetch first " + limit + " rows only", ROWS,
                args.toArray()).stream().map(EventClocks::entry).toList();
    }

    /** The first and last sequence of the events whose clock (after them) is in Game Turn {@code gameTurn}. */
    public long[] turnSpan(String scenarioId, int gameTurn) {
        return jdbc.queryForObject("select min(sequence_number), max(sequence_number) from event_clock "
                + "where scenario_id = ? and game_turn = ?", (rs, i) -> rs.getObject(1) == null ? null
                : new long[]{rs.getLong(1), rs.getLong(2)}, scenarioId, gameTurn);
    }

    /** The highest Game Turn the scenario's clock reached (1 for an empty index). */
    public int maxGameTurn(String scenarioId) {
        List<Integer> max = jdbc.queryForList("select game_turn from event_clock where scenario_id = ? "
                + "order by scenario_id desc, game_turn desc fetch first 1 rows only", Integer.class, scenarioId);
        return max.isEmpty() ? 1 : max.get(0);
    }

    /** The first and last sequence of the action (one command) that stored event {@code sequence}. */
    public long[] actionSpan(String scenarioId, long sequence) {
        List<long[]> spans = jdbc.query("select min(c.sequence_number), max(c.sequence_number) from event_clock c "
                + "join event_clock e on e.scenario_id = c.scenario_id and e.action_id = c.action_id "
                + "where e.scenario_id = ? and e.sequence_number = ?", (rs, i) -> rs.getObject(1) == null ? null
                : new long[]{rs.getLong(1), rs.getLong(2)}, scenarioId, sequence);
        return spans.isEmpty() || spans.get(0) == null ? new long[]{sequence, sequence} : spans.get(0);
    }

    /** The last event of the action (one command) {@code actionId}. */
    public Long actionEnd(String scenarioId, String actionId) {
        List<Long> end = jdbc.queryForList("select sequence_number from event_clock where scenario_id = ? and "
                + "action_id = ? order by scenario_id desc, action_id desc, sequence_number desc fetch first 1 rows "
                + "only", Long.class, scenarioId, actionId);
        return end.isEmpty() ? null : end.get(0);
    }

    /** The start and the Game Turn starts that were not rolled back, in order. */
    public List<Entry> gameTurnStarts(String scenarioId) {
        return jdbc.query(SELECT + " where scenario_id = ? and kind in ('start', 'gameTurn') and undone_by is null",
                ROWS, scenarioId).stream().map(EventClocks::entry)
                .sorted(java.util.Comparator.comparingLong(Entry::sequence)).toList();
    }

    /** Every event whose clock (after it) is in Game Turns {@code fromTurn..toTurn}, in order. */
    public List<Entry> inTurns(String scenarioId, int fromTurn, int toTurn) {
        return jdbc.query(SELECT + " where scenario_id = ? and game_turn between ? and ?", ROWS, scenarioId,
                fromTurn, toTurn).stream().map(EventClocks::entry)
                .sorted(java.util.Comparator.comparingLong(Entry::sequence)).toList();
    }

    private static Entry entry(EventClockProjection.Row row) {
        return new Entry(row.sequence(), row.clock(), row.actionId(), row.takingOf(), row.kind(), row.undoneBy());
    }
}
