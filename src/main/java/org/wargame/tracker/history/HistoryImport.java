package org.wargame.tracker.history;

import org.axonframework.eventhandling.SimpleEventHandlerInvoker;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.history.HistoryTransfer.ImportResult;
import org.wargame.tracker.history.HistoryTransfer.Progress;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.StoredEvent;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The import of a history file ({@link HistoryFile}): the events appended with their original identifiers,
 * sequence numbers, timestamps and bytes, and their chain. The file is kept on disk while it is read: first every
 * line is checked (JSON, sequence, hash chain, readable event) and nothing is stored if one is wrong, the checked
 * rows spooled ({@link CheckedRows}); then the rows and their chain links are appended, {@value #BATCH} events per
 * transaction. The read models are built at the end, once per stream, as a rebuild builds them. One at a time.
 */
@Component
class HistoryImport {

    private static final Logger LOG = LoggerFactory.getLogger(HistoryImport.class);
    /** Events written per transaction. */
    static final int BATCH = 5_000;

    private final EventTables tables;
    private final Serializer serializer;
    private final TransactionTemplate transactions;
    private final ReadModelRebuild rebuild;
    private final MoveLines moveLines;
    private final ReentrantLock importing = new ReentrantLock();
    private final AtomicReference<Progress> progress = new AtomicReference<>(
            new Progress("idle", null, 0, 0, 0, null, null, null));

    HistoryImport(EventTables tables, @Qualifier("eventSerializer") Serializer serializer,
                  PlatformTransactionManager transactionManager, ReadModelRebuild rebuild, MoveLines moveLines) {
        this.moveLines = moveLines;
        this.tables = tables;
        this.serializer = serializer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.rebuild = rebuild;
    }

    Progress progress() {
        return progress.get();
    }

    /** What the check of a file found: its campaign, its streams with their types, and how many events. */
    private record Checked(String campaignId, Map<String, String> streams, long events, MoveLines.Pending moved) {
    }

    /**
     * Imports a history file read from {@code body}; refuses a file whose lines do not verify, naming the first bad
     * line, and then stores nothing.
     */
    ImportResult importHistory(InputStream body) {
        if (!importing.tryLock()) {
            throw new Conflict("another history import is running; try again when it is done");
        }
        Path file = null;
        Path checkedRows = null;
        Instant started = Instant.now();
        try {
            file = Files.createTempFile("tracker-import-", ".jsonl");
            checkedRows = Files.createTempFile("tracker-import-", ".rows");
            Files.copy(body, file, StandardCopyOption.REPLACE_EXISTING);
            progress.set(new Progress("checking", null, 0, 0, 0, started, null, null));
            long t0 = System.nanoTime();
            Checked checked;
            try (DataOutputStream rows = CheckedRows.writer(checkedRows)) {
                checked = check(file, started, rows);
            }
            long t1 = System.nanoTime();
            progress.set(new Progress("storing", checked.campaignId(), checked.events(), 0, 0, started, null,
                    null));
            store(checkedRows, checked, started);
            int[] moved = checked.moved().store();
            long t2 = System.nanoTime();
            SimpleEventHandlerInvoker projections = rebuild.projections();
            int built = 0;
            for (Map.Entry<String, String> stream : checked.streams().entrySet()) {
                rebuild.rebuild(projections, stream.getKey(), stream.getValue(), n -> { });
                progress.set(new Progress("read models", checked.campaignId(), checked.events(), checked.events(),
                        ++built, started, null, null));
            }
            progress.set(new Progress("done", checked.campaignId(), checked.events(), checked.events(), built,
                    started, Instant.now(), null));
            LOG.info("history import of {}: {} events of {} streams; checked in {} ms, stored in {} ms, read "
                    + "models in {} ms; {} accounts added, {} dice seeds", checked.campaignId(), checked.events(),
                    built, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000,
                    moved[0], moved[1]);
            return new ImportResult(checked.campaignId(), (int) checked.events(), checked.streams().size());
        } catch (IOException e) {
            fail(started, e.getMessage());
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            fail(started, e.getMessage());
            throw e;
        } finally {
            importing.unlock();
            for (Path temporary : new Path[]{file, checkedRows}) {
                if (temporary != null) {
                    try {
                        Files.deleteIfExists(temporary);
                    } catch (IOException e) {
                        LOG.warn("import: could not delete {}", temporary);
                    }
                }
            }
        }
    }

    private void fail(Instant started, String error) {
        Progress p = progress.get();
        progress.set(new Progress("failed", p.campaignId(), p.eventsChecked(), p.eventsStored(), p.streamsBuilt(),
                started, Instant.now(), error));
    }

    /**
     * The first pass: every line is checked, nothing is stored; each checked event is written to {@code rows} as
     * the second pass stores it (so the JSON is read once).
     */
    private Checked check(Path file, Instant started, DataOutputStream rows) throws IOException {
        Map<String, String> last = new HashMap<>();
        Map<String, Long> lastSequence = new HashMap<>();
        Map<String, String> streams = new LinkedHashMap<>();
        long[] events = {0};
        MoveLines.Pending moved = moveLines.pending();
        String campaignId = HistoryFile.read(file, line -> {
            StoredEvent event = line.row().event();
            int number = line.number();
            String previous = last.getOrDefault(event.stream(), ChainHash.GENESIS);
            long expectedSequence = lastSequence.getOrDefault(event.stream(), -1L) + 1;
            if (event.sequence() != expectedSequence) {
                throw new FieldRefused("line " + number, "stream " + event.stream() + " should continue with "
                        + "sequence " + expectedSequence + ", not " + event.sequence());
            }
            if (!previous.equals(line.row().link().previousHash())) {
                throw new FieldRefused("line " + number, "previousHash does not match the hash of the stream's "
                        + "previous event");
            }
            String hash = ChainHash.of(previous, event);
            if (!hash.equals(line.row().link().hash())) {
                throw new FieldRefused("line " + number, "hash does not verify (event " + event.eventIdentifier()
                        + " of " + event.stream() + " #" + event.sequence() + " was changed)");
            }
            readable(event, number);
            moved.event(event);
            try {
                CheckedRows.write(rows, line.row());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            last.put(event.stream(), hash);
            lastSequence.put(event.stream(), event.sequence());
            streams.putIfAbsent(event.stream(), line.row().streamType());
            if (++events[0] % 1000 == 0) {
                progress.set(new Progress("checking", null, events[0], 0, 0, started, null, null));
            }
        }, moved::line);
        moved.check();
        if (!streams.containsKey(campaignId)) {
            throw new FieldRefused("line 2", "the file holds no event of campaign " + campaignId);
        }
        for (String stream : streams.keySet()) {
            if (tables.hasStream(stream)) {
                throw new Conflict("campaignId", "stream " + stream + " already exists in this tracker; import "
                        + "into a tracker that does not have this campaign");
            }
        }
        return new Checked(campaignId, streams, events[0], moved);
    }

    /**
     * The second pass: the rows as they are in the file, byte for byte (storing through the serializer would write
     * the metadata's keys in another order and change every hash), with the chain links just verified, in batches.
     */
    private void store(Path checkedRows, Checked checked, Instant started) throws IOException {
        List<ChainedEvent> batch = new ArrayList<>(BATCH);
        long stored = 0;
        try (DataInputStream rows = CheckedRows.reader(checkedRows)) {
            for (long k = 0; k < checked.events(); k++) {
                batch.add(CheckedRows.read(rows));
                if (batch.size() == BATCH) {
                    stored += write(batch);
                    progress.set(new Progress("storing", checked.campaignId(), checked.events(), stored, 0,
                            started, null, null));
                }
            }
        }
        write(batch);
    }

    private int write(List<ChainedEvent> batch) {
        int size = batch.size();
        if (size > 0) {
            transactions.executeWithoutResult(status -> tables.append(batch));
            batch.clear();
        }
        return size;
    }

    /** Refuses an event this tracker cannot read. */
    private void readable(StoredEvent event, int number) {
        try {
            serializer.deserialize(new SimpleSerializedObject<>(event.payload(), byte[].class, event.payloadType(),
                    event.payloadRevision()));
            if (event.metaData() != null) {
                serializer.deserialize(new SimpleSerializedObject<>(event.metaData(), byte[].class,
                        MetaData.class.getName(), null));
            }
        } catch (RuntimeException e) {
            throw new FieldRefused("line " + number, "event cannot be read: " + e.getMessage());
        }
    }
}
