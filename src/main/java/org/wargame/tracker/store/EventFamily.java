package org.wargame.tracker.store;

import java.util.List;
import java.util.Map;

/**
 * A closed family of events, the stored name of each and the older shapes it still reads (a Spring bean per family
 * of the core; the rule sets' families come from {@link org.wargame.tracker.rules.RuleSet#eventNames()}).
 */
public interface EventFamily {

    Map<String, ? extends Class<?>> eventNames();

    /** How the family's events stored in an older shape are read now; the store chains them. */
    default List<Upcast> upcasts() {
        return List.of();
    }
}
