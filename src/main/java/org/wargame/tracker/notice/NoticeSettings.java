package org.wargame.tracker.notice;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.time.Duration;

/** The notices' settings ({@code tracker.notices.*}, docs/notifications.md). */
@Component
public class NoticeSettings {

    final boolean send;
    final String publicUrl;
    final Duration poll;
    final Duration retryFirst;
    final Duration retryMax;
    final Duration giveUpAfter;
    final Duration timeout;
    final boolean allowPrivateAddresses;
    final int senders;
    final String mailFrom;
    final Duration mailGather;

    NoticeSettings(@Value("${tracker.notices.send:true}") boolean send,
                   @Value("${tracker.notices.public-url:http://localhost:8080}") String publicUrl,
                   @Value("${tracker.notices.poll:2s}") Duration poll,
                   @Value("${tracker.notices.retry-first:30s}") Duration retryFirst,
                   @Value("${tracker.notices.retry-max:1h}") Duration retryMax,
                   @Value("${tracker.notices.give-up-after:24h}") Duration giveUpAfter,
                   @Value("${tracker.notices.timeout:10s}") Duration timeout,
                   @Value("${tracker.notices.webhooks.allow-private-addresses:false}") boolean allowPrivateAddresses,
                   @Value("${tracker.notices.webhooks.senders:4}") int senders,
                   @Value("${tracker.notices.mail.from:tracker@localhost}") String mailFrom,
                   @Value("${tracker.notices.mail.gather:1m}") Duration mailGather) {
        this.send = send;
        this.publicUrl = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
        this.poll = poll;
        this.retryFirst = retryFirst;
        this.retryMax = retryMax;
        this.giveUpAfter = giveUpAfter;
        this.timeout = timeout;
        this.allowPrivateAddresses = allowPrivateAddresses;
        this.senders = Math.max(1, senders);
        this.mailFrom = mailFrom;
        this.mailGather = mailGather;
    }

    /** Whether webhooks may point at loopback, private and link-local addresses (a test's, a LAN's receiver). */
    public boolean allowPrivateAddresses() {
        return allowPrivateAddresses;
    }

    /** The wait before the attempt after {@code failed} failed ones: doubling from the first, up to the most. */
    Duration backoff(int failed) {
        Duration wait = retryFirst.multipliedBy(1L << Math.min(Math.max(failed - 1, 0), 20));
        return wait.compareTo(retryMax) > 0 ? retryMax : wait;
    }
}
