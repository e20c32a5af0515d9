package org.wargame.tracker.campaign;

import org.axonframework.serialization.Revision;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.DiceRoll;

import java.util.List;
import java.util.Map;

/** What happens to a campaign between scenarios. Stored as JSON; shapes change only through upcasters. */
public sealed interface CampaignEvent {

    /** The stored name of every campaign event, in one place (docs/history.md: a name never changes). */
    java.util.Map<String, Class<? extends CampaignEvent>> NAMES = java.util.Map.of(
            "campaign.CampaignCreated", CampaignCreated.class,
            "campaign.CounterEnlisted", CounterEnlisted.class,
            "campaign.ScenarioOpened", ScenarioOpened.class,
            "campaign.ScenarioOutcomeRecorded", ScenarioOutcomeRecorded.class,
            "campaign.CounterRecovered", CounterRecovered.class,
            "campaign.ScenarioReopened", ScenarioReopened.class,
            "campaign.NoteWritten", NoteWritten.class,
            "campaign.BetweenScenariosRolled", BetweenScenariosRolled.class,
            "campaign.HandBackRevised", HandBackRevised.class);

    String campaignId();

    /**
     * Revision 1 added {@code plans}; its upcast ({@code CampaignEventNames}) reads older ones.
     * {@code tables} (the campaign's charts the rule text does not print) is optional: null in older events;
     * so is {@code clock} (who moves the clock on, {@code any-player}; null: the side whose move it is), and
     * {@code disputePeriodDays} (days after a scenario's end in which it may be disputed; null: not after its end),
     * and {@code blindReferee} (true: the referee sees of hidden information what every side sees; null, as in every
     * event stored before it: false).
     */
    @Revision("1")
    record CampaignCreated(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                           String description, List<ScenarioPlan> plans, Map<String, Object> tables,
                           String clock, Integer disputePeriodDays, Boolean blindReferee)
            implements CampaignEvent {
        public CampaignCreated(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                               String description, List<ScenarioPlan> plans) {
            this(campaignId, name, ruleSet, sides, referee, description, plans, null, null, null, null);
        }

        public CampaignCreated(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                               String description, List<ScenarioPlan> plans, Map<String, Object> tables,
                               String clock) {
            this(campaignId, name, ruleSet, sides, referee, description, plans, tables, clock, null, null);
        }

        public CampaignCreated(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                               String description, List<ScenarioPlan> plans, Map<String, Object> tables,
                               String clock, Integer disputePeriodDays) {
            this(campaignId, name, ruleSet, sides, referee, description, plans, tables, clock, disputePeriodDays,
                    null);
        }
    }

    /** A counter joins the roster with its counter data from the campaign file. */
    record CounterEnlisted(String campaignId, CounterDefinition counter) implements CampaignEvent {
    }

    /**
     * A scenario is opened with these roster counters; they are in play until it is concluded. {@code leftOut}
     * (optional: events stored before it existed have none): the counters its plan placed that were struck off in
     * an earlier scenario, so it started without them.
     */
    record ScenarioOpened(String campaignId, String scenarioId, String name, List<String> counterIds,
                          List<String> leftOut) implements CampaignEvent {
        public ScenarioOpened {
            leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
        }
    }

    /**
     * When a scenario starts, the campaign's rule set changed a roster counter between scenarios (a wound healed, a
     * man out for scenarios misses this one): its new carried state, whether it sits this scenario out, the rule
     * section and a note.
     */
    record CounterRecovered(String campaignId, String scenarioId, String counterId, Map<String, Object> state,
                            boolean sitsOut, String section, String note) implements CampaignEvent {
    }

    /** The scenario's result and every roster counter's end state: survivors carry on, the eliminated are struck off. */
    record ScenarioOutcomeRecorded(String campaignId, String scenarioId, String result, List<CounterOutcome> outcomes)
            implements CampaignEvent {
    }

    /**
     * A concluded scenario is in play again: its hand-back is undone (each of {@code counterIds}, the roster
     * counters it handed back, returns to the state it had before and is in play in it again, struck off no more),
     * and the next {@link ScenarioOutcomeRecorded} of the scenario hands them back anew. Recorded only while no later
     * scenario uses one of them.
     */
    record ScenarioReopened(String campaignId, String scenarioId, List<String> counterIds, String reopenedBy,
                            String reason) implements CampaignEvent {
        public ScenarioReopened {
            counterIds = counterIds == null ? List.of() : List.copyOf(counterIds);
        }
    }

    /**
     * Table talk in the campaign, between scenarios: a note a player or the referee wrote, plain text as written.
     * Never edited (a correction is a new note). {@code scenarioId} (optional): the scenario it is about. It changes
     * nothing in the campaign.
     */
    record NoteWritten(String campaignId, String noteId, String author, String text, String scenarioId)
            implements CampaignEvent {
    }

    /**
     * A roll between scenarios for a roster counter (a Medical Treatment roll), taken after {@code afterScenario}
     * (the last scenario it played): the die with its source, the result as the campaign's chart words it, its new
     * carried state, whether it is struck off by it, the rule section, who rolled, and the commitment of the
     * campaign's seed when the server rolled.
     */
    record BetweenScenariosRolled(String campaignId, String counterId, String afterScenario, DiceRoll roll,
                                  String result, Map<String, Object> state, boolean struckOff, String section,
                                  String rolledBy, String diceCommitment) implements CampaignEvent {
    }

    /**
     * A referee's ruling on an action of a concluded scenario (the scenario's {@code DisputeUpheld}, {@code disputeId})
     * changed its hand-back: each counter whose end state it changed, with its new end state ({@code outcomes}), and
     * the change in words. Recorded only while no later scenario or roll between scenarios used one of them.
     */
    record HandBackRevised(String campaignId, String scenarioId, List<CounterOutcome> outcomes, List<String> changes,
                           String disputeId, String ruledBy, String ruling) implements CampaignEvent {
        public HandBackRevised {
            outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
            changes = changes == null ? List.of() : List.copyOf(changes);
        }
    }
}
