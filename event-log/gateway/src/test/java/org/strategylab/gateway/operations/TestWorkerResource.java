package org.strategylab.gateway.operations;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.arc.profile.IfBuildProfile;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.strategylab.edge.auth.Caller;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.eventlog.OperationKinds;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.eventlog.index.OperationStatus;
import org.strategylab.eventlog.operation.LeaseKeeper;
import org.strategylab.eventlog.operation.OperationHandle;
import org.strategylab.eventlog.operation.Operations;
import org.strategylab.gateway.auth.CallerTokens;

/**
 * A worker driven over HTTP, built only into the test profile: it starts operations for the
 * caller on {@code test.events}, appends the events a test asks for, ends operations, dies on
 * request (stops renewing its lease) and reports what it has seen of cancel requests. It lets the
 * gateway's streaming be tested end to end before the chat and experiment services emit events.
 */
@IfBuildProfile("test")
@ApplicationScoped
@Path("/api/v1/test/operations")
public class TestWorkerResource {

    /** The topic test operations write to. */
    public static final String TOPIC = "test.events";

    /** Start an operation of a kind on a target. */
    public record Start(@Pattern(regexp = "[a-z_]{1,40}") String type, String targetId) {
    }

    /** One event to append. */
    public record Emit(@NotBlank String type, JsonNode data) {
    }

    /** What the worker knows about one operation. */
    public record WorkerView(UUID operationId, long lastSeq, boolean cancelRequested, boolean lost) {
    }

    @Inject
    Operations operations;

    @Inject
    LeaseKeeper leases;

    @Inject
    CallerTokens tokens;

    private final Map<UUID, OperationHandle> running = new ConcurrentHashMap<>();

    @POST
    public Uni<Response> start(@Valid Start body, @Context HttpServerRequest request) {
        String owner = tokens.verify(request).map(CallerTokens.VerifiedCaller::userId).orElseThrow(Caller::unauthenticated);
        String type = body == null || body.type() == null ? "test" : body.type();
        return operations.start(owner, type, body == null ? null : body.targetId(), TOPIC).map(handle -> {
            running.put(handle.id(), handle);
            // a cancel request ends the operation, as a real worker would after stopping its work
            handle.onCancel(() -> handle.end("operation_cancelled", null, OperationStatus.CANCELLED)
                    .subscribe().with(done -> { }, failure -> { }));
            return Response.accepted(Map.of("operationId", handle.id().toString()))
                    .header(OperationLogHeader.NAME, OperationLogHeader.of(handle.record())).build();
        });
    }

    /** Registers an operation without taking it, as a request that writes a command does. */
    @POST
    @Path("/registered")
    public Uni<Response> register(@Valid Start body, @Context HttpServerRequest request) {
        String owner = tokens.verify(request).map(CallerTokens.VerifiedCaller::userId).orElseThrow(Caller::unauthenticated);
        String type = body == null || body.type() == null ? "test" : body.type();
        return operations.register(owner, type, body == null ? null : body.targetId(), TOPIC)
                .map(record -> Response.accepted(Map.of("operationId", record.id().toString())).build());
    }

    /** Takes a registered operation, as a worker does when the command arrives (409 when it cannot). */
    @POST
    @Path("/{id}/claim")
    public Uni<Response> claim(@PathParam("id") UUID id) {
        return operations.claim(id).map(claimed -> {
            if (claimed.isEmpty()) {
                return Response.status(409).build();
            }
            running.put(id, claimed.get());
            return Response.ok(Map.of("lastSeq", claimed.get().lastSeq())).build();
        });
    }

    @POST
    @Path("/{id}/events")
    public Uni<Map<String, Object>> emit(@PathParam("id") UUID id, @Valid Emit body) {
        OperationHandle handle = handle(id);
        if (OperationKinds.isTerminal(body.type())) {
            OperationStatus status = OperationKinds.isFailure(body.type()) ? OperationStatus.FAILED : OperationStatus.COMPLETED;
            return handle.end(body.type(), body.data(), status)
                    .map(done -> Map.<String, Object>of("seq", handle.lastSeq()));
        }
        return handle.emit(body.type(), body.data())
                .map(logged -> Map.<String, Object>of("seq", logged.envelope().seq(), "offset", logged.offset()));
    }

    @POST
    @Path("/{id}/abandon")
    public Response abandon(@PathParam("id") UUID id) {
        handle(id);
        leases.abandon(id);
        return Response.noContent().build();
    }

    @GET
    @Path("/{id}/worker")
    public WorkerView worker(@PathParam("id") UUID id) {
        OperationHandle handle = handle(id);
        return new WorkerView(id, handle.lastSeq(), handle.cancelRequested(), handle.lost());
    }

    private OperationHandle handle(UUID id) {
        OperationHandle handle = running.get(id);
        if (handle == null) {
            throw ProblemException.notFound("OPERATION_NOT_FOUND", "This worker does not run " + id);
        }
        return handle;
    }
}
