package org.wargame.tracker.store;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Batches read on a thread of their own a few batches ahead of the caller, who works on the one before (a rebuild
 * folding, a verify hashing): a long read then takes a second core where it had one (issue 24, item 5). The batches
 * come in the order read; a failure of the read reaches the caller after the batches read before it, as it would
 * have in a read on the caller's thread. {@link #close()} stops the reader and waits for it, so that whatever it
 * read through (a connection, a snapshot) is free again once the caller's try block ends. The reader is never
 * interrupted: an interrupt inside a database read may close the database's file.
 */
public final class ReadAhead<T> implements AutoCloseable {

    /** What the reader does: puts its batches, in order, to {@code sink}; returns at the end. */
    @FunctionalInterface
    public interface Source<T> {
        void read(Sink<T> sink);
    }

    /** Takes one batch; waits while the caller is {@code depth} batches behind. */
    @FunctionalInterface
    public interface Sink<T> {
        void put(List<T> batch);
    }

    private static final Object END = new Object();

    private record Failed(Throwable cause) {
    }

    /** Unwinds the reader once the caller has closed. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super("read ahead no longer wanted", null, false, false);
        }
    }

    private final BlockingQueue<Object> queue;
    private final Thread reader;
    private volatile boolean closed;
    private boolean ended;

    private ReadAhead(String name, int depth, Source<T> source) {
        this.queue = new ArrayBlockingQueue<>(depth + 1); // room for the end or the failure after depth batches
        this.reader = new Thread(() -> read(source), name);
        reader.setDaemon(true);
    }

    /** Starts reading at once, at most {@code depth} batches ahead of the caller. */
    public static <T> ReadAhead<T> start(String name, int depth, Source<T> source) {
        ReadAhead<T> ahead = new ReadAhead<>(name, depth, source);
        ahead.reader.start();
        return ahead;
    }

    private void read(Source<T> source) {
        Object last = END;
        try {
            source.read(batch -> {
                if (!batch.isEmpty()) { // an empty batch is the end to the caller
                    offer(batch);
                }
            });
        } catch (Stopped stopped) {
            return;
        } catch (RuntimeException | Error e) {
            last = new Failed(e);
        }
        try {
            offer(last);
        } catch (Stopped stopped) {
            // the caller left first
        }
    }

    private void offer(Object item) {
        try {
            while (!queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
                if (closed) {
                    throw new Stopped();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stopped();
        }
        if (closed) {
            throw new Stopped();
        }
    }

    /**
     * The next batch, in the order read; an empty list at the end. A failure of the read is thrown here, after
     * every batch read before it.
     */
    @SuppressWarnings("unchecked")
    public List<T> next() {
        if (ended) {
            return List.of();
        }
        Object item;
        try {
            item = queue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the read ahead", e);
        }
        if (item == END) {
            ended = true;
            return List.of();
        }
        if (item instanceof Failed failed) {
            ended = true;
            if (failed.cause() instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) failed.cause();
        }
        return (List<T>) item;
    }

    /** Stops the reader (after the batch it is reading) and waits until it has let go of what it read through. */
    @Override
    public void close() {
        closed = true;
        boolean interrupted = false;
        while (reader.isAlive()) {
            queue.clear(); // a reader waiting for room sees the close at once
            try {
                reader.join(50);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        queue.clear();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
