package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.util.Set;

/**
 * {@code scenario.DisputeUpheld} gained {@code corrected} (the ruling's corrected request) without a revision; it is
 * now revision 1. A stored one without revision is read as revision 1, with {@code corrected: null} where it has
 * none (the dispute simply removed the action). The stored bytes are never rewritten.
 */
@Component
@Order(2)
public class DisputeUpheldUpcaster extends SingleEventUpcaster {

    private static final Set<String> NAMES = Set.of("scenario.DisputeUpheld",
            "org.wargame.tracker.scenario.ScenarioEvent$DisputeUpheld");

    @Override
    protected boolean canUpcast(IntermediateEventRepresentation representation) {
        return NAMES.contains(representation.getType().getName()) && representation.getType().getRevision() == null;
    }

    @Override
    protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation representation) {
        return representation.upcastPayload(new SimpleSerializedType(representation.getType().getName(), "1"),
                JsonNode.class, json -> {
                    if (json instanceof ObjectNode object && !object.has("corrected")) {
                        object.putNull("corrected");
                    }
                    return json;
                });
    }
}
