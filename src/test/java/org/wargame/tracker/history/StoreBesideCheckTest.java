package org.wargame.tracker.history;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.store.EventTables;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The store beside an import's check (on PostgreSQL the import's path; the class itself holds on both databases): the
 * rows it takes stay invisible until its commit, which brings them with the end's work at once; a refusal (close
 * before commit) and a failure of that work leave nothing; a failure of the storing itself leaves nothing and tells
 * the import to store in batches. Driven by a played scenario's export under fresh ids, two rows at a time. And the
 * clock rows it copies in bulk (PostgreSQL's COPY) read back as they were.
 */
class StoreBesideCheckTest extends ApiTestSupport {

    @Autowired
    private EventTables tables;
    @Autowired
    private PlatformTransactionManager transactionManager;
    @Autowired
    private JdbcTemplate jdbc;

    /** The rows of a played scenario's export, under fresh ids (or as exported), spooled; and their streams. */
    private record Spooled(Path spool, List<Long> offsets, Set<String> streams) {
    }

    private String export;

    private String export() {
        if (export == null) {
            String campaign = importSample("asl-west-of-alamein.yaml");
            String s = startPlan("referee", campaign, "ex-10-3");
            for (int i = 0; i < 4; i++) {
                assertThat(advance("referee", s).status()).isEqualTo(200);
            }
            export = get("referee", "/api/campaigns/" + campaign + "/export").raw();
        }
        return export;
    }

    private Spooled spooled(boolean fresh) throws Exception {
        String text = fresh ? ForgedHistory.text(ForgedHistory.moved(export())) : export();
        Path spool = Files.createTempFile("store-beside-", ".rows");
        List<Long> offsets = new ArrayList<>();
        Set<String> streams = new LinkedHashSet<>();
        try (CheckedRows.Writer rows = new CheckedRows.Writer(spool)) {
            HistoryFile.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 1 << 22, line -> {
                try {
                    offsets.add(rows.write(line.row(), line.number()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                streams.add(line.row().event().stream());
            });
        }
        assertThat(offsets).as("events in the file").hasSizeGreaterThan(6);
        return new Spooled(spool, offsets, streams);
    }

    private StoreBesideCheck storing(Spooled file) {
        return new StoreBesideCheck(tables, file.spool(), new TransactionTemplate(transactionManager), 2);
    }

    /** Hands every row of the file over as the check does, two at a time. */
    private static void check(StoreBesideCheck storing, Spooled file) throws Exception {
        try (CheckedRows.Writer rows = new CheckedRows.Writer(Files.createTempFile("store-beside-", ".unused"))) {
            for (int i = 0; i < file.offsets().size(); i++) {
                storing.row(rows);
            }
            storing.checked(rows);
        }
    }

    private long events(Spooled file) {
        long n = 0;
        for (String stream : file.streams()) {
            n += jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier = ?",
                    Long.class, stream);
            n += jdbc.queryForObject("select count(*) from event_chain where aggregate_identifier = ?", Long.class,
                    stream);
        }
        return n;
    }

    private static void appendedAll(StoreBesideCheck storing, Spooled file) throws InterruptedException {
        long until = System.nanoTime() + 30_000_000_000L;
        while (storing.stored() < file.offsets().size() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(storing.stored()).as("rows the transaction holds").isEqualTo(file.offsets().size());
    }

    @Test
    void the_rows_stay_unseen_until_the_commit_brings_them_all_with_the_ends_work() throws Exception {
        Spooled file = spooled(true);
        try (StoreBesideCheck storing = storing(file)) {
            check(storing, file);
            appendedAll(storing, file);
            assertThat(events(file)).as("rows seen by another connection before the commit").isZero();

            long[] inside = {-1};
            int[] answer = storing.commit(() -> {
                inside[0] = events(file); // on the storing thread: its transaction's connection
                return new int[] {3, 4};
            });

            assertThat(inside[0]).as("rows the end's work sees").isEqualTo(2L * file.offsets().size());

            assertThat(answer).containsExactly(3, 4);
        }
        assertThat(events(file)).as("events and chain links after the commit").isEqualTo(2L * file.offsets().size());
        for (String stream : file.streams()) {
            assertThat(tables.streamHead(stream)).as("head of %s", stream).isNotNull();
        }
        // each event took its global index in the file's order, and kept the check's answer on its JSON
        List<String> spooled = new ArrayList<>();
        try (CheckedRows.Reader rows = new CheckedRows.Reader(file.spool())) {
            for (int k = 0; k < file.offsets().size(); k++) {
                var row = rows.next().row();
                assertThat(row.canonical()).isTrue();
                spooled.add(row.event().stream() + "#" + row.event().sequence());
            }
        }
        String in = String.join(", ", java.util.Collections.nCopies(file.streams().size(), "?"));
        assertThat(jdbc.queryForList("select aggregate_identifier || '#' || sequence_number from domain_event_entry "
                + "where aggregate_identifier in (" + in + ") order by global_index", String.class,
                file.streams().toArray())).isEqualTo(spooled);
        assertThat(jdbc.queryForObject("select count(*) from domain_event_entry where aggregate_identifier in (" + in
                + ") and canonical_json", Long.class, file.streams().toArray())).isEqualTo(file.offsets().size());
    }

    @Test
    void a_file_refused_before_the_commit_leaves_nothing() throws Exception {
        Spooled file = spooled(true);
        try (StoreBesideCheck storing = storing(file)) {
            check(storing, file);
            appendedAll(storing, file);
        } // closed without a commit: the check refused the file
        assertThat(events(file)).isZero();
    }

    @Test
    void a_failure_of_the_ends_work_is_thrown_and_leaves_nothing() throws Exception {
        Spooled file = spooled(true);
        try (StoreBesideCheck storing = storing(file)) {
            check(storing, file);
            assertThatThrownBy(() -> storing.commit(() -> {
                throw new IllegalStateException("the file's seed clashes");
            })).isInstanceOf(IllegalStateException.class).hasMessage("the file's seed clashes");
        }
        assertThat(events(file)).isZero();
    }

    @Test
    void clock_rows_copied_in_bulk_keep_every_character_and_every_null() {
        String scenario = "copy-" + java.util.UUID.randomUUID();
        List<org.wargame.tracker.store.ClockRow> rows = List.of(
                new org.wargame.tracker.store.ClockRow(scenario, 0, new org.wargame.tracker.rules.GameClock(1, 1,
                        "Rally Phase", null, null), null, null, "start", null),
                new org.wargame.tracker.store.ClockRow(scenario, 1, new org.wargame.tracker.rules.GameClock(1, 2,
                        "Rally\tPhase", "a\\b", "Axis\nside"), "act\\N\r1", "\\.", "gameTurn", 7L),
                new org.wargame.tracker.store.ClockRow(scenario, 2, new org.wargame.tracker.rules.GameClock(2, 1,
                        "Prep Fire", "\u00e9t\u00e9 \ud83c\udfb2", "Allies"), "", null, null, null));
        new TransactionTemplate(transactionManager).executeWithoutResult(status -> tables.copyClockRows(rows));

        assertThat(tables.clockRows(scenario, 0, 2)).containsExactlyElementsOf(rows);
        jdbc.update("delete from event_clock where scenario_id = ?", scenario);
    }

    @Test
    void rows_the_tracker_holds_already_roll_back_and_leave_the_file_to_the_batches() throws Exception {
        Spooled held = spooled(false); // the export as it is: every event is in the tracker
        long before = events(held);
        boolean[] ran = {false};
        try (StoreBesideCheck storing = storing(held)) {
            check(storing, held);
            assertThat(storing.commit(() -> {
                ran[0] = true;
                return new int[] {0, 0};
            })).as("the answer when storing failed: store in batches").isNull();
        }
        assertThat(ran[0]).as("the end's work ran").isFalse();
        assertThat(events(held)).as("rows of those streams").isEqualTo(before);
    }
}
