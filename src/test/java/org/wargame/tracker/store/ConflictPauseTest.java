package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The pause before a conflicted action is sent again: drawn from the whole of a range that doubles, up to 128 ms. */
class ConflictPauseTest {

    @Test
    void the_pause_spreads_over_a_range_that_doubles_and_stops_growing() {
        long[] ceilings = {2, 4, 8, 16, 32, 64, 128, 128, 128};
        for (int attempt = 1; attempt <= ceilings.length; attempt++) {
            long min = Long.MAX_VALUE;
            long max = 0;
            for (int i = 0; i < 5_000; i++) {
                long pause = Commands.pauseMillis(attempt, ThreadLocalRandom.current());
                min = Math.min(min, pause);
                max = Math.max(max, pause);
            }
            // jitter over the whole range: no floor that keeps two writers in step, no pause above the ceiling
            assertThat(min).as("attempt %d", attempt).isZero();
            assertThat(max).as("attempt %d", attempt).isEqualTo(ceilings[attempt - 1]);
        }
    }
}
