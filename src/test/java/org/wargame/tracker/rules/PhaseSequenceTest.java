package org.wargame.tracker.rules;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The clock moves through steps, phases, Player Turns (one per side, in order) and Game Turns. */
class PhaseSequenceTest {

    private final PhaseSequence sequence = new PhaseSequence(List.of(Phase.of("RPh", "Rally", "1.13B"),
            Phase.of("PFPh", "Prep Fire"), Phase.of("CCPh", "Close Combat")));
    private final List<String> sides = List.of("axis", "british");

    @Test
    void starts_at_the_first_step_of_the_first_phase_of_the_first_side() {
        assertThat(sequence.start(sides)).isEqualTo(new GameClock(1, 1, "RPh", "1.13B", "axis"));
    }

    @Test
    void moves_through_phases_player_turns_and_game_turns() {
        GameClock c = sequence.start(sides);
        c = sequence.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(1, 1, "PFPh", null, "axis"));
        c = sequence.next(sequence.next(c, sides), sides);
        assertThat(c).isEqualTo(new GameClock(1, 2, "RPh", "1.13B", "british"));
        assertThat(c.initialPlayerTurn()).isFalse();
        c = sequence.next(sequence.next(sequence.next(c, sides), sides), sides);
        assertThat(c).isEqualTo(new GameClock(2, 1, "RPh", "1.13B", "axis"));
        assertThat(c.initialPlayerTurn() && c.isAt("RPh", "1.13B")).isTrue();
    }
}
