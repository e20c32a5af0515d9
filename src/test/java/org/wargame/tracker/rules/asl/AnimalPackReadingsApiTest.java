package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.ApiTestSupport;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readings of issue 12's ASL 10 items through the HTTP API (see docs/rules/asl.md, "Readings of issue 12"): no
 * counter left Pack-TI forever (10.3, 10.4, 10.11), 10.7/10.31 prohibited terrain, 10.11's Close Combat exception,
 * EX 10.41's crew, the B# every Pack Gun needs (10.41), and refusals and rolls that name their section.
 */
class AnimalPackReadingsApiTest extends ApiTestSupport {

    /**
     * Test campaign: the sample's 94mm INF (M# 10, declared B# 12) and dm 81mm MTR (M# 11, B# 12) on "squad" Mules,
     * a spare British crew, and a British squad with an MMG (10.7: M# 12) on a Mule.
     */
    private static final String CAMPAIGN = """
            id: ID
            name: "Animal-Pack readings"
            ruleSet: asl
            referee: referee
            sides:
              - { id: british, name: British, nationality: British, players: [alice] }
              - { id: axis, name: Italians, nationality: Italian, players: [bruno] }
            roster:
              - { id: br-crew-1, kind: crew, name: "crew 1", side: british, data: {}, state: {} }
              - id: br-94mm
                kind: gun
                name: "94mm INF Gun"
                side: british
                data: { caliber: 94, gunType: INF, manhandling: 10, breakdown: 12, ordnanceNotePack: true }
                state: {}
              - { id: br-mule-1, kind: horse, name: "Mule 1", side: british, data: { mule: true }, state: {} }
              - { id: br-crew-3, kind: crew, name: "spare crew", side: british, data: {}, state: {} }
              - { id: br-squad, kind: squad, name: "British squad", side: british, data: {}, state: {} }
              - id: br-mmg
                kind: support-weapon
                name: "MMG"
                side: british
                data: { swType: MMG, breakdown: 12 }
                state: {}
              - { id: br-mule-3, kind: horse, name: "Mule 3", side: british, data: { mule: true }, state: {} }
              - { id: it-squad-1, kind: squad, name: "Italian squad", side: axis, data: {}, state: {} }
            plans:
              - id: crew-lost
                name: "The crew is lost"
                turnLimit: 8
                sideOrder: [axis, british]
                counters:
                  - { id: br-crew-1, state: { hex: B4, terrain: open-ground, possesses: br-94mm } }
                  - { id: br-94mm, state: { hex: B4, terrain: open-ground, loadedOn: br-mule-1 } }
                  - { id: br-mule-1, state: { hex: B4, terrain: open-ground } }
                  - { id: br-crew-3, state: { hex: B5, terrain: open-ground } }
                  - { id: it-squad-1, state: { hex: F6, terrain: open-ground } }
              - id: marsh
                name: "Unpacking in terrain that prohibits Guns"
                turnLimit: 6
                sideOrder: [axis, british]
                counters:
                  - { id: br-crew-1, state: { hex: B4, terrain: marsh, prohibitsGuns: true, possesses: br-94mm } }
                  - { id: br-94mm, state: { hex: B4, terrain: marsh, prohibitsGuns: true, loadedOn: br-mule-1 } }
                  - { id: br-mule-1, state: { hex: B4, terrain: marsh, prohibitsGuns: true } }
                  - { id: br-squad, state: { hex: C4, terrain: marsh, prohibitsGuns: true, possesses: br-mmg } }
                  - { id: br-mmg, state: { hex: C4, terrain: marsh, prohibitsGuns: true, loadedOn: br-mule-3 } }
                  - { id: br-mule-3, state: { hex: C4, terrain: marsh, prohibitsGuns: true } }
              - id: packing
                name: "Packing the 94mm"
                turnLimit: 8
                sideOrder: [axis, british]
                counters:
                  - { id: br-crew-1, state: { hex: B4, terrain: open-ground, possesses: br-94mm } }
                  - { id: br-94mm, state: { hex: B4, terrain: open-ground } }
                  - { id: br-mule-1, state: { hex: B4, terrain: open-ground } }
                  - { id: it-squad-1, state: { hex: F6, terrain: open-ground } }
              - id: hs-mule
                name: "Only an HS Mule at hand"
                turnLimit: 3
                sideOrder: [axis, british]
                counters:
                  - { id: br-crew-1, state: { hex: B4, terrain: open-ground, possesses: br-94mm } }
                  - { id: br-94mm, state: { hex: B4, terrain: open-ground } }
                  - { id: br-mule-1, state: { hex: B4, terrain: open-ground, size: HS } }
            """;

    private String importCampaign(String yaml) {
        String id = "asl-readings-" + UUID.randomUUID().toString().substring(0, 8);
        Response response = post("referee", "/api/campaigns", yaml.replace("id: ID", "id: " + id),
                "application/yaml");
        assertThat(response.status()).as(response.raw()).isEqualTo(201);
        return id;
    }

    private Response packTi(String scenario, String crew) {
        return action("alice", scenario, Map.of("type", "become-pack-ti", "crew", crew));
    }

    private static Map<String, Object> dr(int value) {
        return Map.of("kind", "dr", "values", List.of(value));
    }

    /** Item 1, 10.4 and 10.11: the 10.4 dr eliminates the Gun; the period ends and crew and Mule leave Pack-TI. */
    @Test
    void the_gun_eliminated_by_the_vulnerability_dr_ends_the_period() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "crew-lost");
        advanceTo("alice", s, 2, 1, "RPh");
        assertThat(packTi(s, "br-crew-1").status()).isEqualTo(200);
        advanceTo("alice", s, 2, 1, "DFPh");
        Response hit = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(dr(2))));
        assertThat(hit.status()).isEqualTo(200);
        assertThat(event(hit, "VulnerabilityRolled").get("finalDr").asInt()).isEqualTo(2); // <= 2: Gun eliminated
        assertThat(types(hit)).contains("CounterEliminated", "PeriodEnded");
        assertThat(event(hit, "PeriodEnded").get("counters").toString()).contains("br-crew-1", "br-mule-1");
        assertThat(counter(hit, "br-94mm").get("eliminated").asBoolean()).isTrue();
        for (String id : List.of("br-crew-1", "br-mule-1")) {
            assertThat(markers(hit, id)).doesNotContain("Pack-TI", "Area Fire (10.11)");
        }
        Response fired = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Defensive Final Fire", "result", "no effect"));
        assertThat(event(fired, "AttackMade").get("areaFire").asBoolean()).isFalse();
        advanceTo("alice", s, 2, 2, "MPh"); // the British move in their own MPh
        Response moved = action("alice", s, Map.of("type", "move", "counter", "br-mule-1", "hex", "B5",
                "terrain", "open-ground"));
        assertThat(moved.status()).isEqualTo(200);
    }

    /**
     * Item 1, 10.3 and 10.11: the crew is eliminated in Turn 3 after Turn 2 counted (1 of 3); Turn 3 does not count,
     * Gun and Mule stay Pack-TI; the spare crew takes possession of the abandoned Gun (recorded), becomes Pack-TI in
     * Turn 4 with 1 of 3 Game Turns counted, unloads it at the second RPh of Turn 4 (half: 3 Player Turns) and the
     * period completes after Turn 5.
     */
    @Test
    void another_crew_takes_the_abandoned_gun_and_carries_the_period_on() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "crew-lost");
        advanceTo("alice", s, 2, 1, "RPh");
        packTi(s, "br-crew-1");
        Response t3 = advanceTo("alice", s, 3, 1, "DFPh");
        assertThat(counter(t3, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(1);
        Response lost = action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1", "result", "eliminate"));
        assertThat(types(lost)).containsSubsequence("PackTiLost", "CounterEliminated").doesNotContain("PeriodEnded");
        assertThat(counter(lost, "br-94mm").at("/state/period/thisGameTurnCounts").asBoolean()).isFalse();
        assertThat(counter(lost, "br-94mm").at("/state/period/suspended").asText()).contains("10.11");
        assertThat(markers(lost, "br-94mm")).contains("Pack-TI");
        assertThat(markers(lost, "br-mule-1")).contains("Pack-TI");

        advanceTo("alice", s, 3, 2, "MPh"); // the spare crew moves in the British MPh
        Response far = action("alice", s, Map.of("type", "take-possession", "counter", "br-crew-3", "gun", "br-94mm"));
        assertThat(far.status()).isEqualTo(422);
        assertThat(far.at("/section").asText()).isEqualTo("10.11");
        assertThat(far.at("/field").asText()).isEqualTo("counter");
        action("alice", s, Map.of("type", "move", "counter", "br-crew-3", "hex", "B4", "terrain", "open-ground"));
        Response taken = action("alice", s, Map.of("type", "take-possession", "counter", "br-crew-3",
                "gun", "br-94mm"));
        assertThat(taken.status()).as(taken.raw()).isEqualTo(200);
        JsonNode possession = event(taken, "GunPossessionTaken");
        assertThat(possession.get("previous").asText()).isEqualTo("br-crew-1");
        assertThat(possession.get("section").asText()).isEqualTo("10.11");
        assertThat(counter(taken, "br-94mm").at("/state/period/crew").asText()).isEqualTo("br-crew-3");

        Response t4 = advanceTo("alice", s, 4, 1, "RPh");
        assertThat(counter(t4, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(1); // not Turn 3
        Response resumed = packTi(s, "br-crew-3");
        assertThat(event(resumed, "PackTiTaken").get("why").asText()).contains("1 of 3");
        Response unload = advanceTo("alice", s, 4, 2, "RPh");
        assertThat(types(unload)).contains("GunTransferred");
        Response t5cc = advanceTo("alice", s, 5, 2, "CCPh");
        assertThat(markers(t5cc, "br-crew-3")).contains("Pack-TI");
        Response t6 = advance("alice", s);
        assertThat(types(t6)).contains("PeriodCompleted");
        for (String id : List.of("br-crew-3", "br-94mm", "br-mule-1")) {
            assertThat(markers(t6, id)).doesNotContain("Pack-TI");
        }
    }

    /** Item 1: the only crew is eliminated and no unit could take the Gun up: the period ends, the Mule moves on. */
    @Test
    void with_no_one_left_to_take_the_gun_up_the_period_ends() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        advanceTo("alice", s, 2, 1, "RPh");
        packTi(s, "br-crew-1");
        advanceTo("alice", s, 2, 1, "DFPh");
        Response lost = action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1", "result", "eliminate"));
        JsonNode ended = event(lost, "PeriodEnded");
        assertThat(ended.get("why").asText()).contains("no unit is left");
        assertThat(ended.get("section").asText()).isEqualTo("10.11");
        assertThat(markers(lost, "br-94mm")).doesNotContain("Pack-TI").contains("Animal-Packed");
        assertThat(markers(lost, "br-mule-1")).doesNotContain("Pack-TI");
        advanceTo("alice", s, 2, 2, "MPh");
        Response moved = action("alice", s, Map.of("type", "move", "counter", "br-mule-1", "hex", "B5",
                "terrain", "open-ground"));
        assertThat(moved.status()).isEqualTo(200);
        assertThat(counter(moved, "br-94mm").get("location").asText()).isEqualTo("B5");
    }

    /**
     * Item 2 (issue 12) and issue 23 item 4, 10.31, 10.4 EXC and 10.7: a Gun's voluntary unload into terrain that
     * prohibits Guns is prohibited, not an elimination: the 94mm's crew may not begin an Unpacking Period in the marsh
     * (422, 10.31), and nothing becomes Pack-TI. The MMG (10.7: M# 12, 1 Game Turn, half of it 1 Player Turn) is
     * unloaded there at the second RPh of Turn 2, as its presence is otherwise allowed, and its period completes
     * after Turn 2. The Mule with the 94mm moves on in the British MPh.
     */
    @Test
    void unloading_into_terrain_that_prohibits_guns_never_deadlocks() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "marsh");
        advanceTo("alice", s, 2, 1, "RPh");
        Response gun = packTi(s, "br-crew-1");
        assertRefused(gun, "10.31", "crew");
        assertThat(gun.at("/detail").asText()).contains("marsh").contains("may not be unloaded");
        Response sw = packTi(s, "br-squad");
        assertThat(sw.status()).as(sw.raw()).isEqualTo(200);
        assertThat(event(sw, "PeriodBegan").at("/period/length").asInt()).isEqualTo(1); // 12 - 12 + 1
        assertThat(markers(sw, "br-94mm")).doesNotContain("Pack-TI");
        assertThat(markers(sw, "br-crew-1")).doesNotContain("Pack-TI");
        Response swUnload = advanceTo("alice", s, 2, 2, "RPh");
        JsonNode transferred = event(swUnload, "GunTransferred");
        assertThat(transferred.get("gun").asText()).isEqualTo("br-mmg");
        assertThat(transferred.get("section").asText()).isEqualTo("10.7");
        Response away = advanceTo("alice", s, 2, 2, "MPh");
        assertThat(action("alice", s, Map.of("type", "move", "counter", "br-mule-1", "hex", "B5",
                "terrain", "open-ground")).status()).isEqualTo(200);
        assertThat(counter(away, "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");
        Response t3 = advanceTo("alice", s, 3, 1, "RPh");
        assertThat(types(t3)).contains("PeriodCompleted");
        assertThat(counter(t3, "br-mmg").at("/state/loadedOn").isNull()).isTrue();
        assertThat(markers(t3, "br-mmg")).doesNotContain("Pack-TI");
        assertThat(counter(t3, "br-94mm").get("location").asText()).isEqualTo("B5");
    }

    /** Item 3, 10.11 [EXC: TI DRM apply in CC]: a Pack-TI crew's Close Combat attack is not Area Fire. */
    @Test
    void a_pack_ti_crews_close_combat_attack_is_not_area_fire() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        advanceTo("alice", s, 2, 1, "RPh");
        packTi(s, "br-crew-1");
        advanceTo("alice", s, 2, 1, "MPh"); // the British may fire here (Defensive First Fire), but not CC
        Response early = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Close Combat", "result", "no effect"));
        assertThat(early.status()).isEqualTo(422);
        assertThat(early.at("/section").asText()).isEqualTo("A11");
        assertThat(early.at("/field").asText()).isEqualTo("fireType");
        Response cc = advanceTo("alice", s, 2, 1, "CCPh");
        assertThat(markers(cc, "br-crew-1")).contains("Pack-TI"); // the refused attack changed nothing
        Response attack = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Close Combat", "result", "no effect"));
        JsonNode made = event(attack, "AttackMade");
        assertThat(made.get("areaFire").asBoolean()).isFalse();
        assertThat(made.get("closeCombat").asBoolean()).isTrue();
        assertThat(made.get("section").asText()).isEqualTo("10.11");
        assertThat(event(attack, "PackTiLost").get("why").asText()).contains("TI DRM");
    }

    /**
     * Item 4, EX 10.41: after the Mule's Casualty Reduction (Original dr 3) the dm 81mm MTR's involuntary period is
     * one Game Turn (12 - 11), and it counts only with the crew Pack-TI throughout: Turn 2 without it does not count,
     * Turn 3 with it does, and the mortar leaves Pack-TI at the start of Turn 4.
     */
    @Test
    void the_involuntary_period_needs_the_crews_pack_ti() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-41");
        advanceTo("alice", s, 1, 1, "DFPh");
        Response cr = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-2",
                "result", "casualty-reduction", "dice", List.of(dr(3))));
        assertThat(counter(cr, "br-81mm").at("/state/period/length").asInt()).isEqualTo(1);
        assertThat(event(cr, "PeriodBegan").get("why").asText()).contains("EX 10.41");
        Response t3 = advanceTo("alice", s, 3, 1, "RPh");
        assertThat(types(t3)).doesNotContain("PeriodCompleted");
        assertThat(markers(t3, "br-81mm")).contains("Pack-TI");
        assertThat(counter(t3, "br-81mm").at("/state/period/completedGameTurns").asInt()).isZero();
        assertThat(packTi(s, "br-crew-2").status()).isEqualTo(200);
        Response t4 = advanceTo("alice", s, 4, 1, "RPh");
        assertThat(types(t4)).contains("PeriodCompleted");
        assertThat(markers(t4, "br-81mm")).doesNotContain("Pack-TI");
        assertThat(markers(t4, "br-mule-2")).doesNotContain("Pack-TI");
    }

    /**
     * Item 5, 10.41: every Pack Gun needs a B# in the campaign file; the sample's 94mm declares B# 12, so its Low
     * Ammo (Original dr 4) makes B# 11 and X# 12. A Gun that cannot be Animal-Packed needs none.
     */
    @Test
    void every_pack_gun_has_a_breakdown_number_so_low_ammo_always_changes_it() {
        String noBreakdown = CAMPAIGN.replace("manhandling: 10, breakdown: 12,", "manhandling: 10,");
        Response refused = post("referee", "/api/campaigns", noBreakdown.replace("id: ID", "id: asl-no-b-"
                + UUID.randomUUID().toString().substring(0, 8)), "application/yaml");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.at("/field").asText()).isEqualTo("counters[br-94mm].data.breakdown");
        assertThat(refused.at("/detail").asText()).contains("10.41");
        String atGun = CAMPAIGN.replace("data: { caliber: 94, gunType: INF, manhandling: 10, breakdown: 12, "
                + "ordnanceNotePack: true }", "data: { caliber: 57, gunType: AT, manhandling: 10 }")
                .replaceAll("(?s)plans:.*", "plans: []\n");
        importCampaign(atGun);

        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        Response low = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(dr(4))));
        JsonNode marked = event(low, "LowAmmoMarked");
        assertThat(marked.get("breakdown").asInt()).isEqualTo(11);
        assertThat(marked.get("disablement").asInt()).isEqualTo(12);
        assertThat(markers(low, "br-94mm")).contains("Low Ammo");
    }

    /** Item 6: refusals outside chapter 10 name their section and the request field they are about. */
    @Test
    void every_refusal_names_its_section_and_field() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        assertRefused(action("alice", s, Map.of("type", "rally", "counter", "br-crew-1", "result", "rallied")),
                "A10.6", "counter");
        assertRefused(action("alice", s, Map.of("type", "repair-gun", "gun", "br-94mm", "result", "repaired")),
                "C2", "gun");
        advanceTo("alice", s, 1, 1, "PFPh"); // the Italians' Prep Fire
        assertRefused(action("bruno", s, Map.of("type", "fire", "firer", "it-squad-1", "target", "br-crew-1",
                "weapon", "br-94mm", "result", "NMC")),
                "C2", "weapon");
        assertRefused(action("alice", s, Map.of("type", "casualty", "counter", "br-94mm", "result", "pin")),
                "A7.8", "counter");
        Response unknownResult = action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1",
                "result", "wounded"));
        assertThat(unknownResult.status()).isEqualTo(400);
        assertThat(unknownResult.at("/field").asText()).isEqualTo("result");
        action("alice", s, Map.of("type", "casualty", "counter", "br-94mm", "result", "eliminate"));
        advanceTo("alice", s, 2, 1, "RPh");
        Response gone = packTi(s, "br-crew-1");
        assertRefused(gone, "10.11", "crew");
        assertThat(gone.at("/detail").asText()).contains("94mm INF Gun").doesNotContain("br-94mm").contains("eliminated");
        advanceTo("alice", s, 2, 1, "MPh"); // British Defensive First Fire
        assertRefused(action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "weapon", "br-94mm", "result", "NMC")),
                "C2", "weapon");
    }

    /**
     * Issue 23 item 1, 10.4, EX 10.41, 10.33 EXC: the 94mm (M# 10) is Packed from Turn 2 (3 Game Turns), loaded onto
     * its Mule at the second RPh of Turn 3 (half: 3 Player Turns), Turns 2 and 3 counted. In Turn 4 the Mule is
     * Casualty Reduced, Original dr 6: the Gun is unloaded and a new Unpacking Period of 10.3's 3 Game Turns begins,
     * counting from Turn 5 (the Packing Period's 2 do not carry over): still Pack-TI through the end of Turn 7, done
     * at the start of Turn 8 (the earlier reading let it go after Turn 4).
     */
    @Test
    void a_mule_lost_after_the_gun_was_packed_gives_a_whole_unpacking_period() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "packing");
        advanceTo("alice", s, 2, 1, "RPh");
        Response began = packTi(s, "br-crew-1");
        assertThat(event(began, "PeriodBegan").at("/period/direction").asText()).isEqualTo("PACKING");
        assertThat(event(began, "PeriodBegan").at("/period/length").asInt()).isEqualTo(3);
        Response loaded = advanceTo("alice", s, 3, 2, "RPh");
        assertThat(event(loaded, "GunTransferred").get("direction").asText()).isEqualTo("PACKING");
        assertThat(counter(loaded, "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");
        Response t4 = advanceTo("alice", s, 4, 1, "DFPh");
        assertThat(counter(t4, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(2);

        Response hit = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-1",
                "result", "casualty-reduction", "dice", List.of(dr(6), dr(2))));
        assertThat(hit.status()).as(hit.raw()).isEqualTo(200);
        assertThat(event(hit, "VulnerabilityRolled").get("finalDr").asInt()).isEqualTo(6);
        assertThat(event(hit, "GunUnloadedInvoluntarily").get("coveredArc").asInt()).isEqualTo(2);
        JsonNode period = event(hit, "PeriodBegan");
        assertThat(period.get("section").asText()).isEqualTo("10.4");
        assertThat(period.at("/period/direction").asText()).isEqualTo("UNPACKING");
        assertThat(period.at("/period/length").asInt()).isEqualTo(3); // 12 - 10 + 1, by 10.3
        assertThat(period.at("/period/completedTurns").asInt()).isZero();
        assertThat(period.at("/period/countFromTurn").asInt()).isEqualTo(5);
        assertThat(period.get("why").asText()).contains("2 counted Game Turns do not carry over");
        assertThat(counter(hit, "br-94mm").at("/state/loadedOn").isNull()).isTrue();
        for (String id : List.of("br-crew-1", "br-94mm", "br-mule-1")) {
            assertThat(markers(hit, id)).contains("Pack-TI"); // the crew remains Pack-TI (10.4 *)
        }
        Response t5 = advanceTo("alice", s, 5, 1, "RPh");
        assertThat(types(t5)).doesNotContain("PeriodCompleted");
        assertThat(counter(t5, "br-94mm").at("/state/period/completedGameTurns").asInt()).isZero(); // not Turn 4
        Response t7 = advanceTo("alice", s, 7, 2, "CCPh");
        assertThat(counter(t7, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(2);
        assertThat(markers(t7, "br-94mm")).contains("Pack-TI");
        Response t8 = advance("alice", s);
        assertThat(t8.at("/scenario/clock/gameTurn").asInt()).isEqualTo(8);
        assertThat(types(t8)).contains("PeriodCompleted");
        for (String id : List.of("br-crew-1", "br-94mm", "br-mule-1")) {
            assertThat(markers(t8, id)).doesNotContain("Pack-TI");
        }
    }

    /**
     * Issue 23 item 2, 10.1, EX 10.41: only a "squad" Mule carries a Gun. A crew beside only an "HS" Mule may not
     * begin a Packing Period (422, 10.1); a campaign file whose plan starts a Gun loaded on an "HS" Mule is refused
     * (400, naming the plan's field).
     */
    @Test
    void only_a_squad_mule_carries_a_gun() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "hs-mule");
        advanceTo("alice", s, 2, 1, "RPh");
        Response refused = packTi(s, "br-crew-1");
        assertRefused(refused, "10.1", "crew");
        assertThat(refused.at("/detail").asText()).contains("\"squad\" Mule").contains("\"HS\"");
        assertThat(markers(get("alice", "/api/scenarios/" + s), "br-crew-1")).doesNotContain("Pack-TI");

        int hsPlan = CAMPAIGN.indexOf("- id: hs-mule");
        String loadedOnHs = (CAMPAIGN.substring(0, hsPlan) + CAMPAIGN.substring(hsPlan).replace(
                "{ id: br-94mm, state: { hex: B4, terrain: open-ground } }",
                "{ id: br-94mm, state: { hex: B4, terrain: open-ground, loadedOn: br-mule-1 } }"))
                .replace("id: ID", "id: asl-hs-" + UUID.randomUUID().toString().substring(0, 8));
        Response file = post("referee", "/api/campaigns", loadedOnHs, "application/yaml");
        assertThat(file.status()).as(file.raw()).isEqualTo(400);
        assertThat(file.at("/field").asText()).isEqualTo("plans[hs-mule].counters[br-94mm].state.loadedOn");
        assertThat(file.at("/detail").asText()).contains("10.1");
    }

    /**
     * Issue 23 item 3, 10.33 "net": the 94mm (3 Game Turns) is Unpacked through Turns 2 and 3 (unloaded at the second
     * RPh of Turn 3); reversed at Turn 4: a Packing Period of the net 2; Turn 4 counts and the Gun is loaded again at
     * the start of Turn 5; reversed again: the net spent is 2 Unpacking less 1 Packing = 1 from packed, so the new
     * Unpacking Period is 3 - 1 = 2 Game Turns (not the 1 Packing turn): unloaded at the start of Turn 6, done at the
     * start of Turn 7.
     */
    @Test
    void a_second_reversal_takes_the_net_of_both_directions() {
        String s = startPlan("alice", importCampaign(CAMPAIGN), "crew-lost");
        advanceTo("alice", s, 2, 1, "RPh");
        packTi(s, "br-crew-1");
        Response t4 = advanceTo("alice", s, 4, 1, "RPh");
        assertThat(counter(t4, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(2);
        assertThat(counter(t4, "br-94mm").at("/state/loadedOn").isNull()).isTrue();
        Response first = action("alice", s, Map.of("type", "reverse-packing", "crew", "br-crew-1"));
        assertThat(first.status()).as(first.raw()).isEqualTo(200);
        JsonNode packing = event(first, "DirectionReversed");
        assertThat(packing.at("/period/direction").asText()).isEqualTo("PACKING");
        assertThat(packing.at("/period/length").asInt()).isEqualTo(2);
        Response t5 = advanceTo("alice", s, 5, 1, "RPh");
        assertThat(counter(t5, "br-94mm").at("/state/loadedOn").asText()).isEqualTo("br-mule-1");
        assertThat(counter(t5, "br-94mm").at("/state/period/completedGameTurns").asInt()).isEqualTo(1);
        Response second = action("alice", s, Map.of("type", "reverse-packing", "crew", "br-crew-1"));
        JsonNode unpacking = event(second, "DirectionReversed");
        assertThat(unpacking.at("/period/direction").asText()).isEqualTo("UNPACKING");
        assertThat(unpacking.at("/period/length").asInt()).isEqualTo(2); // 3 - (2 - 1)
        assertThat(unpacking.get("why").asText()).contains("net");
        Response t6 = advanceTo("alice", s, 6, 1, "RPh");
        assertThat(types(t6)).contains("GunTransferred");
        assertThat(counter(t6, "br-94mm").at("/state/loadedOn").isNull()).isTrue();
        Response t6cc = advanceTo("alice", s, 6, 2, "CCPh");
        assertThat(markers(t6cc, "br-94mm")).contains("Pack-TI");
        Response t7 = advance("alice", s);
        assertThat(types(t7)).contains("PeriodCompleted");
        assertThat(markers(t7, "br-94mm")).doesNotContain("Pack-TI");
    }

    /**
     * Issue 23 item 5, A3: fire, move, rally and repair only in their phases. The Italians move first: their squad
     * may not fire in the RPh, fires as Prep Fire in their PFPh (the British crew may not); the British crew fires
     * Defensive First Fire in the Italian MPh, where the British Mule may not move and the Italian squad may; the
     * phasing Italians may not fire in the DFPh; a broken crew's rally is refused in the PFPh; a Good Order squad does
     * not move in the RtPh; the options say why.
     */
    @Test
    void every_action_only_in_its_phases() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        Map<String, Object> italianFire = Map.of("type", "fire", "firer", "it-squad-1", "target", "br-crew-1",
                "fireType", "Prep Fire", "result", "no effect");
        Response inRph = action("bruno", s, italianFire);
        assertRefused(inRph, "A3", "firer");
        assertThat(inRph.at("/detail").asText()).contains("Prep Fire in its side's PFPh").contains("RPh");
        advanceTo("alice", s, 1, 1, "PFPh");
        assertThat(action("bruno", s, italianFire).status()).isEqualTo(200);
        Response britishPrep = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target",
                "it-squad-1", "result", "no effect"));
        assertRefused(britishPrep, "A3", "firer");
        assertThat(britishPrep.at("/detail").asText()).contains("British Infantry crew is of side 'British'");
        assertThat(action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1", "result", "break"))
                .status()).isEqualTo(200);
        Response rallyEarly = action("alice", s, Map.of("type", "rally", "counter", "br-crew-1", "result",
                "rallied"));
        assertRefused(rallyEarly, "A3", "counter");
        JsonNode rallyOption = option(get("alice", "/api/scenarios/" + s), "br-crew-1", "rally");
        assertThat(rallyOption.get("allowed").asBoolean()).isFalse();
        assertThat(rallyOption.get("reason").asText()).startsWith("A3: rally attempts are made in the RPh");

        Response mph = advanceTo("alice", s, 1, 1, "MPh");
        assertThat(option(mph, "br-mule-1", "move").get("allowed").asBoolean()).isFalse();
        assertThat(option(mph, "br-mule-1", "move").get("reason").asText()).startsWith("A3: a unit moves in its "
                + "side's MPh or APh");
        assertRefused(action("alice", s, Map.of("type", "move", "counter", "br-mule-1", "hex", "B5",
                "terrain", "open-ground")), "A3", "counter");
        assertThat(action("bruno", s, Map.of("type", "move", "counter", "it-squad-1", "hex", "E6",
                "terrain", "open-ground")).status()).isEqualTo(200);
        action("alice", s, Map.of("type", "rally", "counter", "br-crew-1", "result", "rallied")); // refused: MPh
        Response brokenFire = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Defensive First Fire", "result", "no effect"));
        assertRefused(brokenFire, "A7", "firer"); // the phase is right; a broken unit cannot attack
        advanceTo("alice", s, 1, 1, "DFPh");
        Response prepInDfph = action("bruno", s, Map.of("type", "fire", "firer", "it-squad-1", "target",
                "br-mule-1", "fireType", "Prep Fire", "result", "no effect"));
        assertRefused(prepInDfph, "A3", "firer"); // the Italians are phasing: no Defensive Fire for them
        advanceTo("alice", s, 1, 1, "RtPh");
        Response rtph = get("alice", "/api/scenarios/" + s);
        assertThat(option(rtph, "it-squad-1", "move").get("allowed").asBoolean()).isFalse(); // not broken
    }

    /** Issue 23 item 5, A3, A10.5: fire types in their phases; a broken unit routs in the RtPh and rallies in the RPh. */
    @Test
    void fire_types_rout_and_rally_in_their_phases() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        advanceTo("alice", s, 1, 1, "DFPh");
        Response firstFireInDfph = action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target",
                "it-squad-1", "fireType", "Defensive First Fire", "result", "no effect"));
        assertRefused(firstFireInDfph, "A3", "fireType");
        assertThat(firstFireInDfph.at("/detail").asText()).contains("MPh");
        assertThat(action("alice", s, Map.of("type", "fire", "firer", "br-crew-1", "target", "it-squad-1",
                "fireType", "Defensive Final Fire", "result", "no effect")).status()).isEqualTo(200);
        action("alice", s, Map.of("type", "casualty", "counter", "br-crew-1", "result", "break"));
        advanceTo("alice", s, 1, 1, "RtPh");
        Response routed = action("alice", s, Map.of("type", "move", "counter", "br-crew-1", "hex", "B3",
                "terrain", "open-ground"));
        assertThat(routed.status()).as(routed.raw()).isEqualTo(200);
        assertThat(counter(routed, "br-crew-1").get("location").asText()).isEqualTo("B3");
        advanceTo("alice", s, 1, 2, "RPh");
        Response rallied = action("alice", s, Map.of("type", "rally", "counter", "br-crew-1", "result", "rallied",
                "dice", List.of(Map.of("kind", "DR", "values", List.of(3, 4)))));
        assertThat(rallied.status()).as(rallied.raw()).isEqualTo(200);
        assertThat(event(rallied, "RallyAttempted").at("/dr/values").toString()).isEqualTo("[3,4]");
    }

    private static JsonNode option(Response view, String counter, String action) {
        JsonNode options = view.body().has("scenario") && !view.body().has("options") ? view.at("/scenario/options")
                : view.at("/options");
        for (JsonNode o : options) {
            if (o.get("counterId").asText().equals(counter) && o.get("action").asText().equals(action)) {
                return o;
            }
        }
        throw new AssertionError("no option " + action + " for " + counter + " in " + options);
    }

    private static void assertRefused(Response r, String section, String field) {
        assertThat(r.status()).as(r.raw()).isEqualTo(422);
        assertThat(r.at("/section").asText()).isEqualTo(section);
        assertThat(r.at("/detail").asText()).startsWith(section + ": ");
        assertThat(r.at("/field").asText()).isEqualTo(field);
    }

    /**
     * Item 6: rally and repair rolls the tracker cannot resolve from chapter 10 are recorded with the players' dice
     * and result: a failed rally on an entered DR 6+5, a rally on a server DR, a repair on an entered dr 1 of the
     * 81mm MTR the Mule's Casualty Reduction (Original dr 5) unloaded Malfunctioned.
     */
    @Test
    void rally_and_repair_are_recorded_with_the_players_dice_and_result() {
        String s = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-41");
        Response cr = action("alice", s, Map.of("type", "casualty", "counter", "br-mule-2",
                "result", "casualty-reduction", "dice", List.of(dr(5))));
        assertThat(markers(cr, "br-81mm")).contains("Malfunctioned");
        action("alice", s, Map.of("type", "casualty", "counter", "br-crew-2", "result", "break"));
        Response failed = action("alice", s, Map.of("type", "rally", "counter", "br-crew-2", "result", "failed",
                "dice", List.of(Map.of("kind", "DR", "values", List.of(6, 5)))));
        JsonNode attempt = event(failed, "RallyAttempted");
        assertThat(attempt.at("/dr/values").toString()).isEqualTo("[6,5]");
        assertThat(attempt.at("/dr/source").asText()).isEqualTo("entered");
        assertThat(attempt.get("rallied").asBoolean()).isFalse();
        assertThat(attempt.get("section").asText()).isEqualTo("A10.6");
        assertThat(markers(failed, "br-crew-2")).contains("Broken");
        Response rallied = action("alice", s, Map.of("type", "rally", "counter", "br-crew-2", "result", "rallied"));
        assertThat(event(rallied, "RallyAttempted").at("/dr/source").asText()).isEqualTo("server");
        assertThat(markers(rallied, "br-crew-2")).doesNotContain("Broken");
        Response repaired = action("alice", s, Map.of("type", "repair-gun", "gun", "br-81mm", "result", "repaired",
                "dice", List.of(dr(1))));
        JsonNode repair = event(repaired, "RepairAttempted");
        assertThat(repair.at("/dr/values/0").asInt()).isEqualTo(1);
        assertThat(repair.get("result").asText()).isEqualTo("repaired");
        assertThat(repair.get("section").asText()).isEqualTo("C2");
        assertThat(markers(repaired, "br-81mm")).doesNotContain("Malfunctioned");
        action("alice", s, Map.of("type", "casualty", "counter", "br-crew-2", "result", "break"));
        Response bad = action("alice", s, Map.of("type", "rally", "counter", "br-crew-2", "result", "maybe"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.at("/field").asText()).isEqualTo("result");
    }
}
