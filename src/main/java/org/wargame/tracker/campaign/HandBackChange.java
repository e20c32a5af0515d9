package org.wargame.tracker.campaign;

import org.wargame.tracker.rules.CounterOutcome;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** A counter's end state before and after a change of its hand-back, in words ("Pfc. Dunn: wound none → ..."). */
public final class HandBackChange {

    private HandBackChange() {
    }

    public static String words(String name, CounterOutcome before, CounterOutcome after) {
        if (before == null) {
            return name + ": handed back now (" + (after.eliminated() ? "struck off" : "on the roster") + ")";
        }
        List<String> parts = new ArrayList<>();
        if (before.eliminated() != after.eliminated()) {
            parts.add(after.eliminated() ? "struck off the roster" : "no longer struck off");
        }
        Set<String> keys = new LinkedHashSet<>(before.state().keySet());
        keys.addAll(after.state().keySet());
        for (String key : keys) {
            Object was = before.state().get(key);
            Object now = after.state().get(key);
            if (!Objects.equals(was, now)) {
                parts.add(spelt(key) + " " + text(was) + " → " + text(now));
            }
        }
        return name + ": " + String.join(", ", parts);
    }

    private static String text(Object value) {
        if (value == null) {
            return "none";
        }
        if (value instanceof Map<?, ?> map && map.get("result") != null) {
            return String.valueOf(map.get("result"));
        }
        return String.valueOf(value);
    }

    /** "weaponsDestroyed" as "weapons destroyed". */
    private static String spelt(String key) {
        return key.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase();
    }
}
