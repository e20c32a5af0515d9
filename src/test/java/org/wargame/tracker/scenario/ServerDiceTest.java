package org.wargame.tracker.scenario;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The published server dice: repeatable from the seed, fair faces, entered dice first and checked. */
class ServerDiceTest {

    private final byte[] seed = new FixedDiceSeeds((byte) 3).seed();

    @Test
    void the_same_seed_gives_the_same_dice_and_the_commitment_is_its_sha256() {
        assertThat(ServerDice.die(seed, "s", 5, 6)).isEqualTo(ServerDice.die(seed, "s", 5, 6));
        assertThat(ServerDice.commitment(seed)).hasSize(64).isEqualTo(ServerDice.commitment(seed.clone()));
    }

    @Test
    void every_face_comes_up_about_equally() {
        int[] counts = new int[7];
        for (int n = 0; n < 6000; n++) {
            counts[ServerDice.die(seed, "s", n, 6)]++;
        }
        for (int face = 1; face <= 6; face++) {
            assertThat(counts[face]).isBetween(850, 1150);
        }
    }

    @Test
    void entered_dice_are_used_first_then_the_server_rolls_and_counts_on() {
        ActionDice dice = new ActionDice("s", seed, 10, List.of(new EnteredRoll("dr", List.of(3))));
        DiceRoll entered = dice.roll(DiceKind.DR_SMALL, "10.4");
        DiceRoll rolled = dice.roll(DiceKind.DR, "Original DR");
        assertThat(entered.source()).isEqualTo(DiceRoll.ENTERED);
        assertThat(entered.total()).isEqualTo(3);
        assertThat(rolled.source()).isEqualTo(DiceRoll.SERVER);
        assertThat(rolled.index()).isEqualTo(10);
        assertThat(rolled.values()).containsExactly(ServerDice.die(seed, "s", 10, 6), ServerDice.die(seed, "s", 11, 6));
    }

    @Test
    void entered_dice_must_be_real_faces_of_the_asked_dice() {
        assertThatThrownBy(() -> new ActionDice("s", seed, 0, List.of(new EnteredRoll("dr", List.of(7))))
                .roll(DiceKind.DR_SMALL, "x")).hasMessageStartingWith("dice: ");
        assertThatThrownBy(() -> new ActionDice("s", seed, 0, List.of(new EnteredRoll("DR", List.of(3))))
                .roll(DiceKind.DR_SMALL, "x")).hasMessageStartingWith("dice: ");
        ActionDice unused = new ActionDice("s", seed, 0, List.of(new EnteredRoll("dr", List.of(3))));
        assertThatThrownBy(unused::requireAllEnteredUsed).hasMessageStartingWith("dice: ");
    }
}
