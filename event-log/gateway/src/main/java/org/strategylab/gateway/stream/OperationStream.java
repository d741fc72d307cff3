package org.strategylab.gateway.stream;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.index.OperationRecord;

/**
 * One client's SSE stream of one operation. It first writes the events it catches up on (a piece
 * at a time: the next piece is read only once the client has taken this one, so a client that
 * stops reading costs one piece, not the whole history), then the live events the tail handed it meanwhile and
 * afterwards; an event at or below the last written offset or seq is dropped, so the overlap of
 * catch-up and live is never seen twice. Writes happen on the connection's own Vert.x context,
 * batched into buffers of up to {@value #BATCH_BYTES} bytes. A client that reads too slowly has its
 * events queued up to a limit and is then disconnected (it resumes from its cursor, losing nothing).
 */
final class OperationStream implements LiveListener {

    private static final Logger LOG = Logger.getLogger(OperationStream.class);
    private static final int BATCH_BYTES = 64 * 1024;

    private final OperationRecord operation;
    private final HttpServerResponse response;
    private final Context context;
    private final int bufferLimit;
    private final Consumer<OperationStream> onClose;
    private final String retryFrame;
    private final boolean mayEndEmpty;
    private boolean headWritten;
    private final ArrayDeque<LiveEvent> pending = new ArrayDeque<>();
    private long nextOffset;
    private long lastSeq;
    private boolean catchingUp = true;
    private boolean drainScheduled;
    private boolean evicting;
    private volatile boolean closed;
    private volatile boolean evicted;
    private volatile boolean waitingForClient;
    /** Events the catch-up has read for this stream and not yet written (bounded by one piece). */
    private final AtomicLong unwrittenCatchUp = new AtomicLong();
    private final AtomicLong peakTracker;
    private long ageTimer = -1;

    /**
     * @param retryMillis  the reconnect delay the stream tells its client ({@code retry:})
     * @param mayEndEmpty  whether a stream that ends before it has anything to write answers
     *                     {@code 204 No Content} instead of an empty event stream: a resume at or after
     *                     an ended operation's terminal event. A 204 is what makes an EventSource stop
     *                     reconnecting; the status line then waits for the catch-up's first event.
     */
    OperationStream(OperationRecord operation, HttpServerResponse response, Context context, long fromOffset,
                    long lastSeq, int bufferLimit, long retryMillis, boolean mayEndEmpty,
                    AtomicLong peakUnwrittenCatchUp, Consumer<OperationStream> onClose) {
        this.operation = operation;
        this.retryFrame = "retry: " + retryMillis + "\n\n";
        this.mayEndEmpty = mayEndEmpty;
        this.peakTracker = peakUnwrittenCatchUp;
        this.response = response;
        this.context = context;
        this.nextOffset = fromOffset;
        this.lastSeq = lastSeq;
        this.bufferLimit = bufferLimit;
        this.onClose = onClose;
    }

    OperationRecord operation() {
        return operation;
    }

    /** From the tail's thread: queue the event and make sure the connection's context writes it. */
    @Override
    public void live(LiveEvent event) {
        boolean schedule;
        synchronized (this) {
            if (closed || evicting) {
                return;
            }
            pending.add(event);
            if (pending.size() > bufferLimit) {
                evicting = true;
                context.runOnContext(v -> evict());
                return;
            }
            schedule = !catchingUp && !drainScheduled;
            drainScheduled |= schedule;
        }
        if (schedule) {
            context.runOnContext(v -> drain());
        }
    }

    /** From the catch-up's reading thread: one more event read for this stream, not yet written. */
    void catchUpRead() {
        long held = unwrittenCatchUp.incrementAndGet();
        peakTracker.accumulateAndGet(held, Math::max);
    }

    /** Events read for catch-up and not yet written to the connection. */
    long unwrittenCatchUp() {
        return unwrittenCatchUp.get();
    }

    /** Whether the catch-up waits for the client to take what was written (its write queue is full). */
    boolean waitingForClient() {
        return waitingForClient;
    }

    /** On the context: one piece of caught-up events (more follow). Answers true when the stream ended. */
    boolean caughtUpChunk(List<LiveEvent> events) {
        return writeAll(events);
    }

    /**
     * On the context: runs the action (reading the next piece) once the connection's write queue
     * has room, i.e. at once, or when the client has read enough. Nothing more is read meanwhile.
     */
    void whenWritable(Runnable action) {
        if (closed) {
            return;
        }
        if (!response.writeQueueFull()) {
            action.run();
            return;
        }
        waitingForClient = true;
        response.drainHandler(v -> {
            // one-shot: the live drain installs its own handler later
            response.drainHandler(null);
            waitingForClient = false;
            if (!closed) {
                action.run();
            }
        });
    }

    /** On the context: the last caught-up events; then the stream switches to live delivery. */
    void caughtUp(List<LiveEvent> events) {
        if (writeAll(events)) {
            return;
        }
        synchronized (this) {
            catchingUp = false;
        }
        drain();
    }

    /** On the context: the last events of an operation that already ended; then the stream ends. */
    void endAfterCatchUp(List<LiveEvent> events) {
        if (!writeAll(events)) {
            close(null);
        }
    }

    /** Writes the events in batches. Answers true when the stream ended (terminal event, or closed). */
    private boolean writeAll(List<LiveEvent> events) {
        try {
            return writeBatches(events);
        } finally {
            unwrittenCatchUp.addAndGet(-events.size());
        }
    }

    private boolean writeBatches(List<LiveEvent> events) {
        Buffer batch = Buffer.buffer();
        for (LiveEvent event : events) {
            if (closed) {
                return true;
            }
            if (append(batch, event)) {
                send(batch);
                close(null);
                return true;
            }
            if (batch.length() >= BATCH_BYTES) {
                send(batch);
                batch = Buffer.buffer();
            }
        }
        if (batch.length() > 0 && !closed) {
            send(batch);
        }
        return closed;
    }

    private void drain() {
        synchronized (this) {
            drainScheduled = false;
        }
        Buffer batch = Buffer.buffer();
        while (!closed) {
            if (response.writeQueueFull()) {
                // resume when the socket takes more; meanwhile live events queue up to the limit
                flush(batch);
                response.drainHandler(v -> drain());
                return;
            }
            LiveEvent event;
            synchronized (this) {
                event = pending.poll();
            }
            if (event == null) {
                flush(batch);
                return;
            }
            if (append(batch, event)) {
                flush(batch);
                close(null);
                return;
            }
            if (batch.length() >= BATCH_BYTES) {
                flush(batch);
                batch = Buffer.buffer();
            }
        }
    }

    private void flush(Buffer batch) {
        if (batch.length() > 0 && !closed) {
            send(batch);
        }
    }

    /**
     * Adds one event's frame to the batch unless already delivered. Answers true when it was
     * terminal, i.e. the stream must end after this batch.
     */
    private boolean append(Buffer batch, LiveEvent event) {
        if (event.offset() < nextOffset || event.seq() <= lastSeq) {
            return false;
        }
        batch.appendBytes(event.frame(operation.epoch()));
        nextOffset = event.offset() + 1;
        lastSeq = event.seq();
        return OperationKinds.isTerminal(event.type());
    }

    /**
     * On the context: the status line and headers of an event stream and its {@code retry:} line,
     * unless already written. Every write goes through here first, so a stream that may end empty
     * commits to {@code 200} only with its first event (or heartbeat, or gap notice).
     */
    void writeHead() {
        if (headWritten) {
            return;
        }
        headWritten = true;
        response.setStatusCode(200)
                .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                .putHeader("Cache-Control", "no-cache")
                .putHeader("X-Accel-Buffering", "no")
                .setChunked(true);
        response.write(retryFrame);
    }

    private void send(Buffer bytes) {
        writeHead();
        response.write(bytes);
    }

    private void send(String text) {
        writeHead();
        response.write(text);
    }

    /** On the context: a comment line that keeps proxies from cutting an idle stream. */
    void heartbeat() {
        // a stream that may still answer 204 has not started yet: nothing to keep alive
        if (!closed && headWritten) {
            send(": heartbeat\n\n");
        }
    }

    /** On the context: an explicit notice (before the stream's events) that history is missing. */
    void gap(String json) {
        send("event: replay_gap\ndata: " + json + "\n\n");
    }

    private void evict() {
        if (!closed) {
            LOG.infof("closing a stream of operation %s: the client fell %d events behind", operation.id(), bufferLimit);
            evicted = true;
            close("too slow: resume with Last-Event-ID");
        }
    }

    /** On the context: ends the response (with a comment saying why, when given). */
    void close(String reason) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            pending.clear();
        }
        try {
            if (!response.ended() && !response.closed()) {
                if (!headWritten && reason == null && mayEndEmpty) {
                    // nothing after the client's cursor and nothing will come: tell it to stop
                    response.setStatusCode(204).end();
                } else {
                    writeHead();
                    response.end(reason == null ? "" : ": " + reason + "\n\n");
                }
            }
        } catch (IllegalStateException e) {
            // the client went away at the same moment
        }
        onClose.accept(this);
    }

    /** When the client disconnected first. */
    void clientGone() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            pending.clear();
        }
        onClose.accept(this);
    }

    Context context() {
        return context;
    }

    void ageTimer(long timer) {
        this.ageTimer = timer;
    }

    long ageTimer() {
        return ageTimer;
    }

    boolean closed() {
        return closed;
    }

    boolean evicted() {
        return evicted;
    }
}
