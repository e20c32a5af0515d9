package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.wargame.tracker.store.ChainHash;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A forger's tools, as a referee with the public chain algorithm has them: an export read as JSON lines, moved to
 * fresh ids (so it imports into the tracker it came from), changed, and re-chained with {@link ChainHash} (hashes
 * and the manifest in the header recomputed), so that only what the import checks beyond the chain can refuse it.
 */
final class ForgedHistory {

    private static final ObjectMapper JSON = StoredJson.mapper();

    private ForgedHistory() {
    }

    /** The file's lines: the header first, then one object per event. */
    static List<ObjectNode> lines(String file) {
        List<ObjectNode> lines = new ArrayList<>();
        for (String line : file.split("\n")) {
            if (!line.isBlank()) {
                try {
                    lines.add((ObjectNode) JSON.readTree(line));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return lines;
    }

    /**
     * The export under fresh ids: the campaign and every scenario renamed everywhere they occur, every event with a
     * new identifier, re-chained; it imports into the tracker it was exported from.
     */
    static List<ObjectNode> moved(String file) {
        List<ObjectNode> lines = lines(file);
        String campaign = lines.get(0).get("campaignId").asText();
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put(campaign, campaign + "-moved-" + UUID.randomUUID().toString().substring(0, 6));
        for (ObjectNode line : lines.subList(1, lines.size())) {
            if ("Scenario".equals(line.get("streamType").asText())) {
                ids.putIfAbsent(line.get("stream").asText(), UUID.randomUUID().toString());
            }
        }
        String text = text(lines);
        for (Map.Entry<String, String> id : ids.entrySet()) {
            text = text.replace("\"" + id.getKey() + "\"", "\"" + id.getValue() + "\"");
        }
        List<ObjectNode> moved = lines(text);
        moved.subList(1, moved.size()).forEach(l -> l.put("eventIdentifier", UUID.randomUUID().toString()));
        rechain(moved);
        return moved;
    }

    /** Hashes every event line again in order, and writes the manifest of what the lines now hold. */
    static void rechain(List<ObjectNode> lines) {
        Map<String, String> last = new HashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        long events = 0;
        for (ObjectNode line : lines.subList(1, lines.size())) {
            String stream = line.path("stream").asText();
            String previous = last.getOrDefault(stream, ChainHash.GENESIS);
            StoredEvent event = new StoredEvent(0, stream, line.path("sequence").asLong(),
                    line.path("eventIdentifier").asText(), line.path("type").asText(),
                    line.path("revision").isTextual() ? line.get("revision").asText() : null,
                    line.path("timestamp").asText(), bytes(line.get("payload")), bytes(line.get("metaData")));
            String hash = ChainHash.of(previous, event);
            line.put("previousHash", previous);
            line.put("hash", hash);
            last.put(stream, hash);
            counts.merge(stream, 1L, Long::sum);
            events++;
        }
        ObjectNode header = lines.get(0);
        header.put("events", events);
        ArrayNode streams = header.putArray("streams");
        counts.forEach((stream, n) -> streams.addObject().put("stream", stream).put("events", n)
                .put("head", last.get(stream)));
    }

    private static byte[] bytes(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        try {
            return JSON.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(List<ObjectNode> lines) {
        StringBuilder out = new StringBuilder();
        for (ObjectNode line : lines) {
            try {
                out.append(JSON.writeValueAsString(line)).append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out.toString();
    }

    /** The index of the first event line whose stored type ends with {@code type} (after the header: 1 on). */
    static int first(List<ObjectNode> lines, String type) {
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).path("type").asText().endsWith(type)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no " + type + " in the file");
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
