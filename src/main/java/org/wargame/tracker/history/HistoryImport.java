package org.wargame.tracker.history;

import jakarta.annotation.PreDestroy;
import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.unit.DataSize;
import org.wargame.tracker.history.HistoryTransfer.ImportResult;
import org.wargame.tracker.history.HistoryTransfer.Progress;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.scenario.ScenarioProjection;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.ClockRow;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.StoredEvent;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The import of a history file ({@link HistoryFile}): the events appended with their original identifiers,
 * sequence numbers, timestamps and bytes, and their chain. The import is decided before anything is stored: the
 * body is read as it arrives, line by line (each within {@code tracker.limits.history-line}; the file may be of any
 * size), every line's sequence and hash chain checked and the rows spooled to a temporary file ({@link CheckedRows});
 * the file is checked against its manifest (its header: every stream, its event count and final head) and against
 * the tracker (a stream it has already: 409); then every stream is read strictly ({@link StrictEvents}) and folded
 * in memory with the live fold, one stream at a time ({@link ImportFold}). Any failure refuses the file naming the
 * line, and nothing is stored (nothing committed: on PostgreSQL the rows are appended while the check reads on, in
 * one transaction committed only then, {@link StoreBesideCheck}). Only then are the rows and their chain links
 * stored, on H2 {@value #BATCH} events per transaction, with the clock rows that fold made ({@link ImportClocks}),
 * and the other read models built once per stream: a scenario's from the state its fold ended in, a campaign's as
 * a rebuild builds it; should that fail (a database fault, a stream stored meanwhile by another instance), every row
 * of the file's streams is removed again.
 * A crash in between is settled by the next start through the {@link ImportJournal}, which also lets one import run
 * at a time across several trackers on one database (as within one).
 */
@Component
class HistoryImport {

    private static final Logger LOG = LoggerFactory.getLogger(HistoryImport.class);
    /** Events written per transaction, unless {@code tracker.history.import-batch} says otherwise. */
    static final int BATCH = 5_000;

    private final EventTables tables;
    private final StrictEvents strict;
    private final int maxLine;
    private final long maxEvents;
    private final int maxStreams;
    private final TransactionTemplate transactions;
    private final ReadModelRebuild rebuild;
    private final MoveLines moveLines;
    private final ScenarioProjection views;
    private final EventClockProjection clocks;
    private final ImportJournal journal;
    private final int batchSize;
    private final Duration settleEvery;
    /** On PostgreSQL, the rows stored while the check reads on ({@link StoreBesideCheck}). */
    private final boolean storeBesideCheck;
    private final ReentrantLock importing = new ReentrantLock();
    private final AtomicReference<Progress> progress = new AtomicReference<>(
            new Progress("idle", null, 0, 0, 0, null, null, null));

    HistoryImport(EventTables tables, StrictEvents strict,
                  PlatformTransactionManager transactionManager, ReadModelRebuild rebuild,
                  @Value("${tracker.limits.history-line:4MB}") DataSize maxLine,
                  @Value("${tracker.limits.history-events:10000000}") long maxEvents,
                  @Value("${tracker.limits.history-streams:10000}") int maxStreams, MoveLines moveLines,
                  ScenarioProjection views, EventClockProjection clocks, ImportJournal journal,
                  @Value("${tracker.history.import-batch:" + BATCH + "}") int batchSize,
                  @Value("${tracker.history.settle-every:1m}") Duration settleEvery,
                  @Value("${tracker.history.store-beside-check:true}") boolean storeBesideCheck) {
        this.settleEvery = settleEvery;
        this.storeBesideCheck = storeBesideCheck;
        this.journal = journal;
        this.batchSize = Math.max(1, batchSize);
        this.moveLines = moveLines;
        this.views = views;
        this.clocks = clocks;
        this.tables = tables;
        this.strict = strict;
        this.maxLine = (int) Math.min(Integer.MAX_VALUE - 16, maxLine.toBytes());
        this.maxEvents = maxEvents;
        this.maxStreams = maxStreams;
        this.transactions = new TransactionTemplate(transactionManager);
        this.rebuild = rebuild;
    }

    Progress progress() {
        return progress.get();
    }

    private ScheduledExecutorService settling;

    /**
     * With several trackers on one PostgreSQL database, an import whose tracker died while it stored is otherwise
     * settled only when a tracker starts or imports: each tracker looks every {@code tracker.history.settle-every}
     * (a minute unless said), when it imports nothing itself, and settles it once no tracker holds the import lock.
     */
    @EventListener(ApplicationReadyEvent.class)
    synchronized void settleEvery() {
        if (settling != null || !journal.shared() || settleEvery.isZero()) {
            return;
        }
        settling = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "history-import-settle");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1_000, settleEvery.toMillis());
        settling.scheduleWithFixedDelay(this::settleLeft, every, every, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    synchronized void stopSettling() {
        if (settling != null) {
            settling.shutdownNow();
        }
    }

    /** What a dead tracker's import left, settled unless an import runs here or elsewhere. */
    void settleLeft() {
        if (!importing.tryLock()) {
            return;
        }
        try (ImportJournal.Turn turn = journal.turn(false)) {
            // settled by the turn (null: another tracker imports; what it journalled is its own)
        } catch (RuntimeException e) {
            LOG.warn("history imports: what a stopped import left could not be settled now ({}); tried again later",
                    e.getMessage());
        } finally {
            importing.unlock();
        }
    }

    /** One stream of the file as the first pass found it: its type, where its rows are, its last link. */
    private static final class Stream {
        final String type;
        final int firstLine;
        long[] offsets = new long[16];
        int count;
        String lastHash = ChainHash.GENESIS;

        Stream(String type, int firstLine) {
            this.type = type;
            this.firstLine = firstLine;
        }

        void add(long offset) {
            if (count == offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[count++] = offset;
        }
    }

    /** What the check of a file found: its campaign, its streams in the order they begin, and how many events. */
    private record Checked(String campaignId, Map<String, Stream> streams, long events, int lines,
                           MoveLines.Pending moved) {
    }

    /**
     * Imports a history file read from {@code body} as it arrives; refuses a file whose lines do not verify, do not
     * read strictly or do not fold, naming the first bad line, and then stores nothing.
     */
    ImportResult importHistory(InputStream body) {
        if (!importing.tryLock()) {
            throw new Conflict("another history import is running; try again when it is done");
        }
        Path checkedRows = null;
        Path clockRows = null;
        StoreBesideCheck storing = null;
        Instant started = Instant.now();
        ImportJournal.Turn turn = null;
        try {
            turn = journal.turn(true); // what a crash left of an earlier import is settled first
            checkedRows = Files.createTempFile("tracker-import-", ".rows");
            clockRows = Files.createTempFile("tracker-import-", ".clock");
            progress.set(new Progress("checking", null, 0, 0, 0, started, null, null));
            long t0 = System.nanoTime();
            long tc;
            boolean foldedBeside;
            Checked checked;
            ImportClocks folded = new ImportClocks(clockRows);
            storing = storeBesideCheck && journal.shared()
                    ? new StoreBesideCheck(tables, checkedRows, transactions, batchSize) : null;
            try (FoldBesideCheck beside = new FoldBesideCheck(strict, checkedRows, folded)) {
                try (CheckedRows.Writer rows = new CheckedRows.Writer(checkedRows)) {
                    checked = check(body, started, rows, beside, storing);
                }
                tc = System.nanoTime();
                progress.set(new Progress("folding", checked.campaignId(), checked.events(), 0, 0, started, null,
                        null));
                foldedBeside = beside.folded(checked.campaignId());
                if (!foldedBeside) { // the fold after the check decides
                    folded.close();
                    folded = new ImportClocks(clockRows);
                    try (CheckedRows.Reader spool = new CheckedRows.Reader(checkedRows)) {
                        fold(checked, spool, folded);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("the import was interrupted", e);
            } finally {
                folded.close();
            }
            try (ImportClocks ended = folded; StoreBesideCheck besides = storing) {
                long t1 = System.nanoTime();
                long storedBeside = besides == null ? 0 : besides.stored();
                progress.set(new Progress("storing", checked.campaignId(), checked.events(), storedBeside, 0,
                        started, null, null));
                int built = storeWithReadModels(checked, checkedRows, ended, started, turn, besides);
                long t2 = System.nanoTime();
                progress.set(new Progress("done", checked.campaignId(), checked.events(), checked.events(), built,
                        started, Instant.now(), null));
                LOG.info("history import of {}: {} events of {} streams; checked in {} ms ({} events stored beside "
                        + "it), folded {} in {} ms more, stored with read models in {} ms", checked.campaignId(),
                        checked.events(), built, (tc - t0) / 1_000_000, storedBeside,
                        foldedBeside ? "beside the check" : "after the check", (t1 - tc) / 1_000_000,
                        (t2 - t1) / 1_000_000);
                return new ImportResult(checked.campaignId(), (int) checked.events(), checked.streams().size());
            }
        } catch (IOException e) {
            fail(started, e.getMessage());
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            fail(started, e.getMessage());
            throw e;
        } finally {
            if (storing != null) {
                storing.close(); // rolled back unless it committed: a refused file leaves nothing
            }
            if (turn != null) {
                turn.close();
            }
            importing.unlock();
            for (Path spool : new Path[] {checkedRows, clockRows}) {
                if (spool != null) {
                    try {
                        Files.deleteIfExists(spool);
                    } catch (IOException e) {
                        LOG.warn("import: could not delete {}", spool);
                    }
                }
            }
        }
    }

    /**
     * Stores the checked file with the clock rows its fold made, then the other read models: a scenario's row from
     * the state its fold ended in (folded from the store only when that was not held), a campaign's through the
     * projections. On any failure nothing of the file is left. Returns how many streams' read models were built.
     */
    private int storeWithReadModels(Checked checked, Path checkedRows, ImportClocks folded, Instant started,
                                    ImportJournal.Turn turn, StoreBesideCheck besides) throws IOException {
        int built = 0;
        try {
            List<ImportJournal.Entry> entries = new ArrayList<>(checked.streams().size());
            checked.streams().forEach((id, stream) -> entries.add(new ImportJournal.Entry(id, stream.type)));
            int[] moved = null;
            long t0 = System.nanoTime();
            try (ImportClocks.Reader clockRows = folded.reader()) {
                if (besides != null) {
                    moved = committed(besides, () -> {
                        turn.begin(checked.campaignId(), entries); // joins the transaction: journalled as stored
                        return last(List.of(), clockRows, turn, checked.moved());
                    }, checked.moved());
                }
                if (moved == null) {
                    turn.begin(checked.campaignId(), entries);
                    moved = store(checkedRows, checked, started, clockRows, turn);
                }
            }
            LOG.info("history import of {}: {} accounts added, {} dice seeds; the events' store committed in {} ms",
                    checked.campaignId(), moved[0], moved[1], (System.nanoTime() - t0) / 1_000_000);
            SimpleEventHandlerInvoker projections = rebuild.projections();
            for (Map.Entry<String, Stream> stream : checked.streams().entrySet()) {
                String id = stream.getKey();
                ScenarioState state = folded.state(id);
                try {
                    if (state != null) {
                        transactions.executeWithoutResult(status -> views.replace(state));
                        clocks.forget(id);
                    } else {
                        rebuild.rebuild(projections, id, stream.getValue().type, n -> { });
                    }
                } catch (RuntimeException e) {
                    throw new FieldRefused("file", "the read models of stream " + id + " cannot be built ("
                            + e.getMessage() + "); nothing was kept");
                }
                progress.set(new Progress("read models", checked.campaignId(), checked.events(),
                        checked.events(), ++built, started, null, null));
            }
            turn.finished();
        } catch (RuntimeException e) {
            remove(checked.streams().keySet(), checked.moved(), turn);
            if (e instanceof DataIntegrityViolationException) {
                // a stream stored meanwhile by another instance, or events whose identifiers the tracker
                // holds already (a copy of a history under new stream names): the store's unique keys say so
                throw new Conflict("campaignId", "this tracker holds already a stream or an event of this file "
                        + "(stored meanwhile, or the same events under other stream names); nothing of the "
                        + "file was kept");
            }
            throw e;
        }
        return built;
    }

    private void fail(Instant started, String error) {
        Progress p = progress.get();
        progress.set(new Progress("failed", p.campaignId(), p.eventsChecked(), p.eventsStored(), p.streamsBuilt(),
                started, Instant.now(), error));
    }

    /**
     * The compensating removal of a file that could not be stored whole: no row of its streams is left, nor an
     * account, seed or kept content it stored.
     */
    private void remove(java.util.Collection<String> streams, MoveLines.Pending moved, ImportJournal.Turn turn) {
        try {
            transactions.executeWithoutResult(status -> {
                moved.remove();
                turn.remove(streams);
            });
        } catch (RuntimeException e) {
            // the journal still names the streams: the next import or start removes them
            LOG.error("import: the rows of a refused file could not be removed ({}): {}", streams, e.getMessage());
            throw e;
        }
    }

    /**
     * The first pass, as the body arrives: every line read (each within the line limit), its sequence and hash
     * chain checked, and spooled; then the file checked against its manifest and the tracker (streams it has
     * already). Nothing is stored.
     */
    private Checked check(InputStream body, Instant started, CheckedRows.Writer rows, FoldBesideCheck beside,
                          StoreBesideCheck storing) throws IOException {
        Map<String, Stream> streams = new LinkedHashMap<>();
        long[] events = {0};
        int[] lastLine = {1};
        MoveLines.Pending moved = moveLines.pending();
        HistoryFile.Header header = HistoryFile.read(body, maxLine, line -> {
            StoredEvent event = line.row().event();
            int number = line.number();
            lastLine[0] = number;
            if (events[0] >= maxEvents) {
                throw new FieldRefused("line " + number, "the file holds more than " + maxEvents + " events, the "
                        + "limit of one import (tracker.limits.history-events)");
            }
            Stream stream = streams.get(event.stream());
            if (stream == null) {
                if (streams.size() >= maxStreams) {
                    throw new FieldRefused("line " + number, "the file holds more than " + maxStreams + " streams, "
                            + "the limit of one import (tracker.limits.history-streams)");
                }
                stream = new Stream(line.row().streamType(), number);
                streams.put(event.stream(), stream);
            } else if (!stream.type.equals(line.row().streamType())) {
                throw new FieldRefused("line " + number, "streamType: stream " + event.stream() + " is a "
                        + stream.type + " stream");
            }
            if (event.sequence() != stream.count) {
                throw new FieldRefused("line " + number, "stream " + event.stream() + " should continue with "
                        + "sequence " + stream.count + ", not " + event.sequence());
            }
            if (!stream.lastHash.equals(line.row().link().previousHash())) {
                throw new FieldRefused("line " + number, "previousHash does not match the hash of the stream's "
                        + "previous event");
            }
            String hash = ChainHash.of(stream.lastHash, event);
            if (!hash.equals(line.row().link().hash())) {
                throw new FieldRefused("line " + number, "hash does not verify (event " + event.eventIdentifier()
                        + " of " + event.stream() + " #" + event.sequence() + " was changed)");
            }
            moved.event(event);
            boolean handed;
            try {
                long offset = rows.write(line.row(), number);
                stream.add(offset);
                beside.row(event.stream(), stream.type, offset, rows);
                handed = storing != null && storing.row(rows);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stream.lastHash = hash;
            if (++events[0] % 1000 == 0 || handed) {
                progress.set(new Progress("checking", null, events[0], storing == null ? 0 : storing.stored(), 0,
                        started, null, null));
            }
        }, moved::line);
        beside.checked(rows);
        if (storing != null) {
            storing.checked(rows);
        }
        moved.check();
        String campaignId = header.campaignId();
        Stream campaign = streams.get(campaignId);
        if (campaign == null) {
            throw new FieldRefused("line 2", "the file holds no event of campaign " + campaignId);
        }
        if (!"Campaign".equals(campaign.type)) {
            throw new FieldRefused("line 1", "campaignId: " + campaignId + " is not a campaign's stream in the file");
        }
        for (Map.Entry<String, Stream> s : streams.entrySet()) {
            if (!s.getKey().equals(campaignId) && !ReadModelRebuild.SCENARIO.equals(s.getValue().type)) {
                throw new FieldRefused("line " + s.getValue().firstLine, "stream " + s.getKey() + ": a history "
                        + "holds one campaign, " + campaignId + ", and its scenarios");
            }
        }
        if (header.manifest() != null) {
            matches(header.manifest(), streams, events[0], lastLine[0]);
        }
        for (String stream : streams.keySet()) {
            if (tables.hasStream(stream)) {
                throw new Conflict("campaignId", "stream " + stream + " already exists in this tracker; import "
                        + "into a tracker that does not have this campaign");
            }
        }
        return new Checked(campaignId, streams, events[0], lastLine[0], moved);
    }

    /** Refuses a file that does not hold what its header says: a stream missing or added, cut short, changed. */
    private static void matches(HistoryFile.Manifest manifest, Map<String, Stream> streams, long events,
                                int lastLine) {
        String end = "line " + (lastLine + 1);
        for (Map.Entry<String, HistoryFile.Head> s : manifest.streams().entrySet()) {
            Stream found = streams.get(s.getKey());
            if (found == null) {
                throw new FieldRefused(end, "the file ends without stream " + s.getKey() + ", which its header "
                        + "(line 1) says it holds: it is cut short or streams were taken out");
            }
            if (found.count != s.getValue().events()) {
                throw new FieldRefused(end, "the file ends with " + found.count + " events of stream " + s.getKey()
                        + ", its header (line 1) says " + s.getValue().events() + ": it is cut short or lines "
                        + "were taken out or added");
            }
            if (!found.lastHash.equals(s.getValue().hash())) {
                throw new FieldRefused(end, "stream " + s.getKey() + " does not end with the head its header (line "
                        + "1) names: its events were changed");
            }
        }
        for (String stream : streams.keySet()) {
            if (!manifest.streams().containsKey(stream)) {
                throw new FieldRefused(end, "stream " + stream + " is not named in the header (line 1)");
            }
        }
        if (manifest.events() != events) {
            throw new FieldRefused(end, "the file holds " + events + " events, its header (line 1) says "
                    + manifest.events());
        }
    }

    /** The second pass: each stream read strictly and folded in memory, one stream at a time. */
    private void fold(Checked checked, CheckedRows.Reader spool, ImportClocks folded) {
        progress.set(new Progress("folding", checked.campaignId(), checked.events(), 0, 0,
                progress.get().startedAt(), null, null));
        ImportFold folds = new ImportFold(strict, spool, checked.campaignId(), folded);
        Stream campaign = checked.streams().get(checked.campaignId());
        folds.campaign(checked.campaignId(), campaign.offsets, campaign.count); // first: its scenarios are held to it
        for (Map.Entry<String, Stream> s : checked.streams().entrySet()) {
            Stream stream = s.getValue();
            if (ReadModelRebuild.SCENARIO.equals(stream.type)) {
                folds.scenario(s.getKey(), stream.offsets, stream.count);
            }
        }
    }

    /**
     * The second pass: the rows as they are in the file, byte for byte (storing through the serializer would write
     * the metadata's keys in another order and change every hash), with the chain links just verified, in batches.
     * The last batch's transaction also stores the file's accounts, seeds and kept contents, so that a file of up to
     * {@value #BATCH} events is stored in one transaction, and a fault in those lines stores no event of that batch
     * (the batches before are removed by the caller). The scenarios' clock rows as the fold made them go with the
     * events, as many with each batch, the rest with the last. Returns how many accounts were added and seeds stored.
     */
    private int[] store(Path checkedRows, Checked checked, Instant started, ImportClocks.Reader clockRows,
                        ImportJournal.Turn turn) throws IOException {
        List<ChainedEvent> batch = new ArrayList<>(Math.min(batchSize, 1 << 16));
        long stored = 0;
        try (CheckedRows.Reader rows = new CheckedRows.Reader(checkedRows)) {
            for (long k = 0; k < checked.events(); k++) {
                batch.add(rows.next().row());
                if (batch.size() == batchSize && k < checked.events() - 1) {
                    stored += batch.size();
                    List<ChainedEvent> full = batch;
                    transactions.executeWithoutResult(status -> {
                        tables.append(full);
                        tables.insertClockRows(clockRows.next(batchSize));
                    });
                    batch.clear();
                    progress.set(new Progress("storing", checked.campaignId(), checked.events(), stored, 0,
                            started, null, null));
                }
            }
        }
        MoveLines.Pending moved = checked.moved();
        try {
            return transactions.execute(status -> last(batch, clockRows, turn, moved));
        } catch (RuntimeException e) {
            moved.rolledBack();
            throw e;
        }
    }

    /** The last transaction's work: the last events, the clock rows left, the journal marked, the kept lines. */
    private int[] last(List<ChainedEvent> batch, ImportClocks.Reader clockRows, ImportJournal.Turn turn,
                       MoveLines.Pending moved) {
        tables.append(batch);
        for (List<ClockRow> rows = clockRows.next(BATCH); !rows.isEmpty(); rows = clockRows.next(BATCH)) {
            tables.copyClockRows(rows);
        }
        turn.stored();
        return moved.store();
    }

    /** The transaction beside the check committed with {@code work}: its answer; null when it stored nothing. */
    private static int[] committed(StoreBesideCheck besides, java.util.function.Supplier<int[]> work,
                                   MoveLines.Pending moved) {
        try {
            return besides.commit(work);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the import was interrupted", e);
        } catch (RuntimeException e) {
            moved.rolledBack();
            throw e;
        }
    }
}
