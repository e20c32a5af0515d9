package org.wargame.tracker.history;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.store.ClockRow;
import org.wargame.tracker.store.EventTables;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The import's clock rows carry the roll-back that undid each, as the live projection marks them: every roll-back in
 * turn marks the rows still in force from the event it returns to up to its own place ({@code EventTables}'s
 * {@code markRolledBack}, the rule {@link EventTables#rolledBackBy}), never the start nor an undo's bookkeeping.
 */
class ImportClocksTest {

    @Property(tries = 300)
    void each_row_is_undone_by_the_first_roll_back_that_reached_it(@ForAll long seed,
                                                                   @ForAll @IntRange(min = 1, max = 3) int scenarios) throws Exception {
        Random random = new Random(seed);
        Path file = Files.createTempFile("import-clocks-", ".clock");
        try (ImportClocks clocks = new ImportClocks(file)) {
            List<ClockRow> expected = new ArrayList<>();
            for (int s = 0; s < scenarios; s++) {
                String scenario = "scenario-" + s;
                int events = 1 + random.nextInt(60);
                List<ClockRow> rows = new ArrayList<>();
                for (int sequence = 0; sequence < events; sequence++) {
                    // a roll-back is an undo's bookkeeping row; some other rows are too (dispute opened)
                    boolean rollBack = sequence > 1 && random.nextInt(5) == 0;
                    String kind = sequence == 0 ? "start" : rollBack || random.nextInt(10) == 0 ? "undo" : null;
                    ClockRow row = new ClockRow(scenario, sequence, new GameClock(1, 1, "RPh", null, "axis"),
                            "a" + sequence, null, kind, null);
                    rows.add(row);
                    clocks.row(row);
                    if (rollBack) {
                        long to = 1 + random.nextInt(sequence - 1);
                        clocks.rolledBack(scenario, to, sequence);
                        for (int i = 0; i < sequence; i++) { // the live projection's marking, in turn
                            if (EventTables.rolledBackBy(rows.get(i), to, sequence)) {
                                rows.set(i, rows.get(i).undoneBy(sequence));
                            }
                        }
                    }
                }
                expected.addAll(rows);
            }
            List<ClockRow> read = new ArrayList<>();
            try (ImportClocks.Reader reader = clocks.reader()) {
                for (List<ClockRow> next = reader.next(7); !next.isEmpty(); next = reader.next(7)) {
                    read.addAll(next);
                }
            }
            assertThat(read).isEqualTo(expected);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
