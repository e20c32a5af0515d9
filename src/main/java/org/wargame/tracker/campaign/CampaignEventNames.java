package org.wargame.tracker.campaign;

import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventFamily;

import java.util.Map;

/** The campaign's events under their stored names. */
@Component
class CampaignEventNames implements EventFamily {

    @Override
    public Map<String, ? extends Class<?>> eventNames() {
        return CampaignEvent.NAMES;
    }
}
