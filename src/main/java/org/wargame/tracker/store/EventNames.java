package org.wargame.tracker.store;

import org.wargame.tracker.rules.RuleSets;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Every stored event type's short, stable name ({@code scenario.ClockAdvanced}, {@code asl.GunTransferred}), from
 * the core's families and every rule set's, checked at start-up: a name used twice is refused. Names, not Java class
 * names, are what the store, the hash chain and every export hold, so a class can move or be renamed without
 * breaking a stored campaign. The first version stored class names: {@code legacy-event-types.properties} maps each
 * of them, frozen as that version wrote them, to its name.
 */
public final class EventNames {

    private final Map<String, Class<?>> byName = new HashMap<>();
    private final Map<Class<?>, String> byClass = new HashMap<>();
    private final Map<String, String> legacy = new HashMap<>();

    public EventNames(List<? extends EventFamily> families) {
        families.forEach(f -> f.eventNames().forEach(this::register));
        RuleSets.all().forEach(ruleSet -> ruleSet.eventNames().forEach(this::register));
        Properties frozen = new Properties();
        try (InputStream in = EventNames.class.getResourceAsStream("legacy-event-types.properties")) {
            if (in != null) {
                frozen.load(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the legacy event type names", e);
        }
        frozen.forEach((className, name) -> legacy.put((String) className, (String) name));
    }

    private void register(String name, Class<?> type) {
        Class<?> before = byName.putIfAbsent(name, type);
        if (before != null && before != type) {
            throw new IllegalStateException("event name '" + name + "' is given to both " + before.getSimpleName()
                    + " and " + type.getSimpleName());
        }
        String other = byClass.putIfAbsent(type, name);
        if (other != null && !other.equals(name)) {
            throw new IllegalStateException(type.getSimpleName() + " has two names: " + other + " and " + name);
        }
    }

    /** The stored name of an event type, or null when it is no registered event (a snapshot, a message). */
    public String nameOf(Class<?> type) {
        return byClass.get(type);
    }

    /** The event type stored under {@code name} (a stable name, or a class name the first version wrote). */
    public Class<?> typeOf(String name) {
        Class<?> type = byName.get(name);
        if (type == null && legacy.containsKey(name)) {
            type = byName.get(legacy.get(name));
        }
        return type;
    }

    /** The stable name for a stored type name: itself, or the name of a legacy class name. */
    public String stableName(String stored) {
        return legacy.getOrDefault(stored, stored);
    }

    public Map<String, Class<?>> all() {
        return Map.copyOf(byName);
    }
}
