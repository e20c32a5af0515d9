package org.wargame.tracker.history;

import org.springframework.stereotype.Component;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Closed while the read models are rebuilt: a request that would write (an action, an import) passes only while it
 * is open, and closing it waits for the writes under way to finish, so a rebuild never folds a stream that an
 * action is changing. Within one application instance.
 */
@Component
public class WriteGate {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile boolean closed;

    /** True, and the caller must {@link #leave()}, when writing is allowed now; false while a rebuild runs. */
    public boolean tryEnter() {
        if (closed) {
            return false;
        }
        lock.readLock().lock();
        if (closed) {
            lock.readLock().unlock();
            return false;
        }
        return true;
    }

    public void leave() {
        lock.readLock().unlock();
    }

    public boolean closed() {
        return closed;
    }

    /** Refuses new writes and waits for those under way. */
    void close() {
        closed = true;
        lock.writeLock().lock();
        lock.writeLock().unlock();
    }

    void open() {
        closed = false;
    }
}
