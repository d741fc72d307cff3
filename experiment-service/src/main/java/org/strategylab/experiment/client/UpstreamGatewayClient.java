package org.strategylab.experiment.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
 * upstream-gateway, the only service that talks to VEuPathDB: its internal API and the public
 * catalogue checks. Every call carries the caller's token, so upstream work happens in the
 * caller's own upstream session. Answers are read as JSON trees: this service uses a few fields of
 * each and must not break when upstream-gateway adds one.
 */
@RegisterRestClient(configKey = "upstream-gateway")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface UpstreamGatewayClient {

    @POST
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/validate")
    Uni<JsonNode> validate(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                           @PathParam("recordType") String recordType, @PathParam("searchName") String searchName,
                           JsonNode contextValues);

    @POST
    @Path("/api/v1/sites/{siteId}/genes/resolve")
    Uni<JsonNode> resolveGenes(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                               JsonNode geneIds);

    @POST
    @Path("/internal/v1/sites/{siteId}/genes/resolve")
    Uni<JsonNode> resolveGeneList(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                  JsonNode geneIds);

    @POST
    @Path("/internal/v1/sites/{siteId}/strategies")
    Uni<JsonNode> createStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                 JsonNode strategy);

    @DELETE
    @Path("/internal/v1/sites/{siteId}/strategies/{strategyId}")
    Uni<Void> deleteStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("strategyId") long strategyId);

    @POST
    @Path("/internal/v1/sites/{siteId}/control-counts")
    Uni<JsonNode> controlCounts(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                JsonNode request);

    @GET
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/ordered-ids")
    Uni<JsonNode> orderedIds(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("stepId") long stepId, @QueryParam("max") int max,
                             @QueryParam("sortAttribute") String sortAttribute,
                             @QueryParam("direction") String direction);

    @GET
    @Path("/api/v1/sites/{siteId}/organisms")
    Uni<JsonNode> organisms(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId);

    @POST
    @Path("/internal/v1/sites/{siteId}/searches/run")
    Uni<JsonNode> runSearch(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                            JsonNode request);

    @GET
    @Path("/api/v1/sites/{siteId}/record-types/{recordType}/attributes")
    Uni<JsonNode> attributes(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("recordType") String recordType);

    @GET
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/records")
    Uni<JsonNode> records(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                          @PathParam("stepId") long stepId, @QueryParam("offset") int offset,
                          @QueryParam("limit") int limit, @QueryParam("sort") String sort,
                          @QueryParam("direction") String direction, @QueryParam("attributes") String attributes);

    @POST
    @Path("/internal/v1/sites/{siteId}/records")
    Uni<JsonNode> record(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                         JsonNode request);

    @GET
    @Path("/internal/v1/sites/{siteId}/steps/{stepId}/columns/{column}/distribution")
    Uni<JsonNode> distribution(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                               @PathParam("stepId") long stepId, @PathParam("column") String column);

    @jakarta.ws.rs.PATCH
    @Path("/internal/v1/sites/{siteId}/strategies/{strategyId}")
    Uni<JsonNode> patchStrategy(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                @PathParam("strategyId") long strategyId, JsonNode patch);

    @POST
    @Path("/internal/v1/sites/{siteId}/datasets")
    Uni<JsonNode> uploadDataset(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                                JsonNode request);

    @POST
    @Path("/internal/v1/sites/{siteId}/strategies/cleanup")
    Uni<JsonNode> cleanupStrategies(@HeaderParam("Authorization") String authorization,
                                    @PathParam("siteId") String siteId, JsonNode empty);

    @GET
    @Path("/api/v1/sites/{siteId}/searches/{recordType}/{searchName}/param-specs")
    Uni<JsonNode> paramSpecs(@HeaderParam("Authorization") String authorization, @PathParam("siteId") String siteId,
                             @PathParam("recordType") String recordType, @PathParam("searchName") String searchName);
}
