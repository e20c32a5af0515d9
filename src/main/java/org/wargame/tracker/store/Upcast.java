package org.wargame.tracker.store;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Consumer;

/**
 * An older stored shape of one event type, read as a newer revision: {@code change} turns the JSON of revision
 * {@code from} (null: stored without one) into that of {@code to}. A family declares its own
 * ({@link EventFamily#upcasts()}); the store applies them to every stored name of the type (its stable name and the
 * class name the first version wrote) when events are read. It reads, it never rewrites: the stored bytes, and so
 * the chain, stay as they were.
 */
public record Upcast(Class<?> type, String from, String to, Consumer<ObjectNode> change) {
}
