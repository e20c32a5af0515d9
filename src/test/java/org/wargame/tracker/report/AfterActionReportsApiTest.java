package org.wargame.tracker.report;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report told from the record (issue 26, item 1), without a browser: a loss and its recovery in the same
 * scenario are two moments and no change of the counter; an undone elimination is a moment marked undone and no
 * loss; the dice of every roll count, per side and player; the players' notes are quoted.
 */
class AfterActionReportsApiTest extends ApiTestSupport {

    @Autowired
    AfterActionReports reports;

    @Test
    void a_rally_is_a_recovery_and_an_undone_elimination_no_loss() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        advanceTo("referee", s, 1, 2, "DFPh");
        // ASL A10.3: the Italian squad breaks (no die), then rallies in its RPh of Turn 2 with a DR 2 3, entered
        assertThat(action("referee", s, Map.of("type", "casualty", "counter", "it-squad-1", "result", "break"))
                .status()).isEqualTo(200);
        // the British player eliminates his own crew by mistake and undoes it at once (no die decided it)
        Response mistake = action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1",
                "result", "eliminate"));
        assertThat(mistake.status()).as(mistake.raw()).isEqualTo(200);
        assertThat(post("alice", "/api/scenarios/" + s + "/undo", Map.of("actionId",
                mistake.at("/actionId").asText(), "reason", "the wrong counter")).status()).isEqualTo(200);
        advanceTo("bruno", s, 2, 1, "RPh");
        Response rally = action("bruno", s, Map.of("type", "rally", "counter", "it-squad-1", "result", "rallied",
                "dice", List.of(Map.of("kind", "DR", "values", List.of(2, 3)))));
        assertThat(rally.status()).as(rally.raw()).isEqualTo(200);

        // table talk: where notes are recorded (the notes API answers 201), the report quotes them with who and when
        Response note = post("bruno", "/api/scenarios/" + s + "/notes", Map.of("text", "We rallied behind the ridge."));

        ScenarioReport report = reports.scenario(s);
        if (note.status() == 201) {
            assertThat(report.notes()).hasSize(1);
            assertThat(report.notes().get(0).text()).isEqualTo("We rallied behind the ridge.");
            assertThat(report.notes().get(0).author()).isEqualTo("bruno");
            assertThat(report.notes().get(0).sideName()).isEqualTo("Italians");
            assertThat(report.notes().get(0).clock()).contains("Turn 2").doesNotContain("axis");
        } else {
            assertThat(report.notes()).isEmpty();
        }
        assertThat(report.concluded()).isFalse();
        assertThat(report.gameTurns()).isEqualTo(2);
        assertThat(report.side("Italians").summary()).isEqualTo("no losses"); // broken, then rallied
        assertThat(report.side("British").summary()).isEqualTo("no losses"); // the elimination was undone
        List<String> moments = report.moments().stream().map(m -> m.kindWords() + ": " + m.what()
                + (m.undone() ? " (undone)" : "")).toList();
        assertThat(moments).containsExactly("Loss: Italian squad: Broken",
                "Elimination: British Infantry crew eliminated (undone)",
                "Recovery: Italian squad recovered from Broken");
        Luck bruno = report.dice().stream().filter(l -> l.player().equals("bruno")).findFirst().orElseThrow();
        assertThat(bruno.sideName()).isEqualTo("Italians");
        assertThat(bruno.distribution().dice()).isEqualTo(2);
        assertThat(bruno.distribution().faces()).containsExactly(0, 1, 1, 0, 0, 0);
        assertThat(bruno.average()).isEqualTo(2.5);
        assertThat(bruno.verdict()).isEqualTo("too few dice to judge");
    }
}
