package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The short scenario through real HTTP with campaigns/hex-sample.yaml: a squad with an HMG moves one MP less,
 * hands the HMG over in the Command Phase, the new carrier fires it with grenades, the mortar lays smoke until the
 * side's supply is spent, a Panzerfaust is spent against the Sherman, and the pool carries into the next scenario.
 */
class SupportWeaponsApiTest extends ApiTestSupport {

    @Test
    void the_short_scenario_and_the_pool_into_the_next_scenario() {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");

        // 12.2: the HMG costs its squad one Movement Point
        Response mp = advanceTo("gerd", s, 1, 1, "MP");
        assertThat(counter(mp, "ger-sq-1").at("/state/movementAllowance").asInt()).isEqualTo(3);
        assertThat(counter(mp, "ger-sq-2").at("/state/movementAllowance").asInt()).isEqualTo(4);
        assertThat(markers(mp, "ger-sq-1")).contains("carrying HMG");
        Response tooFar = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-1", "toHex", "C5",
                "terrain", "open", "mpCost", 4));
        assertThat(tooFar.status()).isEqualTo(422);
        assertThat(tooFar.at("/section").asText()).isEqualTo("12.2");
        assertThat(tooFar.at("/detail").asText()).startsWith("12.2: 'German squad 1' has a movement allowance of 3");
        assertThat(action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-1", "toHex", "C5", "terrain", "open",
                "mpCost", 3)).status()).isEqualTo(200);
        Response moved = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "C5",
                "terrain", "open", "mpCost", 2));
        assertThat(types(moved)).containsExactly("ActionTaken", "UnitMoved");
        assertThat(counter(moved, "ger-hmg-1").at("/location").asText()).isEqualTo("C5");

        // 12.4: only in the owning player's Command Phase, by the owning player
        Response early = action("gerd", s, Map.of("type", "transfer-weapon", "weaponId", "ger-hmg-1",
                "toUnitId", "ger-sq-2"));
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.at("/detail").asText()).startsWith("12.4: ");
        advanceTo("gerd", s, 2, 1, "CP");
        assertThat(action("sam", s, Map.of("type", "transfer-weapon", "weaponId", "ger-hmg-1",
                "toUnitId", "ger-sq-2")).status()).isEqualTo(403);
        Response transferred = action("gerd", s, Map.of("type", "transfer-weapon", "weaponId", "ger-hmg-1",
                "toUnitId", "ger-sq-2"));
        assertThat(transferred.status()).isEqualTo(200);
        assertThat(event(transferred, "WeaponTransferred").get("fromUnitId").asText()).isEqualTo("ger-sq-1");
        assertThat(counter(transferred, "ger-sq-2").at("/state/movementAllowance").asInt()).isEqualTo(3);
        assertThat(counter(transferred, "ger-sq-1").at("/state/movementAllowance").asInt()).isEqualTo(4);

        // 12.3 + 12.52: the HMG with grenades, entered dice 4+4, -1
        advanceTo("gerd", s, 2, 1, "FP");
        Map<String, Object> fire = Map.of("type", "fire", "unitId", "ger-sq-2", "weaponId", "ger-hmg-1",
                "targetHex", "D6", "range", 1, "grenades", true,
                "dice", List.of(Map.of("kind", "2d6", "values", List.of(4, 4))));
        Response fired = action("gerd", s, fire);
        assertThat(fired.status()).isEqualTo(200);
        JsonNode attack = event(fired, "AttackFired");
        assertThat(attack.get("apfp").asInt()).isEqualTo(10);
        assertThat(attack.get("modifiedRoll").asInt()).isEqualTo(7);
        assertThat(attack.at("/roll/source").asText()).isEqualTo("entered");
        assertThat(event(fired, "ExpendableSpent").get("remaining").asInt()).isEqualTo(2);
        assertThat(markers(fired, "ger-sq-2")).contains("Fire");
        Response again = action("gerd", s, Map.of("type", "fire", "unitId", "ger-sq-2", "weaponId", "ger-hmg-1",
                "targetHex", "D6", "range", 1));
        assertThat(again.at("/detail").asText()).startsWith("12.3: 'German squad 2' has already fired a support weapon");

        // 12.66: smoke runs the supply down 6 -> 4 -> 2 -> 0, one round per Game Turn
        Map<String, Object> smoke = Map.of("type", "mortar-smoke", "weaponId", "ger-mtr-1", "targetHex", "E6",
                "range", 5, "los", true);
        Response laid = action("gerd", s, smoke);
        assertThat(event(laid, "SmokeLaid").get("supplyLeft").asInt()).isEqualTo(4);
        assertThat(markers(laid, "us-sq-1")).contains("Smoke 2");
        assertThat(markers(laid, "ger-sq-3")).contains("Fire");
        for (int turn = 3; turn <= 4; turn++) {
            advanceTo("gerd", s, turn, 1, "FP");
            assertThat(action("gerd", s, smoke).status()).isEqualTo(200);
        }
        advanceTo("gerd", s, 5, 1, "FP");
        Response noSmoke = action("gerd", s, smoke);
        assertThat(noSmoke.status()).isEqualTo(422);
        assertThat(noSmoke.at("/detail").asText()).startsWith("12.66: side 'Germans' has 0 smoke factors left");

        // 12.51: a Panzerfaust only against a vehicle
        Response onInfantry = action("gerd", s, Map.of("type", "use-panzerfaust", "unitId", "ger-hs-1",
                "targetId", "us-sq-1", "range", 1));
        assertThat(onInfantry.at("/detail").asText()).startsWith("12.51: ");
        Response faust = action("gerd", s, Map.of("type", "use-panzerfaust", "unitId", "ger-hs-1",
                "targetId", "us-tank-1", "range", 1));
        assertThat(faust.status()).isEqualTo(200);
        assertThat(event(faust, "ExpendableSpent").get("remaining").asInt()).isEqualTo(1);
        assertThat(counter(faust, "ger-expendables").at("/state/panzerfaust").asInt()).isEqualTo(1);

        // 12.5: the pool and the HMG's carrier go back to the roster and into the next scenario
        Response done = post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "German hold"));
        assertThat(done.status()).isEqualTo(200);
        Response roster = get("gerd", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/ger-expendables/counter/state/panzerfaust").asInt()).isEqualTo(1);
        assertThat(roster.at("/ger-expendables/counter/state/grenades").asInt()).isEqualTo(2);
        assertThat(roster.at("/ger-expendables/counter/state/smoke").asInt()).isZero();
        assertThat(roster.at("/ger-hmg-1/counter/state/carrier").asText()).isEqualTo("ger-sq-2");
        String next = startPlan("referee", campaign, "counterattack");
        Response view = get("gerd", "/api/scenarios/" + next);
        assertThat(counter(view, "ger-expendables").at("/state/panzerfaust").asInt()).isEqualTo(1);
        assertThat(counter(view, "ger-expendables").at("/state/smoke").asInt()).isZero();
        assertThat(counter(view, "ger-sq-2").at("/state/movementAllowance").asInt()).isEqualTo(3);
        assertThat(markers(view, "ger-sq-2")).contains("carrying HMG");
    }



}
