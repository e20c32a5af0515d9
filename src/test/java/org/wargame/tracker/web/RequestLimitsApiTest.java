package org.wargame.tracker.web;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bodies over the limit of their path are refused with 413 before they are read: by Content-Length, and for a
 * chunked body as soon as the limit is passed. Actions and starts take 64 KB, campaign files 2 MB; a history import
 * may be of any size but each of its lines is limited (tracker.limits.history-line), and refused by line as it is
 * read (tracker.limits.*).
 */
class RequestLimitsApiTest extends ApiTestSupport {

    @Autowired
    JdbcTemplate jdbc;
    @org.springframework.beans.factory.annotation.Value("${tracker.limits.history-line}")
    org.springframework.util.unit.DataSize historyLine;

    long events() {
        return jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
    }

    /**
     * Each request on a connection of its own: after a refused oversized body the server may close the connection
     * (it discards at most 2 MB of what is left), and a pooled client would then fail its next request.
     */
    Response fresh(String user, HttpRequest.Builder request) {
        request.header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                (user + ":" + password(user)).getBytes(StandardCharsets.UTF_8)));
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        try {
            java.net.http.HttpResponse<String> response = client.send(request.build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), JSON.readTree(response.body()), response.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sends the head of a request that declares a body of {@code length} bytes, then only {@code sent} bytes of it
     * (one line without its end), and reads the answer: it must come while the rest of the body is still unsent.
     */
    Response declaredThenSent(String path, long length, String type, long sent) {
        try (java.net.Socket socket = new java.net.Socket("localhost", port)) {
            socket.setSoTimeout(30_000);
            String head = "POST " + path + " HTTP/1.1\r\nHost: localhost:" + port + "\r\nAuthorization: Basic "
                    + java.util.Base64.getEncoder().encodeToString(("referee:" + REFEREE_PASSWORD)
                    .getBytes(StandardCharsets.UTF_8)) + "\r\nContent-Type: " + type + "\r\nContent-Length: "
                    + length + "\r\nConnection: close\r\n\r\n";
            java.io.OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            byte[] block = new byte[64 * 1024];
            java.util.Arrays.fill(block, (byte) 'x');
            for (long left = sent; left > 0; left -= block.length) {
                out.write(block, 0, (int) Math.min(block.length, left));
            }
            out.flush();
            java.io.InputStream in = socket.getInputStream();
            StringBuilder answer = new StringBuilder();
            while (!complete(answer.toString())) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                answer.append((char) b);
            }
            String text = answer.toString();
            int status = Integer.parseInt(text.substring(9, 12));
            String body = text.substring(text.indexOf('{'), text.lastIndexOf('}') + 1);
            return new Response(status, JSON.readTree(body), body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean complete(String answer) {
        int end = answer.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: (\\d+)")
                .matcher(answer.substring(0, end));
        if (length.find()) {
            return answer.length() - end - 4 >= Integer.parseInt(length.group(1));
        }
        return answer.endsWith("\r\n0\r\n\r\n");
    }

    Response freshPost(String user, String path, String body, String type) {
        return fresh(user, HttpRequest.newBuilder(uri(path)).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static String actionWithNotes(int size) {
        return "{\"type\": \"rally\", \"counter\": \"br-crew-1\", \"notes\": \"" + "x".repeat(size) + "\"}";
    }

    @Test
    void an_action_over_64_kb_is_refused_by_its_length_and_when_sent_in_chunks() {
        String scenario = startPlan("alice", importSample("asl-west-of-alamein.yaml"), "ex-10-3");
        long before = events();
        Response declared = freshPost("alice", "/api/scenarios/" + scenario + "/actions", actionWithNotes(70_000),
                "application/json");
        assertThat(declared.status()).isEqualTo(413);
        assertThat(declared.at("/limit").asLong()).isEqualTo(64 * 1024);
        assertThat(declared.at("/detail").asText()).contains("65536 bytes");
        byte[] big = actionWithNotes(200_000).getBytes(StandardCharsets.UTF_8);
        Response chunked = fresh("alice", HttpRequest.newBuilder(uri("/api/scenarios/" + scenario + "/actions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));
        assertThat(chunked.status()).as(chunked.raw()).isEqualTo(413);
        assertThat(chunked.at("/title").asText()).isEqualTo("Request too large");
        Response start = freshPost("alice", "/api/campaigns/asl-west-of-alamein/scenarios",
                "{\"plan\": \"ex-10-3\", \"name\": \"" + "n".repeat(70_000) + "\"}", "application/json");
        assertThat(start.status()).isEqualTo(413);
        assertThat(events()).isEqualTo(before);
        // under the limit the same action is read, and refused for its unknown field only
        Response small = post("alice", "/api/scenarios/" + scenario + "/actions", actionWithNotes(100));
        assertThat(small.status()).isEqualTo(400);
        assertThat(small.at("/field").asText()).isEqualTo("notes");
    }

    @Test
    void a_campaign_file_over_2_mb_and_a_history_line_over_its_limit_are_refused_unread() {
        long before = events();
        String padding = "# " + "y".repeat(1000) + "\n";
        String file = InputContractApiTest.aslFile("limits-big") + padding.repeat(2200);
        Response campaign = freshPost("referee", "/api/campaigns", file, "application/yaml");
        assertThat(campaign.status()).isEqualTo(413);
        assertThat(campaign.at("/limit").asLong()).isEqualTo(2 * 1024 * 1024);
        byte[] chunks = file.getBytes(StandardCharsets.UTF_8);
        Response chunked = fresh("referee", HttpRequest.newBuilder(uri("/api/campaigns"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(chunks))));
        assertThat(chunked.status()).isEqualTo(413);
        // a history may be of any size, but each line is limited: 40 MB declared, and of it only a first line one
        // byte over the line limit sent; the answer names the line before the rest of the body is sent
        long limit = historyLine.toBytes();
        Response history = declaredThenSent("/api/history/import", 40L * 1024 * 1024, "application/x-ndjson",
                limit + 1);
        assertThat(history.status()).as(history.raw()).isIn(400, 413);
        assertThat(history.at("/field").asText()).as(history.raw()).isEqualTo("line 1");
        assertThat(history.at("/detail").asText()).as(history.raw()).contains("longer than " + limit + " bytes")
                .contains("tracker.limits.history-line");
        assertThat(events()).isEqualTo(before);
        // a campaign file under its limit (but far over an action's) is read
        String fine = InputContractApiTest.aslFile(InputContractApiTest.newId()) + padding.repeat(200);
        assertThat(post("referee", "/api/campaigns", fine, "application/yaml").status()).isEqualTo(201);
    }

    @Test
    void a_form_post_to_a_page_is_limited_too() {
        Response page = fresh("alice", HttpRequest.newBuilder(uri("/campaigns/asl-west-of-alamein/scenarios"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("plan=" + "p".repeat(70_000))));
        assertThat(page.status()).isEqualTo(413);
        assertThat(page.at("/status").asInt()).isEqualTo(413);
    }
}
