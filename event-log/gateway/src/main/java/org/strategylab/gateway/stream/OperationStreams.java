package org.strategylab.gateway.stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.config.EventLogConfig;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.replay.ReplayReader;
import org.strategylab.eventlog.replay.TopicPositions;
import org.strategylab.edge.problem.ProblemWriter;
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

    /**
     * Events per catch-up piece: what one read hands to the connection, and the most a stream
     * holds read but unwritten while its client is slow.
     */
    static final int CATCH_UP_CHUNK = 1000;

    private final Set<OperationStream> open = ConcurrentHashMap.newKeySet();
    /** Open streams per user (the owner of the streamed operation, who is the caller). */
    private final Map<String, Integer> perUser = new ConcurrentHashMap<>();
    /** The most events any stream has held read-but-unwritten during catch-up, since start. */
    private final AtomicLong peakUnwrittenCatchUp = new AtomicLong();
    private volatile boolean stopping;
    private long heartbeatTimer = -1;

    @Inject
    MeterRegistry metrics;

    @Inject
    ProblemWriter problems;

    private Counter catchUpsFromMemory;
    private Counter catchUpsFromLog;

    void onStart(@Observes StartupEvent event) {
        catchUpsFromMemory = Counter.builder("strategylab.streams.catchups").tag("source", "memory")
                .description("Catch-ups answered from what the topic's tail read last").register(metrics);
        catchUpsFromLog = Counter.builder("strategylab.streams.catchups").tag("source", "log")
                .description("Catch-up reads from the broker").register(metrics);
        Gauge.builder("strategylab.streams.open", open, Set::size)
                .description("Open operation streams (SSE connections)").register(metrics);
        Gauge.builder("strategylab.streams.watched.operations", tails, TopicTails::watchedOperations)
                .description("Operations with live listeners on this gateway").register(metrics);
        Gauge.builder("strategylab.streams.catchup.unwritten", this, OperationStreams::unwrittenCatchUpEvents)
                .description("Events read for catch-up and not yet written to their (slow) clients").register(metrics);
        Gauge.builder("strategylab.streams.catchup.unwritten.peak", peakUnwrittenCatchUp, AtomicLong::get)
                .description("The most events one stream has held read but unwritten during catch-up").register(metrics);
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

    /** Events read for catch-up and not yet written, over all open streams (a metric and a test aid). */
    public long unwrittenCatchUpEvents() {
        return open.stream().mapToLong(OperationStream::unwrittenCatchUp).sum();
    }

    /** The most events one stream has held read but unwritten during catch-up since start (a test aid). */
    public long peakUnwrittenCatchUp() {
        return peakUnwrittenCatchUp.get();
    }

    /** Streams whose catch-up waits for their client to read (a test aid). */
    public long catchUpsWaitingForClient() {
        return open.stream().filter(OperationStream::waitingForClient).count();
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
        if (!takeSlot(operation.ownerId())) {
            metrics.counter("strategylab.streams.refused", "reason", "per_user_limit").increment();
            routing.response().putHeader("Retry-After", Long.toString(Math.max(1, config.stream().retry().toSeconds())));
            problems.write(routing, 429, "TOO_MANY_STREAMS", "Too Many Requests", "At most "
                    + config.stream().maxStreamsPerUser() + " operation streams may be open at once; close one first",
                    List.of());
            return;
        }
        Context context = vertx.getOrCreateContext();
        // the log's start only matters below what the tail holds: a stream from within it (a new
        // operation's, a quick reconnect's) needs no look-up at the broker
        boolean held = tails.forTopicIfStarted(operation.topic())
                .map(tail -> tail.holdsFrom(operation.partition(), operation.firstOffset())).orElse(false);
        Uni<Long> logStart = held ? Uni.createFrom().item(operation.firstOffset())
                : positions.startOffset(operation.topic(), operation.partition());
        Uni.combine().all()
                .unis(currentEpoch(operation), logStart)
                .asTuple()
                .subscribe().with(
                        found -> context.runOnContext(v -> begin(routing, operation, cursor, found.getItem1(),
                                found.getItem2())),
                        failure -> context.runOnContext(v -> {
                            releaseSlot(operation.ownerId());
                            unavailable(routing, failure);
                        }));
    }

    private boolean takeSlot(String user) {
        boolean[] taken = {false};
        perUser.compute(user, (id, count) -> {
            int current = count == null ? 0 : count;
            if (current >= config.stream().maxStreamsPerUser()) {
                return count;
            }
            taken[0] = true;
            return current + 1;
        });
        return taken[0];
    }

    private void releaseSlot(String user) {
        perUser.computeIfPresent(user, (id, count) -> count <= 1 ? null : count - 1);
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
            releaseSlot(operation.ownerId());
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
        // a resume of an operation that has ended may find nothing after its cursor (the client
        // already has the terminal event): that answers 204, which stops an EventSource for good
        boolean mayEndEmpty = cursor != null && gap == null && replayable && !operation.active();
        OperationStream stream = new OperationStream(operation, response, Vertx.currentContext(),
                from == Long.MAX_VALUE ? 0 : from, lastSeq, config.stream().bufferLimit(),
                config.stream().retry().toMillis(), mayEndEmpty, peakUnwrittenCatchUp, this::closed);
        if (!mayEndEmpty) {
            stream.writeHead();
        }
        open.add(stream);
        // an old connection ends cleanly and the client resumes from its cursor (on any replica)
        stream.ageTimer(vertx.setTimer(config.stream().maxConnectionAge().toMillis(), id -> stream.context()
                .runOnContext(v -> {
                    if (!stream.closed()) {
                        metrics.counter("strategylab.streams.aged").increment();
                        stream.close("the connection reached its maximum age; reconnect with Last-Event-ID");
                    }
                })));
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
        CompletableFuture<AtomicLongArray> ready = tail.ready();
        if (ready.isDone() && !ready.isCompletedExceptionally()) {
            // placed long since (the usual case): no worker thread needed to wait for it
            catchUp(stream, operation, from, ready.join().get(operation.partition()), true);
            return;
        }
        vertx.<Long>executeBlocking(() -> tail.ready().get(eventLog.replay().timeout().toMillis(), TimeUnit.MILLISECONDS)
                .get(operation.partition()), false)
                .onComplete(done -> stream.context().runOnContext(v -> {
                    if (done.succeeded()) {
                        catchUp(stream, operation, from, done.result(), true);
                    } else {
                        LOG.warnf("catch-up of operation %s failed: %s", operation.id(), done.cause().toString());
                        stream.close("catch-up failed; reconnect to retry");
                    }
                }));
    }

    private void catchUpToEnd(OperationStream stream, OperationRecord operation, long from) {
        positions.endOffset(operation.topic(), operation.partition())
                .subscribe().with(end -> stream.context().runOnContext(v -> catchUp(stream, operation, from, end, false)),
                        failure -> stream.context().runOnContext(v -> stream.close("the log is unavailable; reconnect to retry")));
    }

    /**
     * On the stream's context: reads the next piece of [from, until) on a worker thread, writes it,
     * and asks for the following piece only once the connection can take more. A client that stops
     * reading leaves at most one piece in the gateway, and holds no thread and no replay consumer.
     * At the end the stream either switches to live delivery or ends (the operation is over).
     */
    private void catchUp(OperationStream stream, OperationRecord operation, long from, long until, boolean thenLive) {
        if (stream.closed()) {
            return;
        }
        if (from >= until) {
            finishCatchUp(stream, List.of(), thenLive);
            return;
        }
        Optional<List<LoggedEvent>> held = tails.forTopicIfStarted(operation.topic())
                .flatMap(tail -> tail.recentEvents(operation.partition(), from, until, operation.id()));
        if (held.isPresent()) {
            // the tail read the whole range moments ago (a new operation's first events): no broker read
            List<LiveEvent> events = new ArrayList<>(held.get().size());
            for (LoggedEvent event : held.get()) {
                events.add(new LiveEvent(event));
                stream.catchUpRead();
            }
            catchUpsFromMemory.increment();
            finishCatchUp(stream, events, thenLive);
            return;
        }
        catchUpsFromLog.increment();
        vertx.<Piece>executeBlocking(() -> {
            List<LiveEvent> events = new ArrayList<>();
            long next = reader.read(operation.topic(), operation.partition(), from, until, operation.id(),
                    CATCH_UP_CHUNK, event -> {
                        events.add(new LiveEvent(event));
                        stream.catchUpRead();
                    });
            return new Piece(events, next);
        }, false).onComplete(done -> stream.context().runOnContext(v -> {
            if (done.failed()) {
                LOG.warnf("catch-up of operation %s failed: %s", operation.id(), done.cause().toString());
                stream.close("catch-up failed; reconnect to retry");
                return;
            }
            Piece piece = done.result();
            if (piece.next() >= until) {
                finishCatchUp(stream, piece.events(), thenLive);
            } else if (!stream.caughtUpChunk(piece.events())) {
                stream.whenWritable(() -> catchUp(stream, operation, piece.next(), until, thenLive));
            }
        }));
    }

    private static void finishCatchUp(OperationStream stream, List<LiveEvent> events, boolean thenLive) {
        if (thenLive) {
            stream.caughtUp(events);
        } else {
            stream.endAfterCatchUp(events);
        }
    }

    /** One piece of a catch-up: the operation's events read, and the offset to continue from. */
    private record Piece(List<LiveEvent> events, long next) {
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
        if (open.remove(stream)) {
            releaseSlot(stream.operation().ownerId());
        }
        if (stream.ageTimer() >= 0) {
            vertx.cancelTimer(stream.ageTimer());
        }
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
