package org.wargame.tracker.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The rule sets on the class path, found through {@code META-INF/services/org.wargame.tracker.rules.RuleSet}: adding
 * a rule set is adding its package and one line there. The core never names a rule set.
 */
public final class RuleSets {

    private static final Map<String, RuleSet<?, ?, ?>> BY_ID = load();

    private RuleSets() {
    }

    private static Map<String, RuleSet<?, ?, ?>> load() {
        Map<String, RuleSet<?, ?, ?>> byId = new LinkedHashMap<>();
        for (RuleSet<?, ?, ?> ruleSet : ServiceLoader.load(RuleSet.class, RuleSets.class.getClassLoader())) {
            byId.put(ruleSet.id(), ruleSet);
        }
        return Map.copyOf(byId);
    }

    public static List<RuleSet<?, ?, ?>> all() {
        return BY_ID.values().stream().sorted((a, b) -> a.id().compareTo(b.id())).toList();
    }

    /** The rule set named {@code id}; refuses an unknown id with the list of known ones. */
    @SuppressWarnings("unchecked")
    public static RuleSet<RuleState, RuleAction, RuleEvent> byId(String id) {
        RuleSet<?, ?, ?> ruleSet = BY_ID.get(id);
        if (ruleSet == null) {
            throw new IllegalArgumentException("unknown rule set '" + id + "' (known: " + String.join(", ",
                    BY_ID.keySet().stream().sorted().toList()) + ")");
        }
        return (RuleSet<RuleState, RuleAction, RuleEvent>) ruleSet;
    }
}
