package org.wargame.tracker.scenario;

import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventFamily;
import org.wargame.tracker.store.Upcast;

import java.util.List;
import java.util.Map;

/** The scenario core's events under their stored names, and the older shapes they are read from. */
@Component
class ScenarioEventNames implements EventFamily {

    @Override
    public Map<String, ? extends Class<?>> eventNames() {
        return ScenarioEvent.NAMES;
    }

    /**
     * {@code DisputeUpheld} gained {@code corrected} (the ruling's corrected request) without a revision; stored
     * without one it reads as revision 1 with {@code corrected: null} (the dispute simply removed the action).
     */
    @Override
    public List<Upcast> upcasts() {
        return List.of(new Upcast(ScenarioEvent.DisputeUpheld.class, null, "1", json -> {
            if (!json.has("corrected")) {
                json.putNull("corrected");
            }
        }));
    }
}
