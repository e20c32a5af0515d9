package org.wargame.tracker.notice;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stop during a burst of the outbox: the round under way ends after the batch it is fanning out, well within the
 * stop's {@value NoticeSender#STOP_SECONDS} s, and its thread is not interrupted (it fanned out batch after batch
 * until the grace ran out, then was interrupted inside a database statement: an ERROR in CI's two instances' logs,
 * and on H2 an interrupt inside a file write closes the database).
 */
class NoticeSenderStopTest {

    @Test
    void a_stop_during_a_burst_ends_the_round_after_its_batch_not_by_an_interrupt() throws Exception {
        NoticeSettings settings = new NoticeSettings(true, "http://localhost:8080", Duration.ofMillis(10),
                Duration.ofSeconds(30), Duration.ofHours(1), Duration.ofHours(24), Duration.ofSeconds(10), false, 1,
                "tracker@localhost", Duration.ofMinutes(1));
        AtomicInteger batches = new AtomicInteger();
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch fanning = new CountDownLatch(1);
        FanOut endless = new FanOut(null, null, null, null, settings, null) {
            @Override
            int once(boolean mail) { // an outbox that never runs dry: every batch full
                fanning.countDown();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                    Thread.currentThread().interrupt();
                }
                batches.incrementAndGet();
                return BATCH;
            }
        };
        MailNotices noMail = new MailNotices(null, null, null, null, null, settings) {
            @Override
            boolean configured() {
                return false;
            }
        };
        WebhookSender noHooks = new WebhookSender(null, null, settings) {
            @Override
            List<Claimed> claim(int max) {
                return List.of();
            }
        };
        NoticeSender sender = new NoticeSender(endless, noHooks, noMail, settings);
        sender.start();
        assertThat(fanning.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(300); // a batch or two into the burst

        long started = System.nanoTime();
        sender.stop();
        long stopping = (System.nanoTime() - started) / 1_000_000;
        int atStop = batches.get();
        Thread.sleep(500);

        assertThat(stopping).as("the stop, ms (one batch takes 200)").isLessThan(1_000);
        assertThat(interrupted).as("the round's thread interrupted").isFalse();
        assertThat(batches.get()).as("batches after the stop").isEqualTo(atStop);
    }
}
