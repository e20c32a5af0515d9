package org.wargame.tracker.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.store.PendingWrites;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scenario's read model as it is stored (layout 1, migration V13): {@code scenario_view.state_json} holds the
 * state but for the rule set's collections (each field of the rule state that is a map or a list: the counters,
 * figures, periods...), whose entries are one row each in {@code scenario_part}. An action writes the small head
 * and the entries it changed, not the whole state (43 KB with 100 counters, on every clock advance). The split is
 * made on the state's JSON, so it needs nothing of the rule sets.
 */
public final class ScenarioRow {

    /** The layout this code writes; rows of layout 0 hold the whole state in state_json. */
    public static final int LAYOUT = 1;

    /** One entry of a collection of the rule state: its field, its place in it, its key in a map. */
    record Part(String field, int position, String key, JsonNode value) {
        boolean sameAs(Part other) {
            return other != null && Objects.equals(key, other.key) && value.equals(other.value);
        }
    }

    /** The head (the state with its collections emptied) and the entries of its collections, in order. */
    record Split(ObjectNode head, Map<String, List<Part>> parts) {
    }

    private ScenarioRow() {
    }

    static Split split(ScenarioState state) {
        ObjectNode head = StoredJson.mapper().valueToTree(state);
        Map<String, List<Part>> parts = new LinkedHashMap<>();
        if (head.get("rules") instanceof ObjectNode rules) {
            for (Iterator<Map.Entry<String, JsonNode>> it = rules.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                List<Part> entries = new ArrayList<>();
                if (field.getValue() instanceof ObjectNode map && !map.isEmpty()) {
                    int i = 0;
                    for (Iterator<Map.Entry<String, JsonNode>> e = map.fields(); e.hasNext(); ) {
                        Map.Entry<String, JsonNode> entry = e.next();
                        entries.add(new Part(field.getKey(), i++, entry.getKey(), entry.getValue()));
                    }
                    map.removeAll();
                } else if (field.getValue() instanceof ArrayNode list && !list.isEmpty()) {
                    for (int i = 0; i < list.size(); i++) {
                        entries.add(new Part(field.getKey(), i, null, list.get(i)));
                    }
                    list.removeAll();
                }
                if (!entries.isEmpty()) {
                    parts.put(field.getKey(), entries);
                }
            }
        }
        return new Split(head, parts);
    }

    /**
     * The stored row and parts of a scenario as a split, or null when it has no row: one statement, so one snapshot
     * on both databases (an action that commits meanwhile is wholly in it or wholly not), the head in its own row
     * and each part in one (the head repeated with every part cost its bytes once per counter). It was three (the
     * head, the parts, the head's event count again to see whether an action had come between), each a round trip
     * to a PostgreSQL server, on every read of a scenario.
     */
    static Split stored(JdbcTemplate jdbc, String scenarioId) {
        ObjectNode[] head = {null};
        Map<String, List<Part>> parts = new LinkedHashMap<>();
        jdbc.query("select 0 as k, v.state_json as head, cast(null as varchar(64)) as field, cast(null as int) as "
                + "entry_index, cast(null as varchar(255)) as part_key, cast(null as varchar(1)) as part_json "
                + "from scenario_view v where v.scenario_id = ? union all "
                + "select 1, null, p.field, p.entry_index, p.part_key, p.part_json from scenario_part p join "
                + "scenario_view v on v.scenario_id = p.scenario_id and v.layout >= ? where p.scenario_id = ? "
                + "order by k, field, entry_index", rs -> {
                    if (rs.getInt(1) == 0) {
                        head[0] = (ObjectNode) tree(rs.getString(2));
                    } else {
                        parts.computeIfAbsent(rs.getString(3), f -> new ArrayList<>()).add(new Part(rs.getString(3),
                                rs.getInt(4), rs.getString(5), tree(rs.getString(6))));
                    }
                }, scenarioId, LAYOUT, scenarioId);
        return head[0] == null ? null : new Split(head[0], parts);
    }

    /** The state a split holds: its collections filled back in, in their order. */
    static ScenarioState join(Split split) {
        ObjectNode state = split.head().deepCopy();
        if (state.get("rules") instanceof ObjectNode rules) {
            for (Map.Entry<String, List<Part>> field : split.parts().entrySet()) {
                JsonNode into = rules.get(field.getKey());
                for (Part part : field.getValue()) {
                    if (into instanceof ObjectNode map) {
                        map.set(part.key(), part.value());
                    } else if (into instanceof ArrayNode list) {
                        list.add(part.value());
                    }
                }
            }
        }
        try {
            return StoredJson.mapper().treeToValue(state, ScenarioState.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read scenario state", e);
        }
    }

    /** The state stored for a scenario, or null when it has no row. */
    static ScenarioState read(JdbcTemplate jdbc, String scenarioId) {
        Split split = stored(jdbc, scenarioId);
        return split == null ? null : join(split);
    }

    /**
     * Writes {@code next} over a row that holds {@code before} (its parts as stored): the head, and of the parts
     * only those that changed; a collection whose keys changed is written again whole.
     */
    static void writeParts(PendingWrites jdbc, String scenarioId, Split before, Split next) {
        List<Object[]> updates = new ArrayList<>();
        List<Object[]> inserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        java.util.Set<String> fields = new java.util.LinkedHashSet<>(before.parts().keySet());
        fields.addAll(next.parts().keySet());
        for (String field : fields) {
            List<Part> old = before.parts().getOrDefault(field, List.of());
            List<Part> now = next.parts().getOrDefault(field, List.of());
            if (old.size() == now.size() && sameKeys(old, now)) {
                for (int i = 0; i < now.size(); i++) {
                    if (!now.get(i).sameAs(old.get(i))) {
                        updates.add(new Object[]{text(now.get(i).value()), scenarioId, field, i});
                    }
                }
            } else {
                if (!old.isEmpty()) {
                    deletes.add(new Object[]{scenarioId, field});
                }
                for (Part part : now) {
                    inserts.add(new Object[]{scenarioId, field, part.position(), part.key(), text(part.value())});
                }
            }
        }
        if (!deletes.isEmpty()) {
            jdbc.write("delete from scenario_part where scenario_id = ? and field = ?", deletes);
        }
        if (!inserts.isEmpty()) {
            jdbc.write("insert into scenario_part (scenario_id, field, entry_index, part_key, part_json) "
                    + "values (?, ?, ?, ?, ?)", inserts);
        }
        if (!updates.isEmpty()) {
            jdbc.write("update scenario_part set part_json = ? where scenario_id = ? and field = ? "
                    + "and entry_index = ?", updates);
        }
    }

    /** The parts of a split that has none stored yet. */
    static void insertParts(PendingWrites jdbc, String scenarioId, Split next) {
        writeParts(jdbc, scenarioId, new Split(next.head(), Map.of()), next);
    }

    private static boolean sameKeys(List<Part> a, List<Part> b) {
        for (int i = 0; i < a.size(); i++) {
            if (!Objects.equals(a.get(i).key(), b.get(i).key())) {
                return false;
            }
        }
        return true;
    }

    static String text(JsonNode node) {
        try {
            return StoredJson.mapper().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write scenario state", e);
        }
    }

    private static JsonNode tree(String json) {
        try {
            ObjectMapper mapper = StoredJson.mapper();
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read scenario state", e);
        }
    }
}
