package org.strategylab.gateway.stream;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test client that reads SSE the way a browser's EventSource does (fields, blank-line dispatch,
 * comments ignored, the last id remembered). Built on an InputStream so closing it cancels the
 * exchange (closing a line stream blocks on an endless response).
 */
final class SseClient implements AutoCloseable {

    /** One dispatched event. */
    record Event(String id, String event, String data) {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final HttpResponse<InputStream> response;
    private final BufferedReader reader;
    private String retry;
    private final List<String> comments = new ArrayList<>();

    private SseClient(HttpResponse<InputStream> response) {
        this.response = response;
        this.reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    static SseClient get(URI uri, String bearer, String lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").GET();
        if (bearer != null) {
            request.header("Authorization", bearer);
        }
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return new SseClient(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    static SseClient post(URI uri, String bearer, String json) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream")
                .header("Content-Type", "application/json").header("Authorization", bearer)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return new SseClient(HTTP.send(request, HttpResponse.BodyHandlers.ofInputStream()));
    }

    int status() {
        return response.statusCode();
    }

    String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    String body() throws IOException {
        return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
    }

    String retry() {
        return retry;
    }

    List<String> comments() {
        return comments;
    }

    /** The next event, or null when the server ended the stream. */
    Event next() throws IOException {
        String id = null;
        String event = null;
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null || event != null) {
                    return new Event(id, event == null ? "message" : event, data == null ? "" : data.toString());
                }
                continue;
            }
            if (line.startsWith(":")) {
                comments.add(line.substring(1).trim());
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                case "retry" -> retry = value;
                default -> { }
            }
        }
        return null;
    }

    /** Every event until the server ends the stream. */
    List<Event> readToEnd() throws IOException {
        List<Event> events = new ArrayList<>();
        Event event;
        while ((event = next()) != null) {
            events.add(event);
        }
        return events;
    }

    /** Exactly n events (fails if the stream ends first). */
    List<Event> read(int n) throws IOException {
        List<Event> events = new ArrayList<>();
        while (events.size() < n) {
            Event event = next();
            if (event == null) {
                throw new IOException("the stream ended after " + events.size() + " of " + n + " events");
            }
            events.add(event);
        }
        return events;
    }

    @Override
    public void close() throws IOException {
        response.body().close();
    }

}
