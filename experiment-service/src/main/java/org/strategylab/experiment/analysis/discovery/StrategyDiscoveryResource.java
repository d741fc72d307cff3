package org.strategylab.experiment.analysis.discovery;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.auth.Caller;
import org.strategylab.eventlog.index.OperationLogHeader;
import org.strategylab.experiment.api.DiscoveryRequest;
import org.strategylab.experiment.api.DiscoveryView;

/**
 * {@code /api/v1/strategy-discovery}: control genes in, the strategy that best separates them out
 * (issue 36), as an operation of the caller.
 */
@Path(StrategyDiscoveries.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Strategy Discovery")
public class StrategyDiscoveryResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    StrategyDiscoveries discoveries;

    @POST
    @Operation(summary = "Discover the search strategy that best separates positive from negative control genes:"
            + " 202 with the operation (discovery_progress per phase and candidate, then discovery_complete)")
    @APIResponse(responseCode = "202", description = "Started: {operationId, discoveryId, statePath}; Location the discovery")
    @APIResponse(responseCode = "400", description = "A field breaks its own rule (objective, maxSteps, budget, a list"
            + " with a blank or too many IDs); errors[] names the field")
    @APIResponse(responseCode = "422", description = "An unknown site, too few positives naming genes of the site, a"
            + " gene in both lists, a precision floor without its objective; errors[] names the field")
    @APIResponse(responseCode = "429", description = "Too many operations of the caller running or queued")
    public Uni<Response> start(@Valid @NotNull DiscoveryRequest request) {
        return discoveries.start(caller.id(), token.getRawToken(), request)
                .map(started -> Response.accepted(started.body())
                        .location(URI.create(started.body().statePath()))
                        .header(OperationLogHeader.NAME, OperationLogHeader.of(started.operation()))
                        .build());
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A discovery of the caller: its status, its resolved request and, once it ended, its result")
    @APIResponse(responseCode = "404", description = "No discovery of the caller with this id")
    public Uni<DiscoveryView> get(@PathParam("id") String id) {
        return discoveries.get(caller.id(), id);
    }

    /** The self-contained HTML report of a completed discovery (embedded style sheet, every value escaped). */
    @GET
    @Path("/{id}/report")
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "The self-contained HTML report of a completed discovery of the caller")
    @APIResponse(responseCode = "404", description = "No discovery of the caller with this id")
    @APIResponse(responseCode = "409", description = "The discovery has not completed (queued, running, error or cancelled)")
    public Uni<Response> report(@PathParam("id") String id) {
        return discoveries.report(caller.id(), id).map(html -> Response.ok(html, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Content-Security-Policy", DiscoveryReport.CSP)
                .header("X-Content-Type-Options", "nosniff")
                .build());
    }
}
