package org.wargame.tracker.campaign;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;
import org.wargame.tracker.campaign.CampaignCommand.CreateCampaign;
import org.wargame.tracker.campaign.CampaignCommand.OpenScenario;
import org.wargame.tracker.campaign.CampaignCommand.RecordScenarioOutcome;
import org.wargame.tracker.campaign.CampaignCommand.ReopenScenario;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.campaign.CampaignEvent.CounterEnlisted;
import org.wargame.tracker.campaign.CampaignEvent.CounterRecovered;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOpened;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOutcomeRecorded;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioReopened;
import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.RuleSets;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A campaign: its sides and the roster of counters that persist between scenarios. It makes sure a counter plays in
 * one scenario at a time and that an eliminated counter stays struck off.
 */
@Aggregate(snapshotTriggerDefinition = "campaignSnapshotTrigger", cache = "campaignCache",
        snapshotFilter = "campaignSnapshotFilter")
@Revision(Campaign.SNAPSHOT_REVISION) // snapshots of another revision are skipped and the events folded instead
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
public class Campaign {

    /**
     * The revision of this aggregate's snapshots: raise it whenever {@link CampaignState}'s shape or fold changes, so
     * that a snapshot of the earlier one is folded over instead of read into the new shape. Snapshots taken before
     * it existed carry none and are skipped once.
     */
    public static final String SNAPSHOT_REVISION = "1";

    @AggregateIdentifier
    private String campaignId;
    private CampaignState state;

    protected Campaign() {
        // for Axon and for snapshots
    }

    @CommandHandler
    public Campaign(CreateCampaign command) {
        var ruleSet = RuleSets.byId(command.ruleSet());
        if (command.name() == null || command.name().isBlank()) {
            throw new FieldRefused("name", "a campaign needs a name");
        }
        if (command.sides() == null || command.sides().size() < 2) {
            throw new FieldRefused("sides", "a campaign needs two or more sides");
        }
        Set<String> sideIds = new HashSet<>();
        for (Side side : command.sides()) {
            if (side.id() == null || !sideIds.add(side.id())) {
                throw new FieldRefused("sides", "side ids must be present and unique ('" + side.id() + "')");
            }
        }
        Set<String> counterIds = new HashSet<>();
        for (CounterDefinition counter : command.roster()) {
            if (counter.id() == null || !counterIds.add(counter.id())) {
                throw new FieldRefused("roster", "counter ids must be present and unique ('"
                        + counter.id() + "')");
            }
            if (!sideIds.contains(counter.side())) {
                throw new FieldRefused("roster", "counter '" + counter.id() + "' belongs to unknown side '"
                        + counter.side() + "'");
            }
            ruleSet.validate(counter);
        }
        List<ScenarioPlan> plans = command.plans() == null ? List.of() : command.plans();
        ruleSet.validateTables(command.tables());
        CampaignCreated created = new CampaignCreated(command.campaignId(), command.name(), command.ruleSet(),
                command.sides(), command.referee(), command.description(), plans, command.tables(),
                CampaignFile.CLOCK_ANY_PLAYER.equals(command.clock()) ? command.clock() : null,
                command.disputePeriodDays(), Boolean.TRUE.equals(command.blindReferee()) ? Boolean.TRUE : null);
        requirePlansSetUp(created, command.roster(), ruleSet);
        apply(created);
        command.roster().forEach(counter -> apply(new CounterEnlisted(command.campaignId(), counter)));
    }

    /** Every plan of the file must set up under its rule set now, not fail later when a player starts it. */
    private static void requirePlansSetUp(CampaignCreated created, List<CounterDefinition> roster,
                                          org.wargame.tracker.rules.RuleSet<?, ?, ?> ruleSet) {
        CampaignState state = CampaignState.created(created).evolveAll(roster.stream()
                .map(counter -> new CounterEnlisted(created.campaignId(), counter)).toList());
        Set<String> planIds = new HashSet<>();
        for (ScenarioPlan plan : created.plans()) {
            String where = "plans[" + plan.id() + "].";
            if (plan.id() == null || !planIds.add(plan.id())) {
                throw new FieldRefused("plans", "plan ids must be present and unique ('" + plan.id() + "')");
            }
            for (String side : plan.sideOrder()) {
                if (state.side(side) == null) {
                    throw new FieldRefused(where + "sideOrder", "names unknown side '" + side + "'");
                }
            }
            try {
                List<CounterDefinition> counters = state.countersFor(plan.counters(), plan.extraCounters());
                for (CounterDefinition counter : plan.extraCounters()) {
                    ruleSet.validate(counter);
                }
                if (plan.map() != null) {
                    org.wargame.tracker.rules.ScenarioMap.check("map", plan.map());
                    ruleSet.validateMap("map", plan.map());
                    counters = ruleSet.placedOn(plan.map(), counters);
                }
                ruleSet.setUp(counters, created.tables());
                ruleSet.validateStart(counters);
            } catch (org.wargame.tracker.refusal.RuleViolation e) {
                throw new org.wargame.tracker.refusal.RuleViolation(e.section(),
                        "plans[" + plan.id() + "]: " + e.getMessage().substring(e.section().length() + 2));
            } catch (FieldRefused e) {
                throw e.under("plans[" + plan.id() + "]");
            } catch (org.wargame.tracker.refusal.Refusal e) {
                throw new FieldRefused("plans[" + plan.id() + "]", e.getMessage());
            }
        }
    }

    @CommandHandler
    public void handle(OpenScenario command) {
        // between scenarios: the rule set heals wounds and counts the scenarios a man is out, as events
        var ruleSet = RuleSets.byId(state.ruleSet());
        for (RosterCounter counter : List.copyOf(state.roster().values())) {
            if (counter.eliminated() || counter.inScenario() != null) {
                continue;
            }
            RosterChange change = ruleSet.betweenScenarios(counter.counter());
            if (change != null) {
                apply(new CounterRecovered(campaignId, command.scenarioId(), counter.counter().id(), change.state(),
                        change.sitsOut(), change.section(), change.note()));
            }
        }
        for (String id : command.counterIds()) {
            RosterCounter counter = state.roster().get(id);
            if (counter == null) {
                throw new FieldRefused("counters", "'" + id + "' is not on the roster of this campaign");
            }
            if (counter.eliminated()) {
                throw new FieldRefused("counters", "'" + id + "' was eliminated in an earlier scenario");
            }
            if (counter.inScenario() != null) {
                throw new Conflict("counters", "'" + id + "' is already in play in scenario "
                        + counter.inScenario());
            }
        }
        List<String> leftOut = command.leftOut() == null ? List.of() : command.leftOut();
        for (String id : leftOut) {
            RosterCounter counter = state.roster().get(id);
            FieldRefused.require(counter != null && counter.eliminated(), "counters", "'" + id + "' is left out of "
                    + "the scenario only when it was struck off in an earlier one");
        }
        apply(new ScenarioOpened(campaignId, command.scenarioId(), command.name(), command.counterIds(), leftOut));
    }

    @CommandHandler
    public void handle(RecordScenarioOutcome command) {
        boolean open = state.scenarios().stream()
                .anyMatch(s -> s.scenarioId().equals(command.scenarioId()) && !s.concluded());
        if (!open) {
            throw new Conflict("scenario " + command.scenarioId() + " is not open in this campaign");
        }
        // only roster counters are handed back; scenario-only counters leave with their scenario
        var outcomes = command.outcomes().stream().filter(o -> state.roster().containsKey(o.id())).toList();
        apply(new ScenarioOutcomeRecorded(campaignId, command.scenarioId(), command.result(), outcomes));
    }

    /**
     * Undoes the hand-back of a concluded scenario so it can be played on, refused while a later scenario uses one
     * of its counters (the record would contradict itself: that scenario started from the state handed back).
     */
    @CommandHandler
    public void handle(ReopenScenario command) {
        CampaignState.ScenarioEntry entry = state.scenarios().stream()
                .filter(s -> s.scenarioId().equals(command.scenarioId())).findFirst()
                .orElseThrow(() -> new Conflict("scenario " + command.scenarioId() + " is not of this campaign"));
        if (!entry.concluded()) {
            throw new Conflict("scenario '" + entry.name() + "' is not concluded");
        }
        List<CampaignState.UsedLater> used = state.usedAfter(command.scenarioId(), command.counterIds());
        if (!used.isEmpty()) {
            throw new Conflict("scenario '" + entry.name() + "' cannot be reopened: a later scenario uses "
                    + (used.size() == 1 ? "one of its counters: " : used.size() + " of its counters: ")
                    + String.join("; ", used.stream().map(u -> u.name() + " (in " + u.scenario() + ")").toList()));
        }
        List<String> handedBack = command.counterIds().stream().filter(state.roster()::containsKey).toList();
        apply(new ScenarioReopened(campaignId, command.scenarioId(), handedBack, command.reopenedBy(),
                command.reason()));
    }

    /** A note between scenarios; who may write it (a participant) is asked before the command is sent. */
    @CommandHandler
    public void handle(CampaignCommand.WriteNote command) {
        String text = NoteText.require(command.text());
        if (command.scenarioId() != null && state.scenarios().stream()
                .noneMatch(s -> s.scenarioId().equals(command.scenarioId()))) {
            throw new FieldRefused("scenarioId", "the campaign has no scenario '"
                    + org.wargame.tracker.refusal.RequestJson.shortened(command.scenarioId()) + "'");
        }
        apply(new CampaignEvent.NoteWritten(campaignId, command.noteId(), command.author(), text,
                command.scenarioId()));
    }

    /**
     * A roll between scenarios (a Medical Treatment roll) for a roster counter that is in no scenario now, after the
     * last scenario it played: the rule set decides with the dice handed in, the die goes into the event.
     */
    @CommandHandler
    public void handle(CampaignCommand.RollBetweenScenarios command) {
        RosterCounter counter = state.roster().get(command.counterId());
        if (counter == null) {
            throw new FieldRefused("counter", "'" + command.counterId() + "' is not on the roster of this campaign");
        }
        if (counter.eliminated()) {
            throw new Conflict("counter", counter.counter().name() + " is struck off the roster");
        }
        if (counter.inScenario() != null) {
            throw new Conflict("counter", counter.counter().name() + " is in play in scenario '"
                    + scenarioName(counter.inScenario()) + "': roll for him there, or after it is concluded");
        }
        if (counter.lastScenario() == null) {
            throw new Conflict("counter", counter.counter().name() + " has played no scenario yet");
        }
        var rolled = RuleSets.byId(state.ruleSet()).rollBetweenScenarios(counter.counter(), state.tables(),
                command.dice());
        apply(new CampaignEvent.BetweenScenariosRolled(campaignId, counter.counter().id(), counter.lastScenario(),
                rolled.roll(), rolled.result(), rolled.state(), rolled.struckOff(), rolled.section(),
                command.rolledBy(), org.wargame.tracker.rules.DiceRoll.SERVER.equals(rolled.roll().source())
                ? command.diceCommitment() : null));
    }

    /**
     * A ruling on a concluded scenario: the counters whose end state it changes get their new one, unless a later
     * scenario (or a roll between scenarios) already used one of them: then the whole ruling is refused, naming what
     * it would change, so that the record never contradicts itself.
     */
    @CommandHandler
    public void handle(CampaignCommand.ReviseHandBack command) {
        CampaignState.ScenarioEntry entry = state.scenarios().stream()
                .filter(s -> s.scenarioId().equals(command.scenarioId())).findFirst()
                .orElseThrow(() -> new Conflict("scenario " + command.scenarioId() + " is not of this campaign"));
        if (!entry.concluded()) {
            throw new Conflict("scenario '" + entry.name() + "' is not concluded");
        }
        java.util.Map<String, org.wargame.tracker.rules.CounterOutcome> before = new java.util.HashMap<>();
        command.before().forEach(o -> before.put(o.id(), o));
        List<org.wargame.tracker.rules.CounterOutcome> changed = new java.util.ArrayList<>();
        List<String> words = new java.util.ArrayList<>();
        for (org.wargame.tracker.rules.CounterOutcome o : command.after()) {
            RosterCounter rostered = state.roster().get(o.id());
            org.wargame.tracker.rules.CounterOutcome was = before.get(o.id());
            if (rostered == null || was != null && was.eliminated() == o.eliminated()
                    && was.state().equals(o.state())) {
                continue;
            }
            changed.add(o);
            words.add(HandBackChange.words(rostered.counter().name(), was, o));
        }
        List<CampaignState.UsedLater> used = state.usedAfter(command.scenarioId(),
                changed.stream().map(org.wargame.tracker.rules.CounterOutcome::id).toList());
        if (!used.isEmpty()) {
            throw new Conflict("the ruling on scenario '" + entry.name() + "' is refused: it would change "
                    + String.join("; ", words) + "; but " + String.join("; ", used.stream()
                    .map(u -> u.name() + " is used since, in " + u.scenario()).toList())
                    + ". Nothing was changed");
        }
        apply(new CampaignEvent.HandBackRevised(campaignId, command.scenarioId(), changed, words,
                command.disputeId(), command.ruledBy(), command.ruling()));
    }

    private String scenarioName(String scenarioId) {
        return state.scenarios().stream().filter(s -> s.scenarioId().equals(scenarioId))
                .map(CampaignState.ScenarioEntry::name).findFirst().orElse(scenarioId);
    }

    @EventSourcingHandler
    void on(CampaignEvent event) {
        if (event instanceof CampaignCreated created) {
            campaignId = created.campaignId();
            state = CampaignState.created(created);
        } else {
            state = state.evolve(event);
        }
    }
}
