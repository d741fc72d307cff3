package org.strategylab.upstream.rest.internal;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.strategylab.upstream.api.AnalysisType;
import org.strategylab.upstream.api.ColumnDistribution;
import org.strategylab.upstream.api.OrderedIds;
import org.strategylab.upstream.api.ResultPage;
import org.strategylab.upstream.api.StepFilters;
import org.strategylab.upstream.api.StepRename;
import org.strategylab.upstream.api.StepRequest;
import org.strategylab.upstream.api.StepView;
import org.strategylab.upstream.api.TemporaryResult;
import org.strategylab.upstream.api.TemporaryResultRequest;
import org.strategylab.upstream.service.steps.StepService;

/** The calling user's steps on a site, for other services. */
@Path(InternalApi.SITE + "/steps")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalStepResource {

    @Inject
    CallerSessions sessions;

    @Inject
    StepService steps;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(201)
    @Operation(summary = "Create an unattached search step")
    public Uni<StepView> create(@PathParam("siteId") String siteId, @NotNull @Valid StepRequest body) {
        return sessions.of(siteId).chain(session -> steps.create(session, CallerSessions.recordType(body.recordType()),
                body.searchName(), body.parameters(), body.customName(), body.weight()));
    }

    @GET
    @Path("/{stepId}")
    @Operation(summary = "One step")
    public Uni<StepView> get(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId) {
        return sessions.of(siteId).chain(session -> steps.get(session, stepId));
    }

    @PATCH
    @Path("/{stepId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename a step")
    public Uni<StepView> rename(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                @NotNull @Valid StepRename body) {
        return sessions.of(siteId).chain(session -> steps.rename(session, stepId, body.customName()));
    }

    @DELETE
    @Path("/{stepId}")
    @Operation(summary = "Delete an unattached step (409 while a strategy uses it)")
    public Uni<Void> delete(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId) {
        return sessions.of(siteId).chain(session -> steps.delete(session, stepId));
    }

    @GET
    @Path("/{stepId}/records")
    @Operation(summary = "A page of the step's result (a preview: default 100 records) with its counts")
    public Uni<ResultPage> records(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                   @QueryParam("offset") @DefaultValue("0") @Min(0) int offset,
                                   @QueryParam("limit") Integer limit,
                                   @QueryParam("sort") String sort,
                                   @QueryParam("direction") String direction,
                                   @QueryParam("attributes") String attributes) {
        return sessions.of(siteId).chain(session -> steps.records(session, stepId, offset, limit, sort, direction,
                list(attributes)));
    }

    @GET
    @Path("/{stepId}/ordered-ids")
    @Operation(summary = "The step's result IDs in order, one per gene (default at most 5000)")
    public Uni<OrderedIds> orderedIds(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                      @QueryParam("max") Integer max,
                                      @QueryParam("sortAttribute") String sortAttribute,
                                      @QueryParam("direction") String direction) {
        return sessions.of(siteId).chain(session -> steps.orderedIds(session, stepId, max, sortAttribute, direction));
    }

    @GET
    @Path("/{stepId}/filters")
    @Operation(summary = "The step's stored filters (its search config's filters)")
    public Uni<StepFilters> filters(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId) {
        return sessions.of(siteId).chain(session -> steps.filters(session, stepId));
    }

    @PUT
    @Path("/{stepId}/filters")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replace the step's stored filters")
    public Uni<StepFilters> replaceFilters(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                           @NotNull @Valid StepFilters body) {
        return sessions.of(siteId).chain(session -> steps.replaceFilters(session, stepId, body.filters()));
    }

    @GET
    @Path("/{stepId}/columns/{column}/distribution")
    @Operation(summary = "The distribution of a column over the step's result (empty when unsupported)")
    public Uni<ColumnDistribution> distribution(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                                @PathParam("column") String column) {
        return sessions.of(siteId).chain(session -> steps.distribution(session, stepId, column));
    }

    @POST
    @Path("/{stepId}/temporary-results")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Prepare a download of the step's result (csv, tab or json); the site serves it")
    public Uni<TemporaryResult> temporaryResult(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                                @NotNull @Valid TemporaryResultRequest body) {
        return sessions.of(siteId).chain(session -> steps.temporaryResult(session, stepId, body.format(),
                body.attributes()));
    }

    @GET
    @Path("/{stepId}/analysis-types")
    @Operation(summary = "The analyses the step offers")
    public Uni<List<AnalysisType>> analysisTypes(@PathParam("siteId") String siteId, @PathParam("stepId") long stepId) {
        return sessions.of(siteId).chain(session -> steps.analysisTypes(session, stepId));
    }

    private static List<String> list(String commaSeparated) {
        if (commaSeparated == null || commaSeparated.isBlank()) {
            return List.of();
        }
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
