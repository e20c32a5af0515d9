package org.wargame.tracker.notice;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.store.Dialect;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Accounts' optional mail addresses (each set by its holder) and the campaigns whose mails they stopped. The stop
 * link in each mail carries an HMAC of account and campaign under a key the tracker made once, so that it works
 * without logging in and cannot be made for another account.
 */
@Component
public class MailAddresses {

    static final int MAX_LENGTH = 254;
    /** One address, no display name, nothing a mail header could be split on. */
    private static final Pattern ADDRESS = Pattern.compile("[^@\\s<>()\\[\\],;:\"\\\\]{1,64}@[A-Za-z0-9]"
            + "([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+");

    private final JdbcTemplate jdbc;
    private volatile byte[] key;

    MailAddresses(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The account's address, or null. */
    public String of(String username) {
        List<String> found = jdbc.queryForList("select address from account_address where username = ?",
                String.class, username);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Sets the holder's own address; null or empty removes it (no more mails). */
    public String change(String username, String address) {
        if (address == null || address.isBlank()) {
            jdbc.update("delete from account_address where username = ?", username);
            return null;
        }
        String given = address.strip();
        if (given.length() > MAX_LENGTH || !ADDRESS.matcher(given).matches()) {
            throw new FieldRefused("address", "one mail address such as alice@example.org (at most " + MAX_LENGTH
                    + " characters, no name or brackets)");
        }
        Timestamp now = Timestamp.from(Instant.now());
        if (jdbc.update("update account_address set address = ?, changed_at = ? where username = ?", given, now,
                username) == 0) {
            jdbc.update("insert into account_address (username, address, changed_at) values (?, ?, ?)", username,
                    given, now);
        }
        return given;
    }

    /** The campaigns whose mails the account stopped. */
    public List<String> stopped(String username) {
        return jdbc.queryForList("select campaign_id from mail_unsubscribed where username = ? order by campaign_id",
                String.class, username);
    }

    /** Stops (or, {@code stop} false, starts again) the account's mails of one campaign. */
    public void subscribe(String username, String campaignId, boolean stop) {
        if (stop) {
            jdbc.update(Dialect.of(jdbc).insertOnce("mail_unsubscribed", "username, campaign_id",
                    "username, campaign_id"), username, campaignId);
            jdbc.update("update mail_notice set state = 'dropped' where username = ? and campaign_id = ? and state = "
                    + "'pending'", username, campaignId);
        } else {
            jdbc.update("delete from mail_unsubscribed where username = ? and campaign_id = ?", username, campaignId);
        }
    }

    /** The token of the stop link of {@code username}'s mails of {@code campaignId}. */
    public String token(String username, String campaignId) {
        byte[] mac = Signature.hmac(key(), (username + "\n" + campaignId).getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    }

    /** Whether {@code token} is the stop link's for this account and campaign (compared in constant time). */
    public boolean valid(String username, String campaignId, String token) {
        return username != null && campaignId != null && token != null && MessageDigest.isEqual(
                token(username, campaignId).getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    private byte[] key() {
        byte[] known = key;
        if (known == null) {
            List<String> stored = jdbc.queryForList("select secret from notice_key where id = 1", String.class);
            if (stored.isEmpty()) {
                byte[] made = new byte[32];
                new SecureRandom().nextBytes(made);
                // two instances may make one at once: the first stored is the one both use
                jdbc.update(Dialect.of(jdbc).insertOnce("notice_key", "id, secret", "id"), 1,
                        HexFormat.of().formatHex(made));
                stored = jdbc.queryForList("select secret from notice_key where id = 1", String.class);
            }
            known = HexFormat.of().parseHex(stored.get(0));
            key = known;
        }
        return known;
    }
}
