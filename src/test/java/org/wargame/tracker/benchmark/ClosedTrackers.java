package org.wargame.tracker.benchmark;

import java.lang.management.ManagementFactory;

/**
 * What a closed tracker leaves in the benchmark's heap. Spring Boot keeps every environment it has seen in a cache
 * of soft references (the actuator's endpoint conditions, then the configuration properties' sources), and an
 * environment's servlet property source holds Tomcat and, through it, the whole closed context: about 20 MB each
 * (heap dumps of the PostgreSQL import rounds). Soft references go only when the heap is nearly full, so each
 * tracker started after others ran into full collections (200 to 260 ms each, one in every import round) that a
 * tracker alone in its JVM, as in production, does not meet.
 */
final class ClosedTrackers {

    private ClosedTrackers() {
    }

    /**
     * Lets the closed trackers go: the JVM clears every soft reference before it refuses an allocation, so one that
     * can never succeed (larger than the whole heap) does it. Returns the heap in use afterwards, in bytes.
     */
    static long letGo() {
        try {
            long[] larger = new long[(int) Math.min(Integer.MAX_VALUE - 16L,
                    Runtime.getRuntime().maxMemory() / Long.BYTES + 1)];
            throw new IllegalStateException("an array of " + larger.length + " longs fitted in the heap");
        } catch (OutOfMemoryError expected) {
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
    }
}
