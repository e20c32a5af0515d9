package org.wargame.tracker.campaign;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a campaign file must hold before it is imported, refused field by field (by its path in the file:
 * {@code sides[1].id}, {@code plans[0].turnLimit}): ids the tracker can put in a path, sides with an id, a name and a
 * nationality, no id given twice, plans whose turn limit is a whole number of at least 1 and whose side order names
 * each side at most once, and counter numbers that are whole numbers a rule can count with. The rule set then
 * checks what its rules need of each counter (an M# for a Gun...), and the campaign aggregate that every plan sets
 * up. The records stay unchecked themselves: they are also inside stored events, which load forever.
 */
final class CampaignFileCheck {

    static final int MAX_NAME = 200;
    static final int MAX_TEXT = 20_000;
    /** Account names, as {@code Accounts} makes them. */
    private static final Pattern ACCOUNT = Pattern.compile("[a-z][a-z0-9_.-]{1,63}");

    private CampaignFileCheck() {
    }

    static void check(CampaignFile file) {
        if (file.id() != null) {
            RequestJson.requireId("id", file.id());
        }
        text("name", file.name(), true, MAX_NAME);
        text("ruleSet", file.ruleSet(), true, MAX_NAME);
        text("description", file.description(), false, MAX_TEXT);
        if (file.referee() != null) {
            account("referee", file.referee());
        }
        if (file.clock() != null && !file.clock().equals(CampaignFile.CLOCK_BY_SIDE)
                && !file.clock().equals(CampaignFile.CLOCK_ANY_PLAYER)) {
            throw new FieldRefused("clock", "'" + RequestJson.shortened(file.clock()) + "' is not who moves the clock: "
                    + CampaignFile.CLOCK_BY_SIDE + " (the side whose move it is; the default) or "
                    + CampaignFile.CLOCK_ANY_PLAYER + " (any player, one device shared at the table)");
        }
        if (file.disputePeriodDays() != null && (file.disputePeriodDays() < 1
                || file.disputePeriodDays() > CampaignFile.MAX_DISPUTE_PERIOD_DAYS)) {
            throw new FieldRefused("disputePeriodDays", file.disputePeriodDays() + " is not a period: from 1 to "
                    + CampaignFile.MAX_DISPUTE_PERIOD_DAYS + " days after a scenario's end (leave it out: no dispute "
                    + "after the end)");
        }
        List<Side> sides = file.sides();
        if (sides == null || sides.size() < 2) {
            throw new FieldRefused("sides", "a campaign needs two or more sides");
        }
        Map<String, Integer> sideIds = new HashMap<>();
        for (int i = 0; i < sides.size(); i++) {
            Side side = sides.get(i);
            String at = "sides[" + i + "]";
            RequestJson.requireId(at + ".id", side.id());
            Integer before = sideIds.putIfAbsent(side.id(), i);
            if (before != null) {
                throw new FieldRefused(at + ".id", "'" + side.id() + "' is already the id of sides[" + before + "]");
            }
            text(at + ".name", side.name(), true, MAX_NAME);
            text(at + ".nationality", side.nationality(), true, MAX_NAME);
            Set<String> players = new HashSet<>();
            for (int p = 0; p < side.players().size(); p++) {
                String player = side.players().get(p);
                account(at + ".players[" + p + "]", player);
                if (!players.add(player)) {
                    throw new FieldRefused(at + ".players[" + p + "]", "'" + player + "' is named twice");
                }
            }
        }
        Set<String> counterIds = new HashSet<>();
        List<CounterDefinition> roster = file.roster() == null ? List.of() : file.roster();
        for (int i = 0; i < roster.size(); i++) {
            counter("roster[" + i + "]", roster.get(i), sideIds.keySet(), counterIds);
        }
        List<ScenarioPlan> plans = file.plans() == null ? List.of() : file.plans();
        Set<String> planIds = new HashSet<>();
        for (int i = 0; i < plans.size(); i++) {
            plan("plans[" + i + "]", plans.get(i), sideIds.keySet(), counterIds, planIds);
        }
    }

    private static void plan(String at, ScenarioPlan plan, Set<String> sides, Set<String> roster,
                             Set<String> planIds) {
        RequestJson.requireId(at + ".id", plan.id());
        if (!planIds.add(plan.id())) {
            throw new FieldRefused(at + ".id", "'" + plan.id() + "' is already the id of another plan");
        }
        text(at + ".name", plan.name(), true, MAX_NAME);
        if (plan.turnLimit() < 1 || plan.turnLimit() > ScenarioPlan.MAX_TURN_LIMIT) {
            throw new FieldRefused(at + ".turnLimit", ScenarioPlan.TURN_LIMIT_RANGE);
        }
        sideOrder(at + ".sideOrder", plan.sideOrder(), sides);
        if (plan.map() != null) {
            org.wargame.tracker.rules.ScenarioMap.check(at + ".map", plan.map());
        }
        Set<String> placed = new HashSet<>();
        for (int c = 0; c < plan.counters().size(); c++) {
            ScenarioPlan.Placement placement = plan.counters().get(c);
            String where = at + ".counters[" + c + "]";
            RequestJson.requireId(where + ".id", placement.id());
            if (!placed.add(placement.id())) {
                throw new FieldRefused(where + ".id", "'" + placement.id() + "' is placed twice");
            }
            RequestJson.requireWholeNumbers(where + ".state", placement.state());
        }
        Set<String> ids = new HashSet<>(roster);
        ids.addAll(placed);
        for (int c = 0; c < plan.extraCounters().size(); c++) {
            counter(at + ".extraCounters[" + c + "]", plan.extraCounters().get(c), sides, ids);
        }
        // the counters their side may set up hidden: each one the plan places or adds, once
        Set<String> inPlan = new HashSet<>(placed);
        plan.extraCounters().forEach(c -> inPlan.add(c.id()));
        Set<String> hidden = new HashSet<>();
        for (int h = 0; h < plan.mayHide().size(); h++) {
            String counter = plan.mayHide().get(h);
            String where = at + ".hidden[" + h + "]";
            RequestJson.requireId(where, counter);
            if (!inPlan.contains(counter)) {
                throw new FieldRefused(where, "'" + counter + "' is not a counter of this plan");
            }
            if (!hidden.add(counter)) {
                throw new FieldRefused(where, "'" + counter + "' is named twice");
            }
        }
    }

    /** A side order names known sides, each at most once (also for a scenario started without a plan). */
    static void sideOrder(String at, List<String> order, Set<String> sides) {
        Set<String> seen = new HashSet<>();
        for (int s = 0; s < order.size(); s++) {
            String side = order.get(s);
            RequestJson.requireId(at + "[" + s + "]", side);
            if (sides != null && !sides.contains(side)) {
                throw new FieldRefused(at + "[" + s + "]", "'" + side + "' is not a side of this campaign");
            }
            if (!seen.add(side)) {
                throw new FieldRefused(at + "[" + s + "]", "'" + side + "' is named twice: each side takes one "
                        + "Player Turn in a Game Turn");
            }
        }
    }

    private static void counter(String at, CounterDefinition counter, Set<String> sides, Set<String> ids) {
        RequestJson.requireId(at + ".id", counter.id());
        if (!ids.add(counter.id())) {
            throw new FieldRefused(at + ".id", "'" + counter.id() + "' is already the id of another counter");
        }
        text(at + ".kind", counter.kind(), true, MAX_NAME);
        text(at + ".name", counter.name(), false, MAX_NAME);
        text(at + ".nationality", counter.nationality(), false, MAX_NAME);
        RequestJson.requireId(at + ".side", counter.side());
        if (!sides.contains(counter.side())) {
            throw new FieldRefused(at + ".side", "'" + counter.side() + "' is not a side of this campaign");
        }
        RequestJson.requireWholeNumbers(at + ".data", counter.data());
        RequestJson.requireWholeNumbers(at + ".state", counter.state());
    }

    private static void text(String field, String value, boolean required, int max) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw new FieldRefused(field, "required");
            }
            return;
        }
        if (value.length() > max) {
            throw new FieldRefused(field, "longer than " + max + " characters");
        }
    }

    private static void account(String field, String name) {
        if (name == null || !ACCOUNT.matcher(name).matches()) {
            throw new FieldRefused(field, "'" + (name == null ? "" : RequestJson.shortened(name)) + "' is not an "
                    + "account name: 2 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter");
        }
    }
}
