package org.wargame.tracker.notice;

import jakarta.mail.internet.MimeMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.campaign.CampaignViews;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mails the notices, when SMTP is configured ({@code spring.mail.host}): each notice to each player it waits for who
 * gave an address, at most once. A notice waits {@code tracker.notices.mail.gather} (a minute) before it is mailed,
 * so that what starts waiting together goes in one mail: when one is due, everything that waits for that account
 * goes with it, one notice alone, several in a digest. Each mail has the
 * notices' links and, per campaign, a link that stops that campaign's mails in one click (also as the
 * {@code List-Unsubscribe} header, with RFC 8058's one-click POST). Rows are claimed like webhook deliveries
 * ({@code FOR UPDATE SKIP LOCKED}, then a lease): with several instances each is mailed by one of them. A failed
 * send is tried again with the webhooks' backoff, for a day.
 */
@Component
class MailNotices {

    private static final Logger LOG = LoggerFactory.getLogger(MailNotices.class);
    static final int BATCH = 200;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final ObjectProvider<JavaMailSender> mail;
    private final MailAddresses addresses;
    private final CampaignViews campaigns;
    private final NoticeSettings settings;

    MailNotices(JdbcTemplate jdbc, TransactionTemplate transactions, ObjectProvider<JavaMailSender> mail,
                MailAddresses addresses, CampaignViews campaigns, NoticeSettings settings) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.mail = mail;
        this.addresses = addresses;
        this.campaigns = campaigns;
        this.settings = settings;
    }

    /** Whether mails are sent at all: SMTP is configured. */
    boolean configured() {
        return mail.getIfAvailable() != null;
    }

    private record Row(String id, String username, String campaignId, String words, String link, int attempts,
                       Instant createdAt) {
    }

    /** Claims the due rows and sends one mail per account; returns how many mails were sent. */
    int once() {
        JavaMailSender sender = mail.getIfAvailable();
        if (sender == null) {
            return 0;
        }
        List<Row> rows = claim();
        Map<String, List<Row>> byAccount = new LinkedHashMap<>();
        rows.forEach(r -> byAccount.computeIfAbsent(r.username(), u -> new ArrayList<>()).add(r));
        int sent = 0;
        for (Map.Entry<String, List<Row>> each : byAccount.entrySet()) {
            String address = addresses.of(each.getKey());
            if (address == null) {
                finish(each.getValue(), "dropped"); // the address was removed since
                continue;
            }
            try {
                sender.send(message(sender, each.getKey(), address, each.getValue()));
                finish(each.getValue(), "sent");
                sent++;
            } catch (Exception e) {
                LOG.warn("a mail to {} could not be sent: {}", each.getKey(), e.toString());
                again(each.getValue());
            }
        }
        return sent;
    }

    private List<Row> claim() {
        return transactions.execute(status -> {
            Timestamp now = Timestamp.from(Instant.now());
            // every account with a notice due gets all that wait for it now, the due one and any that came later
            List<Row> due = jdbc.query("select id, username, campaign_id, words, link, attempts, created_at from "
                    + "mail_notice where state = ? and (claimed_until is null or claimed_until < ?) and username in "
                    + "(select username from mail_notice where state = ? and next_at <= ?) order by username, "
                    + "created_at fetch first " + BATCH + " rows only for update skip locked",
                    (rs, i) -> new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getInt(6), rs.getTimestamp(7).toInstant()), "pending", now, "pending",
                    now);
            Timestamp lease = Timestamp.from(Instant.now().plus(settings.timeout.multipliedBy(2))
                    .plus(Duration.ofMinutes(1)));
            due.forEach(r -> jdbc.update("update mail_notice set claimed_until = ? where id = ?", lease, r.id()));
            return due;
        });
    }

    private MimeMessage message(JavaMailSender sender, String username, String address, List<Row> rows)
            throws Exception {
        MimeMessage message = sender.createMimeMessage();
        MimeMessageHelper helper = new MimeMessageHelper(message, false, "UTF-8");
        helper.setFrom(settings.mailFrom);
        helper.setTo(address);
        StringBuilder text = new StringBuilder();
        if (rows.size() == 1) {
            Row row = rows.get(0);
            helper.setSubject("[Campaign tracker] " + cut(row.words(), 150));
            text.append(row.words()).append("\n\nOpen it: ").append(row.link()).append("\n");
        } else {
            helper.setSubject("[Campaign tracker] " + rows.size() + " things wait for you");
            text.append(rows.size()).append(" things wait for you:\n\n");
            for (Row row : rows) {
                text.append("- ").append(row.words()).append("\n  ").append(row.link()).append("\n\n");
            }
        }
        Set<String> campaignIds = new LinkedHashSet<>();
        rows.forEach(r -> campaignIds.add(r.campaignId()));
        text.append("\n-- \nYou get this mail because you gave the campaign tracker your address (").append(username)
                .append(").\n");
        String first = null;
        for (String campaignId : campaignIds) {
            String stop = stopLink(username, campaignId);
            first = first == null ? stop : first;
            text.append("No more mails from ").append(campaignName(campaignId)).append(": ").append(stop)
                    .append("\n");
        }
        helper.setText(text.toString());
        message.setHeader("List-Unsubscribe", "<" + first + ">");
        message.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
        message.setHeader("Auto-Submitted", "auto-generated");
        return message;
    }

    /** The one-click link that stops {@code username}'s mails of the campaign. */
    String stopLink(String username, String campaignId) {
        return settings.publicUrl + "/unsubscribe?account=" + encode(username) + "&campaign=" + encode(campaignId)
                + "&token=" + addresses.token(username, campaignId);
    }

    private String campaignName(String campaignId) {
        try {
            return campaigns.state(campaignId).name();
        } catch (RuntimeException e) {
            return campaignId;
        }
    }

    private void finish(List<Row> rows, String state) {
        Timestamp now = Timestamp.from(Instant.now());
        transactions.executeWithoutResult(tx -> rows.forEach(r -> jdbc.update("update mail_notice set state = "
                + "case when state = 'pending' then cast(? as varchar(16)) else state end, sent_at = ?, attempts = ?, "
                + "claimed_until = null where id = ?", state, now, r.attempts() + 1, r.id())));
    }

    private void again(List<Row> rows) {
        Instant now = Instant.now();
        transactions.executeWithoutResult(tx -> rows.forEach(r -> {
            int attempts = r.attempts() + 1;
            String state = now.isAfter(r.createdAt().plus(settings.giveUpAfter)) ? "failed" : "pending";
            jdbc.update("update mail_notice set state = case when state = 'pending' then cast(? as varchar(16)) else "
                            + "state end, attempts = ?, next_at = ?, claimed_until = null where id = ?", state,
                    attempts, Timestamp.from(now.plus(settings.backoff(attempts))), r.id());
        }));
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String cut(String text, int max) {
        return text.length() > max ? text.substring(0, max - 1) + "…" : text;
    }
}
