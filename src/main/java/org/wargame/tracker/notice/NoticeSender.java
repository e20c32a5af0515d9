package org.wargame.tracker.notice;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The background sender of each instance: every {@code tracker.notices.poll} it fans out the outbox, hands the due
 * webhook deliveries to a few sending threads (so that a receiver that hangs holds one of them up to the timeout,
 * and never an action) and mails what is due. {@code tracker.notices.send=false} turns it off on an instance (the
 * outbox is still written, and another instance sends).
 */
@Component
class NoticeSender {

    private static final Logger LOG = LoggerFactory.getLogger(NoticeSender.class);

    private final FanOut fanOut;
    private final WebhookSender webhooks;
    private final MailNotices mails;
    private final NoticeSettings settings;
    private final AtomicInteger sending = new AtomicInteger();
    private ScheduledExecutorService clock;
    /** Set by the stop: a round under way ends after the batch it is fanning out. */
    private volatile boolean stopping;
    private ExecutorService senders;

    NoticeSender(FanOut fanOut, WebhookSender webhooks, MailNotices mails, NoticeSettings settings) {
        this.fanOut = fanOut;
        this.webhooks = webhooks;
        this.mails = mails;
        this.settings = settings;
    }

    @EventListener(ApplicationReadyEvent.class)
    synchronized void start() {
        if (!settings.send || clock != null) {
            return;
        }
        stopping = false;
        senders = Executors.newFixedThreadPool(settings.senders, r -> {
            Thread t = new Thread(r, "webhook-sender");
            t.setDaemon(true);
            return t;
        });
        clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "notice-sender");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(10, settings.poll.toMillis());
        clock.scheduleWithFixedDelay(this::round, every, every, TimeUnit.MILLISECONDS);
    }

    /** One round; a failure (the database away for a moment) is logged and the next round tries again. */
    void round() {
        try {
            boolean mail = mails.configured();
            while (!stopping && fanOut.once(mail) == FanOut.BATCH) {
                // a burst: fan out all of it before sending, unless the tracker is stopping: the rest waits in the
                // outbox for the next start (a backlog of 2,000 actions outlasted the stop's 5 s, and its thread was
                // interrupted inside a PostgreSQL statement)
            }
            if (stopping) {
                return;
            }
            int free = settings.senders - sending.get();
            for (WebhookSender.Claimed delivery : webhooks.claim(free)) {
                sending.incrementAndGet();
                senders.execute(() -> {
                    try {
                        webhooks.send(delivery);
                    } catch (RuntimeException e) {
                        LOG.warn("webhook delivery {} not recorded: {}", delivery.id(), e.toString());
                    } finally {
                        sending.decrementAndGet();
                    }
                });
            }
            if (mail) {
                mails.once();
            }
        } catch (RuntimeException e) {
            LOG.warn("notices: this round failed, the next one tries again: {}", e.toString());
        }
    }

    /**
     * No new round and no new send; the POSTs under way are cancelled and the round under way ends after the batch
     * it is fanning out, each recording what it did, before the data source closes under them. Threads are interrupted only if they have not ended
     * within {@value #STOP_SECONDS} s: an interrupt inside the embedded H2's file write closes the database.
     */
    @PreDestroy
    synchronized void stop() throws InterruptedException {
        if (clock != null) {
            stopping = true;
            clock.shutdown();
            senders.shutdown();
            webhooks.cancelSends();
            boolean ended = clock.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS);
            ended &= senders.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                LOG.warn("notices: a round or a send did not end within {} s of the stop; interrupted", STOP_SECONDS);
                clock.shutdownNow();
                senders.shutdownNow();
            }
            clock = null;
        }
    }

    static final int STOP_SECONDS = 5;
}
