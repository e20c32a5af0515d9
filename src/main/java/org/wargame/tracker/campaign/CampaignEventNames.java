package org.wargame.tracker.campaign;

import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventFamily;
import org.wargame.tracker.store.Upcast;

import java.util.List;
import java.util.Map;

/** The campaign's events under their stored names, and the older shapes they are read from. */
@Component
class CampaignEventNames implements EventFamily {

    @Override
    public Map<String, ? extends Class<?>> eventNames() {
        return CampaignEvent.NAMES;
    }

    /** The first {@code CampaignCreated} (no revision) had no scenario plans: read as revision 1 with none. */
    @Override
    public List<Upcast> upcasts() {
        return List.of(new Upcast(CampaignEvent.CampaignCreated.class, null, "1", json -> {
            if (!json.has("plans")) {
                json.putArray("plans");
            }
        }));
    }
}
