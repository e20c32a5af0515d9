package org.wargame.tracker.notice;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mails through a real SMTP server (GreenMail): each player gives an address (refused in words when it is none),
 * then gets one mail per notice, a digest when several wait together, each with its link and a stop link that
 * works in one click without logging in and stops that campaign's mails only. Each address is new for each run, so
 * that mails of other tests' campaigns (on a shared database) are told apart.
 */
class MailNoticesTest extends NoticeTestSupport {

    private record Mail(String to, String subject, String text, String unsubscribeHeader) {
    }

    @Test
    void an_address_is_the_holders_own_and_refused_in_words_when_it_is_none() {
        Response bad = put("bruno", "/api/me/address", Map.of("address", "bruno at home"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.at("/field").asText()).isEqualTo("address");
        assertThat(put("bruno", "/api/me/address", Map.of("address", "a@b.example\r\nBcc: x@y.example")).status())
                .as("no header injection").isEqualTo(400);
        String address = "bruno-" + UUID.randomUUID().toString().substring(0, 8) + "@example.org";
        Response set = put("bruno", "/api/me/address", Map.of("address", address));
        assertThat(set.status()).as(set.raw()).isEqualTo(200);
        assertThat(get("bruno", "/api/me/address").at("/address").asText()).isEqualTo(address);
        assertThat(get("alice", "/api/me/address").raw()).doesNotContain(address);
        assertThat(put("bruno", "/api/me/address", Map.of("address", "")).status()).isEqualTo(200);
        assertThat(get("bruno", "/api/me/address").at("/address").isNull()).isTrue();
    }

    @Test
    void one_mail_per_notice_a_digest_when_several_wait_and_a_one_click_stop_per_campaign() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String alice = "alice-" + run + "@example.org";
        String bruno = "bruno-" + run + "@example.org";
        drainOutbox();
        assertThat(put("alice", "/api/me/address", Map.of("address", alice)).status()).isEqualTo(200);
        assertThat(put("bruno", "/api/me/address", Map.of("address", bruno)).status()).isEqualTo(200);
        try {
            // one notice: one mail, with its link and the campaign's stop link
            String first = importSample("asl-west-of-alamein.yaml");
            String s1 = startPlan("referee", first, "ex-10-3");
            List<Mail> toAlice = await(alice, 1, 20);
            assertThat(toAlice).hasSize(1);
            Mail single = toAlice.get(0);
            assertThat(single.subject()).contains("has begun in");
            assertThat(single.text()).contains("Open it: http://tracker.test/scenarios/" + s1);
            assertThat(single.unsubscribeHeader()).startsWith("<http://tracker.test/unsubscribe?account=alice&campaign="
                    + first + "&token=");

            // two notices within the gathering time: one digest with both
            String second = importSample("asl-west-of-alamein.yaml");
            String third = importSample("asl-west-of-alamein.yaml");
            java.util.concurrent.CompletableFuture<String> starting = java.util.concurrent.CompletableFuture
                    .supplyAsync(() -> startPlan("referee", third, "ex-10-3"));
            String s2 = startPlan("referee", second, "ex-10-3");
            String s3 = starting.get();
            toAlice = await(alice, 2, 20);
            assertThat(toAlice).hasSize(2);
            Mail digest = toAlice.get(1);
            assertThat(digest.subject()).contains("2 things wait for you");
            assertThat(digest.text()).contains("/scenarios/" + s2, "/scenarios/" + s3);
            assertThat(stopLinks(digest.text())).as("one stop link per campaign").hasSize(2);

            // alice stops the first campaign's mails in one click, without logging in; bruno still gets its mails
            String stop = stopLinks(single.text()).get(0).replace("http://tracker.test", "");
            java.net.http.HttpResponse<String> page = page(stop);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("No more mails from");
            assertThat(page(stop.replace("account=alice", "account=bruno")).statusCode())
                    .as("a token is for one account").isEqualTo(400);
            // contains: a database kept from earlier runs holds alice's earlier stops too
            assertThat(get("alice", "/api/me/address").at("/stoppedCampaigns").toString()).contains("\"" + first + "\"");
            int brunoBefore = mails(bruno).size();
            Response concluded = post("referee", "/api/scenarios/" + s1 + "/conclude", Map.of("result", "a draw"));
            assertThat(concluded.status()).as(concluded.raw()).isEqualTo(200);
            List<Mail> toBruno = await(bruno, brunoBefore + 1, 20);
            assertThat(toBruno.get(toBruno.size() - 1).text()).contains("has ended: a draw");
            Thread.sleep(1_000);
            assertThat(mails(alice)).as("nothing more from the stopped campaign").hasSize(2);

            // at most one mail per notice: each scenario's link is in exactly one of alice's mails
            for (String s : List.of(s1, s2, s3)) {
                assertThat(mails(alice).stream().filter(m -> m.text().contains("/scenarios/" + s))).hasSize(1);
            }
        } finally {
            put("alice", "/api/me/address", Map.of("address", ""));
            put("bruno", "/api/me/address", Map.of("address", ""));
        }
    }

    private Response put(String user, String path, Object body) {
        try {
            return send(user, HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A page, as a browser without a session gets it. */
    private java.net.http.HttpResponse<String> page(String path) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri(path)).GET().build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> stopLinks(String text) {
        Matcher m = Pattern.compile("http://tracker\\.test/unsubscribe\\?\\S+").matcher(text);
        List<String> links = new ArrayList<>();
        while (m.find()) {
            links.add(m.group());
        }
        return links;
    }

    private static List<Mail> await(String to, int count, int seconds) throws Exception {
        long until = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < until && mails(to).size() < count) {
            Thread.sleep(100);
        }
        Thread.sleep(300); // and no more than that
        return mails(to);
    }

    private static List<Mail> mails(String to) throws Exception {
        List<Mail> found = new ArrayList<>();
        for (MimeMessage m : MAIL.getReceivedMessages()) {
            if (Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().equals(to))) {
                found.add(new Mail(to, m.getSubject(), m.getContent().toString(), m.getHeader("List-Unsubscribe",
                        null)));
            }
        }
        return found;
    }
}
