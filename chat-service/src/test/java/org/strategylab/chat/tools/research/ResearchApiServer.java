package org.strategylab.chat.tools.research;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local HTTP server standing in for a public research API: it records each request's URI and
 * answers a path with the body (in the real service's wire format, written by each test) and
 * status scripted for it; an unscripted path is a 404.
 */
final class ResearchApiServer implements AutoCloseable {

    record Reply(int status, String contentType, String body) {
    }

    private final HttpServer server;
    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    private final List<URI> received = new CopyOnWriteArrayList<>();

    ResearchApiServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            received.add(exchange.getRequestURI());
            Reply reply = replies.getOrDefault(exchange.getRequestURI().getPath(),
                    new Reply(404, "text/plain", "not found"));
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", reply.contentType());
            exchange.sendResponseHeaders(reply.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    void answer(String path, int status, String json) {
        replies.put(path, new Reply(status, "application/json", json));
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<URI> received() {
        return received;
    }

    /** The decoded query parameters of a request. */
    static Map<String, String> parameters(URI uri) {
        Map<String, String> parameters = new java.util.LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int equals = pair.indexOf('=');
            parameters.put(pair.substring(0, equals),
                    java.net.URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return parameters;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
