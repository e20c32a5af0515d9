package org.wargame.tracker.notice;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetupTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import org.wargame.tracker.ApiTestSupport;

/**
 * The notice tests' tracker: its sender on and quick (a round every 100 ms, retries after 0.3 s doubling up to 1 s, a
 * 2 s timeout, mails gathered for 4 s), webhooks allowed to this machine's receivers, and SMTP to a real mail server
 * (GreenMail) running in the test.
 */
@TestPropertySource(properties = {"tracker.notices.send=true", "tracker.notices.poll=100ms",
        "tracker.notices.retry-first=300ms", "tracker.notices.retry-max=1s", "tracker.notices.timeout=2s",
        "tracker.notices.webhooks.allow-private-addresses=true", "tracker.notices.mail.gather=4s",
        "tracker.notices.public-url=http://tracker.test", "tracker.notices.mail.from=tracker@tracker.test"})
abstract class NoticeTestSupport extends ApiTestSupport {

    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    /**
     * Waits until the sender has fanned out every notice already in the outbox: the tests before this one (on the
     * shared database, with the sender off) left theirs, and an address given now must not receive them.
     */
    void drainOutbox() throws InterruptedException {
        long until = System.currentTimeMillis() + 90_000;
        while (jdbc.queryForObject("select count(*) from notice_item where fanned_out = ?", Long.class, false) > 0) {
            if (System.currentTimeMillis() > until) {
                throw new AssertionError("the outbox was not fanned out within 90 s");
            }
            Thread.sleep(100);
        }
    }

    static final GreenMail MAIL = startMail();

    private static GreenMail startMail() {
        GreenMail mail = new GreenMail(ServerSetupTest.SMTP.dynamicPort());
        mail.start();
        return mail;
    }

    @DynamicPropertySource
    static void smtp(DynamicPropertyRegistry registry) {
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", () -> MAIL.getSmtp().getPort());
    }
}
