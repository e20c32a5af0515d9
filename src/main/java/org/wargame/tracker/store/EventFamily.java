package org.wargame.tracker.store;

import java.util.Map;

/**
 * A closed family of events and the stored name of each (a Spring bean per family of the core; the rule sets'
 * families come from {@link org.wargame.tracker.rules.RuleSet#eventNames()}).
 */
public interface EventFamily {

    Map<String, ? extends Class<?>> eventNames();
}
