package org.strategylab.gateway.stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;
import org.strategylab.gateway.config.GatewayConfig;

/**
 * Opens operation streams and keeps track of them: decides where a stream starts (the cursor, or
 * the operation's first offset), says so explicitly when history is missing ({@code replay_gap}),
 * catches up from the log and joins the shared tail; sends heartbeats to every open stream and
 * closes them all, flushed, when the gateway stops.
 */
@ApplicationScoped
public class OperationStreams {

    private static final Logger LOG = Logger.getLogger(OperationStreams.class);

    @Inject
    GatewayConfig config;

    @Inject
    EventLogConfig eventLog;

    @Inject
    TopicTails tails;

    @Inject
    TopicPositions positions;

    @Inject
    ReplayReader reader;

    @Inject
    ObjectMapper json;

    @Inject
    Vertx vertx;

    /** Events per catch-up chunk handed from the reading thread to the connection. */
    private static final int CATCH_UP_CHUNK = 1000;

    private final Set<OperationStream> open = ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;
    private long heartbeatTimer = -1;

    @Inject
    MeterRegistry metrics;

    void onStart(@Observes StartupEvent event) {
        Gauge.builder("strategylab.streams.open", open, Set::size)
                .description("Open operation streams (SSE connections)").register(metrics);
        Gauge.builder("strategylab.streams.watched.operations", tails, TopicTails::watchedOperations)
                .description("Operations with live listeners on this gateway").register(metrics);
        heartbeatTimer = vertx.setPeriodic(config.stream().heartbeat().toMillis(), id -> {
            for (OperationStream stream : open) {
                stream.context().runOnContext(v -> stream.heartbeat());
            }
        });
    }

    /** Open streams now (a metric and a test aid). */
    public int openStreams() {
        return open.size();
    }

    /**
     * Streams the operation to the response, starting after the cursor (or from its first event).
     * The caller has checked ownership and the cursor's identity.
     */
    public void open(RoutingContext routing, OperationRecord operation, Cursor cursor) {
        if (stopping) {
            routing.response().setStatusCode(503).putHeader("Retry-After", "1").end();
            return;
        }
        Context context = vertx.getOrCreateContext();
        Uni.combine().all()
                .unis(currentEpoch(operation), positions.startOffset(operation.topic(), operation.partition()))
                .asTuple()
                .subscribe().with(
                        found -> context.runOnContext(v -> begin(routing, operation, cursor, found.getItem1(),
                                found.getItem2())),
                        failure -> context.runOnContext(v -> unavailable(routing, failure)));
    }

    /** The topic's epoch, looked up again before concluding that the topic was recreated. */
    private Uni<Long> currentEpoch(OperationRecord operation) {
        return positions.epoch(operation.topic()).chain(epoch -> epoch == operation.epoch()
                ? Uni.createFrom().item(epoch)
                : positions.refreshEpoch(operation.topic()));
    }

    private void begin(RoutingContext routing, OperationRecord operation, Cursor cursor, long epoch, long logStart) {
        HttpServerResponse response = routing.response();
        if (response.closed()) {
            return;
        }
        String gap = null;
        long from;
        long lastSeq = 0;
        boolean replayable = epoch == operation.epoch();
        if (!replayable) {
            gap = "topic_recreated";
            from = Long.MAX_VALUE;
        } else if (cursor != null && cursor.epoch() != operation.epoch()) {
            gap = "unknown_epoch";
            from = Math.max(operation.firstOffset(), logStart);
        } else {
            if (cursor != null) {
                from = Math.max(cursor.offset() + 1, operation.firstOffset());
                lastSeq = cursor.seq();
            } else {
                from = operation.firstOffset();
            }
            if (from < logStart) {
                gap = "expired";
                from = logStart;
                lastSeq = 0;
            }
        }
        response.setStatusCode(200)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("Cache-Control", "no-cache")
                .putHeader("X-Accel-Buffering", "no")
                .setChunked(true);
        response.write("retry: " + config.stream().retry().toMillis() + "\n\n");
        OperationStream stream = new OperationStream(operation, response, Vertx.currentContext(),
                from == Long.MAX_VALUE ? 0 : from, lastSeq, config.stream().bufferLimit(), this::closed);
        open.add(stream);
        response.closeHandler(v -> stream.clientGone());
        if (gap != null) {
            metrics.counter("strategylab.streams.replay.gaps", "reason", gap).increment();
            stream.gap(gapJson(operation, gap));
        }
        if (operation.active()) {
            joinLive(stream, operation, from);
        } else if (replayable) {
            catchUpToEnd(stream, operation, from);
        } else {
            stream.close(null);
        }
    }

    private void joinLive(OperationStream stream, OperationRecord operation, long from) {
        TopicTail tail = tails.forTopic(operation.topic());
        // register before reading the tail's position: whatever the tail reads after this moment
        // reaches the stream live, whatever it read before is below the position and caught up
        tail.register(operation.id(), stream);
        vertx.<List<LiveEvent>>executeBlocking(() -> {
            AtomicLongArray next = tail.ready().get(eventLog.replay().timeout().toMillis(), TimeUnit.MILLISECONDS);
            return read(stream, operation, from, next.get(operation.partition()));
        }, false).onComplete(done -> stream.context().runOnContext(v -> {
            if (done.succeeded()) {
                stream.caughtUp(done.result());
            } else {
                LOG.warnf("catch-up of operation %s failed: %s", operation.id(), done.cause().toString());
                stream.close("catch-up failed; reconnect to retry");
            }
        }));
    }

    private void catchUpToEnd(OperationStream stream, OperationRecord operation, long from) {
        positions.endOffset(operation.topic(), operation.partition())
                .subscribe().with(end -> vertx.<List<LiveEvent>>executeBlocking(() -> read(stream, operation, from, end), false)
                                .onComplete(done -> stream.context().runOnContext(v -> {
                                    if (done.succeeded()) {
                                        stream.endAfterCatchUp(done.result());
                                    } else {
                                        stream.close("catch-up failed; reconnect to retry");
                                    }
                                })),
                        failure -> stream.context().runOnContext(v -> stream.close("the log is unavailable; reconnect to retry")));
    }

    /**
     * Reads [from, until) on a worker thread, handing full chunks to the stream's context as they
     * fill (so the first events leave before the last are read); answers the last, partial chunk.
     */
    private List<LiveEvent> read(OperationStream stream, OperationRecord operation, long from, long until) {
        List<LiveEvent> chunk = new ArrayList<>();
        if (from >= until) {
            return chunk;
        }
        reader.read(operation.topic(), operation.partition(), from, until, operation.id(), event -> {
            chunk.add(new LiveEvent(event));
            if (chunk.size() == CATCH_UP_CHUNK && !stream.closed()) {
                List<LiveEvent> ready = List.copyOf(chunk);
                chunk.clear();
                // runOnContext keeps submission order, so chunks and the final part arrive in order
                stream.context().runOnContext(v -> stream.caughtUpChunk(ready));
            }
        });
        return chunk;
    }

    private String gapJson(OperationRecord operation, String reason) {
        ObjectNode gap = json.createObjectNode();
        gap.put("operationId", operation.id().toString());
        gap.put("reason", reason);
        gap.put("status", operation.status().wire());
        gap.put("statePath", OperationKinds.statePath(operation.type(), operation.id(), operation.targetId()));
        return gap.toString();
    }

    private void closed(OperationStream stream) {
        open.remove(stream);
        if (stream.evicted()) {
            metrics.counter("strategylab.streams.evictions").increment();
        }
        tails.forTopicIfStarted(stream.operation().topic())
                .ifPresent(tail -> tail.unregister(stream.operation().id(), stream));
    }

    private void unavailable(RoutingContext routing, Throwable failure) {
        LOG.warnf("cannot open a stream: %s", failure.toString());
        if (!routing.response().headWritten()) {
            routing.response().setStatusCode(503).putHeader("Retry-After", "1").end();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
        if (heartbeatTimer >= 0) {
            vertx.cancelTimer(heartbeatTimer);
        }
        // graceful drain: each stream flushes what it holds and ends, so clients reconnect to
        // another replica with their cursor instead of waiting for a dead socket
        CountDownLatch drained = new CountDownLatch(open.size());
        for (OperationStream stream : List.copyOf(open)) {
            stream.context().runOnContext(v -> {
                stream.close("the gateway is restarting; reconnect with Last-Event-ID");
                drained.countDown();
            });
        }
        try {
            if (!drained.await(config.stream().drainTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warnf("%d streams were still open after the drain timeout", drained.getCount());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
