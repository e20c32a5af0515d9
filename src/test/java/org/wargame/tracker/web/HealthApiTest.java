package org.wargame.tracker.web;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.actuate.health.Status;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.account.Accounts;
import org.wargame.tracker.campaign.CampaignImport;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.SampleCampaigns;
import org.wargame.tracker.web.http.ReadyToPlay;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Health that tells the truth: liveness apart from readiness; readiness DOWN until the referee account and the
 * sample campaigns are in place, and DOWN while the database does not take a write.
 */
class HealthApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    ObjectProvider<Flyway> flyway;
    @Autowired
    Accounts accounts;
    @Autowired
    CampaignImport campaignImport;
    @Autowired
    CampaignViews views;
    @Autowired
    SampleCampaigns samples;

    @Test
    void liveness_and_readiness_are_separate_groups_and_up_when_ready() {
        Response liveness = get(null, "/actuator/health/liveness");
        assertThat(liveness.status()).isEqualTo(200);
        assertThat(liveness.at("/status").asText()).isEqualTo("UP");
        assertThat(liveness.at("/components/db").isMissingNode()).isTrue(); // a slow database is no reason to restart
        Response readiness = get(null, "/actuator/health/readiness");
        assertThat(readiness.status()).isEqualTo(200);
        assertThat(readiness.at("/components/readyToPlay/status").asText()).isEqualTo("UP");
        assertThat(readiness.at("/components/databaseWritable/status").asText()).isEqualTo("UP");
        assertThat(readiness.at("/components/readinessState/status").asText()).isEqualTo("UP");
    }

    @Test
    void not_ready_before_the_referee_account_and_the_samples_are_in_place() {
        org.wargame.tracker.account.RefereeAccount referee = new org.wargame.tracker.account.RefereeAccount(
                accounts, REFEREE_PASSWORD, false);
        SampleCampaigns notYet = new SampleCampaigns(campaignImport, views, accounts, true, PLAYER_PASSWORD);
        assertThat(new ReadyToPlay(flyway, referee, samples).health().getStatus()).isEqualTo(Status.DOWN);
        referee.run(null); // the account exists already: it only says so
        assertThat(new ReadyToPlay(flyway, referee, notYet).health().getStatus()).isEqualTo(Status.DOWN);
        assertThat(new ReadyToPlay(flyway, referee, samples).health().getStatus()).isEqualTo(Status.UP);
    }

    @Test
    void readiness_is_down_while_the_database_takes_no_write() throws InterruptedException {
        String away = "health_probe_" + UUID.randomUUID().toString().substring(0, 6);
        jdbc.execute("alter table health_probe rename to " + away);
        try {
            assertThat(waitFor(503)).as("readiness DOWN while the write fails").isEqualTo(503);
            assertThat(get(null, "/actuator/health").status()).isEqualTo(503);
            assertThat(get(null, "/actuator/health/liveness").status()).isEqualTo(200);
        } finally {
            jdbc.execute("alter table " + away + " rename to health_probe");
        }
        assertThat(waitFor(200)).as("readiness UP again").isEqualTo(200);
    }

    /** Readiness, asked until it answers {@code status} (the write check is reused for a second) or 10 s pass. */
    private int waitFor(int status) throws InterruptedException {
        int last = 0;
        for (int i = 0; i < 50; i++) {
            last = get(null, "/actuator/health/readiness").status();
            if (last == status) {
                return last;
            }
            Thread.sleep(200);
        }
        return last;
    }
}
