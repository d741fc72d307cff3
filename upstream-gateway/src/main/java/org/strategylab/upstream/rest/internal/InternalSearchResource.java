package org.strategylab.upstream.rest.internal;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.upstream.api.ControlCounts;
import org.strategylab.upstream.api.ControlCountsRequest;
import org.strategylab.upstream.api.Dataset;
import org.strategylab.upstream.api.DatasetRequest;
import org.strategylab.upstream.api.RunSearchRequest;
import org.strategylab.upstream.api.SearchRun;
import org.strategylab.upstream.api.StepCount;
import org.strategylab.upstream.api.StepCountRequest;
import org.strategylab.upstream.service.strategies.ControlCounter;
import org.strategylab.upstream.service.steps.SearchRunner;
import org.strategylab.upstream.service.steps.StepService;
import org.strategylab.upstream.service.strategies.StepTreeCounter;

/** Searches, step and control counts and datasets for other services, as the calling user. */
@Path(InternalApi.SITE)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalSearchResource {

    @Inject
    CallerSessions sessions;

    @Inject
    SearchRunner searches;

    @Inject
    ControlCounter controls;

    @Inject
    StepService steps;

    @Inject
    StepTreeCounter counter;

    @POST
    @Path("/searches/run")
    @Operation(summary = "Run a search and get its IDs (one per gene, default at most 5000) and counts")
    public Uni<SearchRun> run(@PathParam("siteId") String siteId, @NotNull @Valid RunSearchRequest body) {
        return sessions.of(siteId).chain(session -> searches.run(session, CallerSessions.recordType(body.recordType()),
                body.searchName(), body.parameters(), body.maxIds()));
    }

    @POST
    @Path("/control-counts")
    @Operation(summary = "Spec rule 4.5.5: a tree as a temporary strategy, each control set intersected on top of"
            + " its root, counts read, everything deleted")
    public Uni<ControlCounts> controlCounts(@PathParam("siteId") String siteId, @NotNull @Valid ControlCountsRequest body) {
        return sessions.of(siteId).chain(session -> controls.count(session, CallerSessions.recordType(body.recordType()),
                body.tree(), body.controlSets(), body.controlsSearch(), body.controlsParameter()));
    }

    @POST
    @Path("/step-counts")
    @Operation(summary = "Count a step or a step tree, node by node (genes, and transcripts beside them), leaving no"
            + " strategy: a lone search by an anonymous report, a tree in a helper strategy deleted right after")
    public Uni<StepCount> stepCounts(@PathParam("siteId") String siteId, @NotNull @Valid StepCountRequest body) {
        return sessions.of(siteId).chain(session -> counter.count(session, CallerSessions.recordType(body.recordType()),
                body.tree()));
    }

    @POST
    @Path("/datasets")
    @Operation(summary = "Upload an ID list as a dataset (its id is the value of an input-dataset parameter)")
    public Uni<Dataset> dataset(@PathParam("siteId") String siteId, @NotNull @Valid DatasetRequest body) {
        return sessions.of(siteId).chain(session -> steps.uploadDataset(session, body.ids()));
    }
}
