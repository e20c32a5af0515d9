package org.wargame.tracker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.StartScenarioRequest;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Stop and start the application on the same H2 file: every campaign, scenario and clock is as it was. */
class RestartTest {

    private static final Actor ITALIAN = new Actor("bruno", false, List.of("axis"));
    private static final List<String> PASS_DECISION = List.of("decision");

    @TempDir
    Path data;

    private ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TrackerApplication.class).run("--server.port=0",
                "--tracker.data-dir=" + data, "--TRACKER_REFEREE_PASSWORD=restart-referee",
                "--TRACKER_PLAYER_PASSWORD=restart-player", "--spring.profiles.active=default");
    }

    @Test
    void data_survives_a_restart() {
        String scenarioId;
        ScenarioState before;
        try (ConfigurableApplicationContext first = start()) {
            Actor alice = new Actor("alice", false, List.of("british"));
            ScenarioService service = first.getBean(ScenarioService.class);
            scenarioId = service.start("asl-west-of-alamein",
                    new StartScenarioRequest("ex-10-3", null, null, null, null, null), alice);
            // the Italians move first: their player moves the clock on through their RPh and PFPh, passing over
            // the decision the rules wait for (10.11, a crew that may become Pack-TI)
            service.advance(scenarioId, null, ITALIAN, null, null, PASS_DECISION);
            service.advance(scenarioId, null, ITALIAN, null, null, PASS_DECISION);
            before = first.getBean(ScenarioViews.class).state(scenarioId);
        }
        try (ConfigurableApplicationContext second = start()) {
            ScenarioState after = second.getBean(ScenarioViews.class).state(scenarioId);
            assertThat(after).isEqualTo(before);
            assertThat(after.clock().phase()).isEqualTo("MPh");
            assertThat(second.getBean(CampaignViews.class).state("asl-west-of-alamein").scenarios()).hasSize(1);
            // and the aggregate, loaded from the stored events, goes on from there
            // both sides act in the MPh: the clock moves on when each player has ended the phase
            ScenarioService service = second.getBean(ScenarioService.class);
            service.endPhase(scenarioId, null, ITALIAN, null, PASS_DECISION);
            ScenarioState next = service.endPhase(scenarioId, null,
                    new Actor("alice", false, List.of("british")), null, PASS_DECISION).state();
            assertThat(next.clock().phase()).isEqualTo("DFPh");
        }
    }
}
