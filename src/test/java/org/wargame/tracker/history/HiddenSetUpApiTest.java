package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.scenario.Commitment;
import org.wargame.tracker.scenario.ScenarioState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hidden set-up (issue 27, item 4), over real HTTP: a plan lets the U.S. set up counters hidden; their positions are
 * sealed, the counter leaves the board the rules read and carries a marker everybody sees; what it does while hidden
 * is recorded for its side and read by the others as "a hidden unit acted"; nobody else acts on it; its side's
 * action that names it (it fires) reveals it first, with what it did, and the action is decided with it in its hex.
 */
class HiddenSetUpApiTest extends LeakTestSupport {

    @Test
    void a_hidden_squad_is_off_the_board_until_it_fires_and_then_fires_from_its_sealed_hex() {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");
        String hides = "/api/scenarios/" + s + "/hidden";

        // who may hide what: the counter's side, a counter the plan names, a hex of the map, once, before play
        assertThat(post("gerd", hides, Map.of("counter", "us-sq-1", "position", "E7")).status()).isEqualTo(403);
        Response notInPlan = post("sam", hides, Map.of("counter", "us-bazooka-1", "position", "E7"));
        assertThat(notInPlan.status()).as(notInPlan.raw()).isBetween(400, 422);
        assertThat(notInPlan.at("/field").asText()).isEqualTo("counter");
        assertThat(notInPlan.at("/detail").asText()).contains("does not let").contains("set up hidden");
        Response offMap = post("sam", hides, Map.of("counter", "us-sq-1", "position", "Z9"));
        assertThat(offMap.status()).as(offMap.raw()).isBetween(400, 422);
        assertThat(offMap.at("/field").asText()).isEqualTo("position");
        Response unknownField = post("sam", hides, Map.of("counter", "us-sq-1", "position", "E7", "hex", "E7"));
        assertThat(unknownField.status()).as(unknownField.raw()).isBetween(400, 422);

        Response hidden = post("sam", hides, Map.of("counter", "us-sq-1", "position", "e7"));
        assertThat(hidden.status()).as(hidden.raw()).isEqualTo(201);
        assertThat(types(hidden)).containsExactly("ChoiceSealed");
        JsonNode sealed = event(hidden, "ChoiceSealed");
        assertThat(sealed.get("hides").asText()).isEqualTo("us-sq-1");
        assertThat(sealed.get("commitment").asText()).hasSize(64);
        assertThat(sealed.toString()).doesNotContain("E7");
        String sealId = sealed.get("sealId").asText();
        assertThat(post("sam", hides, Map.of("counter", "us-sq-1", "position", "F7")).status()).isEqualTo(409);

        // off the board for everybody (the rules read no position), with the marker everybody sees
        for (String viewer : List.of("gerd", "sam", "referee")) {
            JsonNode squad = counter(get(viewer, "/api/scenarios/" + s), "us-sq-1");
            assertThat(squad.get("location").isNull()).as(viewer).isTrue();
            assertThat(squad.get("markers").toString()).contains(ScenarioState.HIDDEN_MARKER);
        }
        // the position: the U.S. and the referee read it, the Germans read the commitment
        assertThat(seal("sam", s, sealId).get("content").asText()).isEqualTo("E7");
        assertThat(seal("referee", s, sealId).get("content").asText()).isEqualTo("E7");
        JsonNode theirs = seal("gerd", s, sealId);
        assertThat(theirs.get("content").isNull()).isTrue();
        assertThat(theirs.get("hides").asText()).isEqualTo("us-sq-1");

        // what it does while hidden: for its side, read by the others as "a hidden unit acted"
        String note = "crawled behind the building at E3, out of view";
        Response acted = post("sam", hides + "/us-sq-1/acted", Map.of("text", note));
        assertThat(acted.status()).as(acted.raw()).isEqualTo(201);
        String noteId = event(acted, "ChoiceSealed").get("sealId").asText();
        assertThat(event(acted, "ChoiceSealed").get("label").asText()).isEqualTo("a hidden unit acted");
        assertThat(acted.at("/events").toString()).doesNotContain("crawled");
        assertThat(seal("gerd", s, noteId).get("content").isNull()).isTrue();
        assertThat(post("gerd", hides + "/us-sq-1/acted", Map.of("text", "x")).status()).isEqualTo(403);
        assertThat(post("gerd", hides + "/us-sq-1/reveal", null).status()).isEqualTo(403);
        assertThat(post("sam", hides + "/us-bazooka-1/acted", Map.of("text", "x")).status()).isEqualTo(409);

        // once the game has begun nothing more is set up hidden
        advanceTo("referee", s, 1, 1, "MP");
        Response late = post("sam", hides, Map.of("counter", "us-ldr-1", "position", "F7"));
        assertThat(late.status()).as(late.raw()).isEqualTo(409);
        assertThat(late.at("/detail").asText()).contains("before the scenario's first action");

        // the Germans cannot act on it: a Panzerfaust at the hidden squad is refused, nothing recorded
        long before = get("referee", "/api/scenarios/" + s).at("/eventCount").asLong();
        Response atHidden = action("gerd", s, Map.of("type", "use-panzerfaust", "unitId", "ger-hs-1",
                "targetId", "us-sq-1", "range", 1));
        assertThat(atHidden.status()).as(atHidden.raw()).isEqualTo(409);
        assertThat(atHidden.at("/detail").asText()).contains("set up hidden").doesNotContain("E7");
        assertThat(get("referee", "/api/scenarios/" + s).at("/eventCount").asLong()).isEqualTo(before);

        // the U.S. squad fires in its Player Turn: the fire reveals it (and what it did), then is decided from E7
        advanceTo("referee", s, 1, 2, "FP");
        Response fired = action("sam", s, Map.of("type", "fire", "unitId", "us-sq-1", "targetHex", "D5",
                "range", 1, "grenades", true));
        assertThat(fired.status()).as(fired.raw()).isEqualTo(200);
        List<String> types = types(fired);
        assertThat(types.subList(0, 3)).containsExactly("ActionTaken", "ChoiceRevealed", "ChoiceRevealed");
        JsonNode revealed = fired.at("/events/1/payload");
        assertThat(revealed.get("content").asText()).isEqualTo("E7");
        assertThat(Commitment.of(revealed.get("salt").asText(), "E7")).isEqualTo(sealed.get("commitment").asText());
        assertThat(fired.at("/events/2/payload/content").asText()).isEqualTo(note);
        assertThat(counter(get("gerd", "/api/scenarios/" + s), "us-sq-1").get("location").asText()).isEqualTo("E7");
        assertThat(counter(get("gerd", "/api/scenarios/" + s), "us-sq-1").get("markers").toString())
                .doesNotContain(ScenarioState.HIDDEN_MARKER);
        assertThat(seal("gerd", s, noteId).get("content").asText()).isEqualTo(note);

        // undone, the fire goes; the reveal stays (a choice once revealed is not hidden again): the squad in E7
        Response undo = post("sam", "/api/scenarios/" + s + "/undo", Map.of("reason", "wrong target"));
        assertThat(undo.status()).as(undo.raw()).isBetween(200, 202);
        Response now = get("gerd", "/api/scenarios/" + s);
        assertThat(counter(now, "us-sq-1").get("location").asText()).isEqualTo("E7");
        assertThat(seal("gerd", s, sealId).get("content").asText()).isEqualTo("E7");

        Response verify = get("referee", "/api/campaigns/" + campaign + "/verify");
        assertThat(verify.at("/ok").asBoolean()).as(verify.raw()).isTrue();
        assertThat(verify.at("/seals/reveals").asInt()).isEqualTo(2);
    }

    @Test
    void nothing_of_a_hidden_set_up_reaches_the_other_side_before_its_reveal() throws Exception {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        String where = "behind the farm wall " + marker();
        String did = "crept along the ditch " + marker();
        Response hidden = post("sam", "/api/scenarios/" + s + "/hidden", Map.of("counter", "us-rifle-1",
                "position", where));
        assertThat(hidden.status()).as(hidden.raw()).isEqualTo(201);
        assertThat(post("sam", "/api/scenarios/" + s + "/hidden/us-rifle-1/acted", Map.of("text", did)).status())
                .isEqualTo(201);
        // the rules of a table game read no position: a words position over 200 characters is refused
        Response long_ = post("sam", "/api/scenarios/" + s + "/hidden", Map.of("counter", "us-bar",
                "position", "x".repeat(201)));
        assertThat(long_.at("/field").asText()).as(long_.raw()).isEqualTo("position");

        List<String> leaks = new ArrayList<>();
        everything("gerd", campaign, s, "us-rifle-1").forEach((path, body) -> {
            for (String secret : List.of(where, did)) {
                for (String part : parts(secret.substring(secret.indexOf("secret-")))) {
                    if (body.contains(part)) {
                        leaks.add(path + " holds '" + part + "'");
                    }
                }
            }
        });
        assertThat(leaks).as("what the Germans could read before the reveal").isEmpty();
        assertThat(everything("sam", campaign, s, "us-rifle-1").get("GET /api/scenarios/" + s + "/seals"))
                .contains(where).contains(did);
        assertThat(get("gerd", "/api/scenarios/" + s + "/seals").raw()).contains("a hidden unit acted");

        // exports: the referee's keeps the note's counter, a player's holds neither content
        String refereeExport = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        assertThat(refereeExport).contains("\"hiddenUnit\":\"us-rifle-1\"").contains(did);
        assertThat(get("gerd", "/api/campaigns/" + campaign + "/export").raw()).doesNotContain("hiddenUnit")
                .doesNotContain(where);

        // the U.S. reveal it (it is spotted): its position and what it did, for everybody
        Response revealed = post("sam", "/api/scenarios/" + s + "/hidden/us-rifle-1/reveal", null);
        assertThat(revealed.status()).as(revealed.raw()).isEqualTo(200);
        assertThat(types(revealed)).containsExactly("ChoiceRevealed", "ChoiceRevealed");
        Map<String, String> after = everything("gerd", campaign, s, "us-rifle-1");
        for (String path : List.of("GET /api/scenarios/" + s + "/seals", "GET /api/scenarios/" + s + "/events",
                "page /scenarios/" + s)) {
            assertThat(after.get(path)).as(path).contains(where).contains(did);
        }
        assertThat(post("sam", "/api/scenarios/" + s + "/hidden/us-rifle-1/reveal", null).status()).isEqualTo(409);
        assertThat(get("referee", "/api/campaigns/" + campaign + "/verify").at("/ok").asBoolean()).isTrue();
    }

    @Test
    void the_page_sets_a_counter_up_hidden_and_the_other_side_sees_only_the_marker() throws Exception {
        String campaign = importSample("hex-sample.yaml");
        String s = startPlan("referee", campaign, "first-clash");
        java.net.http.HttpClient sam = logIn("sam");
        String page = sam.send(java.net.http.HttpRequest.newBuilder(uri("/scenarios/" + s)).GET().build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        assertThat(page).contains("Set it up hidden").contains(">U.S. squad 1</option>").contains("Hex (C4)");
        java.util.regex.Matcher csrf = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
                .matcher(page.substring(page.indexOf("id=\"hide-form\"")));
        assertThat(csrf.find()).isTrue();
        String form = "counter=us-sq-1&where=F6&expectedVersion=1&_csrf=" + csrf.group(1);
        java.net.http.HttpResponse<String> posted = sam.send(java.net.http.HttpRequest.newBuilder(
                uri("/scenarios/" + s + "/hidden")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(form)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        assertThat(posted.body()).contains("where U.S. squad 1 is set up hidden").contains("hidden from the other "
                + "sides: F6").contains("What a hidden unit did");

        String theirs = logIn("gerd").send(java.net.http.HttpRequest.newBuilder(uri("/scenarios/" + s)).GET()
                .build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        // the board draws no stack for it (off the board); the sealed choices say it was set up hidden
        assertThat(theirs).contains("where U.S. squad 1 is set up hidden").doesNotContain("aria-label=\"Stack in F6\"")
                .doesNotContain("hidden from the other sides").doesNotContain("Set it up hidden")
                .doesNotContain("What a hidden unit did");
    }

    @Test
    void a_plans_hidden_list_names_counters_of_the_plan_once() throws IOException {
        String hex = Files.readString(Path.of("campaigns", "hex-sample.yaml"));
        refused(hex.replace("hidden: [us-sq-1, us-ldr-1]", "hidden: [us-sq-1, us-tank-9]"), "plans[0].hidden[1]",
                "not a counter of this plan");
        refused(hex.replace("hidden: [us-sq-1, us-ldr-1]", "hidden: [us-sq-1, us-sq-1]"), "plans[0].hidden[1]",
                "named twice");
        refused(hex.replace("hidden: [us-sq-1, us-ldr-1]", "hidden: us-sq-1"), null, "hidden");
    }

    private void refused(String file, String field, String words) {
        String renamed = file.replaceFirst("(?m)^id: .*$", "id: hidden-" + UUID.randomUUID());
        Response r = post("referee", "/api/campaigns", renamed, "application/yaml");
        assertThat(r.status()).as(r.raw()).isBetween(400, 422);
        if (field != null) {
            assertThat(r.at("/field").asText()).as(r.raw()).isEqualTo(field);
        }
        assertThat(r.raw()).contains(words);
    }

    private JsonNode seal(String user, String s, String sealId) {
        Response seals = get(user, "/api/scenarios/" + s + "/seals");
        assertThat(seals.status()).as(seals.raw()).isEqualTo(200);
        for (JsonNode seal : seals.body()) {
            if (seal.get("sealId").asText().equals(sealId)) {
                return seal;
            }
        }
        throw new AssertionError("no seal " + sealId + " in " + seals.raw());
    }
}
