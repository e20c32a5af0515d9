package org.wargame.tracker.store;

import org.axonframework.common.caching.Cache;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.modelling.command.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.TrackerApplication;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Campaign;
import org.wargame.tracker.load.LoadDriver;
import org.wargame.tracker.scenario.Scenario;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioProjection;
import org.wargame.tracker.scenario.ScenarioRecord;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioState;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The aggregates' snapshots are taken under their revisions (the scenario's fold version, the campaign's snapshot
 * revision) and used again: with a snapshot every 2 events and the caches emptied, the next commands load both
 * aggregates from their snapshots, and the scenario decided on is the fold of its events. (The filters once let
 * every snapshot through, whatever its revision: {@code LegacyHistoryTest}.)
 */
@Tag("app")
class SnapshotRevisionTest {

    private static final Actor REFEREE = new Actor("referee", true, List.of());

    @Test
    void snapshots_carry_their_revision_and_are_loaded_again() throws Exception {
        Path data = Files.createTempDirectory("tracker-snapshots-");
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TrackerApplication.class).run(
                "--server.port=0", "--tracker.data-dir=" + data, "--tracker.snapshot-every=2",
                "--TRACKER_REFEREE_PASSWORD=" + ApiTestSupport.REFEREE_PASSWORD,
                "--TRACKER_PLAYER_PASSWORD=" + ApiTestSupport.PLAYER_PASSWORD)) {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
            LoadDriver driver = new LoadDriver(List.of(port), "referee", ApiTestSupport.REFEREE_PASSWORD);
            List<String> scenarios = driver.startScenarios("asl-west-of-alamein", 4);
            String scenario = scenarios.get(0);
            ScenarioService service = app.getBean(ScenarioService.class);
            for (int i = 0; i < 6; i++) {
                service.advance(scenario, null, REFEREE);
            }
            JdbcTemplate jdbc = app.getBean(JdbcTemplate.class);
            String campaignId = jdbc.queryForObject("select campaign_id from scenario_view where scenario_id = ?",
                    String.class, scenario);
            assertThat(revisions(jdbc, scenario)).as("the scenario's snapshots").isNotEmpty()
                    .containsOnly(ScenarioState.FOLD_REVISION);
            assertThat(revisions(jdbc, campaignId)).as("the campaign's snapshots").isNotEmpty()
                    .containsOnly(Campaign.SNAPSHOT_REVISION);

            app.getBean("scenarioCache", Cache.class).removeAll();
            app.getBean("campaignCache", Cache.class).removeAll();
            service.advance(scenario, null, REFEREE); // from the scenario's snapshot
            assertThat(driver.startScenarios("asl-west-of-alamein", 1)).hasSize(1); // from the campaign's
            app.getBean("scenarioCache", Cache.class).removeAll();
            @SuppressWarnings("unchecked")
            Repository<Scenario> repository = app.getBean("scenarioRepository", Repository.class);
            java.lang.reflect.Field field = Scenario.class.getDeclaredField("state");
            field.setAccessible(true);
            ScenarioState[] loaded = {null};
            DefaultUnitOfWork.startAndGet(null).execute(() -> repository.load(scenario).execute(s -> {
                try {
                    loaded[0] = (ScenarioState) field.get(s);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }));
            ScenarioLog log = app.getBean(ScenarioRecord.class).log(scenario);
            assertThat(ScenarioProjection.write(loaded[0])).as("the scenario loaded from its snapshot")
                    .isEqualTo(ScenarioProjection.write(log.stateAt(log.length())));
        }
    }

    private static List<String> revisions(JdbcTemplate jdbc, String stream) {
        return jdbc.queryForList("select payload_revision from snapshot_event_entry where aggregate_identifier = ?",
                String.class, stream);
    }
}
