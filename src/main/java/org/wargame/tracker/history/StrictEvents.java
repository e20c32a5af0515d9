package org.wargame.tracker.history;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.axonframework.serialization.AnnotationRevisionResolver;
import org.axonframework.serialization.RevisionResolver;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.EventFamily;
import org.wargame.tracker.store.EventNames;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;
import org.wargame.tracker.store.Upcast;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads a stored event that came from outside the tracker (an imported file, a restored backup) with the same strict
 * contract as live input: a type stored under a registered name ({@link EventNames}: every family's and every rule
 * set's, so a new event type is known here as soon as it has its name) in a revision this tracker reads (its own,
 * or one its family upcasts from); a payload whose every field has its type (an unknown field, a key given twice, a
 * fraction for a whole number, text for a number all refused, naming the field); metadata present, an object, its
 * known keys of their types; a timestamp that is a real instant. A refusal names the field ({@code payload.x},
 * {@code metaData.side}, {@code type}, {@code timestamp}); the caller adds where (the file's line).
 */
@Component
public class StrictEvents {

    /** Metadata keys that hold text. */
    private static final Set<String> TEXT = Set.of(ActionMetaData.ACCOUNT, ActionMetaData.SIDE,
            ActionMetaData.ACTION_ID, ActionMetaData.REPLAYED_BY, ActionMetaData.REPLAY_OF, ActionMetaData.PHASE,
            ActionMetaData.STEP, "traceId", "correlationId");
    /** Metadata keys that hold whole numbers. */
    private static final Set<String> WHOLE = Set.of(ActionMetaData.GAME_TURN, ActionMetaData.PLAYER_TURN);

    private final EventNames names;
    private final List<Upcast> upcasts;
    private final RevisionResolver revisions = new AnnotationRevisionResolver();
    private final ObjectMapper strict;

    public StrictEvents(EventNames names, List<EventFamily> families) {
        this.names = names;
        this.upcasts = families.stream().flatMap(f -> f.upcasts().stream()).toList();
        // the stored events' own mapper (rule-set state types, java.time), with the strict settings of requests
        this.strict = RequestJson.strict(StoredJson.create());
        this.strict.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        this.strict.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** An event read strictly: its payload as its type, its metadata, and when it was stored. */
    public record Read(Object payload, Map<String, Object> metaData, Instant timestamp) {
        public String side() {
            Object side = metaData.get(ActionMetaData.SIDE);
            return side == null ? null : side.toString();
        }
    }

    /** The stored event read strictly, or a {@link FieldRefused} naming what is wrong. */
    public Read read(StoredEvent event) {
        Class<?> type = names.typeOf(event.payloadType());
        if (type == null) {
            throw new FieldRefused("type", "'" + RequestJson.shortened(event.payloadType()) + "' is no event type "
                    + "this tracker stores");
        }
        Instant timestamp;
        try {
            timestamp = instant(event.timestamp());
        } catch (DateTimeParseException e) {
            throw new FieldRefused("timestamp", "'" + RequestJson.shortened(event.timestamp()) + "' is not a time "
                    + "(an instant such as 2026-05-01T10:15:30Z)");
        }
        JsonNode payload = tree(event.payload(), "payload");
        if (!payload.isObject()) {
            throw new FieldRefused("payload", "must be an object with fields");
        }
        String current = revisions.revisionOf(type);
        String revision = event.payloadRevision();
        while (!Objects.equals(revision, current)) {
            String from = revision;
            Upcast upcast = upcasts.stream().filter(u -> u.type() == type && Objects.equals(u.from(), from))
                    .findFirst().orElseThrow(() -> new FieldRefused("revision", (from == null ? "none" : "'"
                            + RequestJson.shortened(from) + "'") + " is not a revision of " + names.stableName(
                            event.payloadType()) + " this tracker reads (it reads " + (current == null ? "none"
                            : current) + ")"));
            upcast.change().accept((ObjectNode) payload);
            revision = upcast.to();
        }
        Object value;
        try {
            value = strict.treeToValue(payload, type);
        } catch (IOException | IllegalArgumentException e) {
            throw under("payload", RequestJson.refusal(e));
        }
        if (value == null) {
            throw new FieldRefused("payload", "missing");
        }
        return new Read(value, metaData(event.metaData()), timestamp);
    }

    /**
     * {@code Instant.parse}, by hand for the form the tracker writes (2026-05-01T10:15:30.744Z, one to nine digits of
     * a fraction or none): {@code DateTimeFormatter} was a twelfth of an import's check. Any other text, and any
     * date that is not one, is left to {@code Instant.parse}, which decides as before.
     */
    static Instant instant(String text) {
        int n = text.length();
        if (n >= 20 && n <= 30 && text.charAt(n - 1) == 'Z' && text.charAt(4) == '-' && text.charAt(7) == '-'
                && text.charAt(10) == 'T' && text.charAt(13) == ':' && text.charAt(16) == ':'
                && (n == 20 || n >= 22 && text.charAt(19) == '.')) {
            int year = digits(text, 0, 4);
            int month = digits(text, 5, 7);
            int day = digits(text, 8, 10);
            int hour = digits(text, 11, 13);
            int minute = digits(text, 14, 16);
            int second = digits(text, 17, 19);
            int fraction = n == 20 ? 0 : digits(text, 20, n - 1);
            if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && hour < 24 && minute >= 0 && minute < 60
                    && second >= 0 && second < 60 && fraction >= 0) {
                int nanos = fraction;
                for (int d = n == 20 ? 9 : n - 21; d < 9; d++) {
                    nanos *= 10;
                }
                try {
                    return java.time.LocalDateTime.of(year, month, day, hour, minute, second, nanos)
                            .toInstant(java.time.ZoneOffset.UTC);
                } catch (java.time.DateTimeException e) {
                    // not a date (the 30th of February): Instant.parse says so in its words
                }
            }
        }
        return Instant.parse(text);
    }

    /** The decimal number in {@code text[from, to)}, or -1 when a character is not a digit. */
    private static int digits(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static Map<String, Object> metaData(byte[] bytes) {
        if (bytes == null) {
            throw new FieldRefused("metaData", "missing: every stored event has its metadata (who, which action)");
        }
        JsonNode meta = treeOf(bytes, "metaData");
        if (!meta.isObject()) {
            throw new FieldRefused("metaData", "must be an object");
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = meta.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode v = field.getValue();
            String at = "metaData." + key;
            if (TEXT.contains(key)) {
                FieldRefused.require(v.isTextual(), at, "must be text");
                values.put(key, v.asText());
            } else if (WHOLE.contains(key)) {
                FieldRefused.require(v.isIntegralNumber() && v.canConvertToInt(), at, "must be a whole number");
                values.put(key, v.asInt());
            } else {
                // a key of Axon's or a newer tracker's: kept as stored, but only a plain value
                FieldRefused.require(v.isValueNode() && !v.isNull(), at, "must be text, a number or true/false");
                values.put(key, v.isTextual() ? v.asText() : v.isBoolean() ? v.asBoolean() : v.numberValue());
            }
        }
        return values;
    }

    private JsonNode tree(byte[] bytes, String field) {
        if (bytes == null) {
            throw new FieldRefused(field, "missing");
        }
        try {
            JsonNode node = strict.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw new FieldRefused(field, "missing");
            }
            return node;
        } catch (IOException e) {
            throw under(field, RequestJson.refusal(e));
        }
    }

    private static JsonNode treeOf(byte[] bytes, String field) {
        try {
            JsonNode node = StoredJson.mapper().readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw new FieldRefused(field, "missing");
            }
            return node;
        } catch (IOException e) {
            throw new FieldRefused(field, "not JSON");
        }
    }

    private static Refusal under(String parent, Refusal refusal) {
        if (refusal instanceof FieldRefused field) {
            return "body".equals(field.field()) ? new FieldRefused(parent, field.reason()) : field.under(parent);
        }
        return refusal;
    }
}
