package org.wargame.tracker.campaign;

import org.axonframework.serialization.Revision;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;

import java.util.List;

/** What happens to a campaign between scenarios. Stored as JSON; shapes change only through upcasters. */
public sealed interface CampaignEvent {

    /** The stored name of every campaign event, in one place (docs/history.md: a name never changes). */
    java.util.Map<String, Class<? extends CampaignEvent>> NAMES = java.util.Map.of(
            "campaign.CampaignCreated", CampaignCreated.class,
            "campaign.CounterEnlisted", CounterEnlisted.class,
            "campaign.ScenarioOpened", ScenarioOpened.class,
            "campaign.ScenarioOutcomeRecorded", ScenarioOutcomeRecorded.class);

    String campaignId();

    /** Revision 1 added {@code plans}; {@link org.wargame.tracker.store.CampaignCreatedUpcaster} reads older ones. */
    @Revision("1")
    record CampaignCreated(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                           String description, List<ScenarioPlan> plans) implements CampaignEvent {
    }

    /** A counter joins the roster with its counter data from the campaign file. */
    record CounterEnlisted(String campaignId, CounterDefinition counter) implements CampaignEvent {
    }

    /** A scenario is opened with these roster counters; they are in play until it is concluded. */
    record ScenarioOpened(String campaignId, String scenarioId, String name, List<String> counterIds)
            implements CampaignEvent {
    }

    /** The scenario's result and every roster counter's end state: survivors carry on, the eliminated are struck off. */
    record ScenarioOutcomeRecorded(String campaignId, String scenarioId, String result, List<CounterOutcome> outcomes)
            implements CampaignEvent {
    }
}
