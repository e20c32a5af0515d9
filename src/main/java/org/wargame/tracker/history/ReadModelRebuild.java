package org.wargame.tracker.history;

import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.Segment;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.store.ChainVerification;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.Quarantine;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Rebuilds the read models (campaign_view, campaign_member, scenario_view and its parts, event_clock) from the
 * events, stream by stream: a scenario's stream is folded once in memory by {@link ScenarioRefold}, which writes only
 * the rows that differ; any other stream is read batch by batch and folded through the handlers of processing group
 * "projections", {@value #CHUNK} events per unit of work and transaction, so each of its rows is written once per
 * chunk and a transaction never holds the whole store. While it runs the {@link WriteGate} is closed: actions
 * get 503 and it waits for those under way. It refuses to start on a broken hash chain unless asked to with
 * {@code force}: a tampered history is not adopted silently. The hash chain is evidence and is never rebuilt.
 */
@Component
public class ReadModelRebuild {

    private static final Logger LOG = LoggerFactory.getLogger(ReadModelRebuild.class);
    private static final String PROJECTIONS = "projections";
    /** The aggregate type of a scenario's stream (column type of domain_event_entry). */
    static final String SCENARIO = "Scenario";
    /** Events folded per unit of work and transaction. */
    static final int CHUNK = 2_000;
    /** How often the progress is updated, in events. */
    private static final int PROGRESS_EVERY = 500;

    private final JdbcTemplate jdbc;
    private final EventTables tables;
    private final TransactionManager transactions;
    private final EventHistory history;
    private final ApplicationContext context;
    private final ChainVerification verification;
    private final WriteGate gate;
    private final EventClockProjection clocks;
    private final ScenarioRefold scenarios;
    private final Quarantine quarantine;
    private final AtomicReference<Progress> progress = new AtomicReference<>(
            new Progress("idle", 0, 0, null, null, null, null, null, null));

    public ReadModelRebuild(JdbcTemplate jdbc, EventTables tables, TransactionManager transactions,
                            EventHistory history, ApplicationContext context, ChainVerification verification,
                            WriteGate gate, EventClockProjection clocks, ScenarioRefold scenarios,
                            Quarantine quarantine) {
        this.quarantine = quarantine;
        this.jdbc = jdbc;
        this.tables = tables;
        this.transactions = transactions;
        this.history = history;
        this.context = context;
        this.verification = verification;
        this.gate = gate;
        this.clocks = clocks;
        this.scenarios = scenarios;
    }

    /**
     * {@code status}: idle, running, done or failed; {@code forcedOver}: the broken link of the chain a forced
     * rebuild was asked to go past (null when the chain verified).
     */
    public record Progress(String status, long eventsTotal, long eventsDone, String requestedBy, Instant startedAt,
                           Instant finishedAt, String error, String forcedOver, List<Quarantined> quarantined) {
        public Progress {
            quarantined = quarantined == null ? List.of() : List.copyOf(quarantined);
        }
    }

    /**
     * A stream this rebuild could not fold, now read-only: the stream, its type, the event where the fold stopped
     * ({@code event}: its number from 1, as the pages count; {@code sequence} from 0) and why.
     */
    public record Quarantined(String stream, String type, long event, long sequence, String reason) {
    }

    public Progress progress() {
        return progress.get();
    }

    public boolean running() {
        return "running".equals(progress.get().status());
    }

    /**
     * Starts a rebuild in the background; refuses a second one while one runs, and one over a broken hash chain
     * unless {@code force}.
     */
    public Progress start(String requestedBy, boolean force) {
        if (running()) {
            throw new Conflict("a rebuild is already running");
        }
        ChainVerification.Report chain = verification.all();
        String forcedOver = null;
        if (!chain.ok()) {
            ChainVerification.Broken b = chain.firstBroken();
            String link = b.stream() + " #" + b.sequence() + " (" + b.reason() + ")";
            if (!force) {
                throw new Conflict("force", "the hash chain is broken at " + link + "; " + chain.brokenCount()
                        + " broken in all. A rebuild would adopt that history: ask again with force=true to "
                        + "rebuild from the events as they are");
            }
            forcedOver = link;
            LOG.warn("read-model rebuild forced by {} over a broken hash chain: {}", requestedBy, link);
        }
        long total = tables.eventCount();
        Progress started = new Progress("running", total, 0, requestedBy, Instant.now(), null,
                null, forcedOver, null);
        Progress current = progress.get();
        if ("running".equals(current.status()) || !progress.compareAndSet(current, started)) {
            throw new Conflict("a rebuild is already running");
        }
        Thread worker = new Thread(() -> run(started), "read-model-rebuild");
        worker.setDaemon(true);
        worker.start();
        return started;
    }

    private void run(Progress started) {
        long[] done = {0};
        List<Quarantined> quarantined = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try {
            gate.close();
            clocks.forget();
            SimpleEventHandlerInvoker invoker = projections();
            List<EventTables.StreamStart> streams = tables.streamStarts();
            // the progress moves while it runs: a small store's bar moves every few events, a large one's every 500
            long every = Math.max(1, Math.min(PROGRESS_EVERY, started.eventsTotal() / 100));
            LongConsumer each = n -> {
                if (++done[0] % every == 0) {
                    progress.set(new Progress("running", started.eventsTotal(), done[0], started.requestedBy(),
                            started.startedAt(), null, null, started.forcedOver(), quarantined));
                }
            };
            java.util.Set<String> held = new java.util.HashSet<>();
            quarantine.all().forEach(h -> held.add(h.stream()));
            for (EventTables.StreamStart stream : streams) {
                // a stream that cannot be folded is held read-only and reported; every other one is built
                try {
                    rebuild(invoker, stream.stream(), stream.type(), each);
                    if (held.contains(stream.stream())) {
                        quarantine.release(stream.stream());
                    }
                } catch (RuntimeException e) {
                    StreamFault fault = StreamFault.of(stream.stream(), e);
                    quarantine.hold(stream.stream(), stream.type(), fault.sequence(), fault.reason());
                    quarantined.add(new Quarantined(stream.stream(), stream.type(), fault.sequence() + 1,
                            fault.sequence(), fault.reason()));
                    LOG.warn("read-model rebuild: stream {} ({}) cannot be folded at event #{}: {}; it is read-only "
                            + "now", stream.stream(), stream.type(), fault.sequence(), fault.reason());
                }
            }
            // rows of streams the store does not have (none, unless written by hand); those of the streams this
            // rebuild began from are known without reading the store again
            java.util.Set<String> known = new java.util.HashSet<>();
            streams.forEach(s -> known.add(s.stream()));
            tables.deleteRowsOfUnknownStreams("campaign_member", "campaign_id", known);
            tables.deleteRowsOfUnknownStreams("campaign_view", "campaign_id", known);
            tables.deleteRowsOfUnknownStreams("scenario_view", "scenario_id", known);
            tables.deleteRowsOfUnknownStreams("scenario_part", "scenario_id", known);
            tables.deleteRowsOfUnknownStreams("event_clock", "scenario_id", known);
            tables.deleteRowsOfUnknownStreams("counter_line_mark", "stream_id", known);
            tables.deleteRowsOfUnknownStreams("counter_line", "stream_id", known);
            Progress finished = new Progress("done", started.eventsTotal(), done[0], started.requestedBy(),
                    started.startedAt(), Instant.now(), null, started.forcedOver(), quarantined);
            gate.open(); // before "done" is shown: a client that sees it may act at once (it got 503 in between)
            progress.set(finished);
            LOG.info("read-model rebuild: {} events of {} streams in {} ms", done[0], streams.size(),
                    java.time.Duration.between(started.startedAt(), finished.finishedAt()).toMillis());
        } catch (RuntimeException e) {
            LOG.error("read-model rebuild failed", e);
            gate.open();
            progress.set(new Progress("failed", started.eventsTotal(), done[0], started.requestedBy(),
                    started.startedAt(), Instant.now(), e.getMessage(), started.forcedOver(), quarantined));
        } finally {
            gate.open();
        }
    }

    /**
     * One stream's read models written again from its events: a scenario's by {@link ScenarioRefold} (one fold in
     * memory, only the rows that differ written), any other's through the projections' handlers.
     */
    void rebuild(SimpleEventHandlerInvoker invoker, String stream, String type, LongConsumer each) {
        if (SCENARIO.equals(type)) {
            scenarios.refold(stream, each);
        } else {
            rebuildStream(invoker, stream, each);
        }
    }

    /**
     * One stream's read-model rows written again from its events: its old rows are removed and its events folded
     * through the projections, {@value #CHUNK} events per unit of work and transaction (a long stream's row is
     * written once per chunk; H2 commits a transaction in time that grows faster than its size); {@code each} is
     * told of every event.
     */
    void rebuildStream(SimpleEventHandlerInvoker invoker, String stream, LongConsumer each) {
        long from = 0;
        boolean first = true;
        while (true) {
            long to = from + CHUNK - 1;
            long[] last = {-1};
            UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
            unitOfWork.attachTransaction(transactions);
            try {
                if (first) {
                    jdbc.update("delete from campaign_member where campaign_id = ?", stream);
                    jdbc.update("delete from campaign_view where campaign_id = ?", stream);
                    jdbc.update("delete from scenario_view where scenario_id = ?", stream);
                    jdbc.update("delete from scenario_part where scenario_id = ?", stream);
                    tables.deleteClockRowsAfter(stream, -1);
                }
                history.forEach(stream, from, to, event -> {
                    try {
                        invoker.handle(event, Segment.ROOT_SEGMENT);
                    } catch (Exception e) {
                        throw new StreamFault(event.getSequenceNumber(), e);
                    }
                    last[0] = event.getSequenceNumber();
                    each.accept(event.getSequenceNumber());
                });
                unitOfWork.commit();
            } catch (RuntimeException e) {
                if (unitOfWork.isActive()) {
                    unitOfWork.rollback(e);
                }
                throw e instanceof StreamFault ? e : new StreamFault(last[0] < 0 ? from : last[0] + 1, e);
            }
            if (last[0] < to) {
                return;
            }
            from = to + 1;
            first = false;
        }
    }

    /** The handlers of processing group "projections", to be called directly, failing on the first error. */
    public SimpleEventHandlerInvoker projections() {
        return SimpleEventHandlerInvoker.builder()
                .eventHandlers(projectionHandlers())
                .listenerInvocationErrorHandler(PropagatingErrorHandler.instance())
                .build();
    }

    /** Looked up once: a search of every bean's annotations took a tenth of a 25,000-event rebuild. */
    private volatile List<Object> handlers;

    private List<Object> projectionHandlers() {
        List<Object> found = handlers;
        if (found == null) {
            found = findProjectionHandlers();
            handlers = found;
        }
        return found;
    }

    private List<Object> findProjectionHandlers() {
        return context.getBeansWithAnnotation(ProcessingGroup.class).values().stream()
                .filter(bean -> PROJECTIONS.equals(org.springframework.core.annotation.AnnotationUtils
                        .findAnnotation(org.springframework.aop.support.AopUtils.getTargetClass(bean),
                                ProcessingGroup.class).value()))
                .toList();
    }
}
