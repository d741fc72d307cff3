package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The VEuPathDB WDK REST service of one site, as a Quarkus REST client (one instance per site,
 * built by {@link SiteClients} with that site's base URL and limits). Paths and bodies follow the
 * real WDK (shared/design/upstream-wdk.md §3).
 *
 * <p>Every method takes the session's {@code Cookie} header and answers the raw {@link Response}:
 * WDK reports errors as text/plain (and 422 bundles as JSON labelled text/plain), answers 202 and
 * 204 on purpose, and sets cookies that must be kept, so {@link WdkTransport} reads status, cookies
 * and body itself instead of letting the client map them. {@code uid} is the numeric user id.
 */
@Path("")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface WdkApi {

    /** The request header that carries the session's cookie jar. */
    String COOKIE = "Cookie";

    // ---------------------------------------------------------------- session

    @POST
    @Path("/login")
    Uni<Response> login(@HeaderParam(COOKIE) String cookies, JsonNode body);

    @GET
    @Path("/logout")
    Uni<Response> logout(@HeaderParam(COOKIE) String cookies, @QueryParam("redirectUrl") String redirectUrl);

    @GET
    @Path("/users/{uid}")
    Uni<Response> user(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid);

    // ---------------------------------------------------------------- catalogue

    @GET
    @Path("/record-types")
    Uni<Response> recordTypes(@HeaderParam(COOKIE) String cookies, @QueryParam("format") String format);

    @GET
    @Path("/record-types/{rt}")
    Uni<Response> recordType(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType);

    @GET
    @Path("/record-types/{rt}/searches")
    Uni<Response> searches(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType);

    @GET
    @Path("/record-types/{rt}/searches/{search}")
    Uni<Response> search(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType,
                         @PathParam("search") String search);

    @POST
    @Path("/record-types/{rt}/searches/{search}")
    Uni<Response> searchInContext(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType,
                                  @PathParam("search") String search, JsonNode body);

    @POST
    @Path("/record-types/{rt}/searches/{search}/refreshed-dependent-params")
    Uni<Response> refreshedDependentParams(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType,
                                           @PathParam("search") String search, JsonNode body);

    @POST
    @Path("/record-types/{rt}/searches/{search}/reports/{reporter}")
    Uni<Response> searchReport(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType,
                               @PathParam("search") String search, @PathParam("reporter") String reporter,
                               JsonNode body);

    @POST
    @Path("/record-types/{rt}/records")
    Uni<Response> record(@HeaderParam(COOKIE) String cookies, @PathParam("rt") String recordType, JsonNode body);

    // ---------------------------------------------------------------- datasets and steps

    @POST
    @Path("/users/{uid}/datasets")
    Uni<Response> createDataset(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid, JsonNode body);

    @POST
    @Path("/users/{uid}/steps")
    Uni<Response> createStep(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid, JsonNode body);

    @GET
    @Path("/users/{uid}/steps/{stepId}")
    Uni<Response> step(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                       @PathParam("stepId") long stepId);

    @PATCH
    @Path("/users/{uid}/steps/{stepId}")
    Uni<Response> patchStep(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                            @PathParam("stepId") long stepId, JsonNode body);

    @PUT
    @Path("/users/{uid}/steps/{stepId}/search-config")
    Uni<Response> replaceSearchConfig(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                      @PathParam("stepId") long stepId, JsonNode body);

    @DELETE
    @Path("/users/{uid}/steps/{stepId}")
    Uni<Response> deleteStep(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                             @PathParam("stepId") long stepId);

    @POST
    @Path("/users/{uid}/steps/{stepId}/reports/{reporter}")
    Uni<Response> stepReport(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                             @PathParam("stepId") long stepId, @PathParam("reporter") String reporter, JsonNode body);

    @POST
    @Path("/users/{uid}/steps/{stepId}/columns/{column}/reports/{reporter}")
    Uni<Response> columnReport(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                               @PathParam("stepId") long stepId, @PathParam("column") String column,
                               @PathParam("reporter") String reporter, JsonNode body);

    // ---------------------------------------------------------------- strategies

    @GET
    @Path("/strategy-lists/public")
    Uni<Response> publicStrategies(@HeaderParam(COOKIE) String cookies);

    @POST
    @Path("/users/{uid}/strategies")
    Uni<Response> createStrategy(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid, JsonNode body);

    @GET
    @Path("/users/{uid}/strategies")
    Uni<Response> strategies(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid);

    @GET
    @Path("/users/{uid}/strategies/{strategyId}")
    Uni<Response> strategy(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                           @PathParam("strategyId") long strategyId);

    @PATCH
    @Path("/users/{uid}/strategies/{strategyId}")
    Uni<Response> patchStrategy(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                @PathParam("strategyId") long strategyId, JsonNode body);

    @PUT
    @Path("/users/{uid}/strategies/{strategyId}/step-tree")
    Uni<Response> replaceStepTree(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                  @PathParam("strategyId") long strategyId, JsonNode body);

    @DELETE
    @Path("/users/{uid}/strategies/{strategyId}")
    Uni<Response> deleteStrategy(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                 @PathParam("strategyId") long strategyId);

    // ---------------------------------------------------------------- step analyses

    @GET
    @Path("/users/{uid}/steps/{stepId}/analysis-types")
    Uni<Response> analysisTypes(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                @PathParam("stepId") long stepId);

    @GET
    @Path("/users/{uid}/steps/{stepId}/analysis-types/{name}")
    Uni<Response> analysisForm(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                               @PathParam("stepId") long stepId, @PathParam("name") String analysisName);

    @POST
    @Path("/users/{uid}/steps/{stepId}/analyses")
    Uni<Response> createAnalysis(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                 @PathParam("stepId") long stepId, JsonNode body);

    @POST
    @Path("/users/{uid}/steps/{stepId}/analyses/{analysisId}/result")
    Uni<Response> runAnalysis(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                              @PathParam("stepId") long stepId, @PathParam("analysisId") long analysisId);

    @GET
    @Path("/users/{uid}/steps/{stepId}/analyses/{analysisId}/result/status")
    Uni<Response> analysisStatus(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                 @PathParam("stepId") long stepId, @PathParam("analysisId") long analysisId);

    @GET
    @Path("/users/{uid}/steps/{stepId}/analyses/{analysisId}/result")
    Uni<Response> analysisResult(@HeaderParam(COOKIE) String cookies, @PathParam("uid") String uid,
                                 @PathParam("stepId") long stepId, @PathParam("analysisId") long analysisId);

    // ---------------------------------------------------------------- temporary results

    @POST
    @Path("/temporary-results")
    Uni<Response> createTemporaryResult(@HeaderParam(COOKIE) String cookies, JsonNode body);
}
