package org.wargame.tracker.notice;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A real webhook receiver on this machine (the JDK's HTTP server): it keeps every POST it was sent, and answers as
 * told: 204, a number of 503s first ("down"), or not at all for a while ("hanging").
 */
final class Receiver implements AutoCloseable {

    record Received(String path, String delivery, String signature, String event, String body, Instant at) {
    }

    final List<Received> received = new CopyOnWriteArrayList<>();
    final AtomicInteger downFor = new AtomicInteger();
    volatile Duration hang = Duration.ZERO;
    private final HttpServer server;

    Receiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst(Signature.DELIVERY_HEADER),
                    exchange.getRequestHeaders().getFirst(Signature.HEADER),
                    exchange.getRequestHeaders().getFirst(Signature.EVENT_HEADER), body, Instant.now()));
            try {
                if (!hang.isZero()) {
                    Thread.sleep(hang.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (downFor.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                byte[] answer = "down for maintenance".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(503, answer.length);
                exchange.getResponseBody().write(answer);
            } else {
                exchange.sendResponseHeaders(204, -1);
            }
            exchange.close();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Received> at(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    /** Waits up to {@code seconds} until the POSTs to {@code path} satisfy {@code done}; returns them. */
    List<Received> await(String path, int seconds, Predicate<List<Received>> done) throws InterruptedException {
        Instant until = Instant.now().plusSeconds(seconds);
        while (Instant.now().isBefore(until) && !done.test(at(path))) {
            Thread.sleep(50);
        }
        return at(path);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
