package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An import that fails late, after its events and the lines of a complete move (accounts, dice seeds, kept contents
 * of sealed choices) went to the database, stores nothing: here the tracker holds a dice seed for the file's scenario
 * already (as if stored meanwhile), so the seed's row is refused by the store's key. No event, chain link, read
 * model, account or {@code sealed_secret} row of the file is left. The same file without the clash imports with its
 * account and kept content, so the check can fail.
 */
class ImportLateFailureTest extends ApiTestSupport {

    private static final String[] TABLES = {"domain_event_entry", "event_chain", "event_clock",
            "snapshot_event_entry", "sealed_secret", "dice_seed", "account", "campaign_view", "campaign_member",
            "scenario_view", "scenario_part", "scenario_checkpoint"};

    @Autowired
    private JdbcTemplate jdbc;

    /** A referee's complete export of a skirmish scenario with a sealed note, and the seal's id. */
    private String export(String[] sealId) {
        String campaign = importSample("skirmish-sample.yaml");
        String s = startPlan("referee", campaign, "ambush");
        Response sealed = post("sam", "/api/scenarios/" + s + "/seals", Map.of("label", "SPOT",
                "content", "the ambush comes from the ford"));
        assertThat(sealed.status()).as(sealed.raw()).isEqualTo(201);
        sealId[0] = sealed.at("/events/0/payload/sealId").asText();
        String file = get("referee", "/api/campaigns/" + campaign + "/export?accounts=true&seeds=true").raw();
        assertThat(file).contains("\"kind\":\"sealedSecret\"").contains("\"kind\":\"diceSeed\"")
                .contains("\"kind\":\"account\"");
        return file;
    }

    /** The file under fresh ids (campaign, scenario, seal), with one account line renamed to {@code newcomer}. */
    private static Moved moved(String export, String sealId, String newcomer) {
        String freshSeal = UUID.randomUUID().toString();
        List<ObjectNode> all = ForgedHistory.lines(export.replace(sealId, freshSeal));
        List<ObjectNode> events = new ArrayList<>();
        List<ObjectNode> kinds = new ArrayList<>();
        events.add(all.get(0)); // the header
        for (ObjectNode line : all.subList(1, all.size())) {
            (line.has("stream") ? events : kinds).add(line);
        }
        List<ObjectNode> moved = ForgedHistory.moved(ForgedHistory.text(events));
        Map<String, String> ids = new LinkedHashMap<>();
        for (int i = 1; i < events.size(); i++) {
            ids.put(events.get(i).get("stream").asText(), moved.get(i).get("stream").asText());
        }
        String scenario = null;
        boolean renamed = false;
        for (ObjectNode kind : kinds) {
            if (kind.has("scenarioId")) {
                kind.put("scenarioId", ids.get(kind.get("scenarioId").asText()));
                scenario = kind.get("scenarioId").asText();
            }
            if ("account".equals(kind.get("kind").asText()) && !renamed) {
                kind.put("username", newcomer);
                renamed = true;
            }
        }
        assertThat(renamed).isTrue();
        moved.addAll(kinds);
        return new Moved(ForgedHistory.text(moved), scenario, freshSeal);
    }

    private record Moved(String file, String scenario, String sealId) {
    }

    private Map<String, Long> rows() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : TABLES) {
            counts.put(table, jdbc.queryForObject("select count(*) from " + table, Long.class));
        }
        return counts;
    }

    @Test
    void an_import_that_fails_after_its_kept_contents_were_stored_leaves_nothing() {
        String[] sealId = {null};
        String export = export(sealId);
        String newcomer = "late-" + UUID.randomUUID().toString().substring(0, 8);
        Moved file = moved(export, sealId[0], newcomer);
        // the clash the store finds only when it writes the file's seed, after the events and the kept contents
        jdbc.update("insert into dice_seed (scenario_id, seed, commitment) values (?, ?, ?)", file.scenario(),
                "00".repeat(32), "11".repeat(32));

        Map<String, Long> before = rows();
        Response refused = post("referee", "/api/history/import", file.file(), "application/x-ndjson");
        assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
        assertThat(refused.at("/detail").asText()).contains("nothing of the file was kept")
                .doesNotContain("Exception").doesNotContain("java.");
        assertThat(rows()).as("rows after the refused import").isEqualTo(before);
        assertThat(jdbc.queryForObject("select count(*) from sealed_secret where seal_id = ?", Long.class,
                file.sealId())).isZero();
        assertThat(jdbc.queryForObject("select count(*) from account where username = ?", Long.class, newcomer))
                .isZero();
        assertThat(jdbc.queryForObject("select seed from dice_seed where scenario_id = ?", String.class,
                file.scenario())).as("the row the tracker had is left as it was").isEqualTo("00".repeat(32));

        // the control: the same file under other ids, without the clash, imports with its account and content
        String other = "late-" + UUID.randomUUID().toString().substring(0, 8);
        Moved clean = moved(export, sealId[0], other);
        Response imported = post("referee", "/api/history/import", clean.file(), "application/x-ndjson");
        assertThat(imported.status()).as(imported.raw()).isEqualTo(201);
        assertThat(jdbc.queryForObject("select count(*) from sealed_secret where seal_id = ? and scenario_id = ?",
                Long.class, clean.sealId(), clean.scenario())).isEqualTo(1);
        assertThat(jdbc.queryForObject("select count(*) from account where username = ?", Long.class, other))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("select count(*) from dice_seed where scenario_id = ?", Long.class,
                clean.scenario())).isEqualTo(1);
    }
}
