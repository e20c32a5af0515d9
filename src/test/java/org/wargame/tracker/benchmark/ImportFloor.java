package org.wargame.tracker.benchmark;

import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The floor of an import: what the database can do at all with the same rows. The rows an import writes for the
 * given streams (domain_event_entry, event_chain, event_clock) are read into memory from {@code source}, then
 * written with plain JDBC batch inserts into a fresh database of the same kind, its tables made by the tracker's own
 * migrations (the same shape and indexes), {@value #BATCH} events with as many rows of each other table per
 * transaction: no check, no hash, no fold.
 */
final class ImportFloor {

    static final int BATCH = 5_000;

    private ImportFloor() {
    }

    /**
     * The settings part of the H2 URL the tracker's data source opens (from its first ';'), as the tracker's
     * durability made it ({@code WRITE_DELAY=0}, added to the configured URL by store/DurableDataSource): the floor's
     * file opens as the tracker's. Taken from the configured URL the floor ran with H2's default write delay, its
     * pages written by H2's background thread on the other core and nothing synced, which no acknowledged write of
     * the tracker may do.
     */
    static String settings(org.springframework.context.ConfigurableApplicationContext tracker) {
        javax.sql.DataSource source = tracker.getBean(javax.sql.DataSource.class);
        String url = source instanceof com.zaxxer.hikari.HikariDataSource hikari ? hikari.getJdbcUrl()
                : tracker.getEnvironment().getProperty("spring.datasource.url", "");
        return url.indexOf(';') < 0 ? "" : url.substring(url.indexOf(';'));
    }

    /** The rows of one table, the columns named. */
    private record Table(String name, String columns, List<Object[]> rows) {
        String insert() {
            return "insert into " + name + " (" + columns + ") values (" + "?, ".repeat(columns.split(",").length - 1)
                    + "?)";
        }
    }

    /** Events per second of the plain batch insert into a fresh H2 file database opened with {@code settings}. */
    static double h2(JdbcTemplate source, List<String> streams, String settings) throws Exception {
        Path dir = Files.createTempDirectory("tracker-bench-floor-");
        try {
            return rate(source, streams, "jdbc:h2:file:" + dir.resolve("floor") + settings, "tracker", "", "h2");
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Events per second of the plain batch insert into the database at {@code url} (a fresh one: its tables are
     * made by the migrations of {@code vendor}).
     */
    static double rate(JdbcTemplate source, List<String> streams, String url, String user, String password,
                       String vendor) {
        List<Table> tables = read(source, streams);
        long events = tables.get(0).rows().size();
        SingleConnectionDataSource target = new SingleConnectionDataSource(url, user, password, true);
        try {
            Flyway.configure().dataSource(target).locations("classpath:db/migration/common",
                    "classpath:db/migration/" + vendor).load().migrate();
            JdbcTemplate jdbc = new JdbcTemplate(target);
            TransactionTemplate transactions = new TransactionTemplate(new DataSourceTransactionManager(target));
            Runnable sync = "h2".equals(vendor) ? h2Sync(target) : () -> { }; // PostgreSQL syncs at its commit
            long t = System.nanoTime();
            for (int from = 0; from < events; from += BATCH) { // as the import: the k-th 5,000 of each table
                int start = from;
                transactions.executeWithoutResult(s -> {
                    for (Table table : tables) {
                        List<Object[]> rows = table.rows();
                        if (start < rows.size()) {
                            jdbc.batchUpdate(table.insert(), rows.subList(start, Math.min(rows.size(),
                                    start + BATCH)));
                        }
                    }
                });
                sync.run(); // each commit on the disk before the next, as the tracker's commits (DurableCommits)
            }
            return events / ((System.nanoTime() - t) / 1e9);
        } finally {
            target.destroy();
        }
    }

    /** Forces the H2 file of the floor's one connection to the disk, as the tracker forces its own after a commit. */
    private static Runnable h2Sync(SingleConnectionDataSource target) {
        return () -> {
            try (java.sql.Connection c = target.getConnection()) {
                ((org.h2.engine.SessionLocal) c.unwrap(org.h2.jdbc.JdbcConnection.class).getSession()).getDatabase()
                        .getStore().getMvStore().getFileStore().sync();
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /**
     * Events per second of PostgreSQL's COPY (text format) of the same rows into a fresh schema at {@code url}: one
     * COPY per table per {@value #BATCH} events, a transaction per {@value #BATCH} events, as the batches above. The
     * bulk path past single-row inserts, measured so that the import's goal can be set against it.
     */
    static double copy(JdbcTemplate source, List<String> streams, String url, String user, String password)
            throws Exception {
        List<Table> tables = read(source, streams);
        long events = tables.get(0).rows().size();
        SingleConnectionDataSource target = new SingleConnectionDataSource(url, user, password, true);
        try {
            Flyway.configure().dataSource(target).locations("classpath:db/migration/common",
                    "classpath:db/migration/postgresql").load().migrate();
            try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, user, password)) {
                c.setAutoCommit(false);
                org.postgresql.copy.CopyManager copy = c.unwrap(org.postgresql.PGConnection.class).getCopyAPI();
                long t = System.nanoTime();
                for (int from = 0; from < events; from += BATCH) {
                    for (Table table : tables) {
                        List<Object[]> rows = table.rows();
                        if (from >= rows.size()) {
                            continue;
                        }
                        StringBuilder text = new StringBuilder(1 << 20);
                        for (Object[] row : rows.subList(from, Math.min(rows.size(), from + BATCH))) {
                            for (int k = 0; k < row.length; k++) {
                                if (k > 0) {
                                    text.append('\t');
                                }
                                copyText(text, row[k]);
                            }
                            text.append('\n');
                        }
                        copy.copyIn("copy " + table.name() + " (" + table.columns() + ") from stdin",
                                new java.io.StringReader(text.toString()));
                    }
                    c.commit();
                }
                return events / ((System.nanoTime() - t) / 1e9);
            }
        } finally {
            target.destroy();
        }
    }

    /** One value in COPY's text format: null as \N, bytea as \\x and hex (its backslash escaped), text escaped. */
    private static void copyText(StringBuilder text, Object value) {
        if (value == null) {
            text.append("\\N");
        } else if (value instanceof byte[] bytes) {
            text.append("\\\\x").append(java.util.HexFormat.of().formatHex(bytes));
        } else {
            String v = value.toString();
            for (int i = 0; i < v.length(); i++) {
                char ch = v.charAt(i);
                switch (ch) {
                    case '\\' -> text.append("\\\\");
                    case '\t' -> text.append("\\t");
                    case '\n' -> text.append("\\n");
                    case '\r' -> text.append("\\r");
                    default -> text.append(ch);
                }
            }
        }
    }

    private static List<Table> read(JdbcTemplate source, List<String> streams) {
        String in = String.join(", ", streams.stream().map(s -> "?").toList());
        Object[] args = streams.toArray();
        List<Table> tables = new ArrayList<>();
        for (String[] t : new String[][]{
                {"domain_event_entry", "global_index, sequence_number, aggregate_identifier, event_identifier, "
                        + "payload_revision, payload_type, time_stamp, type, meta_data, payload",
                        "aggregate_identifier", "global_index"},
                {"event_chain", "event_identifier, aggregate_identifier, sequence_number, previous_hash, hash",
                        "aggregate_identifier", "aggregate_identifier, sequence_number"},
                {"event_clock", "scenario_id, sequence_number, game_turn, player_turn, phase, step, phasing_side, "
                        + "action_id, taking_of, kind, undone_by", "scenario_id", "scenario_id, sequence_number"}}) {
            int n = t[1].split(",").length;
            List<Object[]> rows = source.query("select " + t[1] + " from " + t[0] + " where " + t[2] + " in (" + in
                    + ") order by " + t[3], (rs, i) -> {
                        Object[] row = new Object[n];
                        for (int k = 0; k < n; k++) {
                            row[k] = rs.getObject(k + 1);
                            if (row[k] instanceof java.sql.Blob blob) {
                                row[k] = blob.getBytes(1, (int) blob.length());
                            }
                        }
                        return row;
                    }, args);
            tables.add(new Table(t[0], t[1], rows));
        }
        return tables;
    }
}
