package org.wargame.tracker.store;

import org.axonframework.modelling.command.ConcurrencyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SqlTypeValue;
import org.springframework.jdbc.core.StatementCreatorUtils;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * The writes of a transaction that need no answer (an action's events, chain links, clock rows, outbox row and
 * read-model parts, and the read model's optimistic update, checked when sent: {@link #holdExpectingOne}), sent to
 * PostgreSQL together: in one round trip with a statement whose answer is needed ({@link #updateWith}), or just
 * before the commit. Issue 24, item 2: an action in at most 5 round trips
 * (ActionRoundTripsTest). Any other statement of the transaction through the tracker's {@link JdbcTemplate} sends them
 * first ({@link OrderedJdbcTemplate}), so that every read sees them and every write keeps its order.
 * <p>
 * On H2 (embedded: there is no round trip to save) and outside a transaction they are written at once, as before. A
 * stream's first event is never held back: its duplicate key is how a creation that lost a race is told apart.
 */
@Component
public class PendingWrites {

    /** Statements sent as one composite; a longer queue (a rebuild, a batch of actions) goes as JDBC batches. */
    static final int COMPOSITE = 64;

    private final DataSource dataSource;
    private final JdbcTemplate now;
    private volatile Dialect dialect;

    /** {@code tracker.postgresql.hold-writes=false}: every write at once, as on H2 (to compare, or to rule it out). */
    private final boolean hold;

    public PendingWrites(DataSource dataSource,
                         @org.springframework.beans.factory.annotation.Value("${tracker.postgresql.hold-writes:true}")
                         boolean hold) {
        this.dataSource = dataSource;
        this.now = new JdbcTemplate(dataSource);
        this.hold = hold;
    }

    /**
     * One statement with its rows, held until the queue is sent; {@code otherwise}, when given, is thrown if it
     * changes other than one row.
     */
    private record Held(String sql, Object[] args, java.util.function.Supplier<RuntimeException> otherwise) {
        Held(String sql, Object[] args) {
            this(sql, args, null);
        }
    }

    /** Writes {@code rows} of {@code sql} (an insert, update or delete whose count nobody reads). */
    public void write(String sql, List<Object[]> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<Held> queue = queue();
        if (queue == null) {
            if (rows.size() == 1) {
                now.update(sql, rows.get(0));
            } else {
                now.batchUpdate(sql, rows);
            }
            return;
        }
        rows.forEach(args -> queue.add(new Held(sql, args)));
    }

    /** Writes one row of {@code sql}. */
    public void write(String sql, Object... args) {
        write(sql, List.<Object[]>of(args));
    }

    /**
     * Holds an update that must change exactly one row (an optimistic check), to be sent with the writes held
     * around it instead of in a round trip of its own; if, when sent, it changes none (or more), {@code otherwise}
     * is thrown and the transaction rolls back. Returns false, holding nothing, where writes go at once (H2, no
     * transaction): the caller then runs it with {@link #updateWith} and reads its count.
     */
    public boolean holdExpectingOne(String sql, java.util.function.Supplier<RuntimeException> otherwise,
                                    Object... args) {
        List<Held> queue = queue();
        if (queue == null) {
            return false;
        }
        queue.add(new Held(sql, args, otherwise));
        return true;
    }

    /** Runs an update whose count is needed now, with the writes held before it (one round trip); its count. */
    public int updateWith(String sql, Object... args) {
        List<Held> queue = queue();
        if (queue == null || queue.isEmpty()) {
            return now.update(sql, args);
        }
        queue.add(new Held(sql, args));
        int[] counts = send(queue);
        return counts[counts.length - 1];
    }

    /** Sends what the current transaction holds, if anything (before any other statement of it, and its commit). */
    void sendHeld() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            Object queue = TransactionSynchronizationManager.getResource(this);
            if (queue instanceof List<?> held && !held.isEmpty()) {
                @SuppressWarnings("unchecked")
                List<Held> writes = (List<Held>) held;
                send(writes);
            }
        }
    }

    /** The current transaction's queue, or null where writes go at once (H2, no transaction). */
    private List<Held> queue() {
        if (!hold || !TransactionSynchronizationManager.isSynchronizationActive()
                || !TransactionSynchronizationManager.isActualTransactionActive() || dialect() != Dialect.POSTGRESQL) {
            return null;
        }
        Object bound = TransactionSynchronizationManager.getResource(this);
        if (bound != null) {
            @SuppressWarnings("unchecked")
            List<Held> queue = (List<Held>) bound;
            return queue;
        }
        List<Held> queue = new ArrayList<>();
        TransactionSynchronizationManager.bindResource(this, queue);
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void beforeCommit(boolean readOnly) {
                sendHeld();
            }

            @Override
            public void suspend() { // a transaction of its own starts inside: its writes are not these
                TransactionSynchronizationManager.unbindResourceIfPossible(PendingWrites.this);
            }

            @Override
            public void resume() {
                TransactionSynchronizationManager.bindResource(PendingWrites.this, queue);
            }

            @Override
            public void afterCompletion(int status) {
                TransactionSynchronizationManager.unbindResourceIfPossible(PendingWrites.this);
            }
        });
        return queue;
    }

    private Dialect dialect() {
        if (dialect == null) {
            dialect = Dialect.of(now);
        }
        return dialect;
    }

    /** Sends and empties the queue: one composite statement, or JDBC batches of its runs when it is long. */
    private int[] send(List<Held> queue) {
        List<Held> writes = List.copyOf(queue);
        queue.clear();
        int[] counts = sendNow(writes);
        for (int i = 0; i < counts.length; i++) {
            if (writes.get(i).otherwise() != null && counts[i] != 1) {
                throw writes.get(i).otherwise().get();
            }
        }
        return counts;
    }

    private int[] sendNow(List<Held> writes) {
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            if (writes.size() <= COMPOSITE) {
                return composite(connection, writes);
            }
            int[] counts = new int[writes.size()];
            int start = 0;
            while (start < writes.size()) { // runs of one statement, in their order
                int end = start;
                while (end < writes.size() && writes.get(end).sql().equals(writes.get(start).sql())) {
                    end++;
                }
                try (PreparedStatement statement = connection.prepareStatement(writes.get(start).sql())) {
                    for (int i = start; i < end; i++) {
                        bind(statement, writes.get(i).args(), 0);
                        statement.addBatch();
                    }
                    int[] run = statement.executeBatch();
                    System.arraycopy(run, 0, counts, start, run.length);
                }
                start = end;
            }
            return counts;
        } catch (SQLException e) {
            throw translated(writes, e);
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    private static int[] composite(Connection connection, List<Held> writes) throws SQLException {
        StringBuilder sql = new StringBuilder();
        for (Held held : writes) {
            sql.append(held.sql()).append(";\n");
        }
        try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
            int at = 0;
            for (Held held : writes) {
                at = bind(statement, held.args(), at);
            }
            int[] counts = new int[writes.size()];
            statement.execute();
            for (int i = 0; i < counts.length; i++) {
                if (i > 0) {
                    statement.getMoreResults();
                }
                counts[i] = statement.getUpdateCount();
            }
            return counts;
        }
    }

    /** Binds {@code args} from parameter {@code after + 1} on; the last parameter bound. */
    private static int bind(PreparedStatement statement, Object[] args, int after) throws SQLException {
        int at = after;
        for (Object arg : args) {
            at++;
            if (arg == null) {
                statement.setNull(at, Types.NULL); // asking the driver for the type would be a round trip more
            } else {
                StatementCreatorUtils.setParameterValue(statement, at, SqlTypeValue.TYPE_UNKNOWN, arg);
            }
        }
        return at;
    }

    /**
     * A duplicate key on an event, link or clock row is another writer's event at the same place: reported as Axon
     * reports it, so that the action is sent again on the new state (store/Commands).
     */
    private RuntimeException translated(List<Held> writes, SQLException e) {
        boolean events = writes.stream().anyMatch(w -> w.sql().startsWith("insert into domain_event_entry")
                || w.sql().startsWith("insert into event_chain") || w.sql().startsWith("insert into event_clock"));
        for (SQLException sql = e; sql != null; sql = sql.getNextException()) {
            if (events && "23505".equals(sql.getSQLState())) {
                return new ConcurrencyException("another writer stored an event at the same place first: "
                        + sql.getMessage(), e);
            }
        }
        RuntimeException translated = now.getExceptionTranslator().translate("held writes", writes.get(0).sql(), e);
        return translated != null ? translated : new IllegalStateException(e);
    }
}
