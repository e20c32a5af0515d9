package org.wargame.tracker.web.pages;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.history.DiceStatistics;
import org.wargame.tracker.refusal.FieldRefused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The console's dice chart and its receipts box, without a browser. */
class DiceChartTest {

    @Test
    void the_highest_face_fills_the_plot_and_the_fair_line_stands_at_the_expectation() {
        DiceStatistics.Distribution d = new DiceStatistics.Distribution("british", "alice", "dr", 12, 12, 2, 10,
                new long[]{4, 2, 2, 2, 1, 1}, 2.0, 3.0, 5, 0.7);
        DiceChart chart = DiceChart.of(d);
        assertThat(chart.bars()).hasSize(6);
        DiceChart.Bar tallest = chart.bars().get(0);
        assertThat(tallest.face()).isEqualTo(1);
        assertThat(tallest.y()).isEqualTo(DiceChart.TOP);
        assertThat(tallest.y() + tallest.height()).isEqualTo(chart.baseline());
        // 2 of a highest 4: half way up
        assertThat(chart.fairY()).isEqualTo(DiceChart.TOP + (chart.baseline() - DiceChart.TOP) / 2.0);
        assertThat(chart.caption()).isEqualTo("1: 4, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1 (fair: 2.0 each)");
    }

    @Test
    void no_dice_draw_no_bars_above_the_baseline() {
        DiceChart chart = DiceChart.of(new DiceStatistics.Distribution("axis", "bruno", "dr", 0, 0, 0, 0,
                new long[6], 0, 0, 5, 1));
        assertThat(chart.bars()).allSatisfy(b -> assertThat(b.height()).isZero());
    }

    @Test
    void receipts_are_read_as_a_list_or_as_the_api_takes_them_and_refused_naming_the_field() {
        assertThat(ConsolePages.parseReceipts("[{\"stream\": \"s\", \"sequence\": 3, \"hash\": \"ab\"}]"))
                .singleElement().satisfies(r -> assertThat(r.sequence()).isEqualTo(3));
        assertThat(ConsolePages.parseReceipts("{\"receipts\": [{\"stream\": \"s\", \"sequence\": 0, "
                + "\"hash\": \"ab\"}]}")).hasSize(1);
        assertThatThrownBy(() -> ConsolePages.parseReceipts("not json")).isInstanceOf(FieldRefused.class)
                .hasMessageContaining("receipts");
        assertThatThrownBy(() -> ConsolePages.parseReceipts("[{\"stream\": \"s\"}]"))
                .isInstanceOf(FieldRefused.class).hasMessageContaining("stream, sequence and hash");
    }
}
