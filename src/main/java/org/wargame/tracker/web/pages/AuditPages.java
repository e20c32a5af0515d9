package org.wargame.tracker.web.pages;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.history.ActionAudit.AuditedAction;
import org.wargame.tracker.history.EventClocks;
import org.wargame.tracker.history.ScenarioReplay;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.TableTalk;
import org.wargame.tracker.store.RecordedEvent;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The audit of one Game Turn: each action with who took it (account and side), when, the dice and where they came
 * from, the rule sections, what it stored and the counters it changed, before and after. The same audit as the
 * REST API's, reading only the span of that Game Turn; links to the Game Turns near it, the first and the last.
 */
@Controller
public class AuditPages {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final ScenarioReplay replay;
    private final EventClocks clocks;
    private final ScenarioViews scenarios;
    private final CampaignViews campaigns;
    private final Participants participants;
    private final TableTalk talk;

    public AuditPages(ScenarioReplay replay, EventClocks clocks, ScenarioViews scenarios, CampaignViews campaigns,
                      Participants participants, TableTalk talk) {
        this.talk = talk;
        this.replay = replay;
        this.clocks = clocks;
        this.scenarios = scenarios;
        this.campaigns = campaigns;
        this.participants = participants;
    }

    /** One difference of a counter: what, before and after ("–" when absent). */
    public record Change(String what, String before, String after) {
    }

    public record CounterDiff(String id, String name, List<Change> changes) {
        /** A counter as it was set up: its values after, in one line ("Hex B4; Terrain open-ground"). */
        public String setUp() {
            return String.join("; ", changes.stream().filter(c -> !c.what().equals("in play")
                            && !c.after().equals("–") && !c.after().equals("none") && !c.after().equals("no"))
                    .map(c -> c.what() + (c.after().equals("yes") ? "" : " " + c.after())).toList());
        }
    }

    /** A die in words: "dr 3", its source (entered, or server with its number) and what it was for. */
    public record Die(String roll, String source, String purpose) {
    }

    /**
     * One action: folded to its line (who did what, where in the Game Turn, the result) with its details (time,
     * dice, rule sections, events, counters before/after) opened on demand. {@code start}: the scenario's start,
     * whose counters are listed as set up instead of a before/after table each.
     */
    public record Row(AuditedAction action, String title, String time, List<Die> dice, List<EventLine> outcome,
                      List<CounterDiff> counters, Long undoneBy, String where, String clock, String what,
                      String result, boolean start) {
        public boolean undone() {
            return undoneBy != null;
        }
    }

    /** At most this many of an action's later events are named on its line; the rest are counted. */
    static final int RESULTS_ON_LINE = 3;

    /**
     * The events of a Game Turn one page lists at most (whole actions: the last may run past it): a long Game Turn is
     * read and shown a part at a time, so the page costs the same in any turn (docs/speed.md).
     */
    static final int PART = 300;

    /**
     * Where this part of the Game Turn lies: its first and last event, the turn's, and where the earlier and later
     * parts begin (null at either end).
     */
    public record Part(long first, long last, long turnFirst, long turnLast, Long earlier, Long later) {
        public boolean whole() {
            return earlier == null && later == null;
        }

        /** Where the part with the turn's latest actions begins (null on it): what a table asks for first. */
        public Long latest() {
            return later == null ? null : Math.max(turnFirst, turnLast - PART + 1);
        }
    }

    @GetMapping("/scenarios/{scenarioId}/audit")
    public String audit(@PathVariable String scenarioId, @RequestParam(required = false) Integer gameTurn,
                        @RequestParam(required = false) Long from, Authentication auth, Model model) {
        participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
        ScenarioState now = scenarios.state(scenarioId);
        int turn = gameTurn == null ? now.clock().gameTurn() : gameTurn;
        if (turn < 1) {
            throw new FieldRefused("gameTurn", "Game Turns are numbered from 1, not " + turn);
        }
        if (from != null && from < 0) {
            throw new FieldRefused("from", "events are numbered from 0, not " + from);
        }
        long[] span = clocks.turnSpan(scenarioId, turn);
        List<AuditedAction> actions = List.of();
        Part part = null;
        if (span != null) {
            // the turn's events as the audit reads them: from its first to the one after its last clock row
            long turnFirst = span[0];
            long turnLast = Math.min(span[1] + 1, replay.indexed(scenarioId));
            long start = from == null ? turnFirst : Math.min(Math.max(from, turnFirst), turnLast);
            actions = replay.audit(scenarioId, turn, start, start + PART - 1);
            if (!actions.isEmpty()) {
                long first = actions.get(0).firstSequence();
                long last = actions.get(actions.size() - 1).lastSequence();
                part = new Part(first, last, turnFirst, Math.max(turnLast, last),
                        first > turnFirst ? Math.max(turnFirst, first - PART) : null,
                        last < turnLast ? last + 1 : null);
            }
        }
        int maxTurn = clocks.maxGameTurn(scenarioId);
        Map<Long, Long> undone = new HashMap<>();
        if (!actions.isEmpty()) {
            clocks.window(scenarioId, actions.get(0).firstSequence(), actions.get(actions.size() - 1).firstSequence())
                    .stream().filter(EventClocks.Entry::undone).forEach(e -> undone.put(e.sequence(), e.undoneBy()));
        }
        Map<String, String> names = new HashMap<>();
        ScenarioView view = ScenarioView.of(now);
        view.counters().forEach(c -> names.put(c.id(), c.name()));
        Map<String, String> sideNames = new java.util.LinkedHashMap<>();
        now.sides().forEach(side -> sideNames.put(side.id(), side.name()));
        Map<String, String> idNames = new HashMap<>(names);
        // what the counters' data holds by id (a figure's weapons) too
        org.wargame.tracker.scenario.IdNames.of(view.counters(), now.sides()).byId().forEach(idNames::putIfAbsent);
        idNames.putAll(sideNames);
        // an action by its number ("#54"), never its id
        actions.forEach(a -> idNames.put(a.actionId(), "#" + a.firstSequence()));
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(idNames);
        List<Row> rows = new ArrayList<>();
        for (AuditedAction a : actions) {
            List<EventLine> lines = a.outcome().stream().map(e -> EventLine.of(new RecordedEvent(scenarioId,
                    e.sequence(), e.type(), a.time(), a.account(), a.side(), a.actionId(), e.payload(),
                    Map.of(), e.clock(), e.section())).named(ids)).toList();
            boolean start = a.kind().equals("ScenarioStarted");
            List<CounterDiff> diffs = a.counters().stream().map(c -> diff(c, ids)).toList();
            rows.add(new Row(a, lines.isEmpty() ? a.kind() : lines.get(0).title(), TIME.format(a.time()),
                    a.dice().stream().map(AuditPages::die).map(d -> new Die(d.roll(), d.source(), ids.in(d.purpose())))
                            .toList(), lines, diffs, undone.get(a.firstSequence()),
                    where(a.clockBefore()), ids.in(a.clockBefore().label()) + (a.clockAfter().equals(a.clockBefore())
                    ? "" : " → " + ids.in(a.clockAfter().label())), what(a, lines),
                    start ? setUp(a, sideNames) : result(lines), start));
        }
        List<Integer> turns = Timeline.linkedTurns(turn, maxTurn);
        model.addAttribute("scenario", view);
        model.addAttribute("sideNames", sideNames);
        model.addAttribute("campaignName", campaigns.state(now.campaignId()).name());
        model.addAttribute("gameTurn", turn);
        model.addAttribute("turns", turns);
        model.addAttribute("rows", rows);
        model.addAttribute("part", part);
        model.addAttribute("threads", TableTalk.byAction(talk.inScenario(scenarioId)));
        return "audit";
    }

    /** Where in the Game Turn the action was taken, short: "RPh Step 1.13B" (the whole clock is in its details). */
    private String where(org.wargame.tracker.rules.GameClock c) {
        return c.phase() + (c.step() == null ? "" : " Step " + c.step());
    }

    /** What was asked, on its line: an action's fields ("Counter: Italian squad, Hex: F5"); nothing else. */
    static String what(AuditedAction a, List<EventLine> lines) {
        if (a.kind().equals("NoteWritten") && !lines.isEmpty()) { // the note's words on its line
            return String.join(", ", lines.get(0).details());
        }
        if (!a.kind().equals("ActionTaken") || lines.isEmpty() || lines.get(0).details().isEmpty()) {
            return null;
        }
        return String.join(", ", lines.get(0).details());
    }

    /** What the action led to, on its line: its later events' titles, the first few named, the rest counted. */
    static String result(List<EventLine> lines) {
        List<String> titles = lines.stream().skip(1).map(EventLine::title).distinct().toList();
        if (titles.isEmpty()) {
            return null;
        }
        String named = String.join("; ", titles.subList(0, Math.min(RESULTS_ON_LINE, titles.size())));
        return titles.size() > RESULTS_ON_LINE ? named + " and " + (titles.size() - RESULTS_ON_LINE) + " more" : named;
    }

    /** "4 counters set up (British 3, Italians 1)": the start's counters by side, in the order of the sides. */
    static String setUp(AuditedAction a, Map<String, String> sideNames) {
        Map<String, Integer> bySide = new java.util.LinkedHashMap<>();
        sideNames.values().forEach(name -> bySide.put(name, 0));
        int all = 0;
        for (ScenarioReplay.CounterChange c : a.counters()) {
            if (c.after() != null) {
                bySide.merge(sideNames.getOrDefault(c.after().side(), c.after().side()), 1, Integer::sum);
                all++;
            }
        }
        bySide.values().removeIf(n -> n == 0);
        return all + (all == 1 ? " counter" : " counters") + " set up (" + String.join(", ", bySide.entrySet()
                .stream().map(e -> e.getKey() + " " + e.getValue()).toList()) + ")";
    }

    static Die die(DiceRoll roll) {
        String values = String.join(" ", roll.values().stream().map(String::valueOf).toList());
        String source = DiceRoll.SERVER.equals(roll.source())
                ? "server" + (roll.index() == null ? "" : " (die #" + roll.index() + ")")
                : roll.source();
        return new Die(roll.kind() + " " + values, source, roll.purpose());
    }

    /** What changed on a counter, field by field: place, markers, elimination and each state value. */
    static CounterDiff diff(ScenarioReplay.CounterChange change) {
        return diff(change, Map.of());
    }

    /** With {@code names}: a counter's id in a value written as its name. */
    static CounterDiff diff(ScenarioReplay.CounterChange change, Map<String, String> names) {
        return diff(change, new org.wargame.tracker.scenario.IdNames(names));
    }

    /** The same with the names made once for a whole page (an audit may list thousands of actions). */
    static CounterDiff diff(ScenarioReplay.CounterChange change, org.wargame.tracker.scenario.IdNames ids) {
        CounterView b = change.before();
        CounterView a = change.after();
        CounterView any = a != null ? a : b;
        List<Change> changes = new ArrayList<>();
        if (b == null || a == null) {
            changes.add(new Change("in play", b == null ? "no" : "yes", a == null ? "no" : "yes"));
        }
        add(changes, "location", b == null ? null : b.location(), a == null ? null : a.location());
        add(changes, "markers", b == null ? null : ids.in(words(b.markers())),
                a == null ? null : ids.in(words(a.markers())));
        add(changes, "eliminated", b == null ? null : b.eliminated() ? "yes" : "no",
                a == null ? null : a.eliminated() ? "yes" : "no");
        Map<String, Object> sb = b == null || b.state() == null ? Map.of() : b.state();
        Map<String, Object> sa = a == null || a.state() == null ? Map.of() : a.state();
        Set<String> keys = new LinkedHashSet<>(sb.keySet());
        keys.addAll(sa.keySet());
        for (String key : keys) {
            add(changes, StateWords.label(key), text(key, sb.get(key), ids), text(key, sa.get(key), ids));
        }
        return new CounterDiff(change.id(), any.name(), changes);
    }

    private static void add(List<Change> changes, String what, String before, String after) {
        if (!Objects.equals(before, after)) {
            changes.add(new Change(what, before == null ? "–" : before, after == null ? "–" : after));
        }
    }

    private static String words(List<String> list) {
        return list == null || list.isEmpty() ? "none" : String.join(", ", list);
    }

    /** A state value in the players' words (never a raw map): see {@link StateWords#words}. */
    private static String text(String key, Object value, org.wargame.tracker.scenario.IdNames names) {
        if (value == null) {
            return null;
        }
        Object v = value instanceof JsonNode node
                ? org.wargame.tracker.store.StoredJson.mapper().convertValue(node, Object.class) : value;
        return StateWords.words(key, v, names);
    }
}
