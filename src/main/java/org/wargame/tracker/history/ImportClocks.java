package org.wargame.tracker.history;

import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ClockRow;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The event_clock rows of an import's scenarios as its fold ({@link ImportFold}) made them, spooled to a temporary
 * file in the fold's order (scenario by scenario, each in sequence), with each scenario's roll-backs and the state
 * it ends in: the import stores them with its events, where the read models were folded a second time from the
 * events read back from the store (a sixth of an import on PostgreSQL). A row's {@code undone_by} is found as it is
 * read: the first roll-back, by its own place, whose range holds the row, as the live projection marks the rows
 * still in force one roll-back after another ({@code EventTables.markRolledBack}).
 * <p>
 * Memory: each scenario's roll-backs, and the end states of the first {@value #STATES_HELD} scenarios (the read
 * model of any other is folded from the store, as before).
 */
final class ImportClocks implements Closeable {

    /** Scenarios whose end state is held for their read model; any further one is folded again from the store. */
    static final int STATES_HELD = 256;

    private final Path file;
    private final DataOutputStream out;
    /** Per scenario, its roll-backs as {to, by}: the event it returns to and its own place. */
    private final Map<String, List<long[]>> rollBacks = new HashMap<>();
    private final Map<String, ScenarioState> states = new HashMap<>();

    ImportClocks(Path file) throws IOException {
        this.file = file;
        this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    /** The clock row of a scenario's next event (without its roll-back: see {@link #rolledBack}). */
    void row(ClockRow row) {
        try {
            writeNullable(row.scenarioId());
            out.writeLong(row.sequence());
            GameClock clock = row.clock();
            out.writeInt(clock.gameTurn());
            out.writeInt(clock.playerTurn());
            writeNullable(clock.phase());
            writeNullable(clock.step());
            writeNullable(clock.phasingSide());
            writeNullable(row.actionId());
            writeNullable(row.takingOf());
            writeNullable(row.kind());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The event at {@code by} rolled the scenario back to its event {@code to}. */
    void rolledBack(String scenarioId, long to, long by) {
        if (to > 0) {
            rollBacks.computeIfAbsent(scenarioId, s -> new ArrayList<>()).add(new long[] {to, by});
        }
    }

    /** The state the scenario's fold ended in, held for its read model while fewer than the most are. */
    void ended(ScenarioState state) {
        if (states.size() < STATES_HELD) {
            states.put(state.scenarioId(), state);
        }
    }

    /** The state the scenario's fold ended in, or null when it was not held. */
    ScenarioState state(String scenarioId) {
        return states.get(scenarioId);
    }

    /** Ends the writing; the rows can then be read, once, in the order written. */
    Reader reader() throws IOException {
        out.close();
        return new Reader();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** A string of any length (a file's action id is not cut at 64 KB as {@code writeUTF} would refuse). */
    private void writeNullable(String value) throws IOException {
        if (value == null) {
            out.writeInt(-1);
        } else {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
    }

    /** The rows in the order written, each with the roll-back that undid it. */
    final class Reader implements Closeable {
        private final DataInputStream in;
        private String scenario;
        /** The scenario's roll-backs by the event they return to; the next one not yet reached. */
        private List<long[]> byTarget = List.of();
        private int next;
        /** The places of the roll-backs reached whose range may still hold the next rows, nearest first. */
        private final PriorityQueue<Long> open = new PriorityQueue<>();

        private Reader() throws IOException {
            in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        }

        /** Up to {@code most} next rows; none at the end. */
        List<ClockRow> next(int most) {
            List<ClockRow> rows = new ArrayList<>(Math.min(most, 1024));
            try {
                while (rows.size() < most) {
                    String scenarioId;
                    try {
                        scenarioId = readNullable();
                    } catch (EOFException end) {
                        break;
                    }
                    long sequence = in.readLong();
                    GameClock clock = new GameClock(in.readInt(), in.readInt(), readNullable(), readNullable(),
                            readNullable());
                    String actionId = readNullable();
                    String takingOf = readNullable();
                    String kind = readNullable();
                    rows.add(new ClockRow(scenarioId, sequence, clock, actionId, takingOf, kind,
                            undoneBy(scenarioId, sequence, kind)));
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return rows;
        }

        /**
         * The roll-back that undid the row: of those returning to it or before it and placed after it, the first
         * (an earlier one marked it first); never the start nor an undo's own bookkeeping (as markRolledBack).
         */
        private Long undoneBy(String scenarioId, long sequence, String kind) {
            if (!scenarioId.equals(scenario)) {
                scenario = scenarioId;
                byTarget = new ArrayList<>(rollBacks.getOrDefault(scenarioId, List.of()));
                byTarget.sort(Comparator.comparingLong(r -> r[0]));
                next = 0;
                open.clear();
            }
            while (next < byTarget.size() && byTarget.get(next)[0] <= sequence) {
                open.add(byTarget.get(next++)[1]);
            }
            while (!open.isEmpty() && open.peek() <= sequence) {
                open.poll();
            }
            return sequence == 0 || "undo".equals(kind) || open.isEmpty() ? null : open.peek();
        }

        private String readNullable() throws IOException {
            int length = in.readInt();
            if (length < 0) {
                return null;
            }
            byte[] bytes = new byte[length];
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
