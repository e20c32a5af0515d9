package org.wargame.tracker.history;

import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventMessage;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * Rebuilds the read models from the events: empties campaign_view, scenario_view and campaign_member and replays
 * every event, in global order, through the handlers of processing group "projections". All in one transaction, so
 * readers see the old read models until the new ones are complete, and a failure leaves the old ones. The hash chain
 * is evidence and is never rebuilt (its handler is in another group). Meant for a quiet moment: actions taken
 * meanwhile wait for the transaction or are lost from the rebuilt views until the next rebuild.
 */
@Component
public class ReadModelRebuild {

    private static final String PROJECTIONS = "projections";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final EventStorageEngine storage;
    private final ApplicationContext context;
    private final AtomicReference<Progress> progress = new AtomicReference<>(
            new Progress("idle", 0, 0, null, null, null, null));

    public ReadModelRebuild(JdbcTemplate jdbc, TransactionTemplate transactions, EventStorageEngine storage,
                            ApplicationContext context) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.storage = storage;
        this.context = context;
    }

    /** {@code status}: idle, running, done or failed. */
    public record Progress(String status, long eventsTotal, long eventsDone, String requestedBy, Instant startedAt,
                           Instant finishedAt, String error) {
    }

    public Progress progress() {
        return progress.get();
    }

    /** Starts a rebuild in the background; refuses a second one while one runs. */
    public Progress start(String requestedBy) {
        Long total = jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
        Progress started = new Progress("running", total == null ? 0 : total, 0, requestedBy, Instant.now(), null,
                null);
        Progress current = progress.get();
        if ("running".equals(current.status()) || !progress.compareAndSet(current, started)) {
            throw new IllegalStateException("rebuild: a rebuild is already running");
        }
        Thread worker = new Thread(() -> run(started), "read-model-rebuild");
        worker.setDaemon(true);
        worker.start();
        return started;
    }

    private void run(Progress started) {
        try {
            SimpleEventHandlerInvoker invoker = projections();
            long[] done = {0};
            transactions.executeWithoutResult(status -> {
                jdbc.update("delete from campaign_member");
                jdbc.update("delete from campaign_view");
                jdbc.update("delete from scenario_view");
                jdbc.update("delete from event_clock");
                try (Stream<? extends EventMessage<?>> events = storage.readEvents(null, false)) {
                    events.forEach(event -> {
                        try {
                            invoker.handle(event, Segment.ROOT_SEGMENT);
                        } catch (Exception e) {
                            throw new IllegalStateException("event " + event.getIdentifier() + ": " + e.getMessage(),
                                    e);
                        }
                        if (++done[0] % 100 == 0) {
                            progress.set(new Progress("running", started.eventsTotal(), done[0],
                                    started.requestedBy(), started.startedAt(), null, null));
                        }
                    });
                }
            });
            progress.set(new Progress("done", started.eventsTotal(), done[0], started.requestedBy(),
                    started.startedAt(), Instant.now(), null));
        } catch (RuntimeException e) {
            progress.set(new Progress("failed", started.eventsTotal(), progress.get().eventsDone(),
                    started.requestedBy(), started.startedAt(), Instant.now(), e.getMessage()));
        }
    }

    /** The handlers of processing group "projections", to be called directly, failing on the first error. */
    public SimpleEventHandlerInvoker projections() {
        return SimpleEventHandlerInvoker.builder()
                .eventHandlers(projectionHandlers())
                .listenerInvocationErrorHandler(PropagatingErrorHandler.instance())
                .build();
    }

    private List<Object> projectionHandlers() {
        return context.getBeansWithAnnotation(ProcessingGroup.class).values().stream()
                .filter(bean -> PROJECTIONS.equals(org.springframework.core.annotation.AnnotationUtils
                        .findAnnotation(org.springframework.aop.support.AopUtils.getTargetClass(bean),
                                ProcessingGroup.class).value()))
                .toList();
    }
}
