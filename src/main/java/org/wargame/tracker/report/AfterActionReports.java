package org.wargame.tracker.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.axonframework.eventhandling.DomainEventMessage;
import org.springframework.stereotype.Component;
import org.wargame.tracker.campaign.CampaignEvent.CounterRecovered;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.campaign.CampaignState.ScenarioEntry;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.history.ActionAudit.AuditedAction;
import org.wargame.tracker.history.ActionAudit.AuditedEvent;
import org.wargame.tracker.history.DiceStatistics;
import org.wargame.tracker.history.EventClocks;
import org.wargame.tracker.history.ScenarioReplay;
import org.wargame.tracker.history.ScenarioReplay.CounterChange;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSetWords;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.IdNames;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventHistory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds after-action reports and the campaign journal from the record: the scenario's start and its state now
 * (each counter's fate), the audit of its actions (the decisive moments), the dice inside its events (their luck)
 * and the campaign's roster (who was struck off, each counter's career). Only reads; nothing here is stored.
 */
@Component
public class AfterActionReports {

    /** The audit is read in spans of at most this many events (the audit's own limit is higher). */
    static final int SPAN = 5_000;

    private final ScenarioReplay replay;
    private final EventClocks clocks;
    private final ScenarioViews scenarios;
    private final CampaignViews campaigns;
    private final EventHistory history;

    public AfterActionReports(ScenarioReplay replay, EventClocks clocks, ScenarioViews scenarios,
                              CampaignViews campaigns, EventHistory history) {
        this.replay = replay;
        this.clocks = clocks;
        this.scenarios = scenarios;
        this.campaigns = campaigns;
        this.history = history;
    }

    /** The campaign a scenario belongs to (refuses a scenario that does not exist). */
    public String campaignOf(String scenarioId) {
        return scenarios.campaignOf(scenarioId);
    }

    /** The after-action report of one scenario, concluded or still in play (then "so far"). */
    public ScenarioReport scenario(String scenarioId) {
        ScenarioState now = scenarios.state(scenarioId);
        return report(now, campaigns.state(now.campaignId()), tally -> { });
    }

    /** Every scenario's report in order, each roster counter's career, the campaign's dice. */
    public CampaignJournal journal(String campaignId) {
        CampaignState campaign = campaigns.state(campaignId);
        DiceStatistics.Tally all = new DiceStatistics.Tally();
        List<ScenarioReport> reports = new ArrayList<>();
        for (ScenarioEntry entry : campaign.scenarios()) {
            reports.add(report(scenarios.state(entry.scenarioId()), campaign, all));
        }
        return new CampaignJournal(campaign, reports, careers(campaign, reports), luck(all, campaign.sides()));
    }

    private ScenarioReport report(ScenarioState now, CampaignState campaign, Consumer<DomainEventMessage<?>> also) {
        String scenarioId = now.scenarioId();
        RuleSet<?, ?, ?> ruleSet = RuleSets.byId(now.ruleSetId());
        RuleSetWords words = ruleSet.words();
        List<CounterView> start = replay.stateAfter(scenarioId, 0).counters();
        List<CounterView> end = now.counters();
        IdNames names = IdNames.of(merged(start, end), now.sides());
        long last = replay.indexed(scenarioId);

        List<Moment> moments = new ArrayList<>();
        List<ScenarioReport.Note> notes = new ArrayList<>();
        Map<String, String> sideNames = new HashMap<>();
        now.sides().forEach(side -> sideNames.put(side.id(), side.name()));
        Instant[] span = {null, null};
        Map<String, AuditedAction> byAction = new HashMap<>();
        long seen = -1;
        for (long from = 0; from <= last; from += SPAN) {
            long to = Math.min(last, from + SPAN - 1);
            Map<Long, Long> undone = new HashMap<>();
            clocks.window(scenarioId, from, to).stream().filter(EventClocks.Entry::undone)
                    .forEach(e -> undone.put(e.sequence(), e.undoneBy()));
            for (AuditedAction a : replay.audit(scenarioId, null, from, to)) {
                if (a.firstSequence() <= seen) {
                    continue; // an action across two spans, told once
                }
                seen = a.firstSequence();
                if (span[0] == null) {
                    span[0] = a.time();
                }
                span[1] = a.time();
                if (a.actionId() != null) {
                    byAction.putIfAbsent(a.actionId(), a);
                }
                boolean wasUndone = undone.containsKey(a.firstSequence())
                        || (a.firstSequence() < from && wasUndone(scenarioId, a.firstSequence()));
                moments.addAll(moments(a, wasUndone, words, names, ruleSet, byAction));
                notes.addAll(notes(a, names, sideNames));
            }
        }

        DiceStatistics.Tally tally = new DiceStatistics.Tally();
        history.forEach(scenarioId, 0, last, tally.andThen(also));

        return new ScenarioReport(scenarioId, now.campaignId(), campaign.name(), now.name(), ruleSet.title(),
                now.concluded(), now.result(), now.clock().gameTurn(), now.turnLimit(), span[0], span[1],
                sides(now, campaign, start, end, words, names), moments, luck(tally, now.sides()), notes);
    }

    private boolean wasUndone(String scenarioId, long sequence) {
        return clocks.window(scenarioId, sequence, sequence).stream().anyMatch(EventClocks.Entry::undone);
    }

    /**
     * The notes the players wrote in one action of the scenario (table talk stored as {@code NoteWritten} events,
     * read by their stored fields: author, text), in the words of the page: who, their side, when in the game.
     */
    private static List<ScenarioReport.Note> notes(AuditedAction a, IdNames names, Map<String, String> sideNames) {
        List<ScenarioReport.Note> notes = new ArrayList<>();
        for (AuditedEvent e : a.outcome()) {
            if ("NoteWritten".equals(e.type()) && text(e.payload(), "text") != null) {
                String author = text(e.payload(), "author");
                notes.add(new ScenarioReport.Note(author == null ? a.account() : author,
                        a.side() == null ? null : sideNames.get(a.side()), names.in(a.clockBefore().label()),
                        text(e.payload(), "text")));
            }
        }
        return notes;
    }

    /** The decisive moments of one action: eliminations, losses and recoveries it caused, a ruling, an undo. */
    private static List<Moment> moments(AuditedAction a, boolean undone, RuleSetWords words, IdNames names,
                                        RuleSet<?, ?, ?> ruleSet, Map<String, AuditedAction> byAction) {
        List<Moment> list = new ArrayList<>();
        int turn = a.clockBefore().gameTurn();
        String clock = names.in(a.clockBefore().label());
        String who = a.account();
        boolean rollBack = false;
        for (AuditedEvent e : a.outcome()) {
            JsonNode p = e.payload();
            switch (e.type()) {
                case "DisputeUpheld" -> {
                    rollBack = true;
                    list.add(new Moment(Moment.Kind.RULING, turn, clock, "The referee upheld a dispute about "
                            + actionWords(byAction.get(text(p, "actionId")), ruleSet) + ": "
                            + names.in(text(p, "ruling")) + correction(p, names), who, a.firstSequence(), undone));
                }
                case "DisputeDismissed" -> list.add(new Moment(Moment.Kind.RULING, turn, clock,
                        "The referee ruled that " + actionWords(byAction.get(text(p, "actionId")), ruleSet)
                                + " stands: " + names.in(text(p, "ruling")), who, a.firstSequence(), undone));
                case "UndoAccepted" -> list.add(new Moment(Moment.Kind.UNDO, turn, clock, "Undone with consent: "
                        + actionWords(byAction.get(text(p, "actionId")), ruleSet) + " (agreed by "
                        + text(p, "acceptedBy") + ")", who, a.firstSequence(), undone));
                case "ActionUndone" -> rollBack = true;
                case "ScenarioConcluded" -> list.add(new Moment(Moment.Kind.END, turn, clock, "Concluded: "
                        + names.in(text(p, "result")), who, a.firstSequence(), undone));
                default -> {
                }
            }
        }
        if (rollBack || "ScenarioStarted".equals(a.kind())) {
            return list; // a roll-back's changes only take back earlier ones; the start is no moment
        }
        for (CounterChange c : a.counters()) {
            if (c.before() == null || c.after() == null) {
                continue;
            }
            String name = c.after().name();
            if (!c.before().eliminated() && c.after().eliminated()) {
                list.add(new Moment(Moment.Kind.ELIMINATION, turn, clock, name + " eliminated", who,
                        a.firstSequence(), undone));
            }
            if (c.after().eliminated()) {
                continue; // what else it lost with its life is told by the elimination
            }
            for (String m : difference(c.after().markers(), c.before().markers(), words)) {
                list.add(new Moment(Moment.Kind.LOSS, turn, clock, name + ": " + names.in(m), who, a.firstSequence(),
                        undone));
            }
            for (String m : difference(c.before().markers(), c.after().markers(), words)) {
                list.add(new Moment(Moment.Kind.RECOVERY, turn, clock, name + " recovered from " + names.in(m), who,
                        a.firstSequence(), undone));
            }
        }
        return list;
    }

    /** "the action «Casualty» of Game Turn 1", in the rule set's words. */
    private static String actionWords(AuditedAction action, RuleSet<?, ?, ?> ruleSet) {
        if (action == null) {
            return "an earlier action";
        }
        String what = "a move of the clock";
        if ("ActionTaken".equals(action.kind()) && !action.outcome().isEmpty()) {
            String type = text(action.outcome().get(0).payload(), "type");
            ActionSchema schema = type == null ? null : ruleSet.actionSchema(type);
            what = "the action \u201c" + (schema != null ? schema.title() : spelt(type)) + "\u201d";
        } else if (!"ClockAdvanced".equals(action.kind())) {
            what = "an action";
        }
        return what + " of Game Turn " + action.clockBefore().gameTurn();
    }

    private static String correction(JsonNode p, IdNames names) {
        String correction = text(p, "correction");
        return correction == null || correction.isBlank() ? "" : " (instead: " + names.in(correction) + ")";
    }

    private static String spelt(String type) {
        return type == null ? "an action" : type.replace('-', ' ');
    }

    private static String text(JsonNode p, String field) {
        JsonNode v = p == null ? null : p.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The loss markers of {@code a} not in {@code b}, counted (two Low Ammo markers against one: one). */
    private static List<String> difference(List<String> a, List<String> b, RuleSetWords words) {
        List<String> rest = new ArrayList<>(b == null ? List.of() : b);
        List<String> out = new ArrayList<>();
        for (String m : a == null ? List.<String>of() : a) {
            if (!rest.remove(m) && words.loss(m)) {
                out.add(m);
            }
        }
        return out;
    }

    /** Each side's counters as they went in against how they came out, and who was struck off the roster. */
    private static List<SideAccount> sides(ScenarioState now, CampaignState campaign, List<CounterView> start,
                                           List<CounterView> end, RuleSetWords words, IdNames names) {
        Map<String, CounterView> after = new LinkedHashMap<>();
        end.forEach(c -> after.put(c.id(), c));
        List<SideAccount> accounts = new ArrayList<>();
        for (Side side : now.sides()) {
            List<SideAccount.Fate> fates = new ArrayList<>();
            int counters = 0;
            for (CounterView before : start) {
                if (!side.id().equals(before.side())) {
                    continue;
                }
                counters++;
                CounterView out = after.getOrDefault(before.id(), before);
                RosterCounter rostered = campaign.roster().get(before.id());
                boolean struckOff = now.concluded() && rostered != null && rostered.eliminated()
                        && now.scenarioId().equals(rostered.eliminatedIn());
                boolean eliminated = out.eliminated() && !before.eliminated();
                List<String> lost = out.eliminated() ? List.of()
                        : difference(out.markers(), before.markers(), words).stream().map(names::in).toList();
                List<String> recovered = out.eliminated() ? List.of()
                        : difference(before.markers(), out.markers(), words).stream().map(names::in).toList();
                fates.add(new SideAccount.Fate(before.id(), out.name(), eliminated, struckOff, lost, recovered));
            }
            accounts.add(new SideAccount(side.id(), side.name(), counters, fates));
        }
        return accounts;
    }

    /** Start and end counters by id (a counter may exist in only one of them). */
    private static List<CounterView> merged(List<CounterView> start, List<CounterView> end) {
        Map<String, CounterView> all = new LinkedHashMap<>();
        start.forEach(c -> all.put(c.id(), c));
        end.forEach(c -> all.put(c.id(), c));
        return List.copyOf(all.values());
    }

    /** The tally's distributions with the sides' names, in the sides' order, then by player and kind of dice. */
    private static List<Luck> luck(DiceStatistics.Tally tally, List<Side> sides) {
        Map<String, String> sideNames = new LinkedHashMap<>();
        sides.forEach(s -> sideNames.put(s.id(), s.name()));
        List<String> order = new ArrayList<>(sideNames.keySet());
        return tally.distributions().stream()
                .sorted(Comparator.comparingInt((DiceStatistics.Distribution d) -> order.contains(d.side())
                                ? order.indexOf(d.side()) : order.size())
                        .thenComparing(d -> String.valueOf(d.account()))
                        .thenComparing(DiceStatistics.Distribution::kind))
                .map(d -> new Luck(sideNames.getOrDefault(d.side(), "no side"), known(d.account())
                        ? d.account() : "the server", d))
                .toList();
    }

    private static boolean known(String value) {
        return value != null && !"?".equals(value) && !"null".equals(value);
    }

    /** Each roster counter's scenarios (its fate in each), what was done to it between them, and where it is. */
    private List<CampaignJournal.Career> careers(CampaignState campaign, List<ScenarioReport> reports) {
        Map<String, List<String>> between = new HashMap<>();
        Map<String, String> scenarioNames = new HashMap<>();
        campaign.scenarios().forEach(s -> scenarioNames.put(s.scenarioId(), s.name()));
        for (DomainEventMessage<?> m : history.messages(campaign.campaignId())) {
            if (m.getPayload() instanceof CounterRecovered r) {
                String when = "before " + scenarioNames.getOrDefault(r.scenarioId(), "a scenario");
                between.computeIfAbsent(r.counterId(), k -> new ArrayList<>()).add(
                        (r.note() == null || r.note().isBlank() ? (r.sitsOut() ? "sat a scenario out" : "recovered")
                                : r.note()) + " (" + when + (r.section() == null ? "" : ", " + r.section()) + ")");
            }
        }
        Map<String, String> sideNames = new HashMap<>();
        campaign.sides().forEach(s -> sideNames.put(s.id(), s.name()));
        List<CampaignJournal.Career> careers = new ArrayList<>();
        for (RosterCounter r : campaign.roster().values()) {
            String id = r.counter().id();
            List<CampaignJournal.Stint> stints = new ArrayList<>();
            for (ScenarioReport report : reports) {
                for (SideAccount side : report.sides()) {
                    side.fates().stream().filter(f -> f.counterId().equals(id)).findFirst().ifPresent(f ->
                            stints.add(new CampaignJournal.Stint(report.scenarioId(), report.name(), f.words())));
                }
            }
            String now = r.eliminated() ? "struck off the roster (eliminated in "
                    + scenarioNames.getOrDefault(r.eliminatedIn(), "an earlier scenario") + ")"
                    : r.inScenario() != null ? "in play in " + scenarioNames.getOrDefault(r.inScenario(),
                    "a scenario") : "on the roster";
            careers.add(new CampaignJournal.Career(id, r.counter().name(), sideNames.getOrDefault(r.counter().side(),
                    "no side"), stints, between.getOrDefault(id, List.of()), now,
                    r.eliminated() ? Map.of() : r.counter().state())); // a struck-off counter carries nothing on
        }
        return careers;
    }
}
