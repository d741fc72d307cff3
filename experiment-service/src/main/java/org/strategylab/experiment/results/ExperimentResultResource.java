package org.strategylab.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.CrossValidationRequest;
import org.strategylab.experiment.api.ExperimentView;
import org.strategylab.experiment.api.RecordRequest;
import org.strategylab.experiment.api.RefineRequest;
import org.strategylab.experiment.api.UndoRequest;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.experiments.ExperimentVersions;
import org.strategylab.experiment.rest.Accepted;

/**
 * An experiment's result on the site ({@code api-contract.md} §4.5): its records with their
 * classification, one record, distributions, refining the result and re-evaluating the experiment.
 */
@Path("/api/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ExperimentResultResource {

    /** The largest page of records. */
    static final int MAX_RECORDS = 500;

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ResultBrowser results;

    @Inject
    Refinement refinement;

    @Inject
    ReEvaluation reEvaluation;

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentVersions versions;

    /**
     * The classified genes (gene_id, class TP/FN/FP/TN, name, organism, product) as a CSV download; the
     * HTML report links to it.
     */
    @GET
    @Path("/results.csv")
    @Produces("text/csv")
    public Uni<jakarta.ws.rs.core.Response> resultsCsv(@PathParam("id") String id) {
        return results.resultsCsv(caller.id(), id).map(csv -> jakarta.ws.rs.core.Response
                .ok(csv, MediaType.valueOf("text/csv").withCharset("UTF-8"))
                .header("Content-Disposition", "attachment; filename=\"experiment-" + id + "-results.csv\"")
                .header("X-Content-Type-Options", "nosniff")
                .build());
    }

    @GET
    @Path("/results/attributes")
    @Operation(summary = "The attributes the experiment's records can show, sort by and summarise")
    public Uni<JsonNode> attributes(@PathParam("id") String id) {
        return results.attributes(caller.id(), token.getRawToken(), id);
    }

    @GET
    @Path("/results/records")
    @Operation(summary = "A page of the experiment's result records, each with its _classification (TP/FP/FN/TN or null)")
    public Uni<JsonNode> records(@PathParam("id") String id,
                                 @QueryParam("offset") @DefaultValue("0") @Min(0) int offset,
                                 @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(MAX_RECORDS) int limit,
                                 @QueryParam("sort") String sort,
                                 @QueryParam("dir") @DefaultValue("ASC") @Pattern(regexp = "ASC|DESC", message = "must be ASC or DESC") String dir,
                                 @QueryParam("attributes") String attributes) {
        // the Java name is the one a violation names: it must be the query parameter's
        return results.records(caller.id(), token.getRawToken(), id, offset, limit, sort, dir, attributes);
    }

    @POST
    @Path("/results/record")
    @Operation(summary = "One record of the result, with its _classification")
    public Uni<JsonNode> record(@PathParam("id") String id, @Valid @NotNull RecordRequest request) {
        return results.record(caller.id(), token.getRawToken(), id, request);
    }

    @GET
    @Path("/results/distributions/{attribute}")
    @Operation(summary = "The distribution of one attribute over the result (empty for a column the site cannot summarise)")
    public Uni<JsonNode> distribution(@PathParam("id") String id, @PathParam("attribute") String attribute) {
        return results.distribution(caller.id(), token.getRawToken(), id, attribute);
    }

    @POST
    @Path("/refine")
    @Operation(summary = "Combine a search with the result, or transform it, as the experiment's next version (the current one is kept); its metrics are stale until re-evaluated")
    public Uni<JsonNode> refine(@PathParam("id") String id, @Valid @NotNull RefineRequest request) {
        return refinement.refine(caller.id(), token.getRawToken(), id, request);
    }

    @POST
    @Path("/undo")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Undo the latest refinement: the experiment is back at its previous version, as it was; answers it with its versions")
    public Uni<ExperimentView> undo(@PathParam("id") String id, @Valid UndoRequest request) {
        return versions.undo(caller.id(), token.getRawToken(), id, request);
    }

    @GET
    @Path("/versions/{version}")
    @Operation(summary = "One version of the experiment, whole: an earlier one exactly as it was when a refine replaced it")
    public Uni<ExperimentView> version(@PathParam("id") String id, @PathParam("version") String version) {
        return versions.version(caller.id(), id, version);
    }


    @POST
    @Path("/re-evaluate")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Recompute the experiment from its current controls and step; answers the full experiment")
    public Uni<ExperimentView> reEvaluate(@PathParam("id") String id) {
        return reEvaluation.reEvaluate(caller.id(), token.getRawToken(), id);
    }
}
