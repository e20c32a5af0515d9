package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link ReadAhead}: batches in the order read, a failure after the batches read before it, at most {@code depth}
 * batches ahead, and a close that stops a reader waiting for room and waits until it has let go.
 */
class ReadAheadTest {

    @Test
    void batches_come_in_the_order_read_then_an_empty_list_at_the_end() {
        List<Integer> taken = new ArrayList<>();
        try (ReadAhead<Integer> ahead = ReadAhead.start("test-read-ahead", 2, sink -> {
            for (int b = 0; b < 100; b++) {
                sink.put(IntStream.range(b * 10, b * 10 + 10).boxed().toList());
                sink.put(List.of()); // an empty batch is not the end
            }
        })) {
            for (List<Integer> batch = ahead.next(); !batch.isEmpty(); batch = ahead.next()) {
                taken.addAll(batch);
            }
            assertThat(ahead.next()).isEmpty();
        }
        assertThat(taken).containsExactlyElementsOf(IntStream.range(0, 1_000).boxed().toList());
    }

    @Test
    void a_failure_of_the_read_reaches_the_caller_after_the_batches_read_before_it() {
        IllegalStateException broken = new IllegalStateException("row 20 cannot be read");
        try (ReadAhead<Integer> ahead = ReadAhead.start("test-read-ahead", 2, sink -> {
            sink.put(List.of(1, 2));
            sink.put(List.of(3));
            throw broken;
        })) {
            assertThat(ahead.next()).containsExactly(1, 2);
            assertThat(ahead.next()).containsExactly(3);
            assertThatThrownBy(ahead::next).isSameAs(broken);
            assertThat(ahead.next()).isEmpty();
        }
        try (ReadAhead<Integer> ahead = ReadAhead.start("test-read-ahead", 2, sink -> {
            throw new StackOverflowError("deep");
        })) {
            assertThatThrownBy(ahead::next).isInstanceOf(StackOverflowError.class).hasMessage("deep");
        }
    }

    @Test
    void the_reader_waits_when_depth_batches_ahead_and_a_close_stops_it() throws Exception {
        AtomicInteger put = new AtomicInteger();
        AtomicReference<Thread> reader = new AtomicReference<>();
        AtomicReference<Throwable> unwound = new AtomicReference<>();
        CountDownLatch waiting = new CountDownLatch(1);
        ReadAhead<Integer> ahead = ReadAhead.start("test-read-ahead", 2, sink -> {
            reader.set(Thread.currentThread());
            try {
                for (int b = 0; b < 1_000; b++) {
                    sink.put(List.of(b));
                    put.incrementAndGet();
                    if (b == 2) {
                        waiting.countDown();
                    }
                }
            } catch (RuntimeException e) {
                unwound.set(e);
                throw e;
            }
        });
        assertThat(ahead.next()).containsExactly(0);
        assertThat(waiting.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200);
        // one taken, two waiting in the queue and one more the room after them: the reader waits for the caller
        assertThat(put.get()).isBetween(3, 4);
        long t = System.nanoTime();
        ahead.close();
        assertThat(System.nanoTime() - t).isLessThan(TimeUnit.SECONDS.toNanos(2));
        assertThat(reader.get().isAlive()).isFalse();
        assertThat(put.get()).isLessThan(10);
        assertThat(unwound.get()).isNotNull(); // the reader's put was answered by the close, not left waiting
    }
}
