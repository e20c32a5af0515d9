package org.wargame.tracker.notice;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Sends the due webhook deliveries, after the commit of the action that caused them and never on its thread. A
 * delivery is claimed first ({@code FOR UPDATE SKIP LOCKED}, then a lease written and committed), so that with
 * several instances each is sent by one of them; it is then POSTed without holding a lock, and the attempt logged.
 * A 2xx answer ends it; anything else (another status, no answer within the timeout, a refused address) is tried
 * again later, the wait doubling from {@code retry-first} up to {@code retry-max}, until {@code give-up-after} (a
 * day) has passed since it was made. An instance that stops during a send cancels it ({@link #cancelSends}, without
 * interrupting the sending thread: an interrupt inside the embedded H2's file write closes the database) and records
 * the attempt as stopped; the delivery is tried again, with the same delivery id, which receivers use to keep it once.
 */
@Component
class WebhookSender {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookSender.class);
    static final int ANSWER_CHARS = 200;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final NoticeSettings settings;
    private final HttpClient http;
    /** The POSTs under way, so that a stop can cancel them. */
    private final Set<CompletableFuture<?>> underWay = ConcurrentHashMap.newKeySet();

    WebhookSender(JdbcTemplate jdbc, TransactionTemplate transactions, NoticeSettings settings) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.settings = settings;
        this.http = HttpClient.newBuilder().connectTimeout(settings.timeout)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** A claimed delivery: where to, with what, signed with which secret. */
    record Claimed(String id, String kind, String body, String url, String secret, int attempts, Instant createdAt) {
    }

    /** Claims up to {@code max} due deliveries for this instance (a lease of the timeout and a minute). */
    List<Claimed> claim(int max) {
        if (max <= 0) {
            return List.of();
        }
        return transactions.execute(status -> {
            Timestamp now = Timestamp.from(Instant.now());
            List<String> ids = jdbc.queryForList("select id from webhook_delivery where state = ? and next_at <= ? "
                    + "and (claimed_until is null or claimed_until < ?) order by next_at fetch first " + max
                    + " rows only for update skip locked", String.class, "pending", now, now);
            if (ids.isEmpty()) {
                return List.of();
            }
            Timestamp lease = Timestamp.from(Instant.now().plus(settings.timeout.multipliedBy(2))
                    .plus(Duration.ofMinutes(1)));
            String marks = String.join(",", java.util.Collections.nCopies(ids.size(), "?"));
            Object[] args = new Object[ids.size() + 1];
            args[0] = lease;
            for (int i = 0; i < ids.size(); i++) {
                args[i + 1] = ids.get(i);
            }
            jdbc.update("update webhook_delivery set claimed_until = ? where id in (" + marks + ")", args);
            return jdbc.query("select d.id, d.kind, d.body, w.url, w.secret, d.attempts, d.created_at from "
                    + "webhook_delivery d join webhook w on w.id = d.webhook_id where d.id in (" + marks + ")",
                    (rs, i) -> new Claimed(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getInt(6), rs.getTimestamp(7).toInstant()), ids.toArray());
        });
    }

    /** POSTs one claimed delivery and records the attempt and what follows from it. */
    void send(Claimed delivery) {
        long started = System.nanoTime();
        Integer status = null;
        String answer;
        try {
            String refused = WebhookAddress.refusedHost(URI.create(delivery.url()).getHost(),
                    settings.allowPrivateAddresses);
            if (refused != null) {
                answer = "not sent: " + refused;
            } else {
                byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);
                HttpRequest request = HttpRequest.newBuilder(URI.create(delivery.url())).timeout(settings.timeout)
                        .header("Content-Type", "application/json")
                        .header("User-Agent", "campaign-tracker-webhooks")
                        .header(Signature.HEADER, Signature.of(delivery.secret(), body))
                        .header(Signature.DELIVERY_HEADER, delivery.id())
                        .header(Signature.EVENT_HEADER, delivery.kind())
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
                HttpResponse<String> response = post(request);
                status = response.statusCode();
                answer = shortened(response.body());
            }
        } catch (java.net.http.HttpTimeoutException e) {
            answer = "no answer within " + settings.timeout.toSeconds() + " s";
        } catch (java.net.ConnectException e) {
            answer = "could not connect: " + (e.getMessage() == null ? "connection refused" : e.getMessage());
        } catch (CancellationException | InterruptedException e) {
            answer = STOPPED;
        } catch (Exception e) {
            answer = "failed: " + shortened(e.toString());
        }
        boolean interrupted = Thread.interrupted(); // recorded first: see cancelSends
        try {
            record(delivery, status, answer, (System.nanoTime() - started) / 1_000_000);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static final String STOPPED = "interrupted: the tracker was stopping";

    /** The receiver's answer; a cancelled send throws {@link CancellationException}. */
    private HttpResponse<String> post(HttpRequest request) throws Exception {
        CompletableFuture<HttpResponse<String>> sent = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        underWay.add(sent);
        try {
            return sent.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            underWay.remove(sent);
        }
    }

    /**
     * Cancels the POSTs under way (the tracker is stopping): their threads record the attempt and end. Not by
     * interrupting them, since a thread interrupted inside the embedded H2's file write closes its file channel and
     * H2 then the whole database (seen at a stop with the housekeeping's rounds).
     */
    void cancelSends() {
        List.copyOf(underWay).forEach(sent -> sent.cancel(true));
    }

    private void record(Claimed delivery, Integer status, String answer, long millis) {
        boolean delivered = status != null && status >= 200 && status < 300;
        int attempts = delivery.attempts() + 1;
        Instant now = Instant.now();
        String state = delivered ? "sent"
                : now.isAfter(delivery.createdAt().plus(settings.giveUpAfter)) ? "failed" : "pending";
        Timestamp next = Timestamp.from(now.plus(settings.backoff(attempts)));
        transactions.executeWithoutResult(tx -> {
            jdbc.update("insert into webhook_attempt (delivery_id, attempted_at, status, answer, millis) values "
                    + "(?, ?, ?, ?, ?)", delivery.id(), Timestamp.from(now), status, answer, millis);
            // a removed webhook's delivery stays dropped
            jdbc.update("update webhook_delivery set attempts = ?, state = case when state = 'pending' then cast(? as varchar(16)) else "
                    + "state end, next_at = ?, claimed_until = null where id = ?", attempts, state, next,
                    delivery.id());
        });
        if (!delivered) {
            LOG.debug("webhook delivery {} attempt {}: {} {}", delivery.id(), attempts, status, answer);
        }
    }

    private static String shortened(String text) {
        if (text == null) {
            return "";
        }
        String line = text.replaceAll("\\p{Cntrl}+", " ").strip();
        return line.length() > ANSWER_CHARS ? line.substring(0, ANSWER_CHARS) + "…" : line;
    }
}
