package org.wargame.tracker.store;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.Conflict;

import java.sql.SQLException;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Sends commands with the acting account and action id as metadata (copied onto every event they cause), and runs
 * several commands as one atomic action: all their events are stored, or none.
 * <p>
 * Several instances may share one PostgreSQL database. When two of them store the next event of the same stream at
 * once, the database keeps one (a unique key on stream and sequence) and Axon reports a {@link ConcurrencyException}
 * to the other; a deadlock or serialization failure is the same kind of race. Such an action is rolled back (nothing
 * of it is stored, the aggregate's cache entry is dropped: see {@link StreamGuard}) and sent again, the aggregate then
 * loaded from the store, up to {@code tracker.conflict-attempts} (12) times with a random pause that grows
 * ({@link #pauseMillis}); only then is it refused with a 409 problem. A retry is safe: it re-decides on the new state with the same action id, and a client's
 * {@code expectedVersion} is checked again against that state.
 */
@Component
public class Commands {

    private static final Logger LOG = LoggerFactory.getLogger(Commands.class);

    private final CommandGateway gateway;
    private final TransactionManager transactions;
    private final int attempts;
    private final AtomicLong retried = new AtomicLong();

    public Commands(CommandGateway gateway, TransactionManager transactions,
                    @Value("${tracker.conflict-attempts:12}") int attempts) {
        this.gateway = gateway;
        this.transactions = transactions;
        this.attempts = Math.max(1, attempts);
    }

    public <R> R send(Object command, String account, String actionId) {
        MetaData meta = MetaData.with(ActionMetaData.ACCOUNT, account)
                .and(ActionMetaData.ACTION_ID, actionId == null ? UUID.randomUUID().toString() : actionId);
        if (ActionKey.keyed(actionId)) {
            meta = meta.and(ActionKey.KEYED, Boolean.TRUE); // the guard looks for it in the record first
        }
        CommandMessage<?> message = GenericCommandMessage.asCommandMessage(command).andMetaData(meta);
        if (CurrentUnitOfWork.isStarted()) {
            return sendOnce(message); // inside atomically(): the whole unit is retried there
        }
        return retrying(() -> sendOnce(message));
    }

    private <R> R sendOnce(CommandMessage<?> message) {
        try {
            return gateway.sendAndWait(message);
        } catch (CommandExecutionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Runs {@code work} (which sends commands) in one unit of work and one transaction. */
    public <R> R atomically(Supplier<R> work) {
        if (CurrentUnitOfWork.isStarted()) {
            return once(work);
        }
        return retrying(() -> once(work));
    }

    private <R> R once(Supplier<R> work) {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
        unitOfWork.attachTransaction(transactions);
        try {
            R result = work.get();
            unitOfWork.commit();
            return result;
        } catch (RuntimeException e) {
            if (unitOfWork.isActive()) {
                unitOfWork.rollback(e);
            }
            throw e;
        }
    }

    /** How many actions were sent again after a conflict with another writer, since the start. */
    public long retried() {
        return retried.get();
    }

    @jakarta.annotation.PreDestroy
    void report() {
        if (retried.get() > 0) {
            LOG.info("{} actions were sent again after a conflict with another writer", retried.get());
        }
    }

    private <R> R retrying(Supplier<R> attempt) {
        for (int i = 1; ; i++) {
            try {
                return attempt.get();
            } catch (RuntimeException e) {
                if (creationConflict(e)) {
                    throw new Conflict("it already exists: another request created it at the same time");
                }
                if (!raced(e)) {
                    throw e;
                }
                if (i >= attempts) {
                    LOG.info("still in conflict after {} attempts: {}", attempts, e.toString());
                    throw new Conflict("other actions were stored on the same record at the same moment, " + attempts
                            + " times in a row; nothing of this one was stored. Send it again.");
                }
                retried.incrementAndGet();
                pause(i);
            }
        }
    }

    /** Another writer stored first: the same stream position, a deadlock, or a serialization failure. */
    static boolean raced(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConcurrencyException || t instanceof ConcurrencyFailureException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().equals("40001") || sql.getSQLState().equals("40P01"))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    private static boolean creationConflict(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof AggregateStreamCreationException) {
                return true;
            }
        }
        return false;
    }

    /**
     * A random pause under a ceiling that doubles with each attempt (2, 4, 8... up to 128 ms): "full jitter". With
     * a short fixed range the instance that holds the stream in its cache won every race again and the other gave
     * up (83 times to 0 in a run of two instances); drawn from the whole of a range that grows, two writers that
     * collided are unlikely to collide again in step, and one that lost a few times waits no longer than 128 ms.
     */
    static long pauseMillis(int attempt, ThreadLocalRandom random) {
        long ceiling = 2L << Math.min(attempt - 1, 6);
        return random.nextLong(0, ceiling + 1);
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(pauseMillis(attempt, ThreadLocalRandom.current()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Conflict("interrupted while sending the action again; nothing was stored");
        }
    }
}
