package org.strategylab.bench.sse;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.strategylab.testsupport.sse.SseEvent;
import org.strategylab.testsupport.sse.SseParser;

/**
 * One SSE subscription on a shared non-blocking Vert.x client: lines are split at {@code \n} and
 * read by test-support's {@link SseParser} (the same EventSource reading the gateway's tests use),
 * and each event's payload ({@code {"t":<producer nanoTime>,"s":<seq>,"p":<phase>}}) is read
 * without a JSON parser, so the client costs little next to the gateway it measures. Everything
 * per stream runs on its connection's event loop; totals go to a shared {@link Tally}.
 */
final class SseStream {

    private final UUID operationId;
    private final Tally tally;
    private final Promise<Void> opened = Promise.promise();
    private final Promise<Void> ended = Promise.promise();
    private final SseParser parser = new SseParser(this::event, this::comment);
    private long expectedSeq = 1;
    private long received;
    private volatile long firstEventAt;
    private volatile boolean terminal;
    private volatile String closeReason;

    SseStream(UUID operationId, Tally tally) {
        this.operationId = operationId;
        this.tally = tally;
    }

    /**
     * Subscribes from the start of the operation.
     *
     * @return completes when the gateway's first frame (the {@code retry:} hint) arrived, i.e. the
     *         stream is registered for live events
     */
    Future<Void> open(HttpClient client, String bearer) {
        RequestOptions request = new RequestOptions().setMethod(HttpMethod.GET)
                .setURI("/api/v1/operations/" + operationId + "/subscribe")
                .putHeader("Accept", "text/event-stream").putHeader("Authorization", bearer);
        client.request(request).compose(r -> r.send()).onComplete(done -> {
            if (done.failed()) {
                fail(done.cause().toString());
                return;
            }
            HttpClientResponse response = done.result();
            if (response.statusCode() != 200) {
                response.body().onComplete(body -> fail("HTTP " + response.statusCode() + ": "
                        + (body.succeeded() ? body.result().toString() : "")));
                return;
            }
            response.handler(RecordParser.newDelimited("\n", this::line));
            response.exceptionHandler(e -> fail(e.toString()));
            response.endHandler(v -> {
                opened.tryFail("the stream ended before its first frame");
                ended.tryComplete();
            });
        });
        return opened.future();
    }

    private void fail(String reason) {
        closeReason = reason;
        opened.tryFail(reason);
        ended.tryComplete();
    }

    private void line(Buffer line) {
        // the first line (the retry: hint) means the stream is registered for live events
        opened.tryComplete();
        parser.line(line.toString(StandardCharsets.UTF_8));
    }

    private void comment(String comment) {
        // a heartbeat, or the reason the gateway gives for closing (eviction, maximum age, shutdown)
        if (!comment.startsWith("heartbeat")) {
            closeReason = comment;
        }
    }

    private void event(SseEvent event) {
        long now = System.nanoTime();
        if (event.type().equals("replay_gap")) {
            tally.gaps.incrementAndGet();
            return;
        }
        String data = event.data();
        long sentAt = number(data, "\"t\":");
        long seq = number(data, "\"s\":");
        int phase = (int) number(data, "\"p\":");
        if (seq != expectedSeq) {
            tally.outOfSequence.incrementAndGet();
        }
        expectedSeq = seq + 1;
        if (received++ == 0) {
            firstEventAt = now;
        }
        tally.record(phase, sentAt, now);
        if (event.type().equals("operation_completed")) {
            terminal = true;
        }
    }

    private static long number(String text, String key) {
        int start = text.indexOf(key);
        if (start < 0) {
            return -1;
        }
        long value = 0;
        for (int i = start + key.length(); i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** Completes when the gateway ended the response (after the terminal event, or an eviction). */
    Future<Void> ended() {
        return ended.future();
    }

    boolean terminal() {
        return terminal;
    }

    /** When the first event arrived (System.nanoTime), 0 before. */
    long firstEventAt() {
        return firstEventAt;
    }

    long received() {
        return received;
    }

    /** Why the stream closed early, if it did (a failure, or the gateway's closing comment). */
    String closeReason() {
        return closeReason;
    }
}
