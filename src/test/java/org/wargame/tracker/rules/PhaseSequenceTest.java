package org.wargame.tracker.rules;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

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

    /** A Game Turn of its own: phases played once by all sides, the movement phase by each side in turn. */
    private final PhaseSequence gameTurn = PhaseSequence.gameTurn(List.of(Phase.of("SPOT", "Spotting"),
            Phase.of("MOVE", "Movement"), Phase.of("FIRE", "Fire"), Phase.of("CC", "Close Combat")), Set.of("MOVE"));

    @Test
    void a_game_turn_of_its_own_has_one_fire_phase_for_all_sides_and_the_sides_move_in_turn() {
        GameClock c = gameTurn.start(sides);
        assertThat(c).isEqualTo(new GameClock(1, 0, "SPOT", null, "axis"));
        assertThat(c.allSides()).isTrue();
        c = gameTurn.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(1, 1, "MOVE", null, "axis"));
        c = gameTurn.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(1, 2, "MOVE", null, "british"));
        c = gameTurn.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(1, 0, "FIRE", null, "axis"));
        assertThat(c.label()).isEqualTo("Turn 1, all sides (axis moves first), FIRE");
        c = gameTurn.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(1, 0, "CC", null, "axis"));
        c = gameTurn.next(c, sides);
        assertThat(c).isEqualTo(new GameClock(2, 0, "SPOT", null, "axis"));
    }

    @Test
    void player_turns_keep_their_labels_and_refuse_phases_by_side() {
        assertThat(sequence.start(sides).label()).isEqualTo("Turn 1, Player Turn 1 (axis), RPh Step 1.13B");
        assertThat(sequence.start(sides).allSides()).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PhaseSequence(sequence.phases(), true,
                Set.of("RPh"))).isInstanceOf(IllegalArgumentException.class);
    }
}
