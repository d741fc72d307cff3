package org.strategylab.chat.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.strategylab.edge.peer.PeerCredentialFilter;

/**
 * upstream-gateway, the only service that talks to VEuPathDB: the catalogue the agent explores and
 * the internal strategy API it builds and counts strategies with. Every call carries the caller's
 * token, so upstream work happens in the caller's own session. Answers are read as JSON trees: the
 * tools hand most of them to the model, and must not break when a field is added.
 */
@RegisterRestClient(configKey = "upstream-gateway")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamGatewayClient {

    @GET
    @Path("/api/v1/sites")
    Uni<JsonNode> sites();

    @GET
    @Path("/api/v1/sites/{siteId}")
    Uni<JsonNode> site(@PathParam("siteId") String siteId);

    @GET
    @Path("/api/v1/sites/{siteId}/searches")
    Uni<JsonNode> searches(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                           @QueryParam("recordType") String recordType, @QueryParam("q") String query,
                           @QueryParam("limit") int limit, @QueryParam("mode") String mode);

    @POST
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/param-specs")
    Uni<JsonNode> paramSpecs(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("recordType") String recordType, @PathParam("searchName") String searchName,
                             JsonNode contextValues);

    @GET
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/param-specs/{param}/vocabulary")
    Uni<JsonNode> vocabulary(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("recordType") String recordType, @PathParam("searchName") String searchName,
                             @PathParam("param") String param, @QueryParam("q") String query,
                             @QueryParam("limit") int limit, @QueryParam("mode") String mode);

    @POST
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/dependent-params")
    Uni<JsonNode> dependentParams(@HeaderParam("Authorization") String authorization,
                                  @PathParam("siteId") String siteId, @PathParam("recordType") String recordType,
                                  @PathParam("searchName") String searchName, JsonNode body);

    @POST
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/validate")
    Uni<JsonNode> validate(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                           @PathParam("recordType") String recordType, @PathParam("searchName") String searchName,
                           JsonNode contextValues);

    @POST
    @Path("/internal/v1/sites/{siteId}/strategies")
    Uni<JsonNode> createStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                 JsonNode body);

    @PATCH
    @Path("/internal/v1/sites/{siteId}/strategies/{strategyId}")
    Uni<JsonNode> patchStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                @PathParam("strategyId") long strategyId, JsonNode patch);

    @DELETE
    @Path("/internal/v1/sites/{siteId}/strategies/{strategyId}")
    Uni<Void> deleteStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("strategyId") long strategyId);

    @GET
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/records")
    Uni<JsonNode> records(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                          @PathParam("stepId") long stepId, @QueryParam("offset") int offset,
                          @QueryParam("limit") int limit);

    @GET
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/ordered-ids")
    Uni<JsonNode> orderedIds(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("stepId") long stepId, @QueryParam("max") int max);

    @POST
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/temporary-results")
    Uni<JsonNode> temporaryResult(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                  @PathParam("stepId") long stepId, JsonNode body);

    @POST
    @Path("/internal/v1/sites/{siteId}/step-counts")
    Uni<JsonNode> stepCounts(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             JsonNode body);

    @POST
    @Path("/internal/v1/sites/{siteId}/datasets")
    Uni<JsonNode> dataset(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                          JsonNode body);
}
