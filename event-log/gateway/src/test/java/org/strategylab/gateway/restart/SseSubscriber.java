package org.strategylab.gateway.restart;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.cursor.CursorCodec;

/**
 * One SSE connection read on its own thread the way EventSource reads it (fields, blank-line
 * dispatch, comments ignored), so a test can kill the gateway or the broker while it reads and
 * look at what arrived. It does not reconnect by itself: the test resumes explicitly with the last
 * id, once the component it killed is back, which is what EventSource does after its retry delay.
 */
final class SseSubscriber implements AutoCloseable {

    /** One dispatched event and the seq its cursor carries. */
    record Event(String id, String type, String data, long seq) {
    }

    /** How the connection ended, if it did. */
    enum End { OPEN, TERMINAL, CLOSED_BY_SERVER, BROKEN }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final InputStream body;
    private final Thread reader;
    private volatile End end = End.OPEN;
    private volatile IOException failure;

    private SseSubscriber(String name, InputStream body) {
        this.body = body;
        this.reader = new Thread(this::read, "sse-" + name);
        this.reader.setDaemon(true);
    }

    /**
     * Subscribes and starts reading.
     *
     * @param resumeAfter the last id received before, or null for the start
     * @param inQuery     send the cursor as {@code ?lastEventId=} instead of the {@code Last-Event-ID} header
     * @throws IllegalStateException when the gateway does not answer 200
     */
    static SseSubscriber open(String name, URI subscribe, String bearer, String resumeAfter, boolean inQuery)
            throws IOException, InterruptedException {
        URI uri = subscribe;
        HttpRequest.Builder request = HttpRequest.newBuilder().header("Accept", "text/event-stream")
                .header("Authorization", bearer).GET();
        if (resumeAfter != null && inQuery) {
            uri = URI.create(subscribe + "?lastEventId=" + URLEncoder.encode(resumeAfter, StandardCharsets.UTF_8));
        } else if (resumeAfter != null) {
            request.header("Last-Event-ID", resumeAfter);
        }
        HttpResponse<InputStream> response = HTTP.send(request.uri(uri).build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            String problem = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
            throw new IllegalStateException("subscribe answered " + response.statusCode() + ": " + problem);
        }
        SseSubscriber subscriber = new SseSubscriber(name, response.body());
        subscriber.reader.start();
        return subscriber;
    }

    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String id = null;
            String type = null;
            StringBuilder data = null;
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isEmpty()) {
                    if (data != null || type != null) {
                        Event event = new Event(id, type == null ? "message" : type, data == null ? "" : data.toString(),
                                id == null ? -1 : CursorCodec.decode(id).seq());
                        events.add(event);
                        if (OperationKinds.isTerminal(event.type())) {
                            end = End.TERMINAL;
                        }
                    }
                    id = null;
                    type = null;
                    data = null;
                    continue;
                }
                if (line.startsWith(":")) {
                    continue;
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1);
                value = value.startsWith(" ") ? value.substring(1) : value;
                switch (field) {
                    case "id" -> id = value;
                    case "event" -> type = value;
                    case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                    default -> { }
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
    }

    /** The events received so far, in order. */
    List<Event> events() {
        return new ArrayList<>(events);
    }

    int count() {
        return events.size();
    }

    /** The id of the last event received (what EventSource would send as Last-Event-ID). */
    String lastId() {
        return events.isEmpty() ? null : events.get(events.size() - 1).id();
    }

    /** The seqs received, in order. */
    List<Long> seqs() {
        return events.stream().map(Event::seq).toList();
    }

    End end() {
        return end;
    }

    /** Whether the connection is over (a terminal event, the server ending it, or a broken socket). */
    boolean over() {
        return end != End.OPEN && !reader.isAlive();
    }

    IOException failure() {
        return failure;
    }

    /** Cancels the exchange (closing the body is what cancels it; a line stream would block). */
    @Override
    public void close() throws InterruptedException {
        try {
            body.close();
        } catch (IOException e) {
            // already broken: nothing to cancel
        }
        // a reader blocked waiting for the next chunk is not woken by the cancel: interrupt it
        reader.interrupt();
        reader.join(10_000);
    }
}
