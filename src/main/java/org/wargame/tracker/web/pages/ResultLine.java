package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What an action came to, in one line where the eye is: the rule section that decided it, the dice, what happened
 * and what changed on the counters ("10.4: dr 3 → Gun unloaded, Gun malfunctioned; 94mm INF Gun: B# 12 → 11").
 * At the top of the acting player's view; {@code live}, as a short notice on the other viewers' pages, with who
 * acted ({@code who}).
 */
public record ResultLine(String who, String text, boolean live) {

    /** At most this many of an action's events are named; the rest are counted. */
    static final int TITLES = 4;

    /**
     * The line for the events of the latest action among {@code lines} (oldest first), with what changed from
     * {@code before} to {@code after} (both null: not said), or null when there is nothing to say.
     */
    static ResultLine of(List<EventLine> lines, List<CounterView> before, List<CounterView> after,
                         RuleSetWords words, Map<String, String> names, boolean live) {
        if (lines == null || lines.isEmpty()) {
            return null;
        }
        String last = lines.get(lines.size() - 1).actionId();
        List<EventLine> action = last == null ? lines
                : lines.stream().filter(l -> last.equals(l.actionId())).toList();
        String section = null;
        List<String> dice = new ArrayList<>();
        Set<String> titles = new LinkedHashSet<>();
        String who = null;
        for (EventLine l : action) {
            if (who == null && l.account() != null) {
                who = l.account();
            }
            boolean asked = l.type().equals("ActionTaken");
            if (section == null && l.section() != null && !asked) {
                section = l.section();
            }
            l.dice().forEach(d -> dice.add(d.contains(" (") ? d.substring(0, d.indexOf(" (")) : d));
            if (!asked || action.size() == 1) {
                titles.add(l.title());
            }
        }
        List<String> named = new ArrayList<>(titles);
        String happened = String.join(", ", named.subList(0, Math.min(TITLES, named.size())))
                + (named.size() > TITLES ? " and " + (named.size() - TITLES) + " more" : "");
        StringBuilder text = new StringBuilder();
        if (section != null) {
            text.append(section).append(": ");
        }
        if (!dice.isEmpty()) {
            text.append(String.join(", ", dice)).append(" → ");
        }
        text.append(happened);
        List<String> changed = before == null || after == null ? List.of() : changes(before, after, words, names);
        if (!changed.isEmpty()) {
            text.append("; ").append(String.join("; ", changed));
        }
        return new ResultLine(who, text.toString(), live);
    }

    /** What changed on each counter: "94mm INF Gun: B# 12 → 11, Low Ammo", "Italian squad: to F5, eliminated". */
    static List<String> changes(List<CounterView> before, List<CounterView> after, RuleSetWords words,
                                Map<String, String> names) {
        Map<String, CounterView> was = new java.util.HashMap<>();
        before.forEach(c -> was.put(c.id(), c));
        org.wargame.tracker.scenario.IdNames ids = new org.wargame.tracker.scenario.IdNames(names);
        List<String> out = new ArrayList<>();
        for (CounterView a : after) {
            CounterView b = was.get(a.id());
            if (b == null) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (!Objects.equals(b.location(), a.location()) && a.location() != null) {
                parts.add("to " + a.location());
            }
            if (a.eliminated() && !b.eliminated()) {
                parts.add("eliminated");
            }
            List<String> mb = b.markers() == null ? List.of() : b.markers();
            List<String> ma = a.markers() == null ? List.of() : a.markers();
            ma.stream().filter(m -> !mb.contains(m)).forEach(m -> parts.add(ids.in(m)));
            mb.stream().filter(m -> !ma.contains(m)).forEach(m -> parts.add("no longer " + ids.in(m)));
            Map<String, Object> sb = b.state() == null ? Map.of() : b.state();
            Map<String, Object> sa = a.state() == null ? Map.of() : a.state();
            Set<String> keys = new LinkedHashSet<>(sa.keySet());
            keys.addAll(sb.keySet());
            for (String key : keys) {
                Object vb = sb.get(key);
                Object va = sa.get(key);
                if (Objects.equals(vb, va) || words.unlisted(key, va != null ? va : vb)) {
                    continue;
                }
                String label = StateWords.label(words, key);
                if (va == null || Boolean.FALSE.equals(va)) {
                    parts.add("no " + label);
                } else if (Boolean.TRUE.equals(va)) {
                    parts.add(label);
                } else if (vb == null || Boolean.FALSE.equals(vb)) {
                    parts.add(label + " " + StateWords.words(key, va, names));
                } else {
                    parts.add(label + " " + StateWords.words(key, vb, names) + " → "
                            + StateWords.words(key, va, names));
                }
            }
            if (!parts.isEmpty()) {
                out.add((a.name() == null ? ids.name(a.id()) : a.name()) + ": " + String.join(", ", parts));
            }
        }
        return out;
    }
}
