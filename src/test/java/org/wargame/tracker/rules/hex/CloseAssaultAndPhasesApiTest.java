package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue items 7 and 8 through real HTTP with campaigns/hex-sample.yaml ("first clash": the Germans move first).
 * 12.52: grenades of an assaulting unit (-1 to its attack dice roll, its Kill Number unchanged) and of a defending
 * unit (the assaulter's Kill Number 6 becomes 5), one per unit per attack. Phases: each action only in the phase and
 * by the side the turn sequence table gives it; a refused action stores nothing.
 */
class CloseAssaultAndPhasesApiTest extends ApiTestSupport {

    private static Map<String, Object> grenades(String unit, String context, Integer killNumber) {
        Map<String, Object> action = new LinkedHashMap<>(Map.of("type", "use-grenades", "unitId", unit,
                "context", context, "targetHex", "E6"));
        if (killNumber != null) {
            action.put("killNumber", killNumber);
        }
        return action;
    }

    @Test
    void grenades_of_the_assaulting_and_of_the_defending_unit_in_a_close_assault() {
        String s = startPlan("referee", importSample("hex-sample.yaml"), "first-clash");
        advanceTo("gerd", s, 1, 1, "CA");

        // 12.52 "used by an attacking unit the attack dice roll is modified by -1": the German assaulter
        Response attack = action("gerd", s, grenades("ger-sq-1", "close-assault-attack", 6));
        assertThat(attack.status()).isEqualTo(200);
        JsonNode thrown = event(attack, "ExpendableSpent");
        assertThat(thrown.get("item").asText()).isEqualTo("grenades");
        assertThat(thrown.get("context").asText()).isEqualTo("close-assault-attack");
        assertThat(thrown.get("rollModifier").asInt()).isEqualTo(-1);
        assertThat(thrown.get("killNumber").asInt()).isEqualTo(6);
        assertThat(thrown.get("modifiedKillNumber").asInt()).isEqualTo(6);
        assertThat(thrown.get("remaining").asInt()).isEqualTo(2);
        assertThat(thrown.get("effect").asText()).isEqualTo("-1 to the assaulting unit's attack dice roll in the "
                + "close assault on E6; its Kill Number stays 6");
        assertThat(counter(attack, "ger-expendables").at("/state/grenades").asInt()).isEqualTo(2);

        // one Grenades counter per unit, per attack
        Response second = action("gerd", s, grenades("ger-sq-1", "close-assault-attack", 6));
        assertThat(second.status()).isEqualTo(422);
        assertThat(second.at("/section").asText()).isEqualTo("12.52");
        assertThat(second.at("/field").asText()).isEqualTo("unitId");
        assertThat(second.at("/detail").asText()).startsWith("12.52: only one Grenades counter may be used per "
                + "unit, per attack; 'German squad 1' has used one in this close assault attack on E6");
        // another German unit in the same assault may use its own
        assertThat(action("gerd", s, grenades("ger-sq-2", "close-assault-attack", null)).status()).isEqualTo(200);

        // the defender: the assaulter's Kill Number 6 becomes 5
        Response defence = action("sam", s, grenades("us-sq-1", "close-assault-defence", 6));
        assertThat(defence.status()).isEqualTo(200);
        JsonNode defended = event(defence, "ExpendableSpent");
        assertThat(defended.get("killNumber").asInt()).isEqualTo(6);
        assertThat(defended.get("modifiedKillNumber").asInt()).isEqualTo(5);
        assertThat(defended.get("rollModifier").isNull()).isTrue();
        assertThat(defended.get("effect").asText()).isEqualTo("assaulter's Kill Number -1 (6 becomes 5)");
        assertThat(counter(defence, "us-expendables").at("/state/grenades").asInt()).isEqualTo(3);

        // the sides are not interchangeable: the U.S. does not assault in the German Close Assault Phase
        Response wrongSide = action("sam", s, grenades("us-sq-1", "close-assault-attack", 6));
        assertThat(wrongSide.status()).isEqualTo(422);
        assertThat(wrongSide.at("/detail").asText()).isEqualTo("12.52: grenades of an assaulting unit are used in "
                + "its own side's Close Assault Phase (now: Turn 1, Player Turn 1 (Germans), CA); 'U.S. squad 1' is of "
                + "side 'U.S.'");
        Response wrongDefender = action("gerd", s, grenades("ger-sq-3", "close-assault-defence", 6));
        assertThat(wrongDefender.status()).isEqualTo(422);
        assertThat(wrongDefender.at("/section").asText()).isEqualTo("12.52");

        // a Kill Number belongs to a close assault, and is a number of 1 or more
        Response badKill = action("sam", s, grenades("us-ldr-1", "close-assault-defence", 0));
        assertThat(badKill.status()).isEqualTo(400);
        assertThat(badKill.at("/field").asText()).isEqualTo("killNumber");

        // outside the Close Assault Phase
        advanceTo("gerd", s, 1, 2, "FP");
        Response late = action("sam", s, grenades("us-ldr-1", "close-assault-attack", 6));
        assertThat(late.status()).isEqualTo(422);
        assertThat(late.at("/detail").asText()).startsWith("12.52: grenades of an assaulting unit are used in its "
                + "own side's Close Assault Phase (now: Turn 1, Player Turn 2 (U.S.), FP)");
    }

    @Test
    void each_action_only_in_the_phase_and_by_the_side_the_turn_sequence_gives_it() {
        String s = startPlan("referee", importSample("hex-sample.yaml"), "first-clash");
        Map<String, Object> hmg = Map.of("type", "fire", "unitId", "ger-sq-1", "weaponId", "ger-hmg-1",
                "targetHex", "E6", "range", 3);
        Map<String, Object> smoke = Map.of("type", "mortar-smoke", "weaponId", "ger-mtr-1", "targetHex", "E6",
                "range", 5, "los", true);
        Map<String, Object> faust = Map.of("type", "use-panzerfaust", "unitId", "ger-hs-1", "targetId",
                "us-tank-1", "range", 1);

        // German Command Phase: no support weapon fires (the issue: it used to)
        Response cp = get("gerd", "/api/scenarios/" + s);
        long events = cp.at("/eventCount").asLong();
        Response inCp = action("gerd", s, hmg);
        assertThat(inCp.status()).isEqualTo(422);
        assertThat(inCp.at("/section").asText()).isEqualTo("12.3");
        assertThat(inCp.at("/detail").asText()).isEqualTo("12.3: a unit attacks with a support weapon, grenades or "
                + "a satchel charge in its side's Fire Phase, or as Opportunity Fire during the enemy's Movement "
                + "Phase (now: Turn 1, Player Turn 1 (Germans), CP)");
        assertThat(action("gerd", s, smoke).at("/section").asText()).isEqualTo("12.66");
        assertThat(action("gerd", s, faust).at("/section").asText()).isEqualTo("12.51");
        Response after = get("gerd", "/api/scenarios/" + s);
        assertThat(after.at("/eventCount").asLong()).isEqualTo(events);
        assertThat(markers(after, "ger-sq-1")).doesNotContain("Fire");
        assertThat(counter(after, "ger-sq-1").at("/state/supportWeaponFired").asBoolean()).isFalse();
        JsonNode option = option(after, "ger-sq-1", "fire");
        assertThat(option.get("allowed").asBoolean()).isFalse();
        assertThat(option.get("reason").asText()).startsWith("12.3: a unit attacks with a support weapon");
        // 12.4: the Command Phase is for exchanges and transfers
        assertThat(option(after, "ger-sq-1", "transfer-weapon").get("allowed").asBoolean()).isTrue();

        // German Movement Phase: the Germans move, they do not fire; the U.S. may fire as Opportunity Fire
        advanceTo("gerd", s, 1, 1, "MP");
        assertThat(action("gerd", s, hmg).status()).isEqualTo(422);
        Response opportunity = action("sam", s, Map.of("type", "fire", "unitId", "us-sq-1", "targetHex", "D6",
                "range", 1, "grenades", true, "dice", List.of(Map.of("kind", "2d6", "values", List.of(3, 4)))));
        assertThat(opportunity.status()).isEqualTo(200);
        JsonNode fired = event(opportunity, "AttackFired");
        assertThat(fired.get("apfp").asInt()).isEqualTo(5);
        assertThat(fired.get("modifiedRoll").asInt()).isEqualTo(6);
        Response moved = action("gerd", s, Map.of("type", "move", "unitId", "ger-sq-2", "toHex", "D5",
                "terrain", "open", "mpCost", 2));
        assertThat(moved.status()).isEqualTo(200);

        // German Fire Phase: the Germans fire; the U.S. does not (its fire is Opportunity Fire or its own phase)
        advanceTo("gerd", s, 1, 1, "FP");
        Response inFp = action("gerd", s, hmg);
        assertThat(inFp.status()).isEqualTo(200);
        assertThat(event(inFp, "AttackFired").get("apfp").asInt()).isEqualTo(10);
        Response usInGermanFp = action("sam", s, Map.of("type", "fire", "unitId", "us-sq-1", "targetHex", "D5",
                "range", 1, "grenades", true));
        assertThat(usInGermanFp.status()).isEqualTo(422);
        assertThat(usInGermanFp.at("/detail").asText()).endsWith("(now: Turn 1, Player Turn 1 (Germans), FP); "
                + "'U.S. squad 1' is of side 'U.S.'");
        assertThat(action("gerd", s, smoke).status()).isEqualTo(200);

        // U.S. Movement Phase: the German mortar may not make Opportunity Fire (12.61); the HMG has fired this turn
        advanceTo("gerd", s, 1, 2, "MP");
        Response mortarOpportunity = action("gerd", s, Map.of("type", "mortar-fire", "weaponIds",
                List.of("ger-mtr-1"), "targetHex", "E6", "range", 5, "los", true));
        assertThat(mortarOpportunity.status()).isEqualTo(422);
        assertThat(mortarOpportunity.at("/detail").asText()).isEqualTo("12.61: mortars may not make Opportunity "
                + "Fire attacks");
        // a Panzerfaust as Opportunity Fire at the moving Sherman
        Response pf = action("gerd", s, faust);
        assertThat(pf.status()).isEqualTo(200);
        assertThat(event(pf, "ExpendableSpent").get("remaining").asInt()).isEqualTo(1);

        // Close Assault Phase: fire is over
        advanceTo("gerd", s, 1, 2, "CA");
        Response inCa = action("sam", s, Map.of("type", "fire", "unitId", "us-sq-1", "targetHex", "D5",
                "range", 1, "grenades", true));
        assertThat(inCa.status()).isEqualTo(422);
        assertThat(inCa.at("/section").asText()).isEqualTo("12.3");
    }

    private static JsonNode option(Response scenario, String counterId, String action) {
        JsonNode view = scenario.body().has("scenario") ? scenario.at("/scenario") : scenario.body();
        for (JsonNode o : view.get("options")) {
            if (o.get("counterId").asText().equals(counterId) && o.get("action").asText().equals(action)) {
                return o;
            }
        }
        throw new AssertionError("no option " + action + " of " + counterId);
    }
}
