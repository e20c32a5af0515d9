package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The plans of the clock queries behind the bookmarks and the timeline: each kind is a range of the (scenario, kind,
 * sequence) index ({@code event_clock_by_kind}, migration V4), so the read does not grow with the scenario's other
 * rows. With {@code kind in ('start', 'gameTurn')} H2 narrowed on the scenario alone (41-76 ms at 50,000 events
 * against 2.2 ms for one kind). H2's EXPLAIN names the index of every table read; PostgreSQL, with sequential and
 * bitmap scans off (a small test table would rather be scanned), names it in an Index Scan node for every branch.
 */
class ClockQueryPlanTest extends ApiTestSupport {

    /** H2's comment on a read of the kind index narrowed on the scenario and the kind, in any order. */
    private static final String H2_KIND_RANGE = "PUBLIC\\.EVENT_CLOCK_BY_KIND: (?=[^*]*SCENARIO_ID = 'x')"
            + "(?=[^*]*\\bKIND = ')";

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    TransactionTemplate transactions;

    /** Each query with its placeholders filled, and how many ranges of the kind index its plan must read. */
    private static Map<String, Integer> queries(Dialect dialect) {
        return Map.of(
                fill(EventTables.clockChangesOfKind(dialect, 50), "'x'", "'gameTurn'", "0"), 1,
                fill(EventTables.clockChanges(dialect, 50), "'x'", "0", "'x'", "0", "'x'", "0", "'x'", "0", "'x'", "0"), 5,
                fill(EventTables.gameTurnStarts(dialect), "'x'", "'x'"), 2);
    }

    private static String fill(String sql, String... values) {
        String filled = sql;
        for (String value : values) {
            filled = filled.replaceFirst("\\?", value);
        }
        assertThat(filled).doesNotContain("?");
        return filled;
    }

    @Test
    void every_kind_of_a_clock_query_is_a_range_of_the_kind_index() {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        boolean postgres = "PostgreSQL".equalsIgnoreCase(database);
        queries(postgres ? Dialect.POSTGRESQL : Dialect.H2).forEach((sql, ranges) -> {
            String plan = postgres ? transactions.execute(s -> {
                jdbc.execute("set local enable_seqscan = off");
                // a bitmap scan of the turn index (scenario and sequence, kind as a filter) was chosen in a CI run
                // where the table's statistics were young; a plain index scan is the one this asks about
                jdbc.execute("set local enable_bitmapscan = off");
                return String.join("\n", jdbc.queryForList("explain " + sql, String.class));
            }) : jdbc.queryForObject("explain " + sql, String.class);
            String index = postgres ? "Index Scan using event_clock_by_kind" : H2_KIND_RANGE;
            assertThat(count(plan, index)).as(sql + "\n" + plan).isEqualTo(ranges);
        });
    }

    @Test
    void a_streams_table_talk_is_one_range_of_the_type_index_per_type() {
        assertRangesOfTheTypeIndex(EventTables::eventsOfTypes, "'scenario.NoteWritten'", "'scenario.ActionDisputed'",
                "'scenario.DisputeUpheld'");
    }

    /**
     * The seals of a campaign's streams (verify's check of sealed choices): one range per stream and type, where
     * "payload_type in (..) and aggregate_identifier in (..)" read every event of the streams.
     */
    @Test
    void a_campaigns_seals_are_one_range_of_the_type_index_per_stream_and_type() {
        assertRangesOfTheTypeIndex(EventTables::eventsOfTypesInOrder, "'scenario.Sealed'", "'scenario.Revealed'",
                "'scenario.NoteWritten'");
    }

    /** {@code query}'s plan for stream x and these three types: one range of the type index each. */
    private void assertRangesOfTheTypeIndex(java.util.function.BiFunction<Dialect, Integer, String> query,
                                            String... types) {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        boolean postgres = "PostgreSQL".equalsIgnoreCase(database);
        String sql = fill(query.apply(postgres ? Dialect.POSTGRESQL : Dialect.H2, types.length), "'x'", types[0],
                "'x'", types[1], "'x'", types[2]);
        String plan = postgres ? transactions.execute(s -> {
            // PostgreSQL chooses by its statistics: a long stream of one type and three notes, in a transaction
            // that is rolled back (its rows and its statistics with it), as a scenario's table talk is among its
            // moves; with an empty stream either index costs the same
            jdbc.update("insert into domain_event_entry (global_index, sequence_number, aggregate_identifier, "
                    + "event_identifier, payload_type, time_stamp, type, payload) select 2000000000 + g, g, 'x', "
                    + "'plan-x-' || g, case when g % 1000 = 999 then 'scenario.NoteWritten' else "
                    + "'scenario.ClockAdvanced' end, '2026-01-01T00:00:00.000Z', 'Scenario', convert_to('{}', "
                    + "'UTF8') from generate_series(0, 2999) g");
            jdbc.execute("analyze domain_event_entry");
            jdbc.execute("set local enable_seqscan = off");
            jdbc.execute("set local enable_bitmapscan = off");
            String explained = String.join("\n", jdbc.queryForList("explain " + sql, String.class));
            s.setRollbackOnly();
            return explained;
        }) : jdbc.queryForObject("explain " + sql, String.class);
        // the scenario page read its notes along the (stream, sequence) index: every event of a long stream visited
        String range = postgres ? "Index Scan using domain_event_by_type"
                : "PUBLIC\\.DOMAIN_EVENT_BY_TYPE: (?=[^*]*AGGREGATE_IDENTIFIER = 'x')(?=[^*]*\\bPAYLOAD_TYPE = ')";
        assertThat(count(plan, range)).as(sql + "\n" + plan).isEqualTo(3);
    }

    @Test
    void an_actions_first_taking_is_a_range_of_the_action_index() {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        boolean postgres = "PostgreSQL".equalsIgnoreCase(database);
        String sql = fill(EventTables.FIRST_TAKING, "'x'", "'a1'", "'a1'");
        String plan = postgres ? transactions.execute(s -> {
            // PostgreSQL chooses by its statistics (it took the kind index, narrowed on the scenario alone, in a CI
            // run where they were young): a scenario of 3,000 rows of 1,000 actions, in a transaction that is rolled
            // back, its rows and statistics with it
            jdbc.update("insert into event_clock (scenario_id, sequence_number, game_turn, player_turn, phase, "
                    + "action_id, taking_of, kind) select 'x', g, 1, 1, 'MPh', 'a' || (g / 3), case when g % 3 = 0 "
                    + "then 'a' || (g / 3) end, case when g % 300 = 0 then 'phase' end from generate_series(0, 2999) g");
            jdbc.execute("analyze event_clock");
            jdbc.execute("set local enable_seqscan = off");
            jdbc.execute("set local enable_bitmapscan = off");
            String explained = String.join("\n", jdbc.queryForList("explain " + sql, String.class));
            s.setRollbackOnly();
            return explained;
        }) : jdbc.queryForObject("explain " + sql, String.class);
        // a dispute or an undo named by its action read the scenario's whole record to find it
        String range = postgres ? "Index (Only )?Scan using event_clock_by_action"
                : "PUBLIC\\.EVENT_CLOCK_BY_ACTION: (?=[^*]*SCENARIO_ID = 'x')(?=[^*]*\\bACTION_ID = 'a1')";
        assertThat(count(plan, range)).as(sql + "\n" + plan).isEqualTo(1);
    }

    @Test
    void on_h2_a_list_of_kinds_is_not_a_range_of_the_kind_index() {
        String database = jdbc.execute((ConnectionCallback<String>) c -> c.getMetaData().getDatabaseProductName());
        if (!"PostgreSQL".equalsIgnoreCase(database)) {
            // the query these replace: it narrowed on the scenario only, so the test above can fail
            String plan = jdbc.queryForObject("explain select * from event_clock where scenario_id = 'x' and kind "
                    + "in ('start', 'gameTurn') and undone_by is null", String.class);
            assertThat(count(plan, H2_KIND_RANGE)).as(plan).isZero();
        }
    }

    /** How many times the pattern {@code what} occurs in the plan. */
    private static int count(String plan, String what) {
        Matcher m = Pattern.compile(what).matcher(plan);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
