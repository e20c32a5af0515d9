package org.wargame.tracker.notice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One notice in words, as every channel sends it: what, where (campaign and scenario, by id and name), the sentence,
 * the link that opens it, and the accounts it waits for ({@code recipients}: who is mailed).
 */
record Notice(String id, NoticeKind kind, Instant at, String campaignId, String campaignName, String scenarioId,
              String scenarioName, String words, String link, List<String> waitingFor, List<String> recipients) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The webhook body of {@code format}: plain (the documented payload), discord ({@code content}) or slack
     * ({@code text}); {@code delivery} is the delivery's id, also in the header.
     */
    String body(String format, String delivery) {
        Map<String, Object> body = new LinkedHashMap<>();
        String line = words + " " + link;
        switch (format) {
            case "discord" -> {
                body.put("content", line.length() > 2000 ? line.substring(0, 1999) + "…" : line);
                body.put("allowed_mentions", Map.of("parse", List.of())); // a reason typed by a player pings nobody
            }
            case "slack" -> body.put("text", words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                    + " <" + link + ">");
            default -> {
                body.put("delivery", delivery);
                body.put("kind", kind.code());
                body.put("at", at.toString());
                body.put("campaign", Map.of("id", campaignId, "name", campaignName));
                if (scenarioId != null) {
                    body.put("scenario", Map.of("id", scenarioId, "name", scenarioName));
                }
                body.put("words", words);
                body.put("link", link);
                body.put("waitingFor", waitingFor);
            }
        }
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
