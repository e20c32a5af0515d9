package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.CounterFace;
import org.wargame.tracker.rules.CounterFace.Symbol;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSetWords;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The skirmish rules in the players' words: the labels of a man's, an animal's and a vehicle's state, their faces,
 * on a table where they are grouped by side and by the location their set-up names.
 */
final class SkirmishWords implements RuleSetWords {

    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("position", "Position"), Map.entry("wound", "Wound"),
            Map.entry("movementLimitMetres", "Movement limit (metres)"),
            Map.entry("mayFireAfterMoving", "May fire after moving"), Map.entry("role", "Role"),
            Map.entry("team", "Crew"), Map.entry("firedTurn", "Fired in Game Turn"),
            Map.entry("firedWeapon", "Fired"), Map.entry("aboard", "Aboard"), Map.entry("recovery", "Recovery"),
            Map.entry("location", "Location"), Map.entry("crew", "Crew joined"),
            Map.entry("loadDropped", "Load dropped"));

    /** Shown as markers already. */
    private static final Set<String> UNLISTED = Set.of("markers", "eliminated", "pinned");

    private static final String LOCATION = "location";

    /** Wounds short of death (death is an elimination), a man removed, a weapon destroyed: the report's losses. */
    @Override
    public boolean loss(String marker) {
        return marker != null && (marker.equals(Wound.WALKING_WOUNDED.marker())
                || marker.equals(Wound.LITTER_CASE.marker()) || marker.equals("removed")
                || marker.startsWith("weapon destroyed"));
    }

    @Override
    public String label(String key) {
        return LABELS.get(key);
    }

    @Override
    public Set<String> keys() {
        Set<String> keys = new HashSet<>(LABELS.keySet());
        keys.addAll(UNLISTED);
        keys.addAll(List.of("carriedBy", "templates", "stationary", "mounted", "rider", "chargingAt"));
        return keys;
    }

    @Override
    public boolean unlisted(String key, Object value) {
        return UNLISTED.contains(key);
    }

    /** A figure's weapons by their names: the campaign file's, or the weapon type's in the rule text. */
    @Override
    public Map<String, String> names(CounterView counter) {
        if (counter.data() == null || !(counter.data().get("weapons") instanceof List<?> weapons)) {
            return Map.of();
        }
        Map<String, String> names = new java.util.LinkedHashMap<>();
        for (Object raw : weapons) {
            if (raw instanceof Map<?, ?> w && w.get("id") instanceof String id) {
                if (w.get("name") instanceof String name && !name.isBlank()) {
                    names.put(id, name);
                } else {
                    try {
                        names.put(id, WeaponType.parse(w.get("type") instanceof String t ? t : null,
                                w.get("calibre") instanceof String c ? c : null,
                                w.get("mount") instanceof String m ? m : null, "weapon").chartName());
                    } catch (RuntimeException unknownType) {
                        // refused when the counter was read; no name to give
                    }
                }
            }
        }
        return names;
    }

    @Override
    public CounterFace face(String kind, Map<String, Object> data) {
        Symbol symbol = switch (kind == null ? "" : kind) {
            case "animal" -> Symbol.ANIMAL;
            case "vehicle" -> Symbol.VEHICLE;
            default -> Symbol.UNIT;
        };
        return CounterFace.of(symbol, CounterFace.numbers(data, List.of(), (key, value) -> null));
    }

    @Override
    public BoardKind board(List<CounterView> counters) {
        return BoardKind.TABLE;
    }

    /** The location its set-up names, or on the table (a position is no place). */
    @Override
    public String place(CounterView counter) {
        Object location = counter.state() == null ? null : counter.state().get(LOCATION);
        return location == null ? "On the table" : location.toString();
    }
}
