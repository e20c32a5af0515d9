package org.wargame.tracker.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Unmodifiable copies that keep the order they are given (as {@code Map.copyOf} and {@code Set.copyOf} do not: those
 * iterate in an order salted per JVM, so two instances showed one counter's markers and numbers in different orders).
 * Like them, they refuse a null key or value.
 */
public final class Ordered {

    private Ordered() {
    }

    public static <K, V> Map<K, V> copyOf(Map<K, V> map) {
        if (map == null || map.isEmpty()) {
            return Map.of();
        }
        Map<K, V> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(Objects.requireNonNull(k), Objects.requireNonNull(v)));
        return Collections.unmodifiableMap(copy);
    }

    public static <T> Set<T> copyOf(Set<T> set) {
        if (set == null || set.isEmpty()) {
            return Set.of();
        }
        Set<T> copy = new LinkedHashSet<>();
        set.forEach(t -> copy.add(Objects.requireNonNull(t)));
        return Collections.unmodifiableSet(copy);
    }
}
