package org.wargame.tracker.history;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.springframework.stereotype.Component;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * Export and import of a campaign's whole history as JSON Lines, in constant memory: what the API and the console
 * call. The export is {@link HistoryExport}, the import {@link HistoryImport}, the file's format {@link HistoryFile};
 * all SQL is the event tables' own ({@link org.wargame.tracker.store.EventTables}).
 */
@Component
public class HistoryTransfer {

    public static final String FORMAT = HistoryFile.FORMAT;
    public static final int VERSION = HistoryFile.VERSION;

    private final HistoryExport export;
    private final HistoryImport importer;

    HistoryTransfer(HistoryExport export, HistoryImport importer) {
        this.export = export;
        this.importer = importer;
    }

    /** {@code eventCount} in the API (a count; {@code events} is always a list there). */
    public record ImportResult(String campaignId, @JsonProperty("eventCount") int events, int streams) {
    }

    /**
     * The last (or running) import: {@code phase} checking, storing, read models, done or failed; events checked
     * and stored so far, streams whose read models are built.
     */
    public record Progress(String phase, String campaignId, long eventsChecked, long eventsStored,
                           int streamsBuilt, Instant startedAt, Instant finishedAt, String error) {
    }

    public Progress progress() {
        return importer.progress();
    }

    /**
     * What a referee's export may add after the events for a complete move ({@link MoveLines}): every account with
     * its password hash, the dice seeds of the campaign's scenarios, and the kept contents of its sealed choices
     * (whether an export may carry them is {@link org.wargame.tracker.scenario.Visibility}'s to say). Never in a
     * player's export.
     */
    public record Including(boolean accounts, boolean seeds, boolean secrets) {
        public static final Including EVENTS = new Including(false, false, false);

        /** {@code secrets}: the kept contents of unrevealed sealed choices, for a referee who sees everything. */
        public Including(boolean accounts, boolean seeds) {
            this(accounts, seeds, false);
        }
    }

    /** The campaign's stream and its scenarios' streams, in global order, one line each after the header. */
    public void export(String campaignId, List<String> streams, OutputStream target) throws IOException {
        export.export(campaignId, streams, target, Including.EVENTS);
    }

    /** As {@link #export(String, List, OutputStream)}, with the lines of a complete move asked for. */
    public void export(String campaignId, List<String> streams, OutputStream target, Including including)
            throws IOException {
        export.export(campaignId, streams, target, including);
    }

    /** The export as text (tests, small campaigns). */
    public String export(String campaignId, List<String> streams) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            export(campaignId, streams, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * Imports a history file read from {@code body} as it arrives (any size; each line limited); refuses, naming the
     * line, a file whose chain does not verify, that does not hold what its header says, whose events do not read
     * strictly or whose streams do not fold, and then stores nothing. One import at a time.
     */
    public ImportResult importHistory(InputStream body) {
        return importer.importHistory(body);
    }
}
