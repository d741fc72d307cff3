package org.strategylab.testsupport.sse;

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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * The SSE test client: one connection read the way EventSource reads it ({@link SseParser}),
 * either by the test itself ({@link #next}, {@link #read}, {@link #readToEnd}) or on a thread of
 * its own ({@link #readInBackground}), so a test can kill a gateway or a broker meanwhile and
 * look at what arrived ({@link #events}, {@link #end}). It never reconnects by itself: a test
 * resumes explicitly with {@link #lastId}, as EventSource does after its retry delay. Built on an
 * InputStream, so closing it cancels the exchange (closing a line stream would block on an
 * endless response).
 */
public final class SseClient implements AutoCloseable {

    /** How a connection read in the background ended, if it did. */
    public enum End {
        /** Still reading. */
        OPEN,
        /** After an event the terminal predicate accepted. */
        TERMINAL,
        /** The server ended the response otherwise. */
        CLOSED_BY_SERVER,
        /** The connection broke (reset, killed server). */
        BROKEN
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final HttpResponse<InputStream> response;
    private final BufferedReader reader;
    private final Queue<SseEvent> parsed = new ArrayDeque<>();
    private final List<SseEvent> received = new CopyOnWriteArrayList<>();
    private final List<String> comments = new CopyOnWriteArrayList<>();
    private final SseParser parser = new SseParser(parsed::add, comments::add);
    private volatile End end = End.OPEN;
    private volatile IOException failure;
    private Thread background;

    private SseClient(HttpResponse<InputStream> response) {
        this.response = response;
        this.reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
    }

    /**
     * {@code GET} with {@code Accept: text/event-stream}.
     *
     * @param bearer      the {@code Authorization} value, or null
     * @param lastEventId sent as {@code Last-Event-ID}, or null
     */
    public static SseClient get(URI uri, String bearer, String lastEventId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").GET();
        if (bearer != null) {
            request.header("Authorization", bearer);
        }
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return new SseClient(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    /** {@code POST} of a JSON body with {@code Accept: text/event-stream}. */
    public static SseClient post(URI uri, String bearer, String json) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream")
                .header("Content-Type", "application/json").header("Authorization", bearer)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return new SseClient(HTTP.send(request, HttpResponse.BodyHandlers.ofInputStream()));
    }

    public int status() {
        return response.statusCode();
    }

    public String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** The whole body (for a refused request: the problem). */
    public String body() throws IOException {
        return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The last {@code retry:} hint, or null. */
    public String retry() {
        return parser.retry();
    }

    /** The comment lines so far (heartbeats, the reason the server gave for ending). */
    public List<String> comments() {
        return List.copyOf(comments);
    }

    /** The next event, or null when the server ended the stream. */
    public SseEvent next() throws IOException {
        while (parsed.isEmpty()) {
            String line = reader.readLine();
            if (line == null) {
                return null;
            }
            parser.line(line);
        }
        SseEvent event = parsed.poll();
        received.add(event);
        return event;
    }

    /** Every event until the server ends the stream. */
    public List<SseEvent> readToEnd() throws IOException {
        List<SseEvent> events = new ArrayList<>();
        SseEvent event;
        while ((event = next()) != null) {
            events.add(event);
        }
        return events;
    }

    /** Exactly n events (fails if the stream ends first). */
    public List<SseEvent> read(int n) throws IOException {
        List<SseEvent> events = new ArrayList<>();
        while (events.size() < n) {
            SseEvent event = next();
            if (event == null) {
                throw new IOException("the stream ended after " + events.size() + " of " + n + " events");
            }
            events.add(event);
        }
        return events;
    }

    /**
     * Reads on a thread of its own from now on, until the server ends the stream, the connection
     * breaks, or an event the predicate calls terminal arrives.
     *
     * @param name     for the thread's name
     * @param terminal which event types end an operation
     * @return this client
     */
    public SseClient readInBackground(String name, Predicate<String> terminal) {
        background = new Thread(() -> {
            try {
                SseEvent event;
                while ((event = next()) != null) {
                    if (terminal.test(event.type())) {
                        end = End.TERMINAL;
                    }
                }
                if (end == End.OPEN) {
                    end = End.CLOSED_BY_SERVER;
                }
            } catch (IOException e) {
                failure = e;
                if (end == End.OPEN) {
                    end = End.BROKEN;
                }
            }
        }, "sse-" + name);
        background.setDaemon(true);
        background.start();
        return this;
    }

    /** Every event received so far, in order. */
    public List<SseEvent> events() {
        return new ArrayList<>(received);
    }

    /** How many events were received so far. */
    public int count() {
        return received.size();
    }

    /** The id of the last event received with one (what EventSource would send as Last-Event-ID). */
    public String lastId() {
        for (int i = received.size() - 1; i >= 0; i--) {
            if (received.get(i).id() != null) {
                return received.get(i).id();
            }
        }
        return null;
    }

    /** How a connection read in the background ended ({@link End#OPEN} while it reads). */
    public End end() {
        return end;
    }

    /** Whether a connection read in the background is over (terminal event, the server ended it, or it broke). */
    public boolean over() {
        return end != End.OPEN && (background == null || !background.isAlive());
    }

    /** Why the connection broke, if it did. */
    public IOException failure() {
        return failure;
    }

    /** Cancels the exchange and waits for a background reader to stop. */
    @Override
    public void close() throws IOException {
        try {
            response.body().close();
        } catch (IOException e) {
            // already broken: nothing to cancel
        }
        if (background != null) {
            // a reader blocked waiting for the next chunk is not woken by the cancel: interrupt it
            background.interrupt();
            try {
                background.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
