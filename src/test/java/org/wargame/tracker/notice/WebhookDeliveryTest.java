package org.wargame.tracker.notice;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Webhooks through HTTP to a real receiver on this machine: the referee configures them (bad addresses and events
 * refused in words, players refused), each scenario start and dispute is POSTed signed, with a delivery id; a
 * receiver that is down is tried again until it answers, every attempt in the referee's log; one that hangs slows
 * no action.
 */
class WebhookDeliveryTest extends NoticeTestSupport {

    private static final Receiver RECEIVER = new Receiver();
    private static final String SECRET = "a-secret-of-the-referee";

    @AfterAll
    static void stopReceiver() {
        RECEIVER.close();
    }

    private String hook(String campaign, String path, List<String> events, String format) {
        Response added = post("referee", "/api/campaigns/" + campaign + "/webhooks", Map.of("url", RECEIVER.url(path),
                "events", events, "secret", SECRET, "format", format));
        assertThat(added.status()).as(added.raw()).isEqualTo(201);
        assertThat(added.body().has("secret")).as("a secret given is never shown back").isFalse();
        return added.at("/webhook/id").asText();
    }

    @Test
    void bad_addresses_and_events_are_refused_in_words_and_players_may_not_configure() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String path = "/api/campaigns/" + campaign + "/webhooks";
        Response ftp = post("referee", path, Map.of("url", "ftp://example.org/hook"));
        assertThat(ftp.status()).isEqualTo(400);
        assertThat(ftp.at("/field").asText()).isEqualTo("url");
        assertThat(ftp.at("/detail").asText()).contains("https://");
        Response words = post("referee", path, Map.of("url", "not an address at all"));
        assertThat(words.status()).isEqualTo(400);
        assertThat(words.at("/field").asText()).isEqualTo("url");
        Response password = post("referee", path, Map.of("url", "https://user:pw@example.org/hook"));
        assertThat(password.at("/detail").asText()).contains("user name or password");
        Response event = post("referee", path, Map.of("url", RECEIVER.url("/x"), "events", List.of("everything")));
        assertThat(event.status()).isEqualTo(400);
        assertThat(event.at("/field").asText()).isEqualTo("events[0]");
        assertThat(event.at("/detail").asText()).contains("scenario-started");
        Response shortSecret = post("referee", path, Map.of("url", RECEIVER.url("/x"), "secret", "short"));
        assertThat(shortSecret.at("/field").asText()).isEqualTo("secret");
        assertThat(post("alice", path, Map.of("url", RECEIVER.url("/x"))).status()).isEqualTo(403);
        assertThat(get("alice", path).status()).isEqualTo(403);

        Response made = post("referee", path, Map.of("url", RECEIVER.url("/made")));
        assertThat(made.status()).isEqualTo(201);
        assertThat(made.at("/secret").asText()).as("a secret made by the tracker is shown once").hasSizeGreaterThan(20);
        assertThat(made.at("/webhook/events")).hasSize(NoticeKind.values().length);
        assertThat(get("referee", path).raw()).doesNotContain(made.at("/secret").asText());
    }

    @Test
    void a_scenario_start_is_posted_signed_with_a_delivery_id() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        hook(campaign, "/signed", List.of("scenario-started"), "plain");
        String scenario = startPlan("referee", campaign, "ex-10-3");

        List<Receiver.Received> got = RECEIVER.await("/signed", 15, l -> !l.isEmpty());
        assertThat(got).hasSize(1);
        Receiver.Received post = got.get(0);
        assertThat(post.signature()).as("HMAC-SHA256 of the body under the secret")
                .isEqualTo(Signature.of(SECRET, post.body().getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("sha256=" + java.util.HexFormat.of().formatHex(hmac(SECRET, post.body())));
        assertThat(post.signature()).isNotEqualTo(Signature.of("another-secret-entirely", post.body()
                .getBytes(StandardCharsets.UTF_8)));
        JsonNode body = JSON.readTree(post.body());
        assertThat(body.at("/delivery").asText()).isEqualTo(post.delivery()).isNotBlank();
        assertThat(body.at("/kind").asText()).isEqualTo("scenario-started").isEqualTo(post.event());
        assertThat(body.at("/campaign/id").asText()).isEqualTo(campaign);
        assertThat(body.at("/scenario/id").asText()).isEqualTo(scenario);
        assertThat(body.at("/scenario/name").asText()).isNotBlank();
        assertThat(body.at("/words").asText()).contains("has begun in");
        assertThat(body.at("/link").asText()).isEqualTo("http://tracker.test/scenarios/" + scenario);

        // the start's outbox row went in the transaction that made its delivery (which was sent after its commit)
        assertThat(outboxRows(scenario)).as("the outbox keeps only what is still to be fanned out").isZero();

        // a later advance of the clock is no scenario start: not sent to this webhook
        advance("bruno", scenario);
        Thread.sleep(600);
        assertThat(RECEIVER.at("/signed")).hasSize(1);
        assertThat(outboxRows(scenario)).as("the advance's row, fanned out, is gone too").isZero();
    }

    private long outboxRows(String scenario) {
        return jdbc.queryForObject("select count(*) from notice_item where scenario_id = ?", Long.class, scenario);
    }

    /** The HMAC computed as a receiver would, with the JDK alone. */
    private static byte[] hmac(String secret, String body) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void a_dispute_is_posted_in_discord_and_slack_bodies_naming_who_it_waits_for() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        hook(campaign, "/discord", List.of("dispute"), "discord");
        hook(campaign, "/slack", List.of("dispute"), "slack");
        hook(campaign, "/plain-dispute", List.of("dispute"), "plain");
        String scenario = startPlan("referee", campaign, "ex-10-3");
        String advanced = advance("bruno", scenario).at("/actionId").asText();
        Response disputed = post("alice", "/api/scenarios/" + scenario + "/disputes", Map.of("actionId", advanced,
                "reason", "the clock moved before my @everyone question"));
        assertThat(disputed.status()).as(disputed.raw()).isEqualTo(201);

        JsonNode discord = JSON.readTree(RECEIVER.await("/discord", 15, l -> !l.isEmpty()).get(0).body());
        assertThat(discord.at("/content").asText()).contains("alice disputes an action", "rule on it",
                "http://tracker.test/scenarios/" + scenario);
        assertThat(discord.at("/allowed_mentions/parse")).isEmpty();
        JsonNode slack = JSON.readTree(RECEIVER.await("/slack", 15, l -> !l.isEmpty()).get(0).body());
        assertThat(slack.at("/text").asText()).contains("alice disputes", "<http://tracker.test/scenarios/"
                + scenario + "#disputes>");
        JsonNode plain = JSON.readTree(RECEIVER.await("/plain-dispute", 15, l -> !l.isEmpty()).get(0).body());
        assertThat(plain.at("/waitingFor/0").asText()).isEqualTo("the referee");
    }

    @Test
    void a_receiver_that_is_down_gets_it_again_until_it_answers_and_each_attempt_is_logged() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String hook = hook(campaign, "/down", List.of("scenario-started"), "plain");
        RECEIVER.downFor.set(2);
        startPlan("referee", campaign, "ex-10-3");

        List<Receiver.Received> got = RECEIVER.await("/down", 20, l -> l.size() >= 3);
        assertThat(got).hasSize(3);
        assertThat(got).extracting(Receiver.Received::delivery).as("one delivery, sent again").containsOnly(
                got.get(0).delivery());
        assertThat(got).extracting(Receiver.Received::body).as("the same bytes each time").containsOnly(
                got.get(0).body());
        assertThat(Duration.between(got.get(0).at(), got.get(2).at())).as("0.3 s, then 0.6 s").isGreaterThan(
                Duration.ofMillis(800));

        JsonNode log = awaitDelivery(campaign, hook, "sent");
        assertThat(log.at("/0/attempts").asInt()).isEqualTo(3);
        List<Integer> statuses = new ArrayList<>();
        log.at("/0/log").forEach(a -> statuses.add(a.get("status").asInt()));
        assertThat(statuses).as("newest first").containsExactly(204, 503, 503);
        assertThat(log.at("/0/log/2/answer").asText()).isEqualTo("down for maintenance");

        // nothing listens at all: the attempt says so, and it stays due for later
        String second = importSample("asl-west-of-alamein.yaml");
        String nowhere = post("referee", "/api/campaigns/" + second + "/webhooks", Map.of("url",
                "http://127.0.0.1:9/nowhere", "events", List.of("scenario-started"))).at("/webhook/id").asText();
        startPlan("referee", second, "ex-10-3");
        JsonNode refused = awaitAttempt(second, nowhere);
        assertThat(refused.at("/0/state").asText()).isEqualTo("pending");
        assertThat(refused.at("/0/log/0/answer").asText()).contains("could not connect");
        assertThat(refused.at("/0/log/0/status").isNull()).isTrue();
    }

    @Test
    void an_action_takes_no_longer_while_the_receiver_hangs() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("referee", campaign, "ex-10-3");
        String disputed = advance("bruno", scenario).at("/actionId").asText();
        long before = slowestOfAdvances(scenario, 3);
        String hook = hook(campaign, "/hanging", List.of("dispute"), "plain");
        RECEIVER.hang = Duration.ofSeconds(5); // longer than the 2 s timeout
        try {
            long started = System.nanoTime();
            Response dispute = post("alice", "/api/scenarios/" + scenario + "/disputes", Map.of("actionId", disputed,
                    "reason", "too early"));
            long disputing = (System.nanoTime() - started) / 1_000_000;
            assertThat(dispute.status()).as(dispute.raw()).isEqualTo(201);
            RECEIVER.await("/hanging", 10, l -> !l.isEmpty()); // the sender now waits for its answer
            long during = slowestOfAdvances(scenario, 3);
            assertThat(disputing).as("the dispute, with a hanging receiver, ms").isLessThan(2_000);
            assertThat(during).as("advances while the receiver hangs vs before (%d ms), ms", before)
                    .isLessThan(Math.max(1_000, before * 3));
            JsonNode log = awaitAttempt(campaign, hook);
            assertThat(log.findValuesAsText("answer")).anyMatch(a -> a.contains("no answer within 2 s"));
        } finally {
            RECEIVER.hang = Duration.ZERO;
        }
    }

    @org.springframework.beans.factory.annotation.Autowired
    NoticeSender sender;

    /**
     * A stop while a receiver hangs: the send is cancelled at once and its attempt recorded as stopped, and the
     * database stays open (the sender used to interrupt its threads, and a thread interrupted inside the embedded
     * H2's file write closes the database: the attempt was then lost with every write after it).
     */
    @Test
    void a_stop_during_a_send_records_the_attempt_and_leaves_the_database_open() throws Exception {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String scenario = startPlan("referee", campaign, "ex-10-3");
        String disputed = advance("bruno", scenario).at("/actionId").asText();
        String hook = hook(campaign, "/hanging-at-stop", List.of("dispute"), "plain");
        RECEIVER.hang = Duration.ofSeconds(10); // longer than the 2 s timeout: only the stop ends the send early
        try {
            assertThat(post("alice", "/api/scenarios/" + scenario + "/disputes", Map.of("actionId", disputed,
                    "reason", "too early")).status()).isEqualTo(201);
            RECEIVER.await("/hanging-at-stop", 10, l -> !l.isEmpty()); // the sender waits for its answer
            long started = System.nanoTime();
            sender.stop();
            long stopping = (System.nanoTime() - started) / 1_000_000;
            assertThat(stopping).as("the stop, ms (the send's timeout is 2 s)").isLessThan(1_500);
            List<String> answers = jdbc.queryForList("select a.answer from webhook_attempt a join webhook_delivery d "
                    + "on d.id = a.delivery_id where d.webhook_id = ?", String.class, hook);
            assertThat(answers).containsExactly(WebhookSender.STOPPED);
        } finally {
            RECEIVER.hang = Duration.ZERO;
            sender.start();
        }
        Response after = advance("referee", scenario);
        assertThat(after.status()).as("an action after the stop: %s", after.raw()).isEqualTo(200);
    }

    private long slowestOfAdvances(String scenario, int n) {
        long slowest = 0;
        for (int i = 0; i < n; i++) {
            long started = System.nanoTime();
            Response r = advance("referee", scenario);
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
            slowest = Math.max(slowest, (System.nanoTime() - started) / 1_000_000);
        }
        return slowest;
    }

    private JsonNode awaitDelivery(String campaign, String hook, String state) throws InterruptedException {
        JsonNode log = null;
        for (int i = 0; i < 200; i++) {
            log = get("referee", "/api/campaigns/" + campaign + "/webhooks/" + hook + "/deliveries").body();
            if (log.size() > 0 && log.at("/0/state").asText().equals(state)) {
                return log;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no delivery " + state + ": " + log);
    }

    private JsonNode awaitAttempt(String campaign, String hook) throws InterruptedException {
        JsonNode log = null;
        for (int i = 0; i < 200; i++) {
            log = get("referee", "/api/campaigns/" + campaign + "/webhooks/" + hook + "/deliveries").body();
            if (log.size() > 0 && log.at("/0/log").size() > 0) {
                return log;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no attempt: " + log);
    }
}
