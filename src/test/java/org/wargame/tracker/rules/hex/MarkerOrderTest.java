package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.CounterView;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A counter's markers come in the order its data gives them, the same on every instance: the pool's items (12.5)
 * were kept in an immutable map whose order is salted per JVM, so two instances listed them differently.
 */
class MarkerOrderTest {

    private static List<String> poolMarkers(List<String> items) {
        Map<String, Object> counts = new LinkedHashMap<>();
        items.forEach(item -> counts.put(item, 1));
        HexState state = Battlefield.empty().pool("ger-expendables", "german", counts).state();
        CounterView view = Battlefield.RULES.counters(state).get(0);
        assertThat(new ArrayList<>(view.state().keySet())).containsSubsequence(items);
        return view.markers();
    }

    @Test
    void pool_markers_follow_the_order_of_the_counters_data() {
        List<String> items = List.of(ExpendablePool.SMOKE, "satchel-charge", "grenades", "at-grenade",
                "panzerfaust");
        List<String> reversed = new ArrayList<>(items);
        Collections.reverse(reversed);
        for (List<String> order : List.of(items, reversed)) {
            List<String> markers = poolMarkers(order);
            assertThat(markers).hasSize(order.size());
            for (int i = 0; i < order.size(); i++) {
                assertThat(markers.get(i)).as(markers.toString()).startsWith(ExpendablePool.LABELS.get(order.get(i)));
            }
        }
    }
}
