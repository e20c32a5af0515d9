package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wargame.tracker.load.LoadDriver;
import org.wargame.tracker.load.TrackerProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An action answered 2xx survives {@code kill -9}. The tracker runs as a separate process (its classes and
 * dependencies, the default profile: H2 in file mode) on a temporary data folder; several clients advance the clocks
 * of a few scenarios; the process is killed with SIGKILL while they play ({@link Process#destroyForcibly} on Linux),
 * started again on the same folder, and then: every acknowledged action is stored (exactly once), the hash chain
 * verifies, and each scenario's read model equals its events folded again. Three kills in a row, then a clean stop.
 * The processes' output is in {@code target/crash-recovery/}.
 */
class CrashRecoveryTest {

    private static final String REFEREE = "crash-referee-password";
    /** {@code -Dcrash.kills=N} to look for a rare failure; three by default. */
    private static final int KILLS = Integer.getInteger("crash.kills", 3);
    /** The data folder as each kill left it, before the next start recovers it (kept when the test fails). */
    private static final Path KEPT = Path.of("target", "crash-recovery", "after-last-kill");

    @TempDir
    Path data;

    @Test
    void acknowledged_actions_survive_repeated_sigkills() throws Exception {
        LoadDriver.Tally tally = new LoadDriver.Tally();
        List<String> scenarios = null;
        List<String> played = null;
        for (int round = 1; round <= KILLS; round++) {
            Running tracker = start(round);
            try {
                LoadDriver driver = tracker.driver();
                if (scenarios != null) {
                    // after the kill before: nothing acknowledged is missing, and the record is whole
                    assertThat(driver.check(scenarios, tally, false)).as("after kill %d (the folder it left: %s)",
                            round - 1, KEPT).isEmpty();
                }
                if (round % 10 == 1) { // a scenario lasts at most 100 Game Turns: new ones for a long run
                    played = driver.startScenarios("asl-west-of-alamein", 3);
                    scenarios = scenarios == null ? new ArrayList<>() : scenarios;
                    scenarios.addAll(played);
                }
                List<String> playing = played;
                int acknowledgedBefore = tally.ok.get();
                Thread clients = new Thread(() -> {
                    try {
                        driver.play(playing, 6, Integer.MAX_VALUE, Duration.ofSeconds(120), () -> false, tally);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                clients.start();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (tally.ok.get() < acknowledgedBefore + 150 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(tally.ok.get()).as("actions acknowledged in round %d", round)
                        .isGreaterThan(acknowledgedBefore);
                tracker.process.destroyForcibly(); // SIGKILL, in the middle of the clients' requests
                tracker.process.waitFor(30, TimeUnit.SECONDS);
                keep(round);
                clients.join(TimeUnit.SECONDS.toMillis(90));
                assertThat(clients.isAlive()).isFalse();
            } finally {
                tracker.process.destroyForcibly();
            }
            assertThat(tally.serverErrors.get()).as("%s %s", tally, tally.firstErrors).isZero();
        }

        Running last = start(KILLS + 1);
        try {
            assertThat(last.driver().check(scenarios, tally, false)).as("after kill %d (the folder it left: %s)",
                    KILLS, KEPT).isEmpty();
            System.out.printf("crash recovery: %d kills, %d actions acknowledged, all stored; %s; rows of an "
                    + "unfinished transaction rolled back at %d of the starts%n", KILLS, tally.acknowledgedCount(),
                    tally, startsThatRolledBack());
        } finally {
            last.process.destroy(); // a clean stop
            last.process.waitFor(60, TimeUnit.SECONDS);
            last.process.destroyForcibly();
        }
    }

    /** Starts whose log says H2 had kept rows of an unfinished transaction, which were rolled back (H2Leftovers). */
    private static long startsThatRolledBack() throws IOException {
        long n = 0;
        for (int round = 2; round <= KILLS + 1; round++) {
            Path log = Path.of("target", "crash-recovery", "run-" + round + ".log");
            if (Files.exists(log) && Files.readString(log).contains("that never committed")) {
                n++;
            }
        }
        return n;
    }

    /**
     * A copy of the data folder as the kill left it, before the next start opens (and so recovers) it: when a check
     * after the next start fails, the file H2 recovered from is still there to read.
     */
    private void keep(int round) throws IOException {
        if (Files.exists(KEPT)) {
            try (var old = Files.walk(KEPT)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(KEPT);
        try (var files = Files.walk(data)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path to = KEPT.resolve(data.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Files.writeString(KEPT.resolve("round.txt"), "after kill " + round + "\n");
    }

    private record Running(Process process, int port) {
        LoadDriver driver() {
            return new LoadDriver(List.of(port), "referee", REFEREE);
        }
    }

    /** Starts the tracker as a process on the data folder; returns when it answers with its sample campaign. */
    private Running start(int round) throws IOException, InterruptedException {
        TrackerProcess p = TrackerProcess.start(data, Path.of("target", "crash-recovery", "run-" + round + ".log"),
                REFEREE, "/api/campaigns/asl-west-of-alamein", Map.of());
        return new Running(p.process(), p.port());
    }
}
