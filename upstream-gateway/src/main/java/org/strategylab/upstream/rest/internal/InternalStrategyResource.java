package org.strategylab.upstream.rest.internal;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.strategylab.upstream.api.CleanupResult;
import org.strategylab.upstream.api.Page;
import org.strategylab.upstream.api.StrategyPatch;
import org.strategylab.upstream.api.StrategyRequest;
import org.strategylab.upstream.api.StrategySummary;
import org.strategylab.upstream.api.StrategyTree;
import org.strategylab.upstream.api.StrategyView;
import org.strategylab.upstream.service.strategies.InternalStrategyJanitor;
import org.strategylab.upstream.service.strategies.StrategyService;
import org.strategylab.upstream.service.strategies.StrategyTreeReader;

/** The calling user's persisted strategies on a site (experiments), and the clean-up of helper strategies. */
@Path(InternalApi.SITE + "/strategies")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalStrategyResource {

    @Inject
    CallerSessions sessions;

    @Inject
    StrategyService strategies;

    @Inject
    InternalStrategyJanitor janitor;

    @Inject
    StrategyTreeReader trees;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ResponseStatus(201)
    @Operation(summary = "Create a strategy from a step tree")
    public Uni<StrategyView> create(@PathParam("siteId") String siteId, @NotNull @Valid StrategyRequest body) {
        return sessions.of(siteId).chain(session -> strategies.create(session, CallerSessions.recordType(body.recordType()),
                body.name(), body.description(), Boolean.TRUE.equals(body.isSaved()), body.tree()));
    }

    @GET
    @Operation(summary = "The caller's strategies (helper strategies hidden unless includeInternal=true)")
    public Uni<Page<StrategySummary>> list(@PathParam("siteId") String siteId,
                                           @QueryParam("includeInternal") @DefaultValue("false") boolean includeInternal,
                                           @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(1000) int limit,
                                           @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return sessions.of(siteId).chain(session -> strategies.list(session, includeInternal))
                .map(all -> Page.of(all, limit, offset));
    }

    @GET
    @Path("/{strategyId}")
    @Operation(summary = "One strategy with its step tree and steps")
    public Uni<StrategyView> get(@PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId) {
        return sessions.of(siteId).chain(session -> strategies.get(session, strategyId));
    }

    @GET
    @Path("/{strategyId}/tree")
    @Operation(summary = "One strategy as the step tree that builds it again (combines with their operator, "
            + "transforms without their input parameter, multi-pick terms as lists): for importing it")
    public Uni<StrategyTree> tree(@PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId) {
        return sessions.of(siteId).chain(session -> trees.read(session, strategyId));
    }

    @PATCH
    @Path("/{strategyId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rename a strategy, set its saved flag and/or replace its step tree")
    public Uni<StrategyView> patch(@PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId,
                                   @NotNull @Valid StrategyPatch body) {
        return sessions.of(siteId).chain(session -> strategies.patch(session, strategyId, body.name(), body.isSaved(),
                CallerSessions.recordType(body.recordType()), body.tree()));
    }

    @DELETE
    @Path("/{strategyId}")
    @Operation(summary = "Delete a strategy")
    public Uni<Void> delete(@PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId) {
        return sessions.of(siteId).chain(session -> strategies.delete(session, strategyId));
    }

    @POST
    @Path("/cleanup")
    @Operation(summary = "Delete the caller's leaked helper strategies (best effort; helpers in use are kept)")
    public Uni<CleanupResult> cleanup(@PathParam("siteId") String siteId) {
        return sessions.of(siteId).chain(janitor::sweep);
    }
}
