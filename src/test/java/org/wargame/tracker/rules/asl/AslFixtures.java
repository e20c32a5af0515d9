package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Counters of the rule text's examples, for the plain rule tests. */
final class AslFixtures {

    static final GameClock TURN_2_START = new GameClock(2, 1, "RPh", "1.13B", "axis");
    static final GameClock TURN_1_SECOND_RPH = new GameClock(1, 2, "RPh", "1.13B", "british");

    private AslFixtures() {
    }

    static CounterDefinition crew(String id, String nationality, String gun, Map<String, Object> extra) {
        Map<String, Object> state = new HashMap<>(Map.of("hex", "B4", "terrain", "open-ground", "possesses", gun));
        state.putAll(extra);
        return new CounterDefinition(id, "crew", id, "british", nationality, Map.of(), state);
    }

    static CounterDefinition gun94(String loadedOn) {
        Map<String, Object> state = new HashMap<>(Map.of("hex", "B4", "terrain", "open-ground"));
        if (loadedOn != null) {
            state.put("loadedOn", loadedOn);
        }
        return new CounterDefinition("gun", "gun", "94mm INF", "british", "British",
                Map.of("caliber", 94, "gunType", "INF", "manhandling", 10, "ordnanceNotePack", true), state);
    }

    static CounterDefinition mortar81(boolean dm) {
        return new CounterDefinition("gun", "gun", "81mm MTR", "british", "British",
                Map.of("caliber", 81, "gunType", "MTR", "manhandling", 11, "breakdown", 12, "dismantlable", true),
                Map.of("hex", "B4", "terrain", "open-ground", "loadedOn", "mule", "dm", dm));
    }

    static CounterDefinition mule() {
        return new CounterDefinition("mule", "horse", "\"squad\" Mule", "british", "British", Map.of("mule", true),
                Map.of("hex", "B4", "terrain", "open-ground"));
    }

    static AnimalPackState ex103(Map<String, Object> crewExtra, String crewNationality) {
        return new AnimalPackRules().setUp(List.of(crew("crew", crewNationality, "gun", crewExtra), gun94("mule"),
                mule()));
    }
}
