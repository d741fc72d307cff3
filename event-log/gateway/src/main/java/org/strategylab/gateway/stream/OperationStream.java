package org.strategylab.gateway.stream;

import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import org.jboss.logging.Logger;
import org.strategylab.eventlog.LoggedEvent;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.eventlog.index.OperationRecord;

/**
 * One client's SSE stream of one operation. It first writes the events it caught up on, then the
 * live events the tail handed it meanwhile and afterwards; an event at or below the last written
 * offset or seq is dropped, so the overlap of catch-up and live is never seen twice. Writes
 * happen on the connection's own Vert.x context; a client that reads too slowly has its events
 * queued up to a limit and is then disconnected (it resumes from its cursor, losing nothing).
 */
final class OperationStream implements LiveListener {

    private static final Logger LOG = Logger.getLogger(OperationStream.class);

    private final OperationRecord operation;
    private final HttpServerResponse response;
    private final Context context;
    private final int bufferLimit;
    private final Consumer<OperationStream> onClose;
    private final ArrayDeque<LoggedEvent> pending = new ArrayDeque<>();
    private long nextOffset;
    private long lastSeq;
    private boolean catchingUp = true;
    private boolean drainScheduled;
    private volatile boolean closed;
    private volatile boolean evicted;

    OperationStream(OperationRecord operation, HttpServerResponse response, Context context, long fromOffset,
                    long lastSeq, int bufferLimit, Consumer<OperationStream> onClose) {
        this.operation = operation;
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
    public void live(LoggedEvent event) {
        boolean schedule;
        synchronized (this) {
            if (closed) {
                return;
            }
            pending.add(event);
            if (pending.size() > bufferLimit) {
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

    /** On the context: writes the caught-up events, then switches to live delivery. */
    void caughtUp(List<LoggedEvent> events) {
        for (LoggedEvent event : events) {
            if (closed || write(event)) {
                return;
            }
        }
        synchronized (this) {
            catchingUp = false;
        }
        drain();
    }

    /** On the context: ends the stream once everything known is written (an operation that already ended). */
    void endAfterCatchUp(List<LoggedEvent> events) {
        for (LoggedEvent event : events) {
            if (closed || write(event)) {
                return;
            }
        }
        close(null);
    }

    private void drain() {
        synchronized (this) {
            drainScheduled = false;
        }
        while (!closed) {
            if (response.writeQueueFull()) {
                // resume when the socket takes more; meanwhile live events queue up to the limit
                response.drainHandler(v -> drain());
                return;
            }
            LoggedEvent event;
            synchronized (this) {
                event = pending.poll();
            }
            if (event == null || write(event)) {
                return;
            }
        }
    }

    /** Writes one event unless already delivered. Answers true when it was terminal and the stream ended. */
    private boolean write(LoggedEvent event) {
        if (event.offset() < nextOffset || event.envelope().seq() <= lastSeq) {
            return false;
        }
        String id = CursorCodec.encode(new Cursor(operation.id(), operation.epoch(), event.partition(), event.offset(),
                event.envelope().seq()));
        response.write(Buffer.buffer("id: " + id + "\nevent: " + event.envelope().type() + "\ndata: "
                + event.envelope().dataJson() + "\n\n"));
        nextOffset = event.offset() + 1;
        lastSeq = event.envelope().seq();
        if (OperationKinds.isTerminal(event.envelope().type())) {
            close(null);
            return true;
        }
        return false;
    }

    /** On the context: a comment line that keeps proxies from cutting an idle stream. */
    void heartbeat() {
        if (!closed) {
            response.write(": heartbeat\n\n");
        }
    }

    /** On the context: an explicit notice (before the stream's events) that history is missing. */
    void gap(String json) {
        response.write("event: replay_gap\ndata: " + json + "\n\n");
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
                response.end(reason == null ? "" : ": " + reason + "\n\n");
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

    boolean closed() {
        return closed;
    }

    boolean evicted() {
        return evicted;
    }
}
