package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A recording proxy in front of a model vendor: chat-service's
 * {@code strategylab.chat.models.<vendor>.base-url} points here, each request goes on to the
 * vendor's real base URL with its headers (the key included), and the response streams back as it
 * comes while a copy is kept. {@link #drain()} hands over the exchanges made since the last drain,
 * as a {@link VendorTranscript} keeps them: paths and bodies only, never headers or the query (where
 * a key could be), so a transcript can be shared.
 */
public final class VendorRecorder implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Headers the proxy sets itself, or that describe one hop only; the encoding is left to the JDK (identity). */
    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "transfer-encoding",
            "accept-encoding", "upgrade", "keep-alive", "expect");

    private final String upstream;
    private final HttpServer http;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final List<VendorTranscript.Exchange> exchanges = new ArrayList<>();

    private VendorRecorder(String upstream) throws IOException {
        this.upstream = upstream.endsWith("/") ? upstream.substring(0, upstream.length() - 1) : upstream;
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.setExecutor(executor);
        http.createContext("/", this::forward);
        http.start();
    }

    /** A recorder in front of the vendor at {@code upstream} (its base URL, e.g. {@code https://api.openai.com/v1}). */
    public static VendorRecorder start(String upstream) throws IOException {
        return new VendorRecorder(upstream);
    }

    /**
     * The base URL to give chat-service: this proxy, with the upstream base URL's trailing slash
     * kept (Anthropic's client resolves its paths against it).
     */
    public String baseUrl(String upstreamBaseUrl) {
        return "http://127.0.0.1:" + http.getAddress().getPort() + (upstreamBaseUrl.endsWith("/") ? "/" : "");
    }

    /** The exchanges recorded since the last call, in the order their requests came. */
    public synchronized List<VendorTranscript.Exchange> drain() {
        List<VendorTranscript.Exchange> done = List.copyOf(exchanges);
        exchanges.clear();
        return done;
    }

    private void forward(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            String query = exchange.getRequestURI().getRawQuery();
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(upstream + path + (query == null ? "" : "?" + query)))
                    .timeout(Duration.ofMinutes(10))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                    values.forEach(value -> request.header(name, value));
                }
            });
            HttpResponse<InputStream> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
                return;
            } catch (IOException e) {
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            String contentType = response.headers().firstValue("Content-Type").orElse("application/octet-stream");
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(response.statusCode(), 0);
            ByteArrayOutputStream copy = new ByteArrayOutputStream();
            try (InputStream in = response.body()) {
                OutputStream out = exchange.getResponseBody();
                byte[] buffer = new byte[8192];
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, read);
                    out.flush();
                    copy.write(buffer, 0, read);
                }
            } finally {
                record(exchange.getRequestMethod(), path, body, response.statusCode(), contentType, copy);
            }
        }
    }

    private synchronized void record(String method, String path, byte[] body, int status, String contentType,
                                     ByteArrayOutputStream response) {
        JsonNode json = null;
        if (body.length > 0) {
            try {
                json = JSON.readTree(body);
            } catch (IOException e) {
                json = JSON.getNodeFactory().textNode(new String(body, StandardCharsets.UTF_8));
            }
        }
        exchanges.add(new VendorTranscript.Exchange(method, path, json, status, contentType,
                response.toString(StandardCharsets.UTF_8)));
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
    }
}
