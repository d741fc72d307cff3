package org.strategylab.upstream.api;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * upstream-gateway's internal API ({@code /internal/v1/sites/{siteId}/...}, not routed by the public
 * gateway) as one typed interface: the paths, methods, media types and the records going in and out.
 * Step analyses, which wait far longer, are {@link UpstreamAnalysesApi}.
 *
 * <p>Other services declare their MicroProfile REST client as an interface extending this one (with
 * their own {@code @RegisterRestClient} config key and providers). upstream-gateway's internal
 * resources are checked against it in its build (every operation here is served, and every internal
 * route is here), and each consumer's contract ({@code src/test/resources/upstream-gateway-contract.json}
 * in the consumer) is checked against these records.
 *
 * <p>Every call acts as the user named by {@code authorization} ({@code Bearer <token>}, read by
 * service-edge's {@code Caller}): that user's upstream session on the site is used, so someone
 * else's steps and strategies are 404. Query parameters passed as {@code null} are left out (the
 * route's default applies).
 */
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamInternalApi {

    /** The path every internal operation on a site lives under. */
    String SITE = "/internal/v1/sites/{siteId}";

    // --- strategies (InternalStrategyResource) ---

    /** Creates a strategy from a step tree (201). */
    @POST
    @Path(SITE + "/strategies")
    Uni<StrategyView> createStrategy(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                     @PathParam("siteId") String siteId, StrategyRequest strategy);

    /** The caller's strategies (helper strategies hidden unless {@code includeInternal}). */
    @GET
    @Path(SITE + "/strategies")
    Uni<Page<StrategySummary>> strategies(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                          @PathParam("siteId") String siteId,
                                          @QueryParam("includeInternal") Boolean includeInternal,
                                          @QueryParam("limit") Integer limit, @QueryParam("offset") Integer offset);

    /** One strategy with its step tree and steps. */
    @GET
    @Path(SITE + "/strategies/{strategyId}")
    Uni<StrategyView> strategy(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                               @PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId);

    /** The caller's strategy as the step tree that builds it again (for importing it). */
    @GET
    @Path(SITE + "/strategies/{strategyId}/tree")
    Uni<StrategyTree> strategyTree(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                   @PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId);

    /** Renames a strategy, sets its saved flag and/or replaces its step tree. */
    @PATCH
    @Path(SITE + "/strategies/{strategyId}")
    Uni<StrategyView> patchStrategy(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                    @PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId,
                                    StrategyPatch patch);

    @DELETE
    @Path(SITE + "/strategies/{strategyId}")
    Uni<Void> deleteStrategy(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, @PathParam("strategyId") long strategyId);

    /** Deletes the caller's leaked helper strategies (spec rule 4.5.8). */
    @POST
    @Path(SITE + "/strategies/cleanup")
    Uni<CleanupResult> cleanupStrategies(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                         @PathParam("siteId") String siteId);

    // --- steps (InternalStepResource) ---

    /** Creates an unattached search step (201). */
    @POST
    @Path(SITE + "/steps")
    Uni<StepView> createStep(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, StepRequest step);

    @GET
    @Path(SITE + "/steps/{stepId}")
    Uni<StepView> step(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                       @PathParam("siteId") String siteId, @PathParam("stepId") long stepId);

    @PATCH
    @Path(SITE + "/steps/{stepId}")
    Uni<StepView> renameStep(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, @PathParam("stepId") long stepId, StepRename rename);

    /** Deletes an unattached step (409 while a strategy uses it). */
    @DELETE
    @Path(SITE + "/steps/{stepId}")
    Uni<Void> deleteStep(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                         @PathParam("siteId") String siteId, @PathParam("stepId") long stepId);

    /**
     * A page of the step's result with its counts.
     *
     * @param attributes comma-separated attribute names
     */
    @GET
    @Path(SITE + "/steps/{stepId}/records")
    Uni<ResultPage> records(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                            @PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                            @QueryParam("offset") Integer offset, @QueryParam("limit") Integer limit,
                            @QueryParam("sort") String sort, @QueryParam("direction") String direction,
                            @QueryParam("attributes") String attributes);

    /** The step's result IDs in order, one per gene (default at most 5000). */
    @GET
    @Path(SITE + "/steps/{stepId}/ordered-ids")
    Uni<OrderedIds> orderedIds(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                               @PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                               @QueryParam("max") Integer max, @QueryParam("sortAttribute") String sortAttribute,
                               @QueryParam("direction") String direction);

    @GET
    @Path(SITE + "/steps/{stepId}/filters")
    Uni<StepFilters> filters(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, @PathParam("stepId") long stepId);

    @PUT
    @Path(SITE + "/steps/{stepId}/filters")
    Uni<StepFilters> replaceFilters(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                    @PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                    StepFilters filters);

    /** The distribution of a column over the step's result (empty when unsupported). */
    @GET
    @Path(SITE + "/steps/{stepId}/columns/{column}/distribution")
    Uni<ColumnDistribution> distribution(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                         @PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                         @PathParam("column") String column);

    /** Prepares a download of the step's result on the site. */
    @POST
    @Path(SITE + "/steps/{stepId}/temporary-results")
    Uni<TemporaryResult> temporaryResult(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                         @PathParam("siteId") String siteId, @PathParam("stepId") long stepId,
                                         TemporaryResultRequest request);

    @GET
    @Path(SITE + "/steps/{stepId}/analysis-types")
    Uni<List<AnalysisType>> analysisTypes(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                          @PathParam("siteId") String siteId, @PathParam("stepId") long stepId);

    // --- searches, counts, datasets (InternalSearchResource) ---

    /** Runs a search for its IDs and counts, leaving nothing on the site. */
    @POST
    @Path(SITE + "/searches/run")
    Uni<SearchRun> runSearch(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, RunSearchRequest request);

    /** Spec rule 4.5.5: a tree in a helper strategy, each control set intersected with it, counted, deleted. */
    @POST
    @Path(SITE + "/control-counts")
    Uni<ControlCounts> controlCounts(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                     @PathParam("siteId") String siteId, ControlCountsRequest request);

    /**
     * Counts a step or a step tree node by node (genes, transcripts beside them), leaving no strategy
     * in the caller's account: a lone search by an anonymous report, a tree in a helper strategy.
     */
    @POST
    @Path(SITE + "/step-counts")
    Uni<StepCount> stepCounts(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                              @PathParam("siteId") String siteId, StepCountRequest request);

    /** Uploads an ID list as a dataset of the caller. */
    @POST
    @Path(SITE + "/datasets")
    Uni<Dataset> uploadDataset(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                               @PathParam("siteId") String siteId, DatasetRequest request);

    // --- genes and records (InternalGeneResource, InternalRecordResource) ---

    /** Which ids name genes of the site, any number up to the gateway's gene-lookup maximum, in batches. */
    @POST
    @Path(SITE + "/genes/resolve")
    Uni<GeneResolution> resolveGeneList(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                        @PathParam("siteId") String siteId, GeneListResolveRequest request);

    /** One record by primary key. */
    @POST
    @Path(SITE + "/records")
    Uni<ResultRecord> record(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                             @PathParam("siteId") String siteId, RecordRequest request);

    // A new internal route goes here too (with its records in this package); the conformance test
    // (InternalApiConformanceTest) fails until it is.
}
