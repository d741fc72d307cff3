package org.strategylab.gateway.operations;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.index.OperationRecord;
import org.strategylab.eventlog.index.OperationsIndex;
import org.strategylab.gateway.auth.CallerTokens;

/**
 * The caller's operations: one operation's state, cancel, and the active ones (to re-attach after
 * a page reload). Someone else's operation is a 404, exactly like a missing one.
 */
@Path("/api/v1/operations")
public class OperationsResource {

    /**
     * An operation as clients see it. {@code status} is {@code queued} while no worker has taken it
     * (it waits for a free slot of its service), {@code running} once one has, then {@code completed},
     * {@code failed} or {@code cancelled}; {@code queuedAhead} is, for one queued operation read by
     * id, about how many of its service's queued operations will be taken before it (its owner's
     * earlier ones, and other users' in turn: slots go user by user), else null.
     */
    public record OperationView(UUID operationId, String type, String targetId, String status,
                                boolean cancelRequested, String statePath, OffsetDateTime createdAt,
                                OffsetDateTime endedAt, Long queuedAhead) {

        static OperationView of(OperationRecord record) {
            return of(record, null);
        }

        static OperationView of(OperationRecord record, Long queuedAhead) {
            return new OperationView(record.id(), record.type(), record.targetId(), record.publicStatus(),
                    record.cancelRequested(), OperationKinds.statePath(record.type(), record.id(), record.targetId()),
                    record.createdAt(), record.endedAt(), queuedAhead);
        }
    }

    /** A page of active operations. */
    public record OperationPage(List<OperationView> items, long total, int limit, int offset) {
    }

    /** The answer to a cancel request. */
    public record CancelResult(UUID operationId, String status, boolean cancelled) {
    }

    @Inject
    CallerTokens tokens;

    @Inject
    OperationsIndex index;

    @GET
    @Path("/{operationId}")
    public Uni<OperationView> get(@PathParam("operationId") String operationId, @Context HttpServerRequest request) {
        String owner = owner(request);
        return index.findOwned(id(operationId), owner).chain(found -> {
            OperationRecord operation = found.orElseThrow(OperationsResource::notFound);
            return operation.queued()
                    ? index.queuedAhead(operation).map(ahead -> OperationView.of(operation, ahead))
                    : Uni.createFrom().item(OperationView.of(operation));
        });
    }

    @POST
    @Path("/{operationId}/cancel")
    public Uni<Response> cancel(@PathParam("operationId") String operationId, @Context HttpServerRequest request) {
        String owner = owner(request);
        UUID id = id(operationId);
        return index.findOwned(id, owner).chain(found -> {
            OperationRecord operation = found.orElseThrow(OperationsResource::notFound);
            if (!operation.active()) {
                return Uni.createFrom().item(new CancelResult(id, operation.status().wire(), false));
            }
            return index.requestCancel(id, owner)
                    .map(flagged -> new CancelResult(id, operation.publicStatus(), flagged));
        }).map(result -> Response.accepted(result).build());
    }

    @GET
    @Path("/active")
    public Uni<OperationPage> active(
            @QueryParam("type") @Pattern(regexp = "[a-z_]{1,40}", message = "must be an operation type such as chat or experiment") String type,
            @QueryParam("target") @Pattern(regexp = "[A-Za-z0-9._:-]{1,128}", message = "must be an id") String target,
            @QueryParam("limit") @DefaultValue("50") @Min(value = 1, message = "must be at least 1") @Max(value = 500, message = "must be at most 500") int limit,
            @QueryParam("offset") @DefaultValue("0") @Min(value = 0, message = "must not be negative") int offset,
            @Context HttpServerRequest request) {
        String owner = owner(request);
        return Uni.combine().all()
                .unis(index.listActive(owner, type, target, limit, offset), index.countActive(owner, type, target))
                .asTuple()
                .map(found -> new OperationPage(found.getItem1().stream().map(OperationView::of).toList(),
                        found.getItem2(), limit, offset));
    }

    private String owner(HttpServerRequest request) {
        return tokens.verify(request).map(CallerTokens.VerifiedCaller::userId).orElseThrow(Caller::unauthenticated);
    }

    private static UUID id(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw notFound();
        }
    }

    private static ProblemException notFound() {
        return ProblemException.notFound("OPERATION_NOT_FOUND", "No such operation");
    }
}
