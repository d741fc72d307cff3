package org.strategylab.experiment.rest;

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
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.strategylab.edge.auth.Caller;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.experiment.api.CustomEnrichRequest;
import org.strategylab.experiment.api.CustomEnrichmentAnswer;
import org.strategylab.experiment.api.EnrichRequest;
import org.strategylab.experiment.api.StepAnalysisRequest;
import org.strategylab.experiment.api.ThresholdSweepRequest;
import org.strategylab.experiment.api.ParameterOptimizationRequest;
import org.strategylab.experiment.api.TreeOptimizationRequest;
import org.strategylab.experiment.service.ParameterOptimizations;
import org.strategylab.experiment.service.TreeOptimizations;
import org.strategylab.experiment.service.StepAnalyses;
import org.strategylab.experiment.service.ThresholdSweeps;
import org.strategylab.experiment.service.CustomGeneSetEnrichment;
import org.strategylab.experiment.service.ExperimentEnrichment;

/** Analyses of one experiment that has run: enrichment, custom gene-set enrichment, threshold sweeps. */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ExperimentAnalysisResource {

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ExperimentEnrichment enrichment;

    @Inject
    CustomGeneSetEnrichment customEnrichment;

    @Inject
    ThresholdSweeps sweeps;

    @Inject
    StepAnalyses stepAnalyses;

    @Inject
    TreeOptimizations treeOptimizations;

    @Inject
    ParameterOptimizations parameterOptimizations;

    @POST
    @Path("/enrich")
    @Operation(summary = "GO, pathway and word enrichment of the experiment's result through the site's analysis plugins;"
            + " each type replaces its stored result, a failed type carries its error and keeps the previous terms")
    @APIResponse(responseCode = "200", description = "One EnrichmentResult per requested type")
    @APIResponse(responseCode = "409", description = "The experiment has not completed")
    @APIResponse(responseCode = "400", description = "An unknown or repeated analysis type; errors[] names it")
    @APIResponse(responseCode = "422", description = "Parameters of a type not asked for; errors[] names them")
    public Uni<List<EnrichmentResult>> enrich(@PathParam("id") String id, @Valid @NotNull EnrichRequest request) {
        return enrichment.enrich(caller.id(), token.getRawToken(), id, request);
    }

    @POST
    @Path("/custom-enrich")
    @Operation(summary = "Test a gene set against the experiment's result within a background (the given IDs, else the"
            + " organism's genes): exact hypergeometric p, fold enrichment, odds ratios")
    @APIResponse(responseCode = "400", description = "No gene set name or genes; errors[] names the field")
    @APIResponse(responseCode = "422", description = "A gene set naming no gene of the site, one larger than the background, no single organism"
            + " to take the background from; errors[] names the field")
    public Uni<CustomEnrichmentAnswer> customEnrich(@PathParam("id") String id, @Valid @NotNull CustomEnrichRequest request) {
        return customEnrichment.enrich(caller.id(), token.getRawToken(), id, request);
    }

    @POST
    @Path("/threshold-sweep")
    @Operation(summary = "Sweep one parameter of the experiment's search or tree: 202 with the operation (sweep_point per"
            + " value, then sweep_complete); SSE with Accept: text/event-stream at the gateway")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "400", description = "No parameterName, an unknown sweepType, steps outside 3–50; errors[]"
            + " names the field")
    @APIResponse(responseCode = "422", description = "No values, no range, a parameter the experiment does not have;"
            + " errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> thresholdSweep(@PathParam("id") String id,
                                                           @Valid @NotNull ThresholdSweepRequest request) {
        return sweeps.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }

    @POST
    @Path("/step-analysis")
    @Operation(summary = "Step analysis of the experiment's strategy (per-leaf evaluation, operator comparison,"
            + " contribution, parameter sensitivity): 202 with the operation; the result lands on the experiment")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "409", description = "A gene-ID experiment has no strategy")
    @APIResponse(responseCode = "400", description = "An unknown or repeated phase; errors[] names it")
    public Uni<jakarta.ws.rs.core.Response> stepAnalysis(@PathParam("id") String id, @Valid StepAnalysisRequest request) {
        return stepAnalyses.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }

    @POST
    @Path("/tree-optimization")
    @Operation(summary = "Tune threshold parameters and combine operators of the experiment's strategy for an objective"
            + " (precision_at_K honours K): 202 with the operation; every trial lands on the experiment")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "400", description = "An unknown objective, a budget outside 5–200, a knob without its"
            + " parameter or with a bad range; errors[] names the field")
    @APIResponse(responseCode = "422", description = "No knob, a knob the tree does not have, a parameter that is not"
            + " numeric; errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> treeOptimization(@PathParam("id") String id,
                                                             @Valid @NotNull TreeOptimizationRequest request) {
        return treeOptimizations.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }

    @POST
    @Path("/parameter-optimization")
    @Operation(summary = "Tune parameters of the experiment's search (numeric, integer, categorical) for an objective:"
            + " 202 with the operation (experiment_progress with an optimization_progress trialProgress per trial);"
            + " the trials, Pareto frontier and parameter sensitivity land on the experiment's optimizationResult")
    @APIResponse(responseCode = "202", description = "Started: {operationId, experimentId, statePath}")
    @APIResponse(responseCode = "409", description = "A gene-ID experiment has no search")
    @APIResponse(responseCode = "400", description = "No specs, a bad type, range or choices, an unknown objective or"
            + " method, a budget outside 5–200; errors[] names the field")
    @APIResponse(responseCode = "422", description = "A parameter the search does not have or cannot vary that way, a"
            + " step the strategy does not have; errors[] names the field")
    public Uni<jakarta.ws.rs.core.Response> parameterOptimization(@PathParam("id") String id,
                                                                  @Valid @NotNull ParameterOptimizationRequest request) {
        return parameterOptimizations.start(caller.id(), token.getRawToken(), id, request)
                .map(started -> Accepted.response(started).build());
    }
}
