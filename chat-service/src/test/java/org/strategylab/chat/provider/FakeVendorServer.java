package org.strategylab.chat.provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local HTTP server standing in for a model vendor: it records every request and answers each
 * with the next scripted {@link Reply} (the vendor's own wire format is in the replies, written by
 * each vendor's test).
 */
final class FakeVendorServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A request as the vendor saw it. */
    record Received(String method, String path, String query, com.sun.net.httpserver.Headers headers, JsonNode body) {

        String header(String name) {
            return headers.getFirst(name);
        }
    }

    /** One scripted answer. */
    interface Reply {
        void send(HttpExchange exchange, FakeVendorServer server) throws IOException;
    }

    private final HttpServer http;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicBoolean clientHungUp = new AtomicBoolean();
    private final AtomicInteger completedStreams = new AtomicInteger();

    FakeVendorServer() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.setExecutor(executor);
        http.createContext("/", this::answer);
        http.start();
    }

    /** {@code http://127.0.0.1:<port>} */
    String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    void enqueue(Reply reply) {
        replies.add(reply);
    }

    List<Received> received() {
        return received;
    }

    /** Whether the client closed the connection while an endless stream was being written. */
    boolean clientHungUp() {
        return clientHungUp.get();
    }

    /** How many scripted whole streams were written to their end. */
    int completedStreams() {
        return completedStreams.get();
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
    }

    private void answer(HttpExchange exchange) throws IOException {
        byte[] raw = exchange.getRequestBody().readAllBytes();
        JsonNode body = raw.length == 0 ? null : JSON.readTree(raw);
        received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getQuery(), exchange.getRequestHeaders(), body));
        Reply reply = replies.poll();
        if (reply == null) {
            status(500, "application/json", "{\"error\":\"the test scripted no reply\"}").send(exchange, this);
            return;
        }
        reply.send(exchange, this);
    }

    /** A whole stream: every frame written and flushed on its own, then the end of the response. */
    static Reply stream(String contentType, List<String> frames) {
        return (exchange, server) -> {
            exchange.getResponseHeaders().add("Content-Type", contentType);
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (String frame : frames) {
                    out.write(frame.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
            server.completedStreams.incrementAndGet();
        };
    }

    /** A refusal before any streaming: a status and a body. */
    static Reply status(int status, String contentType, String body) {
        return (exchange, server) -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", contentType);
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        };
    }

    /**
     * A stream cut mid-way: the frames are written, then the connection is dropped without the
     * chunked body's end (as when the vendor's server dies).
     */
    static Reply brokenStream(String contentType, List<String> frames) {
        return (exchange, server) -> {
            exchange.getResponseHeaders().add("Content-Type", contentType);
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            for (String frame : frames) {
                out.write(frame.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            // an exception out of the handler makes the JDK server close the connection as is
            throw new IOException("vendor server died mid-stream (scripted)");
        };
    }

    /**
     * A stream that never ends: the first frames, then {@code repeated} over and over until the
     * client closes the connection (recorded) or a minute passes.
     */
    static Reply endless(String contentType, List<String> first, String repeated) {
        return (exchange, server) -> {
            exchange.getResponseHeaders().add("Content-Type", contentType);
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            long deadline = System.nanoTime() + 60_000_000_000L;
            try {
                for (String frame : first) {
                    out.write(frame.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                while (System.nanoTime() < deadline) {
                    out.write(repeated.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    Thread.sleep(20); // pacing of the fake token stream, not a wait for a condition
                }
            } catch (IOException hungUp) {
                server.clientHungUp.set(true);
                exchange.close();
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        };
    }
}
