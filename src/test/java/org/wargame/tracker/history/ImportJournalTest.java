package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.store.Dialect;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a crash leaves of an import, settled by {@link ImportJournal} (the kill itself: {@link ImportCrashTest}): the
 * journal rows an import had written are put back by hand beside its stored rows, as a crash would have left them,
 * and the journal settled as a start settles it. Cut short before its last batch committed: every row of its streams
 * goes and the file imports again. After: its read models are built again, equal to the ones the import built. On
 * PostgreSQL a tracker that finds the import lock held (another tracker importing) leaves the journal alone and
 * refuses a second import in words; its look every minute settles the journal once the lock is free (the importer
 * died).
 */
class ImportJournalTest extends ApiTestSupport {

    private static final String[][] ROWS = {{"domain_event_entry", "aggregate_identifier"},
            {"event_chain", "aggregate_identifier"}, {"event_clock", "scenario_id"}, {"campaign_view", "campaign_id"},
            {"campaign_member", "campaign_id"}, {"scenario_view", "scenario_id"}, {"scenario_part", "scenario_id"}};

    @Autowired
    private JdbcTemplate jdbc;
    @Autowired
    private ImportJournal journal;
    @Autowired
    private DataSource dataSource;
    @Autowired
    private HistoryImport imports;

    /** A played ASL scenario's campaign, exported and moved under fresh ids: its text and its streams in order. */
    private record File(String text, List<String> streams, List<String> types) {
    }

    private File file() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String s = startPlan("referee", campaign, "ex-10-3");
        for (int i = 0; i < 6; i++) {
            assertThat(advance("referee", s).status()).isEqualTo(200);
        }
        String export = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        List<ObjectNode> lines = ForgedHistory.moved(export);
        List<String> streams = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (ObjectNode line : lines.subList(1, lines.size())) {
            if (!streams.contains(line.get("stream").asText())) {
                streams.add(line.get("stream").asText());
                types.add(line.get("streamType").asText());
            }
        }
        return new File(ForgedHistory.text(lines), streams, types);
    }

    private void imported(File file) {
        Response r = post("referee", "/api/history/import", file.text(), "application/x-ndjson");
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
    }

    /** The journal rows the import wrote before its first batch, as a crash would have left them. */
    private void journalled(File file, boolean stored) {
        String importId = UUID.randomUUID().toString();
        for (int i = 0; i < file.streams().size(); i++) {
            jdbc.update("insert into history_import (stream_id, stream_type, import_id, campaign_id, position, stored, "
                    + "started_at) values (?, ?, ?, ?, ?, ?, ?)", file.streams().get(i), file.types().get(i),
                    importId, file.streams().get(0), i, stored, Timestamp.from(Instant.now()));
        }
    }

    /** Every row of the file's streams, table by table, in a stable order. */
    private Map<String, List<Map<String, Object>>> rows(File file) {
        Map<String, List<Map<String, Object>>> rows = new LinkedHashMap<>();
        for (String[] table : ROWS) {
            List<Map<String, Object>> all = new ArrayList<>();
            for (String stream : file.streams()) {
                for (Map<String, Object> row : jdbc.queryForList("select * from " + table[0] + " where " + table[1]
                        + " = ?", stream)) {
                    row.replaceAll((column, value) -> value instanceof byte[] b ? java.util.HexFormat.of().formatHex(b)
                            : value);
                    all.add(row);
                }
            }
            all.sort(java.util.Comparator.comparing(Object::toString));
            rows.put(table[0], all);
        }
        return rows;
    }

    private long journal() {
        return jdbc.queryForObject("select count(*) from history_import", Long.class);
    }

    @Test
    void an_import_cut_short_before_its_last_batch_is_removed_and_its_file_imports_again() {
        File file = file();
        imported(file);
        assertThat(journal()).as("an import that finished leaves no journal row").isZero();
        journalled(file, false);

        journal.settle();

        rows(file).forEach((table, rows) -> assertThat(rows).as("rows of %s left", table).isEmpty());
        assertThat(journal()).isZero();
        imported(file);
        assertThat(rows(file).get("domain_event_entry")).isNotEmpty();
    }

    @Test
    void an_import_cut_short_after_its_last_batch_gets_the_read_models_it_would_have_built() {
        File file = file();
        imported(file);
        Map<String, List<Map<String, Object>>> built = rows(file);
        assertThat(built.get("scenario_view")).hasSize(1);
        assertThat(built.get("campaign_view")).hasSize(1);
        for (String stream : file.streams()) {
            for (String[] table : ImportJournal.READ_MODELS) {
                jdbc.update("delete from " + table[0] + " where " + table[1] + " = ?", stream);
            }
        }
        journalled(file, true);

        journal.settle();

        Map<String, List<Map<String, Object>>> after = rows(file);
        for (String table : List.of("domain_event_entry", "event_chain", "event_clock", "campaign_view",
                "campaign_member", "scenario_part")) {
            assertThat(after.get(table)).as(table).isEqualTo(built.get(table));
        }
        assertThat(after.get("scenario_view")).hasSize(1);
        assertThat(get("referee", "/api/scenarios/" + file.streams().get(1)).status()).isEqualTo(200);
        assertThat(journal()).isZero();
    }

    @Test
    void with_the_import_lock_held_elsewhere_the_journal_is_left_and_an_import_refused() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Dialect.of(jdbc) == Dialect.POSTGRESQL,
                "advisory locks: PostgreSQL only (H2 is opened by one tracker)");
        File file = file();
        imported(file);
        journalled(file, false);
        try (Connection other = dataSource.getConnection(); Statement s = other.createStatement()) {
            other.setAutoCommit(true);
            s.execute("select pg_advisory_lock(1952539500, 0)"); // as another tracker's import holds it
            try {
                assertThat(journal.turn(false)).as("a start's turn while another tracker imports").isNull();
                imports.settleLeft(); // the minute's look, while another tracker imports

                assertThat(rows(file).get("domain_event_entry")).as("the other import's rows").isNotEmpty();
                assertThatThrownBy(() -> journal.turn(true)).isInstanceOf(Conflict.class)
                        .hasMessageContaining("another history import is running");
                Response refused = post("referee", "/api/history/import", file.text(), "application/x-ndjson");
                assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
                assertThat(refused.at("/detail").asText()).contains("another instance");
            } finally {
                s.execute("select pg_advisory_unlock(1952539500, 0)");
            }
        }
        imports.settleLeft(); // the minute's look once no tracker imports: the dead import's rows go
        assertThat(rows(file).get("domain_event_entry")).as("settled once the lock was free").isEmpty();
        assertThat(journal()).isZero();
    }
}
