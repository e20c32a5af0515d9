package org.wargame.tracker.notice;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A campaign's outgoing webhooks, as its referee configures them (the callers check who may), and what each sent:
 * its deliveries with every attempt. A secret is never shown again after it was given or made.
 */
@Component
public class Webhooks {

    public static final List<String> FORMATS = List.of("plain", "discord", "slack");
    static final int MAX_PER_CAMPAIGN = 10;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final JdbcTemplate jdbc;
    private final NoticeSettings settings;

    Webhooks(JdbcTemplate jdbc, NoticeSettings settings) {
        this.jdbc = jdbc;
        this.settings = settings;
    }

    /** A webhook as the referee sees it: never its secret. */
    public record Webhook(String id, String url, List<String> events, String format, String createdBy,
                          Instant createdAt) {
    }

    /** A new webhook, with its secret: the one time it is shown (when the tracker made it). */
    public record Created(Webhook webhook, String secret) {
    }

    /** One notice sent (or being sent) to one webhook, with its attempts, newest first. */
    public record Delivery(String id, String kind, String state, int attempts, Instant createdAt, Instant nextAttempt,
                           List<Attempt> log) {
    }

    /** One attempt: when, the answer's status (null: no answer, see {@code answer}), its first words, how long. */
    public record Attempt(Instant at, Integer status, String answer, long millis) {
    }

    /**
     * Adds a webhook. {@code events}: the kinds to send (null or empty: every kind); {@code secret}: 16 to 200
     * characters, or null to have one made; {@code format}: plain (the default), discord or slack.
     */
    public Created add(String campaignId, String url, List<String> events, String secret, String format, String by) {
        WebhookAddress.check("url", url, settings.allowPrivateAddresses());
        Set<String> kinds = new LinkedHashSet<>();
        if (events == null || events.isEmpty()) {
            kinds.addAll(NoticeKind.codes());
        } else {
            for (int i = 0; i < events.size(); i++) {
                String kind = events.get(i);
                if (NoticeKind.of(kind) == null) {
                    throw new FieldRefused("events[" + i + "]", "'" + shortened(kind) + "' is not an event that is "
                            + "sent; one of " + String.join(", ", NoticeKind.codes()));
                }
                kinds.add(kind);
            }
        }
        String bodyFormat = format == null ? "plain" : format;
        if (!FORMATS.contains(bodyFormat)) {
            throw new FieldRefused("format", "one of " + String.join(", ", FORMATS));
        }
        boolean made = secret == null || secret.isEmpty();
        if (!made && (secret.length() < 16 || secret.length() > 200 || secret.isBlank())) {
            throw new FieldRefused("secret", "16 to 200 characters (or none: the tracker makes one)");
        }
        String key = made ? madeSecret() : secret;
        Integer count = jdbc.queryForObject("select count(*) from webhook where campaign_id = ? and removed = ?",
                Integer.class, campaignId, false);
        if (count != null && count >= MAX_PER_CAMPAIGN) {
            throw new org.wargame.tracker.refusal.Conflict("a campaign has at most " + MAX_PER_CAMPAIGN
                    + " webhooks: remove one first");
        }
        String id = UUID.randomUUID().toString();
        Instant now = Instant.now();
        jdbc.update("insert into webhook (id, campaign_id, url, kinds, body_format, secret, created_by, created_at, "
                        + "removed) values (?, ?, ?, ?, ?, ?, ?, ?, ?)", id, campaignId, url.strip(),
                String.join(",", kinds), bodyFormat, key, by, Timestamp.from(now), false);
        return new Created(new Webhook(id, url.strip(), List.copyOf(kinds), bodyFormat, by, now), made ? key : null);
    }

    public List<Webhook> of(String campaignId) {
        return jdbc.query("select id, url, kinds, body_format, created_by, created_at from webhook where campaign_id = ? "
                        + "and removed = ? order by created_at", (rs, i) -> new Webhook(rs.getString(1),
                        rs.getString(2), List.of(rs.getString(3).split(",")), rs.getString(4), rs.getString(5),
                        rs.getTimestamp(6).toInstant()), campaignId, false);
    }

    /** Removes a webhook: nothing more is sent to it (a delivery under way finishes). */
    public void remove(String campaignId, String webhookId) {
        int rows = jdbc.update("update webhook set removed = ? where id = ? and campaign_id = ? and removed = ?", true,
                webhookId, campaignId, false);
        if (rows == 0) {
            throw new NotFound("the campaign has no such webhook");
        }
        jdbc.update("update webhook_delivery set state = 'dropped' where webhook_id = ? and state = 'pending'",
                webhookId);
    }

    /** The latest deliveries to a webhook of the campaign (at most {@code limit}), each with its attempts. */
    public List<Delivery> deliveries(String campaignId, String webhookId, int limit) {
        Integer known = jdbc.queryForObject("select count(*) from webhook where id = ? and campaign_id = ?",
                Integer.class, webhookId, campaignId);
        if (known == null || known == 0) {
            throw new NotFound("the campaign has no such webhook");
        }
        List<Delivery> found = jdbc.query("select id, kind, state, attempts, created_at, next_at from webhook_delivery "
                        + "where webhook_id = ? order by created_at desc fetch first " + Math.max(1, limit)
                        + " rows only", (rs, i) -> new Delivery(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getInt(4), rs.getTimestamp(5).toInstant(), "pending".equals(rs.getString(3))
                        ? rs.getTimestamp(6).toInstant() : null, new ArrayList<>()), webhookId);
        Map<String, Delivery> byId = new LinkedHashMap<>();
        found.forEach(d -> byId.put(d.id(), d));
        if (!byId.isEmpty()) {
            String marks = String.join(",", java.util.Collections.nCopies(byId.size(), "?"));
            jdbc.query("select delivery_id, attempted_at, status, answer, millis from webhook_attempt where delivery_id "
                    + "in (" + marks + ") order by id desc", rs -> {
                        byId.get(rs.getString(1)).log().add(new Attempt(rs.getTimestamp(2).toInstant(),
                                (Integer) rs.getObject(3), rs.getString(4), rs.getLong(5)));
                    }, byId.keySet().toArray());
        }
        return found;
    }

    private static String madeSecret() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String shortened(String text) {
        return text == null ? "null" : text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
