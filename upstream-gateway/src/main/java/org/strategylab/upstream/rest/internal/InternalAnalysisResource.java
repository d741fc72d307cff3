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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.AnalysisOutcome;
import org.strategylab.upstream.api.EnrichmentRequest;
import org.strategylab.upstream.service.analyses.EnrichmentService;

/** Step analyses (enrichment) for other services. */
@Path(InternalApi.SITE + "/analyses")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalAnalysisResource {

    @Inject
    CallerSessions sessions;

    @Inject
    EnrichmentService enrichment;

    @POST
    @Operation(summary = "Run a step analysis on a persisted step or on a new search/tree (temporary strategy,"
            + " deleted afterwards) and wait for its result")
    @APIResponse(responseCode = "502", description = "The analysis failed upstream (also after its re-runs)")
    @APIResponse(responseCode = "504", description = "The analysis did not complete within the maximum wait")
    public Uni<AnalysisOutcome> run(@PathParam("siteId") String siteId, @NotNull @Valid EnrichmentRequest body) {
        if ((body.stepId() == null) == (body.tree() == null)) {
            throw ProblemException.invalid("Name what to analyse", List.of(
                    new FieldError("/stepId", "give exactly one of stepId (a persisted step) and tree (a new search)")));
        }
        return sessions.of(siteId).chain(session -> body.stepId() != null
                ? enrichment.onStep(session, body.stepId(), body.analysisName(), body.parameters(), body.maxWaitSeconds())
                : enrichment.onTree(session, CallerSessions.recordType(body.recordType()), body.tree(),
                        body.analysisName(), body.parameters(), body.maxWaitSeconds()));
    }
}
