package org.wargame.tracker.history;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.EventTables.ChainedEvent;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The export of a campaign's history ({@link HistoryFile}), in constant memory: the rows go to the response as they
 * are read, each stream in its own order a batch at a time, the streams merged by global index, all in one
 * read-only transaction.
 */
@Component
class HistoryExport {

    /** Events of one stream read per query. */
    static final int BATCH = 500;

    private final EventTables tables;
    private final TransactionTemplate readOnly;
    private final MoveLines moveLines;

    HistoryExport(EventTables tables, PlatformTransactionManager transactionManager, MoveLines moveLines) {
        this.tables = tables;
        this.moveLines = moveLines;
        this.readOnly = new TransactionTemplate(transactionManager);
        this.readOnly.setReadOnly(true);
    }

    /** The campaign's stream and its scenarios' streams, in global order, one line each after the header. */
    void export(String campaignId, List<String> streams, OutputStream target, HistoryTransfer.Including including)
            throws IOException {
        readOnly.executeWithoutResult(status -> {
            // the manifest first: each stream's head now, and the export then writes each stream up to its head, so
            // the file holds exactly what its header says even while actions are stored meanwhile
            Map<String, HistoryFile.Head> contents = new LinkedHashMap<>();
            long events = 0;
            for (String stream : streams) {
                EventTables.Link head = tables.streamHead(stream);
                if (head != null) {
                    contents.put(stream, new HistoryFile.Head(head.sequence() + 1, head.hash()));
                    events += head.sequence() + 1;
                }
            }
            HistoryFile.Writer out;
            try {
                out = new HistoryFile.Writer(target, campaignId, new HistoryFile.Manifest(events, contents));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            // each stream read in sequence order, batch by batch (the index's order), the streams merged by global
            // index: no sort and no join, whatever the store's size
            PriorityQueue<StreamCursor> heads = new PriorityQueue<>(
                    Comparator.comparingLong(c -> c.peek().event().globalIndex()));
            for (Map.Entry<String, HistoryFile.Head> stream : contents.entrySet()) {
                StreamCursor cursor = new StreamCursor(stream.getKey(), stream.getValue().events());
                if (cursor.peek() != null) {
                    heads.add(cursor);
                }
            }
            try {
                while (!heads.isEmpty()) {
                    StreamCursor cursor = heads.poll();
                    out.line(cursor.next());
                    if (cursor.peek() != null) {
                        heads.add(cursor);
                    }
                }
                moveLines.write(out, streams, including);
                out.end();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** A stream's events with their chain links, {@value #BATCH} at a time, in sequence order. */
    private final class StreamCursor {
        private final String stream;
        private final long end;
        private final ArrayDeque<ChainedEvent> buffer = new ArrayDeque<>();
        private long next;
        private boolean ended;

        StreamCursor(String stream, long end) {
            this.stream = stream;
            this.end = end;
        }

        ChainedEvent peek() {
            if (buffer.isEmpty() && !ended) {
                long to = Math.min(end, next + BATCH);
                List<ChainedEvent> rows = tables.chained(stream, next, to);
                buffer.addAll(rows);
                ended = to >= end || rows.size() < to - next;
                next = to;
            }
            return buffer.peekFirst();
        }

        ChainedEvent next() {
            ChainedEvent row = peek();
            buffer.pollFirst();
            return row;
        }
    }
}
