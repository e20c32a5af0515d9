package org.wargame.tracker.campaign;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Accounts;
import org.wargame.tracker.account.RefereeAccount;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * At the first start (a tracker that holds no campaign yet), imports the sample campaigns (the files of
 * {@code campaigns/}) and creates the accounts of their players (password from TRACKER_PLAYER_PASSWORD, or generated
 * and shown once). Only then: a tracker restored from a backup or filled by imports gets no second copy, and one
 * started with {@code tracker.load-samples=false} (TRACKER_LOAD_SAMPLES) none, so that a move imports them.
 */
@Component
@Order(2)
public class SampleCampaigns implements ApplicationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(SampleCampaigns.class);

    private final CampaignImport campaignImport;
    private final CampaignViews views;
    private final Accounts accounts;
    private final boolean enabled;
    private final String playerPassword;
    private volatile boolean loaded;

    public SampleCampaigns(CampaignImport campaignImport, CampaignViews views, Accounts accounts,
                           @Value("${tracker.load-samples:true}") boolean enabled,
                           @Value("${TRACKER_PLAYER_PASSWORD:}") String playerPassword) {
        this.campaignImport = campaignImport;
        this.views = views;
        this.accounts = accounts;
        this.enabled = enabled;
        this.playerPassword = playerPassword;
    }

    @Override
    public void run(ApplicationArguments args) throws IOException {
        if (!enabled || !views.all().isEmpty()) {
            loaded = true;
            return;
        }
        Resource[] files = new PathMatchingResourcePatternResolver().getResources("classpath*:campaigns/*.yaml");
        Arrays.sort(files, Comparator.comparing(Resource::getFilename));
        for (Resource resource : files) {
            CampaignFile file = campaignImport.parse(resource.getContentAsString(StandardCharsets.UTF_8));
            if (file.id() != null && views.exists(file.id())) {
                continue;
            }
            file.sides().forEach(side -> side.players().forEach(player ->
                    RefereeAccount.ensurePlayer(accounts, player, playerPassword)));
            String id = campaignImport.importFile(file, "referee");
            LOG.info("Imported sample campaign '{}' ({}) from {}", file.name(), id, resource.getFilename());
        }
        loaded = true;
    }

    /** Whether the samples are in place (or are not to be loaded): the tracker is not ready before. */
    public boolean loaded() {
        return loaded;
    }
}
