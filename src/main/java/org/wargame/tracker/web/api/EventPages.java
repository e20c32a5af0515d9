package org.wargame.tracker.web.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.RecordedEvent;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A stream's events a page at a time, written to the response as they are read (a JSON array, as before paging):
 * those after sequence {@code after} (default: from the first), at most {@value #PAGE}. When the page is full a
 * {@code Link} header with {@code rel="next"} gives the next one.
 */
@Component
class EventPages {

    static final int PAGE = 500;

    private final EventHistory history;
    private final ObjectMapper json;
    /**
     * Writes one event into the page without flushing: the mapper's default flushes after every value, which sent
     * each event to the socket as a chunk of its own (500 writes per page, most of the page's time).
     */
    private final ObjectWriter event;

    EventPages(EventHistory history, ObjectMapper json) {
        this.history = history;
        this.json = json;
        this.event = json.writerFor(RecordedEvent.class).without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    }

    void write(String path, String streamId, Long after, Integer limit, HttpServletResponse response)
            throws IOException {
        int size = Paging.limit(limit, PAGE);
        long from = after == null ? 0 : Math.max(0, after + 1);
        long to = from + size - 1;
        Long last = history.lastSequence(streamId);
        if (last != null && last > to) {
            response.setHeader("Link", "<" + path + "?after=" + to + "&limit=" + size + ">; rel=\"next\"");
        }
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        try (JsonGenerator out = json.getFactory().createGenerator(response.getOutputStream())) {
            out.writeStartArray();
            history.forEach(streamId, from, to, message -> {
                try {
                    event.writeValue(out, EventHistory.recorded(message));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            out.writeEndArray();
        }
    }
}
