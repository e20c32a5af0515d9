package org.wargame.tracker.web.live;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.wargame.tracker.store.EventTables;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pushes a scenario's version (its event count) to every open page of it, as server-sent events, whichever instance
 * stored the events: one thread per instance watches the event table, not one per client. Every
 * {@code tracker.live.poll} it reads the table's highest global index (the primary key's last entry); only when it
 * moved, or moved within the last {@link #GRACE} (on PostgreSQL a transaction that took a lower index may commit
 * after one that took a higher), does it read the head of each watched scenario's stream (the (stream, sequence)
 * index backwards) and push the new version to that scenario's pages. Nothing is read while no page is open.
 * <p>
 * At most {@code tracker.live.max-clients} streams are open per instance (a further one is refused with 503 and
 * Retry-After), and at most {@code tracker.live.max-per-account} (8) per account, so that one account cannot hold
 * every stream and shut the other players' pages out (a further one of that account is refused with 429 and
 * Retry-After; its pages still work, reloaded by hand); each lasts {@code tracker.live.timeout} and is then reopened by the browser; a comment every
 * {@value #HEARTBEAT_SECONDS} s finds connections whose client has gone.
 */
@Component
public class LiveScenarios {

    private static final Logger LOG = LoggerFactory.getLogger(LiveScenarios.class);
    static final long HEARTBEAT_SECONDS = 20;
    static final Duration GRACE = Duration.ofSeconds(3);
    /** Tries of an account's pages before it is refused a further one, and the pause between them. */
    static final int GHOST_PROBES = 3;
    static final Duration GHOST_PAUSE = Duration.ofMillis(100);

    private final EventTables tables;
    private final int maxClients;
    private final int maxPerAccount;
    /** Open streams per account. */
    private final Map<String, Integer> byAccount = new ConcurrentHashMap<>();
    private final Duration timeout;
    private final Map<String, Set<SseEmitter>> pages = new ConcurrentHashMap<>();
    /** The version last pushed for each watched scenario. */
    private final Map<String, Long> known = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    /** The account each open stream counts for. */
    private final Map<SseEmitter, String> owners = new ConcurrentHashMap<>();
    private final ScheduledExecutorService watcher;
    private volatile long top = -1;
    private volatile long movedAt;

    public LiveScenarios(EventTables tables, @Value("${tracker.live.max-clients:200}") int maxClients,
                         @Value("${tracker.live.timeout:10m}") Duration timeout,
                         @Value("${tracker.live.poll:250ms}") Duration poll,
                         @Value("${tracker.live.max-per-account:8}") int maxPerAccount) {
        this.tables = tables;
        this.maxClients = maxClients;
        this.maxPerAccount = maxPerAccount;
        this.timeout = timeout;
        this.watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "live-scenarios");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::watch, poll.toMillis(), poll.toMillis(), TimeUnit.MILLISECONDS);
        watcher.scheduleWithFixedDelay(this::heartbeat, HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    }

    /** Raised when every stream this instance takes is open: the page is answered 503. */
    public static final class Full extends RuntimeException {
        Full() {
            super("too many live pages are open on this instance");
        }
    }

    /** Raised when the account holds its share of the streams already: the page is answered 429. */
    public static final class AccountFull extends RuntimeException {
        AccountFull(int max) {
            super("this account has " + max + " live pages open already, the most one account may hold (close one "
                    + "of them, or wait for it to end)");
        }
    }

    /** A stream of the scenario's versions for one page of {@code account}, starting with the current one. */
    public SseEmitter open(String scenarioId, String account) {
        // pages closed since the last heartbeat still count until a write to them fails: try them now, so that a
        // player who closed tabs is not refused for their ghosts. A socket its client has just closed may take the
        // first write (the client's close is on its way, or its reset answers that write): a second try a moment
        // later finds it gone.
        for (int probe = 0; probe < GHOST_PROBES && byAccount.getOrDefault(account, 0) >= maxPerAccount; probe++) {
            if (probe > 0 && !pause()) {
                break;
            }
            probe(account);
        }
        // counted in one step of the map (a count apart from it could be dropped by a close in between)
        boolean[] counted = {false};
        byAccount.compute(account, (k, n) -> {
            int held = n == null ? 0 : n;
            counted[0] = held < maxPerAccount;
            return counted[0] ? held + 1 : n;
        });
        if (!counted[0]) {
            LOG.info("Live pages: refused a page of {} to '{}', who has {} open already", scenarioId, account,
                    maxPerAccount);
            throw new AccountFull(maxPerAccount);
        }
        if (open.incrementAndGet() > maxClients) {
            open.decrementAndGet();
            release(account);
            LOG.info("Live pages: refused a page of {}: {} are open on this instance", scenarioId, maxClients);
            throw new Full();
        }
        SseEmitter emitter = new SseEmitter(timeout.toMillis());
        owners.put(emitter, account); // before it can be found and closed: its close gives the account's count back
        pages.compute(scenarioId, (k, set) -> { // in one step with a close that empties the set and drops it
            Set<SseEmitter> into = set == null ? ConcurrentHashMap.newKeySet() : set;
            into.add(emitter);
            return into;
        });
        Runnable close = () -> close(scenarioId, emitter);
        emitter.onCompletion(close);
        emitter.onTimeout(close);
        emitter.onError(e -> close.run());
        try {
            long version = version(scenarioId);
            known.merge(scenarioId, version, Math::max);
            send(scenarioId, emitter, version);
        } catch (RuntimeException e) {
            close(scenarioId, emitter); // the database did not answer: the count is given back
            throw e;
        }
        return emitter;
    }

    private void release(String account) {
        byAccount.computeIfPresent(account, (k, n) -> n <= 1 ? null : n - 1);
    }

    /** A comment to the pages of {@code account} (null: every page); a page whose write fails is closed. */
    private void probe(String account) {
        pages.forEach((scenarioId, set) -> List.copyOf(set).forEach(emitter -> {
            if (account == null || account.equals(owners.get(emitter))) {
                try {
                    emitter.send(SseEmitter.event().comment("still here"));
                } catch (IOException | IllegalStateException e) {
                    close(scenarioId, emitter);
                }
            }
        }));
    }

    private static boolean pause() {
        try {
            Thread.sleep(GHOST_PAUSE.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** How many streams are open on this instance. */
    public int openStreams() {
        return open.get();
    }

    private void close(String scenarioId, SseEmitter emitter) {
        boolean[] removed = {false};
        pages.computeIfPresent(scenarioId, (k, set) -> {
            removed[0] = set.remove(emitter);
            if (set.isEmpty()) {
                known.remove(scenarioId);
                return null;
            }
            return set;
        });
        if (removed[0]) {
            open.decrementAndGet();
            String account = owners.remove(emitter);
            if (account != null) {
                release(account);
            }
        }
    }

    private long version(String scenarioId) {
        Long last = tables.lastSequence(scenarioId);
        return last == null ? 0 : last + 1;
    }

    void watch() {
        try {
            if (pages.isEmpty()) {
                return;
            }
            Long now = tables.lastGlobalIndex();
            long index = now == null ? 0 : now;
            long clock = System.nanoTime();
            if (index != top) {
                top = index;
                movedAt = clock;
            } else if (clock - movedAt > GRACE.toNanos()) {
                return;
            }
            for (String scenarioId : List.copyOf(pages.keySet())) {
                long version = version(scenarioId);
                Long before = known.get(scenarioId);
                if (before == null || version > before) {
                    known.put(scenarioId, version);
                    Set<SseEmitter> set = pages.get(scenarioId);
                    if (set != null) {
                        List.copyOf(set).forEach(emitter -> send(scenarioId, emitter, version));
                    }
                }
            }
        } catch (RuntimeException e) {
            // the database may be away for a moment: the next round tries again, the pages keep their streams
            LOG.warn("Live pages: could not read the event table ({})", e.getMessage());
        }
    }

    private void heartbeat() {
        probe(null);
    }

    private void send(String scenarioId, SseEmitter emitter, long version) {
        try {
            emitter.send(SseEmitter.event().name("version").data(Long.toString(version)));
        } catch (IOException | IllegalStateException e) {
            close(scenarioId, emitter);
        }
    }

    /**
     * The streams end as soon as the application starts to stop (before the web server's graceful shutdown, which
     * would otherwise wait for them as requests under way); the browsers reopen them on another instance or later.
     */
    @EventListener(ContextClosedEvent.class)
    @PreDestroy
    void stop() {
        // no interrupt: the watcher reads the event table, and a read interrupted inside the embedded H2's file
        // operation closes the database; the round under way ends, no other starts
        watcher.shutdown();
        pages.values().forEach(set -> List.copyOf(set).forEach(emitter -> {
            try {
                emitter.complete();
            } catch (RuntimeException ignored) {
                // already closed by its client
            }
        }));
    }
}
