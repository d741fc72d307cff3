package org.strategylab.chat.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
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
 * experiment-service's public API as the MCP tools call it: always with the caller's own bearer token,
 * so ownership (someone else's experiment is a 404), the per-user limits and the fair share are
 * experiment-service's own. Blocking: MCP tools run on worker threads.
 */
@RegisterRestClient(configKey = "experiment-service")
@RegisterProvider(PeerCredentialFilter.class)
@Produces(MediaType.APPLICATION_JSON)
public interface ExperimentApi {

    @POST
    @Path("/api/v1/experiments")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode start(@HeaderParam("Authorization") String authorization, JsonNode body);

    @GET
    @Path("/api/v1/experiments")
    JsonNode list(@HeaderParam("Authorization") String authorization, @QueryParam("siteId") String siteId,
                  @QueryParam("status") String status, @QueryParam("limit") int limit, @QueryParam("offset") int offset);

    @GET
    @Path("/api/v1/experiments/{id}")
    JsonNode experiment(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @GET
    @Path("/api/v1/experiments/{id}/results/records")
    JsonNode records(@HeaderParam("Authorization") String authorization, @PathParam("id") String id,
                     @QueryParam("offset") int offset, @QueryParam("limit") int limit);

    @GET
    @Path("/api/v1/experiments/{id}/export")
    @Produces(MediaType.TEXT_HTML)
    String report(@HeaderParam("Authorization") String authorization, @PathParam("id") String id);

    @POST
    @Path("/api/v1/experiments/{id}/cross-validate")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode crossValidate(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/enrich")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode enrich(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/threshold-sweep")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode thresholdSweep(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/step-analysis")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode stepAnalysis(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/parameter-optimization")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode parameterOptimization(@HeaderParam("Authorization") String authorization, @PathParam("id") String id,
                                   JsonNode body);

    @POST
    @Path("/api/v1/experiments/{id}/custom-enrich")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode customEnrich(@HeaderParam("Authorization") String authorization, @PathParam("id") String id, JsonNode body);

    @POST
    @Path("/api/v1/experiments/overlap")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode overlap(@HeaderParam("Authorization") String authorization, JsonNode body);

    @POST
    @Path("/api/v1/experiments/enrichment-compare")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode enrichmentCompare(@HeaderParam("Authorization") String authorization, JsonNode body);

    @GET
    @Path("/api/v1/control-sets")
    JsonNode controlSets(@HeaderParam("Authorization") String authorization, @QueryParam("siteId") String siteId,
                         @QueryParam("limit") int limit, @QueryParam("offset") int offset);

    @POST
    @Path("/api/v1/control-sets")
    @Consumes(MediaType.APPLICATION_JSON)
    JsonNode createControlSet(@HeaderParam("Authorization") String authorization, JsonNode body);
}
