package org.wargame.tracker.history;

import org.wargame.tracker.refusal.Refusal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An import's fold run beside its check, on a thread of its own: while the check reads, hashes and spools a line, the
 * fold reads back and folds the lines checked before it (the two took turns, one core idle: on PostgreSQL the check
 * and the fold were a third of an import). It decides exactly what the fold after the check decides, or gives up and
 * leaves it to that fold. That fold takes the campaign's stream whole, then each scenario's in the order they begin;
 * this one takes the lines as they come, so it goes on only while that comes to the same: the campaign's stream
 * begins the file (a scenario is held to its creation), its later lines may come anywhere (a scenario's fold does not
 * read them), and each scenario's lines come together (their clock rows are spooled scenario by scenario). A growing
 * stream's record answers a roll-back only with what the whole record would ({@link ImportFold.Unsettled}). Its
 * refusal is the one that fold would make first (the campaign's before any scenario's, a scenario's before a later
 * one's), and counts only once the whole file has been checked, as that fold's came after the check's. The check
 * hands it the places of the rows in the spool {@value #GROUP} at a time, each group written to the file first.
 */
final class FoldBesideCheck implements AutoCloseable {

    /** Rows handed over at a time. */
    static final int GROUP = 64;

    /** A scenario's stream begins. */
    private record Begin(String stream) {
    }

    /** Rows of the campaign's stream, or of the scenario begun last. */
    private record Rows(boolean campaign, long[] offsets) {
    }

    private static final Object END = new Object();
    private static final Object DONE = new Object();

    private final StrictEvents strict;
    private final Path spool;
    private final ImportClocks clocks;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(64);
    private final Thread thread;

    // the check's side
    private final Set<String> seen = new HashSet<>();
    private String first;
    private String scenario;
    private boolean campaignRows;
    private boolean inOrder = true;
    private boolean off;
    private final long[] group = new long[GROUP];
    private int grouped;

    // the fold's side, read by the check's after the thread ended
    private volatile boolean stopped;
    private volatile boolean unsettled;
    private volatile Refusal refused;
    private volatile boolean done;

    FoldBesideCheck(StrictEvents strict, Path spool, ImportClocks clocks) {
        this.strict = strict;
        this.spool = spool;
        this.clocks = clocks;
        this.thread = new Thread(this::fold, "history-import-fold");
        thread.setDaemon(true);
        thread.start();
    }

    /** The check spooled a row of {@code stream} (of {@code type}) at {@code offset}. */
    void row(String stream, String type, long offset, CheckedRows.Writer rows) throws IOException {
        if (first == null) {
            first = stream;
            inOrder = "Campaign".equals(type);
            seen.add(stream);
            campaignRows = true;
        } else if (stream.equals(first)) {
            if (!campaignRows) {
                hand(rows);
                campaignRows = true;
            }
        } else if (!stream.equals(scenario) || campaignRows) {
            hand(rows);
            campaignRows = false;
            if (!stream.equals(scenario)) {
                if (!seen.add(stream) || !ReadModelRebuild.SCENARIO.equals(type)) {
                    inOrder = false; // not the order the fold after the check comes to: it decides
                }
                if (scenario != null) {
                    send(END);
                }
                scenario = stream;
                send(new Begin(stream));
            }
        }
        off |= !inOrder;
        if (off) {
            return;
        }
        group[grouped++] = offset;
        if (grouped == GROUP) {
            hand(rows);
        }
    }

    /** The check has read the whole file: the rest handed over. */
    void checked(CheckedRows.Writer rows) throws IOException {
        hand(rows);
        if (scenario != null) {
            send(END);
        }
        send(DONE);
    }

    /**
     * Waits for the fold; true when it folded the file whose campaign is {@code campaignId} as the fold after the
     * check would have; false when that fold is to decide; the refusal that fold would have made, thrown.
     */
    boolean folded(String campaignId) throws InterruptedException {
        thread.join();
        if (!inOrder || unsettled || !done || !campaignId.equals(first)) {
            return false;
        }
        if (refused != null) {
            throw refused;
        }
        return true;
    }

    /** Stops the fold (the check refused the file, or failed). */
    @Override
    public void close() {
        off = true;
        stopped = true;
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void hand(CheckedRows.Writer rows) throws IOException {
        if (grouped > 0 && !off) {
            rows.flush(); // the fold reads the rows from the file
            send(new Rows(campaignRows, java.util.Arrays.copyOf(group, grouped)));
        }
        grouped = 0;
    }

    private void send(Object message) {
        if (off && message != DONE) {
            return;
        }
        try {
            while (!queue.offer(message, 10, TimeUnit.MILLISECONDS)) {
                if (stopped) {
                    off = true;
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            off = true;
        }
        off |= stopped;
    }

    private void fold() {
        Refusal byCampaign = null;
        Refusal byScenario = null;
        try (CheckedRows.Reader rows = new CheckedRows.Reader(spool)) {
            ImportFold fold = null;
            ImportFold.StreamFold campaign = null;
            ImportFold.StreamFold stream = null;
            while (true) {
                Object message = queue.take();
                if (message == DONE) {
                    done = true;
                    return;
                }
                if (message instanceof Rows given && given.campaign()) {
                    if (fold == null) {
                        fold = new ImportFold(strict, rows, first, clocks);
                        campaign = fold.campaign(first);
                    }
                    for (int i = 0; i < given.offsets().length && byCampaign == null; i++) {
                        try {
                            campaign.add(given.offsets()[i]);
                        } catch (Refusal r) {
                            byCampaign = r; // the fold after the check stops at it, before any scenario
                        }
                    }
                    continue;
                }
                if (byCampaign != null || byScenario != null) {
                    continue; // refused already: the fold after the check folds no later scenario
                }
                try {
                    if (message instanceof Begin begin) {
                        stream = fold.scenario(begin.stream());
                    } else if (message == END) {
                        stream.end();
                    } else {
                        for (long offset : ((Rows) message).offsets()) {
                            stream.add(offset);
                        }
                    }
                } catch (Refusal r) {
                    byScenario = r;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            // an Unsettled record, or no refusal of the file: the fold after the check meets it again, or not
            unsettled = true;
        } finally {
            refused = byCampaign != null ? byCampaign : byScenario;
            stopped = true;
        }
    }
}
