package org.wargame.tracker.rules.asl;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.ScenarioMap;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * 10.31 from the scenario's map: which terrain prohibits Guns is the map's to say (the rule text leaves it to the
 * scenario), so a counter set up or moving onto a marsh the map declares {@code prohibitsGuns} carries it, whatever
 * the player typed; a hex off the map, a terrain or a prohibition the map contradicts is refused naming the field.
 */
class MapTerrainTest {

    private static final ScenarioMap MAP = new ScenarioMap(Map.of("B4", "open-ground", "C5", "marsh"),
            Map.of("marsh", Map.of("prohibitsGuns", true)));
    private static final AnimalPackRules RULES = new AnimalPackRules();

    @Test
    void a_move_takes_the_terrain_and_the_10_31_prohibition_from_the_map() {
        Move move = (Move) RULES.onMap(MAP, new Move("br-mule-2", "c5", null, null));
        assertThat(move).isEqualTo(new Move("br-mule-2", "C5", "marsh", true));
        assertThat(RULES.onMap(MAP, new Move("br-mule-2", "B4", "Open-Ground", null)))
                .isEqualTo(new Move("br-mule-2", "B4", "open-ground", false));
    }

    @Test
    void a_move_the_map_contradicts_is_refused_naming_the_field() {
        assertThatThrownBy(() -> RULES.onMap(MAP, new Move("br-mule-2", "Z9", null, null)))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("hex"));
        assertThatThrownBy(() -> RULES.onMap(MAP, new Move("br-mule-2", "C5", "open-ground", null)))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("terrain"))
                .hasMessageContaining("gives C5 as marsh");
        assertThatThrownBy(() -> RULES.onMap(MAP, new Move("br-mule-2", "C5", null, false)))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("prohibitsGuns"))
                .hasMessageContaining("10.31");
    }

    @Test
    void counters_set_up_on_the_map_take_their_hexs_terrain() {
        CounterDefinition gun = new CounterDefinition("br-81mm", "gun", "81mm MTR", "british", "British",
                Map.of("caliber", 81, "gunType", "MTR", "manhandling", 11, "breakdown", 12),
                Map.of("hex", "C5"));
        CounterDefinition placed = RULES.placedOn(MAP, List.of(gun)).get(0);
        assertThat(placed.state()).containsEntry("terrain", "marsh").containsEntry("prohibitsGuns", true);
        CounterDefinition off = gun.withState(Map.of("hex", "A1"));
        assertThatThrownBy(() -> RULES.placedOn(MAP, List.of(off)))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field())
                        .isEqualTo("counters[br-81mm].state.hex"));
    }

    @Test
    void a_gun_set_up_hidden_is_off_the_board_until_revealed_then_in_its_hex_with_the_maps_10_31() {
        CounterDefinition gun = new CounterDefinition("br-81mm", "gun", "81mm MTR", "british", "British",
                Map.of("caliber", 81, "gunType", "MTR", "manhandling", 11, "breakdown", 12),
                Map.of("hex", "B4", "terrain", "open-ground"));
        AnimalPackState set = RULES.setUp(RULES.placedOn(MAP, List.of(gun)));
        AnimalPackState lifted = RULES.placed(set, "br-81mm", null, MAP);
        assertThat(lifted.counters().get("br-81mm").hex()).isNull();
        assertThat(lifted.counters().get("br-81mm").terrain()).isNull();
        assertThat(lifted.at("B4")).isEmpty();
        AnimalPackState revealed = RULES.placed(lifted, "br-81mm", RULES.hiddenPosition("position", "c5", MAP), MAP);
        AslCounter there = revealed.counters().get("br-81mm");
        assertThat(there.hex()).isEqualTo("C5");
        assertThat(there.terrain()).isEqualTo("marsh");
        assertThat(there.prohibitsGuns()).as("10.31: the map says the marsh prohibits Guns").isTrue();
        assertThatThrownBy(() -> RULES.hiddenPosition("position", "A1", MAP))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("position"));
        assertThatThrownBy(() -> RULES.hiddenPosition("position", "behind the wadi", MAP))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("position"));
    }

    @Test
    void the_map_may_say_only_whether_a_terrain_prohibits_guns() {
        RULES.validateMap("map", MAP);
        ScenarioMap slope = new ScenarioMap(Map.of("B4", "hill"), Map.of("hill", Map.of("slope", 2)));
        assertThatThrownBy(() -> RULES.validateMap("map", slope))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field())
                        .isEqualTo("map.terrain.hill.slope"));
        ScenarioMap word = new ScenarioMap(Map.of("B4", "marsh"), Map.of("marsh", Map.of("prohibitsGuns", "yes")));
        assertThatThrownBy(() -> RULES.validateMap("map", word))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field())
                        .isEqualTo("map.terrain.marsh.prohibitsGuns"));
        assertThatThrownBy(() -> ScenarioMap.check("map", new ScenarioMap(Map.of("b4", "marsh"), null)))
                .isInstanceOfSatisfying(FieldRefused.class, e -> assertThat(e.field()).isEqualTo("map.hexes"));
    }
}
