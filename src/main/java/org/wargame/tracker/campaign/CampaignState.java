package org.wargame.tracker.campaign;

import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.campaign.CampaignEvent.CounterEnlisted;
import org.wargame.tracker.campaign.CampaignEvent.CounterRecovered;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOpened;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioOutcomeRecorded;
import org.wargame.tracker.campaign.CampaignEvent.ScenarioReopened;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.RuleSets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A campaign as its events made it: sides, referee, the roster (every counter that persists between scenarios, with
 * its current state) and the scenarios played. Pure: {@link #evolve} only applies events. {@code blindReferee}: the
 * campaign file declared a blind referee (false in states stored before it, which hold no such field).
 */
public record CampaignState(String campaignId, String name, String ruleSet, List<Side> sides, String referee,
                            String description, List<ScenarioPlan> plans, Map<String, RosterCounter> roster,
                            List<ScenarioEntry> scenarios, Map<String, Object> tables,
                            String clock, Integer disputePeriodDays, int betweenDice, boolean blindReferee) {

    /**
     * A roster counter: its definition (data and carried state), whether it is struck off, and where it is now.
     * {@code lastScenario}: the latest scenario that placed it, changed it between scenarios or left it out (a
     * scenario is reopened only while it is the last for each of its counters); {@code stateBefore}: its carried
     * state before its last hand-back, which a reopening returns it to. Both null in states stored before them.
     * {@code rolledAfter}: the scenario after whose hand-back a roll between scenarios changed it (null: none since
     * its last hand-back); that scenario is then neither reopened nor ruled on for it.
     */
    public record RosterCounter(CounterDefinition counter, boolean eliminated, String inScenario,
                                String eliminatedIn, String lastScenario, Map<String, Object> stateBefore,
                                String rolledAfter) {
        public RosterCounter(CounterDefinition counter, boolean eliminated, String inScenario, String eliminatedIn) {
            this(counter, eliminated, inScenario, eliminatedIn, null, null, null);
        }

        public RosterCounter(CounterDefinition counter, boolean eliminated, String inScenario, String eliminatedIn,
                             String lastScenario, Map<String, Object> stateBefore) {
            this(counter, eliminated, inScenario, eliminatedIn, lastScenario, stateBefore, null);
        }

        RosterCounter in(String scenarioId) {
            return new RosterCounter(counter, eliminated, inScenario, eliminatedIn, scenarioId, stateBefore,
                    rolledAfter);
        }
    }

    /** What the step between scenarios calls a roll taken in it, where a later scenario's name would stand. */
    public static final String BETWEEN_SCENARIOS = "a roll between scenarios";

    /** A counter of a scenario that a later scenario uses: its name, and that scenario's name. */
    public record UsedLater(String id, String name, String scenario) {
    }

    /** {@code leftOut}: roster counters its plan placed that had been struck off earlier (none if null). */
    public record ScenarioEntry(String scenarioId, String name, boolean concluded, String result,
                                List<String> leftOut) {
        public ScenarioEntry {
            leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
        }
    }

    /** A counter a plan places that was struck off in an earlier scenario ({@code eliminatedIn}: its name). */
    public record StruckOff(String id, String name, String side, String eliminatedIn) {
    }

    public static CampaignState created(CampaignCreated e) {
        return new CampaignState(e.campaignId(), e.name(), e.ruleSet(), e.sides(), e.referee(), e.description(),
                e.plans() == null ? List.of() : e.plans(), new LinkedHashMap<>(), new ArrayList<>(), e.tables(),
                e.clock(), e.disputePeriodDays(), 0, Boolean.TRUE.equals(e.blindReferee()));
    }

    public CampaignState evolve(CampaignEvent event) {
        if (event instanceof CampaignCreated created) {
            return created(created);
        }
        if (event instanceof CounterEnlisted enlisted) {
            return withRoster(r -> r.put(enlisted.counter().id(),
                    new RosterCounter(enlisted.counter(), false, null, null)));
        }
        if (event instanceof ScenarioOpened opened) {
            CampaignState next = withRoster(r -> {
                opened.counterIds().forEach(id -> r.computeIfPresent(id, (k, c) -> new RosterCounter(c.counter(),
                        c.eliminated(), opened.scenarioId(), c.eliminatedIn(), opened.scenarioId(), c.stateBefore())));
                opened.leftOut().forEach(id -> r.computeIfPresent(id, (k, c) -> c.in(opened.scenarioId())));
            });
            List<ScenarioEntry> list = new ArrayList<>(scenarios);
            list.add(new ScenarioEntry(opened.scenarioId(), opened.name(), false, null, opened.leftOut()));
            return next.withScenarios(list);
        }
        if (event instanceof CounterRecovered recovered) {
            return withRoster(r -> r.computeIfPresent(recovered.counterId(), (k, c) -> new RosterCounter(
                    c.counter().withState(recovered.state()), c.eliminated(), c.inScenario(), c.eliminatedIn(),
                    recovered.scenarioId(), c.stateBefore())));
        }
        if (event instanceof CampaignEvent.BetweenScenariosRolled rolled) {
            CampaignState next = withRoster(r -> r.computeIfPresent(rolled.counterId(), (k, c) -> new RosterCounter(
                    c.counter().withState(rolled.state()), c.eliminated() || rolled.struckOff(), c.inScenario(),
                    rolled.struckOff() ? rolled.afterScenario() : c.eliminatedIn(), c.lastScenario(),
                    c.stateBefore(), rolled.afterScenario())));
            int dice = next.betweenDice;
            org.wargame.tracker.rules.DiceRoll roll = rolled.roll();
            if (roll != null && org.wargame.tracker.rules.DiceRoll.SERVER.equals(roll.source())
                    && roll.index() != null) {
                dice = Math.max(dice, roll.index() + roll.values().size());
            }
            return next.withBetweenDice(dice);
        }
        if (event instanceof CampaignEvent.HandBackRevised revised) {
            return withRoster(r -> {
                for (CounterOutcome outcome : revised.outcomes()) {
                    r.computeIfPresent(outcome.id(), (k, c) -> new RosterCounter(c.counter().withState(
                            outcome.state()), outcome.eliminated(), c.inScenario(), outcome.eliminated()
                            ? revised.scenarioId() : null, c.lastScenario(), c.stateBefore(), c.rolledAfter()));
                }
            });
        }
        if (event instanceof ScenarioReopened reopened) {
            // the hand-back undone: back in play in the scenario with the state it took into it
            CampaignState next = withRoster(r -> reopened.counterIds().forEach(id -> r.computeIfPresent(id,
                    (k, c) -> new RosterCounter(c.stateBefore() == null ? c.counter()
                            : c.counter().withState(c.stateBefore()), false, reopened.scenarioId(), null,
                            reopened.scenarioId(), null, null))));
            List<ScenarioEntry> list = new ArrayList<>();
            for (ScenarioEntry s : scenarios) {
                list.add(s.scenarioId().equals(reopened.scenarioId())
                        ? new ScenarioEntry(s.scenarioId(), s.name(), false, null, s.leftOut()) : s);
            }
            return next.withScenarios(list);
        }
        if (event instanceof CampaignEvent.NoteWritten) {
            return this; // table talk changes nothing in the campaign
        }
        ScenarioOutcomeRecorded recorded = (ScenarioOutcomeRecorded) event;
        CampaignState next = withRoster(r -> {
            for (CounterOutcome outcome : recorded.outcomes()) {
                RosterCounter current = r.get(outcome.id());
                if (current != null) {
                    r.put(outcome.id(), new RosterCounter(current.counter().withState(outcome.state()),
                            outcome.eliminated(), null, outcome.eliminated() ? recorded.scenarioId() : null,
                            recorded.scenarioId(), current.counter().state()));
                }
            }
            r.replaceAll((id, c) -> recorded.scenarioId().equals(c.inScenario())
                    ? new RosterCounter(c.counter(), c.eliminated(), null, c.eliminatedIn(), c.lastScenario(),
                    c.stateBefore()) : c);
        });
        List<ScenarioEntry> list = new ArrayList<>();
        for (ScenarioEntry s : scenarios) {
            list.add(s.scenarioId().equals(recorded.scenarioId())
                    ? new ScenarioEntry(s.scenarioId(), s.name(), true, recorded.result(), s.leftOut()) : s);
        }
        return next.withScenarios(list);
    }

    /**
     * Applies events in order, as {@link #evolve} one by one would, but a run of {@code CounterEnlisted} copies the
     * roster once, not once per counter: a campaign's creation enlists its whole roster, and one copy per counter
     * is quadratic in the roster's size.
     */
    public CampaignState evolveAll(List<? extends CampaignEvent> events) {
        CampaignState state = this;
        int i = 0;
        while (i < events.size()) {
            if (!(events.get(i) instanceof CounterEnlisted)) {
                state = state.evolve(events.get(i++));
                continue;
            }
            int end = i;
            while (end < events.size() && events.get(end) instanceof CounterEnlisted) {
                end++;
            }
            List<? extends CampaignEvent> run = events.subList(i, end);
            state = state.withRoster(r -> run.forEach(e -> {
                CounterDefinition counter = ((CounterEnlisted) e).counter();
                r.put(counter.id(), new RosterCounter(counter, false, null, null));
            }));
            i = end;
        }
        return state;
    }

    /**
     * The counters of a scenario: each placed roster counter with its carried state and its set-up, and the
     * scenario-only counters (taking their side's nationality when they name none). Refuses a counter that is not
     * on the roster, struck off, or already in play. The rule set's change between scenarios applies first (the
     * same one {@code Campaign} records when the scenario opens): a counter that sits this scenario out is left out.
     */
    public List<CounterDefinition> countersFor(List<ScenarioPlan.Placement> placements,
                                               List<CounterDefinition> extraCounters) {
        List<CounterDefinition> counters = new ArrayList<>();
        for (ScenarioPlan.Placement placement : placements) {
            RosterCounter rostered = roster.get(placement.id());
            if (rostered == null) {
                throw new FieldRefused("counters", "'" + placement.id() + "' is not on the roster");
            }
            if (rostered.eliminated()) {
                throw new FieldRefused("counters", "'" + placement.id()
                        + "' was eliminated in an earlier scenario");
            }
            if (rostered.inScenario() != null) {
                throw new Conflict("counters", "'" + placement.id() + "' is already in play in scenario "
                        + rostered.inScenario());
            }
            CounterDefinition counter = rostered.counter();
            RosterChange change = RuleSets.byId(ruleSet).betweenScenarios(counter);
            if (change != null && change.sitsOut()) {
                continue;
            }
            Map<String, Object> state = new LinkedHashMap<>(change == null ? counter.state() : change.state());
            state.putAll(placement.state());
            counters.add(counter.withState(state));
        }
        for (CounterDefinition c : extraCounters) {
            if (roster.containsKey(c.id())) {
                throw new FieldRefused("extraCounters", "'" + c.id() + "' is a roster counter; place it"
                        + " under counters instead");
            }
            String nationality = c.nationality() != null ? c.nationality()
                    : side(c.side()) == null ? null : side(c.side()).nationality();
            counters.add(new CounterDefinition(c.id(), c.kind(), c.name() == null ? c.id() : c.name(), c.side(),
                    nationality, c.data(), c.state()));
        }
        return counters;
    }

    /**
     * The placements whose roster counter was eliminated in an earlier scenario, in the plan's order: a plan starts
     * without them (they are struck off for good) instead of being refused.
     */
    public List<StruckOff> struckOff(List<ScenarioPlan.Placement> placements) {
        List<StruckOff> list = new ArrayList<>();
        for (ScenarioPlan.Placement placement : placements) {
            RosterCounter rostered = roster.get(placement.id());
            if (rostered != null && rostered.eliminated()) {
                String where = scenarios.stream().filter(s -> s.scenarioId().equals(rostered.eliminatedIn()))
                        .map(ScenarioEntry::name).findFirst().orElse(rostered.eliminatedIn());
                list.add(new StruckOff(placement.id(), rostered.counter().name(), rostered.counter().side(), where));
            }
        }
        return list;
    }

    /**
     * The roster counters among {@code counterIds} (a concluded scenario's) that a later scenario placed, changed
     * between scenarios or left out: reopening the scenario would contradict what that scenario started from.
     */
    public List<UsedLater> usedAfter(String scenarioId, List<String> counterIds) {
        List<UsedLater> used = new ArrayList<>();
        for (String id : counterIds) {
            RosterCounter c = roster.get(id);
            String last = c == null ? null : c.inScenario() != null ? c.inScenario() : c.lastScenario();
            if (c != null && last != null && !last.equals(scenarioId)) {
                String where = scenarios.stream().filter(s -> s.scenarioId().equals(last)).map(ScenarioEntry::name)
                        .findFirst().orElse(last);
                used.add(new UsedLater(id, c.counter().name(), where));
            } else if (c != null && scenarioId.equals(c.rolledAfter())) {
                used.add(new UsedLater(id, c.counter().name(), BETWEEN_SCENARIOS));
            }
        }
        return used;
    }

    public ScenarioPlan plan(String planId) {
        return plans.stream().filter(p -> p.id().equals(planId)).findFirst().orElse(null);
    }

    public Side side(String sideId) {
        return sides.stream().filter(s -> s.id().equals(sideId)).findFirst().orElse(null);
    }

    /** True when any player moves the clock on for every side ({@code clock: any-player}: one shared device). */
    public boolean clockByAnyPlayer() {
        return CampaignFile.CLOCK_ANY_PLAYER.equals(clock);
    }

    /** The sides {@code account} plays; empty when the account plays none (the referee acts for all). */
    public List<String> sidesOf(String account) {
        return sides.stream().filter(s -> s.players().contains(account)).map(Side::id).toList();
    }

    private CampaignState withRoster(java.util.function.Consumer<Map<String, RosterCounter>> change) {
        Map<String, RosterCounter> copy = new LinkedHashMap<>(roster);
        change.accept(copy);
        return new CampaignState(campaignId, name, ruleSet, sides, referee, description, plans, copy, scenarios,
                tables, clock, disputePeriodDays, betweenDice, blindReferee);
    }

    private CampaignState withScenarios(List<ScenarioEntry> list) {
        return new CampaignState(campaignId, name, ruleSet, sides, referee, description, plans, roster,
                List.copyOf(list), tables, clock, disputePeriodDays, betweenDice, blindReferee);
    }

    private CampaignState withBetweenDice(int dice) {
        return new CampaignState(campaignId, name, ruleSet, sides, referee, description, plans, roster, scenarios,
                tables, clock, disputePeriodDays, dice, blindReferee);
    }
}
