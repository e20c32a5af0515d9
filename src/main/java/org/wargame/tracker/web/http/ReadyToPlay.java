package org.wargame.tracker.web.http;

import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.RefereeAccount;
import org.wargame.tracker.campaign.SampleCampaigns;

/**
 * Readiness, part one: the tracker takes players only once the schema is migrated, the referee account exists and
 * the sample campaigns are imported (they are made after the web server has started, so health must not say UP
 * before). Once UP it stays UP: nothing of this is undone while running.
 */
@Component("readyToPlay")
public class ReadyToPlay implements HealthIndicator {

    private final ObjectProvider<Flyway> flyway;
    private final RefereeAccount referee;
    private final SampleCampaigns samples;
    private volatile boolean migrated;

    public ReadyToPlay(ObjectProvider<Flyway> flyway, RefereeAccount referee, SampleCampaigns samples) {
        this.flyway = flyway;
        this.referee = referee;
        this.samples = samples;
    }

    @Override
    public Health health() {
        if (!migrated) {
            Flyway migrations = flyway.getIfAvailable();
            migrated = migrations == null || migrations.info().pending().length == 0;
            if (!migrated) {
                return Health.down().withDetail("waiting", "database migrations").build();
            }
        }
        if (!referee.ready()) {
            return Health.down().withDetail("waiting", "the referee account").build();
        }
        if (!samples.loaded()) {
            return Health.down().withDetail("waiting", "the sample campaigns").build();
        }
        return Health.up().build();
    }
}
