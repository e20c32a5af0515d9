package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every EX paragraph of ASL 10 played through the HTTP API with the sample campaign's counters (British crew, 94mm
 * INF Gun M# 10 on a "squad" Mule; dm 81mm MTR M# 11, B# 12 on a "squad" Mule), checking every number it states.
 */
class AnimalPackExamplesApiTest extends ApiTestSupport {

    private String campaign;

    @BeforeEach
    void campaign() {
        campaign = importSample("asl-west-of-alamein.yaml");
    }

    private Response becomePackTi(String scenario) {
        return action("alice", scenario, Map.of("type", "become-pack-ti", "crew", "br-crew-1"));
    }

    private static JsonNode period(Response r) {
        return counter(r, "br-94mm").at("/state/period");
    }

    /** EX 10.3: Unpacking Period of 3 Game Turns, lasting through the end of Turn 4; not possible in Turn 1's second RPh. */
    @Test
    void ex_10_3_unpacking_period_of_three_game_turns() {
        String s = startPlan("alice", campaign, "ex-10-3");
        Response t1pt2 = advanceTo("alice", s, 1, 2, "RPh");
        assertThat(t1pt2.at("/scenario/clock/step").asText()).isEqualTo("1.13B");
        Response refused = becomePackTi(s);
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.at("/detail").asText()).startsWith("10.11: ").contains("start of a Game Turn");
        assertThat(refused.at("/section").asText()).isEqualTo("10.11");

        advanceTo("alice", s, 2, 1, "RPh");
        Response packed = becomePackTi(s);
        assertThat(packed.status()).isEqualTo(200);
        assertThat(period(packed).get("length").asInt()).isEqualTo(3); // 12 - 10 + 1
        assertThat(period(packed).get("direction").asText()).isEqualTo("UNPACKING");
        for (String id : List.of("br-crew-1", "br-94mm", "br-mule-1")) {
            assertThat(markers(packed, id)).contains("Pack-TI");
        }
        assertThat(counter(packed, "br-crew-1").at("/state/stacking").asText()).contains("10.21");

        // EX 10.31: unloaded during RPh Step 1.13B of the second RPh of Turn 3
        Response t3pt1 = advanceTo("alice", s, 3, 1, "CCPh");
        assertThat(counter(t3pt1, "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");
        Response unloadRph = moveOn(s);
        assertThat(unloadRph.at("/scenario/clock/gameTurn").asInt()).isEqualTo(3);
        assertThat(unloadRph.at("/scenario/clock/playerTurn").asInt()).isEqualTo(2);
        assertThat(unloadRph.at("/scenario/clock/step").asText()).isEqualTo("1.13B");
        assertThat(types(unloadRph)).contains("GunTransferred");
        assertThat(counter(unloadRph, "br-94mm").at("/state/loadedOn").isNull()).isTrue();
        assertThat(markers(unloadRph, "br-94mm")).contains("Pack-TI"); // still Pack-TI until the period is done

        // lasts through the end of Turn 4
        Response lastCc = advanceTo("alice", s, 4, 2, "CCPh");
        assertThat(markers(lastCc, "br-94mm")).contains("Pack-TI");
        assertThat(period(lastCc).get("completedGameTurns").asInt()).isEqualTo(2);
        Response turn5 = moveOn(s);
        assertThat(turn5.at("/scenario/clock/gameTurn").asInt()).isEqualTo(5);
        assertThat(types(turn5)).contains("PeriodCompleted");
        for (String id : List.of("br-crew-1", "br-94mm", "br-mule-1")) {
            assertThat(markers(turn5, id)).doesNotContain("Pack-TI");
        }
    }

    /** EX 10.3 / 10.31 continued: the crew fires in Turn 3; Turn 3 does not count; unload in Turn 4; done after Turn 5. */
    @Test
    void ex_10_3_defensive_first_fire_costs_a_game_turn() {
        String s = startPlan("alice", campaign, "ex-10-3");
        advanceTo("alice", s, 2, 1, "RPh");
        assertThat(becomePackTi(s).status()).isEqualTo(200);
        // Defensive First Fire is fired in the enemy's MPh (the Italians move first)
        advanceTo("alice", s, 3, 1, "MPh");
        Response first = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Defensive First Fire", "result", "NMC"));
        assertThat(first.status()).isEqualTo(200);
        JsonNode attack = event(first, "AttackMade");
        assertThat(attack.get("areaFire").asBoolean()).isTrue();
        assertThat(attack.get("section").asText()).isEqualTo("10.11");
        assertThat(markers(first, "br-crew-1")).doesNotContain("Pack-TI");
        assertThat(period(first).get("thisGameTurnCounts").asBoolean()).isFalse();
        Response second = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Subsequent First Fire", "result", "no effect"));
        assertThat(event(second, "AttackMade").get("areaFire").asBoolean()).isFalse();

        // no unload at the second RPh of Turn 3
        Response t3pt2 = advanceTo("alice", s, 3, 2, "RPh");
        assertThat(counter(t3pt2, "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");
        Response t4 = advanceTo("alice", s, 4, 1, "RPh");
        assertThat(period(t4).get("completedGameTurns").asInt()).isEqualTo(1); // Turn 3 did not count
        assertThat(becomePackTi(s).status()).isEqualTo(200);

        // unload at the second RPh of Turn 4
        Response t4pt2 = advanceTo("alice", s, 4, 2, "RPh");
        assertThat(types(t4pt2)).contains("GunTransferred");
        assertThat(counter(t4pt2, "br-94mm").at("/state/loadedOn").isNull()).isTrue();

        // remains Pack-TI through the end of Turn 5
        Response t5cc = advanceTo("alice", s, 5, 2, "CCPh");
        assertThat(markers(t5cc, "br-crew-1")).contains("Pack-TI");
        Response t6 = moveOn(s);
        assertThat(types(t6)).contains("PeriodCompleted");
        assertThat(markers(t6, "br-94mm")).doesNotContain("Pack-TI");
    }

    /** EX 10.41 (first): Turn 5, Gun already unloaded; the Mule's Casualty Reduction with an Original 3 gives Low Ammo only. */
    @Test
    void ex_10_41_unloaded_gun_is_immune_to_elimination() {
        String s = startPlan("alice", campaign, "ex-10-3");
        advanceTo("alice", s, 2, 1, "RPh");
        becomePackTi(s);
        advanceTo("alice", s, 3, 1, "DFPh");
        action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1", "result", "PTC"));
        advanceTo("alice", s, 4, 1, "RPh");
        becomePackTi(s);
        Response t5 = advanceTo("alice", s, 5, 1, "DFPh");
        assertThat(counter(t5, "br-94mm").at("/state/loadedOn").isNull()).isTrue();
        assertThat(markers(t5, "br-mule-1")).contains("Pack-TI");

        Response cr = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(Map.of("kind", "dr", "values", List.of(3)))));
        assertThat(cr.status()).isEqualTo(200);
        JsonNode dr = event(cr, "VulnerabilityRolled");
        assertThat(dr.at("/dr/values/0").asInt()).isEqualTo(3);
        assertThat(dr.at("/dr/source").asText()).isEqualTo("entered");
        assertThat(dr.get("finalDr").asInt()).isEqualTo(3);
        assertThat(dr.get("gunLoaded").asBoolean()).isFalse();
        assertThat(types(cr)).doesNotContain("CounterEliminated", "GunMalfunctioned");
        assertThat(markers(cr, "br-94mm")).contains("Low Ammo").doesNotContain("Malfunctioned");
        assertThat(markers(cr, "br-mule-1")).contains("Casualty Reduced (HS)");
    }

    /**
     * EX 10.41 (second): the moving "squad" Mule with the dm 81mm MTR (M# 11, B# 12) is Casualty Reduced, Original 3:
     * unloaded Malfunctioned with Low Ammo under the "HS" Mule, Gun and Mule (not the crew) Pack-TI, a one-Game-Turn
     * Unpacking Period; then eliminated with the -1 drm; a second Low Ammo makes B# 10 and X# 11.
     */
    @Test
    void ex_10_41_mule_casualties_and_second_low_ammo() {
        String s = startPlan("alice", campaign, "ex-10-41");
        // the British move in their own MPh: the second Player Turn (the Italians move first)
        advanceTo("alice", s, 1, 2, "MPh");
        Response moved = action("alice", s, Map.of("type", "move", "counter", "br-mule-2", "hex", "C3",
                "terrain", "open-ground"));
        assertThat(counter(moved, "br-81mm").get("location").asText()).isEqualTo("C3");
        // the crew goes with its mortar: it must be in the Location to Unpack it (10.3)
        assertThat(action("alice", s, Map.of("type", "move", "counter", "br-crew-2", "hex", "C3",
                "terrain", "open-ground")).status()).isEqualTo(200);

        // a Defensive First Fire attack in the British MPh Casualty Reduces the moving Mule
        Response cr = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-2",
                "result", "casualty-reduction", "dice", List.of(Map.of("kind", "dr", "values", List.of(3)))));
        assertThat(cr.status()).isEqualTo(200);
        JsonNode dr = event(cr, "VulnerabilityRolled");
        assertThat(dr.get("finalDr").asInt()).isEqualTo(3);
        assertThat(dr.get("drm").asInt()).isZero();
        assertThat(dr.get("gunLoaded").asBoolean()).isTrue();
        assertThat(event(cr, "GunUnloadedInvoluntarily").at("/coveredArcDr/source").asText()).isEqualTo("server");
        JsonNode mortar = counter(cr, "br-81mm");
        assertThat(mortar.at("/state/loadedOn").isNull()).isTrue();
        assertThat(markers(cr, "br-81mm")).contains("Malfunctioned", "Low Ammo", "Pack-TI", "dm");
        assertThat(mortar.at("/state/breakdown").asInt()).isEqualTo(11);
        assertThat(mortar.at("/state/disablement").asInt()).isEqualTo(12);
        assertThat(markers(cr, "br-mule-2")).contains("Pack-TI", "Casualty Reduced (HS)");
        assertThat(counter(cr, "br-mule-2").at("/state/size").asText()).isEqualTo("HS");
        assertThat(markers(cr, "br-crew-2")).doesNotContain("Pack-TI");
        assertThat(mortar.at("/state/period/length").asInt()).isEqualTo(1); // 12 - 11, a mortar
        assertThat(mortar.at("/state/period/involuntary").asBoolean()).isTrue();

        // cannot be moved while Pack-TI
        Response refused = action("alice", s, Map.of("type", "move", "counter", "br-mule-2", "hex", "C4",
                "terrain", "open-ground"));
        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.at("/detail").asText()).startsWith("10.11: ");

        // the "HS" Mule is Casualty Reduced again while Pack-TI: eliminated, -1 drm
        Response elim = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-2",
                "result", "casualty-reduction", "dice", List.of(Map.of("kind", "dr", "values", List.of(5)))));
        JsonNode second = event(elim, "VulnerabilityRolled");
        assertThat(second.get("drm").asInt()).isEqualTo(-1);
        assertThat(second.get("finalDr").asInt()).isEqualTo(4);
        assertThat(counter(elim, "br-mule-2").get("eliminated").asBoolean()).isTrue();
        JsonNode twice = counter(elim, "br-81mm");
        assertThat(twice.at("/state/lowAmmo").asInt()).isEqualTo(2);
        assertThat(twice.at("/state/breakdown").asInt()).isEqualTo(10);
        assertThat(twice.at("/state/disablement").asInt()).isEqualTo(11);

        // the mortar can still be Unpacked "if it and the crew can complete a one-Game-Turn Unpacking Period": the
        // crew becomes Pack-TI at the start of Turn 2; one complete Game Turn (Turn 2) and it leaves Pack-TI
        advanceTo("alice", s, 2, 1, "RPh");
        assertThat(action("alice", s, Map.of("type", "become-pack-ti", "crew", "br-crew-2")).status())
                .isEqualTo(200);
        Response t2cc = advanceTo("alice", s, 2, 2, "CCPh");
        assertThat(markers(t2cc, "br-81mm")).contains("Pack-TI");
        Response t3 = moveOn(s);
        assertThat(types(t3)).contains("PeriodCompleted");
        assertThat(markers(t3, "br-81mm")).doesNotContain("Pack-TI");
    }

    /** The Gun's Low Ammo is carried into the next scenario of the campaign. */
    @Test
    void low_ammo_carries_into_the_next_scenario() {
        String s = startPlan("alice", campaign, "ex-10-41");
        advanceTo("alice", s, 1, 1, "DFPh");
        action("alice", s, Map.of("type", "casualty", "counter", "br-mule-2", "result", "casualty-reduction",
                "dice", List.of(Map.of("kind", "dr", "values", List.of(4)))));
        Response done = post("referee", "/api/scenarios/" + s + "/conclude", Map.of("result", "British hold"));
        assertThat(done.status()).isEqualTo(200);
        assertThat(done.at("/scenario/concluded").asBoolean()).isTrue();
        Response roster = get("alice", "/api/campaigns/" + campaign + "/roster");
        assertThat(roster.at("/br-81mm/counter/state/lowAmmo").asInt()).isEqualTo(1);
        assertThat(roster.at("/br-81mm/counter/state/breakdown").asInt()).isEqualTo(11);
        assertThat(roster.at("/br-mule-2/counter/state/size").asText()).isEqualTo("HS");

        // 10.1, EX 10.41: the plan puts the mortar on br-mule-2, now "HS": only a "squad" Mule carries a Gun
        Response onHs = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "ex-10-41"));
        assertThat(onHs.status()).as(onHs.raw()).isEqualTo(400);
        assertThat(onHs.at("/field").asText()).isEqualTo("counters[br-81mm].state.loadedOn");
        assertThat(onHs.at("/detail").asText()).contains("10.1").contains("\"HS\" Mule");
        Response started = post("alice", "/api/campaigns/" + campaign + "/scenarios", Map.of("plan", "ex-10-41",
                "counters", List.of(Map.of("id", "br-crew-2", "state", Map.of("hex", "C2", "terrain", "open-ground",
                                "possesses", "br-81mm")),
                        Map.of("id", "br-81mm", "state", Map.of("hex", "C2", "terrain", "open-ground")),
                        Map.of("id", "br-mule-2", "state", Map.of("hex", "C2", "terrain", "open-ground")))));
        assertThat(started.status()).as(started.raw()).isEqualTo(201);
        String next = started.at("/scenarioId").asText();
        Response view = get("alice", "/api/scenarios/" + next);
        assertThat(markers(view, "br-81mm")).contains("Low Ammo");
        assertThat(counter(view, "br-81mm").at("/state/breakdown").asInt()).isEqualTo(11);
        assertThat(counter(view, "br-mule-2").at("/state/size").asText()).isEqualTo("HS");
    }



}
