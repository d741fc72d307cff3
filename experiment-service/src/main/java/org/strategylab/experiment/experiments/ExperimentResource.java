package org.strategylab.experiment.experiments;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.BatchRequest;
import org.strategylab.experiment.api.BenchmarkRequest;
import org.strategylab.experiment.api.ExperimentPage;
import org.strategylab.experiment.api.ExperimentPatch;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.rest.Accepted;

/** {@code /api/v1/experiments}: run experiments, read and change them, download their report. */
@Path("/api/v1/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ExperimentResource {

    /** The largest page a list answers. */
    static final int MAX_LIMIT = 500;

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentGroups groups;

    @POST
    @Operation(summary = "Run an experiment: 202 with the operation to follow (SSE with Accept: text/event-stream at the gateway)")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "400", description = "A field breaks its own rule (missing, out of range, too long or too"
            + " large, not one of its values, repeated); errors[] names it")
    @APIResponse(responseCode = "422", description = "Fields that do not go together, or that the site or stored data refuse;"
            + " errors[] names them")
    public Uni<Response> start(@Valid @NotNull ExperimentRequest request) {
        return experiments.start(caller.id(), token.getRawToken(), request)
                .map(started -> Accepted.response(started)
                        .location(URI.create("/api/v1/experiments/" + started.body().experimentId())).build());
    }

    @POST
    @Path("/batch")
    @Operation(summary = "Run one search per organism: 202 with the operation, the batch id and its experiments")
    public Uni<Response> batch(@Valid @NotNull BatchRequest request) {
        return groups.batch(caller.id(), token.getRawToken(), request).map(started -> Accepted.response(started).build());
    }

    @POST
    @Path("/benchmark")
    @Operation(summary = "Run one search against several control sets: 202 with the operation, the benchmark id and its experiments")
    public Uni<Response> benchmark(@Valid @NotNull BenchmarkRequest request) {
        return groups.benchmark(caller.id(), token.getRawToken(), request).map(started -> Accepted.response(started).build());
    }

    @POST
    @Path("/seed")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Seed a site with demo strategies (on the site, in your account) and a demo control set")
    public Uni<Response> seed(@QueryParam("siteId") @NotBlank String siteId) {
        return experiments.seed(caller.id(), token.getRawToken(), siteId).map(started -> Accepted.response(started).build());
    }



    /** The caller's experiments, newest first, without gene lists. */
    @GET
    public Uni<ExperimentPage> list(@QueryParam("siteId") String siteId,
                                    @QueryParam("status") @Pattern(regexp = "pending|running|completed|error|cancelled",
                                            message = "must be one of pending, running, completed, error, cancelled") String status,
                                    @QueryParam("batchId") String batchId,
                                    @QueryParam("benchmarkId") String benchmarkId,
                                    @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(MAX_LIMIT) int limit,
                                    @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return experiments.list(caller.id(), new ExperimentRepository.Filter(blankToNull(siteId), status,
                blankToNull(batchId), blankToNull(benchmarkId)), limit, offset);
    }

    @GET
    @Path("/{id}")
    public Uni<ExperimentView> get(@PathParam("id") String id) {
        return experiments.get(caller.id(), id);
    }

    /** The owner changes the name or the notes. */
    @PATCH
    @Path("/{id}")
    public Uni<ExperimentView> update(@PathParam("id") String id, @Valid @NotNull ExperimentPatch patch) {
        return experiments.update(caller.id(), id, patch);
    }

    /** 204; a run still going is cancelled first, and the experiment's upstream strategy is deleted (best effort). */
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("id") String id) {
        return experiments.delete(caller.id(), token.getRawToken(), id).map(done -> Response.noContent().build());
    }

    /** The self-contained HTML report (inline SVG charts, strict CSP), as a download. */
    @GET
    @Path("/{id}/export")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> export(@PathParam("id") String id) {
        return experiments.report(caller.id(), id).map(html -> Response.ok(html, MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Content-Disposition", "attachment; filename=\"experiment-" + id + "-report.html\"")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
                .header("X-Content-Type-Options", "nosniff")
                .build());
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
