package org.wargame.tracker.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.EventTables.Link;
import org.wargame.tracker.store.StoredEvent;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The import's spool gives back each row as written, with whether its JSON is canonical asked as it was written. */
class CheckedRowsTest {

    private static final String HASH = "0".repeat(64);

    private static ChainedEvent row(long sequence, String payload, String metaData) {
        StoredEvent event = new StoredEvent(0, "scenario-1", sequence, "event-" + sequence, "CrewPacked", null,
                "2026-12-06T10:00:00Z", payload.getBytes(StandardCharsets.UTF_8),
                metaData == null ? null : metaData.getBytes(StandardCharsets.UTF_8));
        return new ChainedEvent(event, "Scenario", new Link(event.eventIdentifier(), sequence, HASH, HASH));
    }

    @Test
    void each_row_comes_back_with_whether_its_payload_and_metadata_are_canonical(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("rows");
        long spaced;
        try (CheckedRows.Writer writer = new CheckedRows.Writer(spool)) {
            writer.write(row(0, "{\"crew\":\"br-crew-1\"}", null), 2);
            spaced = writer.write(row(1, "{ \"crew\": \"br-crew-1\" }", null), 3); // spaced: not canonical
            writer.write(row(2, "{\"crew\":\"br-crew-1\"}", "{\"a\" :1}"), 4); // its metadata spaced
            writer.write(row(3, "{\"crew\":\"br-crew-1\"}", "{\"a\":1}"), 5);
        }
        try (CheckedRows.Reader reader = new CheckedRows.Reader(spool)) {
            boolean[] expected = {true, false, false, true};
            for (int k = 0; k < 4; k++) {
                CheckedRows.Row read = reader.next();
                assertThat(read.line()).isEqualTo(k + 2);
                assertThat(read.row().event().sequence()).isEqualTo(k);
                assertThat(read.row().canonical()).as("row " + k).isEqualTo(expected[k]);
            }
            // found again by its offset, with its answer
            assertThat(reader.at(spaced).row().canonical()).isFalse();
            assertThat(new String(reader.at(spaced).row().event().payload(), StandardCharsets.UTF_8))
                    .isEqualTo("{ \"crew\": \"br-crew-1\" }");
        }
    }
}
