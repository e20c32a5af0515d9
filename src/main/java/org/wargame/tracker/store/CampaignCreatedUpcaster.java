package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * A stored event must load after the code changes. The first {@code CampaignCreated} (no revision) had no scenario
 * plans; revision 1 has {@code plans}. This upcaster reads the old shape as revision 1 with no plans. Axon applies
 * every {@code EventUpcaster} bean, in order, when events are read; the stored JSON is never rewritten.
 */
@Component
@Order(1)
public class CampaignCreatedUpcaster extends SingleEventUpcaster {

    private static final SimpleSerializedType OLD =
            new SimpleSerializedType("org.wargame.tracker.campaign.CampaignEvent$CampaignCreated", null);

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation representation) {
        return representation.getType().equals(OLD);
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation representation) {
        return representation.upcastPayload(new SimpleSerializedType(OLD.getName(), "1"), JsonNode.class, json -> {
            if (json instanceof ObjectNode object && !object.has("plans")) {
                object.putArray("plans");
            }
            return json;
        });
    }
}
