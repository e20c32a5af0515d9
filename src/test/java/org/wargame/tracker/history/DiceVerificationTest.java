package org.wargame.tracker.history;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ServerDice;

import java.util.HexFormat;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DiceVerificationTest {

    private static final byte[] SEED = HexFormat.of().parseHex("00112233445566778899aabbccddeeff"
            + "00112233445566778899aabbccddeeff");
    private static final GameClock CLOCK = new GameClock(1, 1, "RPh", null, "british");

    private static List<Object> events(int secondDie, String revealed) {
        ScenarioStarted started = new ScenarioStarted("s1", "c", "t", "asl", 1, List.of(), List.of(), CLOCK,
                ServerDice.commitment(SEED));
        ActionTaken dr = new ActionTaken("a1", "fire", null, List.of(
                new DiceRoll("dr", List.of(ServerDice.die(SEED, "s1", 0, 6)), DiceRoll.SERVER, "x", 0),
                new DiceRoll("dr", List.of(5), DiceRoll.ENTERED, "y", null)));
        ActionTaken big = new ActionTaken("a2", "fire", null, List.of(new DiceRoll("DR",
                List.of(ServerDice.die(SEED, "s1", 1, 6), secondDie), DiceRoll.SERVER, "z", 1)));
        return List.of(started, dr, big, new ScenarioConcluded("c", "won", List.of(), revealed));
    }

    @Test
    void fair_dice_verify_against_the_revealed_seed() {
        int honest = ServerDice.die(SEED, "s1", 2, 6);
        DiceVerification.Report report = DiceVerification.of("s1", events(honest, HexFormat.of().formatHex(SEED)));
        assertThat(report.ok()).as(report.message()).isTrue();
        assertThat(report.commitmentMatches()).isTrue();
        assertThat(report.diceChecked()).isEqualTo(3);
    }

    @Test
    void a_changed_die_is_named() {
        int honest = ServerDice.die(SEED, "s1", 2, 6);
        DiceVerification.Report report = DiceVerification.of("s1", events(honest % 6 + 1,
                HexFormat.of().formatHex(SEED)));
        assertThat(report.ok()).isFalse();
        assertThat(report.mismatches()).singleElement().satisfies(m -> {
            assertThat(m.sequence()).isEqualTo(2);
            assertThat(m.index()).isEqualTo(2);
            assertThat(m.expected()).isEqualTo(honest);
        });
    }

    @Test
    void a_seed_other_than_the_committed_one_is_refused() {
        DiceVerification.Report report = DiceVerification.of("s1", events(1, "ff".repeat(32)));
        assertThat(report.commitmentMatches()).isFalse();
        assertThat(report.ok()).isFalse();
    }

    @Test
    void before_the_conclusion_the_seed_is_not_revealed() {
        DiceVerification.Report report = DiceVerification.of("s1", events(1, "x").subList(0, 3));
        assertThat(report.revealed()).isFalse();
        assertThat(report.message()).contains("not revealed yet");
    }
}
