package org.wargame.tracker.scenario;

import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventFamily;

import java.util.Map;

/** The scenario core's events under their stored names. */
@Component
class ScenarioEventNames implements EventFamily {

    @Override
    public Map<String, ? extends Class<?>> eventNames() {
        return ScenarioEvent.NAMES;
    }
}
