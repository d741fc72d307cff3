package org.strategylab.gateway.operations;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.eventlog.cursor.Cursor;
import org.strategylab.eventlog.cursor.CursorCodec;
import org.strategylab.eventlog.cursor.InvalidCursorException;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.gateway.auth.CallerTokens;
import org.strategylab.gateway.stream.OperationStreams;
import org.strategylab.edge.problem.ProblemWriter;

/**
 * {@code GET /api/v1/operations/{operationId}/subscribe}: the operation's events as SSE, from the
 * start or after the cursor in {@code Last-Event-ID} (what EventSource sends on reconnect) or
 * {@code ?lastEventId=} (a first connect, where browsers cannot set headers). Everything that can
 * be refused is refused before the stream starts, with a problem+json status: no token 401, an
 * unknown or someone else's operation 404, a malformed cursor or one of another operation 400.
 * A resume at or after the terminal event of an operation that has ended answers
 * {@code 204 No Content}, the one answer that stops an EventSource from reconnecting for ever.
 */
@ApplicationScoped
public class SubscribeRoute {

    @Inject
    CallerTokens tokens;

    @Inject
    OperationsIndex index;

    @Inject
    OperationStreams streams;

    @Inject
    ProblemWriter problems;

    void register(@Observes Router router) {
        router.get("/api/v1/operations/:operationId/subscribe").order(-20).handler(this::subscribe);
    }

    private void subscribe(RoutingContext context) {
        Optional<CallerTokens.VerifiedCaller> caller = tokens.verify(context.request());
        if (caller.isEmpty()) {
            problems.unauthorized(context);
            return;
        }
        UUID operationId = parseId(context.pathParam("operationId"));
        if (operationId == null) {
            notFound(context);
            return;
        }
        String token = context.request().getHeader("Last-Event-ID");
        String source = "Last-Event-ID";
        if (token == null || token.isBlank()) {
            token = context.request().getParam("lastEventId");
            source = "lastEventId";
        }
        Cursor cursor = null;
        if (token != null && !token.isBlank()) {
            try {
                cursor = CursorCodec.decode(token);
            } catch (InvalidCursorException e) {
                problems.write(context, 400, "INVALID_CURSOR", "Bad Request", "The cursor cannot be read",
                        List.of(new FieldError(source, e.getMessage())));
                return;
            }
            if (!cursor.operationId().equals(operationId)) {
                problems.write(context, 400, "CURSOR_MISMATCH", "Bad Request",
                        "The cursor belongs to another operation",
                        List.of(new FieldError(source, "is a position in another operation's stream")));
                return;
            }
        }
        Cursor resumeAfter = cursor;
        String cursorField = source;
        context.request().pause();
        index.findOwned(operationId, caller.get().userId()).subscribe().with(found -> {
            context.request().resume();
            if (found.isEmpty()) {
                notFound(context);
                return;
            }
            OperationRecord operation = found.get();
            if (resumeAfter != null && resumeAfter.partition() != operation.partition()) {
                problems.write(context, 400, "INVALID_CURSOR", "Bad Request", "The cursor cannot be read",
                        List.of(new FieldError(cursorField, "does not point into this operation's partition")));
                return;
            }
            streams.open(context, operation, resumeAfter);
        }, failure -> {
            context.request().resume();
            problems.write(context, 503, "UNAVAILABLE", "Service Unavailable",
                    "The operations index cannot be read; retry shortly", List.of());
        });
    }

    private void notFound(RoutingContext context) {
        problems.write(context, 404, "OPERATION_NOT_FOUND", "Not Found", "No such operation", List.of());
    }

    static UUID parseId(String value) {
        try {
            return value == null ? null : UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
