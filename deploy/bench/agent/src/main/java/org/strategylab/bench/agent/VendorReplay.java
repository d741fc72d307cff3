package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A model vendor played back from a {@link VendorTranscript}: a local HTTP server that answers each
 * request with a recorded response, so a recorded turn runs again offline through the real chat
 * loop (chat-service's {@code strategylab.chat.models.<vendor>.base-url} points here, with any key).
 *
 * <p>Each response is served once. A request gets the unserved exchange whose recorded request
 * body shares the longest beginning with its own (serialised as JSON), the earliest on a tie: in a
 * turn without sub-agents that is the recorded order; parallel sub-agents, whose requests differ
 * from their system message on, each get their own answers whatever order they call in. A request
 * with nothing left to serve is a 500 in OpenAI's error format (the loop reports the vendor
 * failure). Every request is kept ({@link #received()}) for tests to check what the loop sent.
 */
public final class VendorReplay implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A request the replay received. */
    public record Received(String method, String path, JsonNode body) {
    }

    private final HttpServer http;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<VendorTranscript.Exchange> unserved = new ArrayList<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private VendorReplay() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.setExecutor(executor);
        http.createContext("/", this::answer);
        http.start();
    }

    /** A replay server with nothing to serve yet, on a free port of 127.0.0.1. */
    public static VendorReplay start() throws IOException {
        return new VendorReplay();
    }

    /** {@code http://127.0.0.1:<port>}: the vendor base URL to give chat-service. */
    public String baseUrl() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    /** Serves {@code transcript}'s responses from now on, instead of what was left. */
    public synchronized void load(VendorTranscript transcript) {
        unserved.clear();
        unserved.addAll(transcript.exchanges());
        received.clear();
    }

    /** The responses not served yet. */
    public synchronized int remaining() {
        return unserved.size();
    }

    /** Every request received since the last {@link #load}. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] bytes = exchange.getRequestBody().readAllBytes();
            JsonNode body = null;
            if (bytes.length > 0) {
                try {
                    body = JSON.readTree(bytes);
                } catch (IOException e) {
                    body = JSON.getNodeFactory().textNode(new String(bytes, StandardCharsets.UTF_8));
                }
            }
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), body));
            VendorTranscript.Exchange reply = next(body);
            if (reply == null) {
                byte[] error = ("{\"error\":{\"message\":\"the replayed transcript has no response left for this request\","
                        + "\"type\":\"server_error\",\"param\":null,\"code\":null}}").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(500, error.length);
                exchange.getResponseBody().write(error);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", reply.contentType());
            exchange.sendResponseHeaders(reply.status(), 0);
            OutputStream out = exchange.getResponseBody();
            // one server-sent event at a time, flushed, as a vendor streams them
            for (String frame : reply.responseBody().split("(?<=\n\n)")) {
                out.write(frame.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        }
    }

    private synchronized VendorTranscript.Exchange next(JsonNode body) throws IOException {
        if (unserved.isEmpty()) {
            return null;
        }
        String text = body == null ? "" : JSON.writeValueAsString(body);
        int best = 0;
        int bestLength = -1;
        for (int i = 0; i < unserved.size(); i++) {
            JsonNode recorded = unserved.get(i).requestBody();
            int length = recorded == null ? 0 : commonPrefix(text, JSON.writeValueAsString(recorded));
            if (length > bestLength) {
                best = i;
                bestLength = length;
            }
        }
        return unserved.remove(best);
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
    }
}
