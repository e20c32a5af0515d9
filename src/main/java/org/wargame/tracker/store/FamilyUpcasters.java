package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;

import java.util.List;
import java.util.Objects;

/**
 * The families' upcasts ({@link Upcast}) chained into the one upcaster Axon applies when events are read: the store
 * knows no event of its own, it only matches each upcast to the names its type is stored under.
 */
final class FamilyUpcasters {

    private FamilyUpcasters() {
    }

    static EventUpcaster chain(List<? extends EventFamily> families, EventNames names) {
        List<EventUpcaster> upcasters = families.stream().flatMap(f -> f.upcasts().stream())
                .<EventUpcaster>map(upcast -> new One(upcast, names)).toList();
        return new EventUpcasterChain(upcasters);
    }

    /** Whether {@code upcast} reads an event stored under {@code name} in {@code revision}. */
    static boolean applies(Upcast upcast, EventNames names, String name, String revision) {
        return Objects.equals(revision, upcast.from()) && names.typeOf(name) == upcast.type();
    }

    private static final class One extends SingleEventUpcaster {
        private final Upcast upcast;
        private final EventNames names;

        One(Upcast upcast, EventNames names) {
            this.upcast = upcast;
            this.names = names;
        }

        @Override
        protected boolean canUpcast(IntermediateEventRepresentation representation) {
            return applies(upcast, names, representation.getType().getName(), representation.getType().getRevision());
        }

        @Override
        protected IntermediateEventRepresentation doUpcast(IntermediateEventRepresentation representation) {
            return representation.upcastPayload(
                    new SimpleSerializedType(representation.getType().getName(), upcast.to()), JsonNode.class,
                    json -> {
                        if (json instanceof ObjectNode object) {
                            upcast.change().accept(object);
                        }
                        return json;
                    });
        }
    }
}
